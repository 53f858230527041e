import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { BackIcon } from "~/components/ui/icons";

/** A content screen's title row; back is a plain link, so it goes where the spec says without history. */
export function PageHeading({ title, back, backLabel }: { title: string; back: string; backLabel: string }) {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={back}
        aria-label={backLabel}
        className="-ml-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-text hover:bg-surface-2"
      >
        <BackIcon width={22} height={22} />
      </Link>
      <h1 className="min-w-0 text-lg font-bold">{title}</h1>
    </div>
  );
}

/** The empty or not-found state of a content screen. */
export function ContentEmpty({ title, body, children }: { title: string; body?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-line/60 bg-surface px-6 py-12 text-center">
      <p className="font-semibold">{title}</p>
      {body ? <p className="text-sm text-muted">{body}</p> : null}
      {children}
    </div>
  );
}
