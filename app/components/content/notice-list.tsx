import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon } from "~/components/ui/icons";
import { ContentHtml } from "./content-html";

export interface NoticeView {
  id: number;
  contentType: string;
  title: string;
  /** MM/DD/YYYY. */
  date: string;
  html: string;
  read: boolean;
}

/**
 * The announcement list: each item a <details>, so it opens and closes without JavaScript. With
 * JavaScript, opening an unread item tells the server (a fetcher post); without it, the item's
 * own page does, as does opening it by its link.
 */
export function NoticeList({ notices, csrf }: { notices: NoticeView[]; csrf: string }) {
  return (
    <ul className="space-y-2" data-testid="notice-list">
      {notices.map((n) => (
        <NoticeItem key={n.id} notice={n} csrf={csrf} />
      ))}
    </ul>
  );
}

function NoticeItem({ notice, csrf }: { notice: NoticeView; csrf: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const read = notice.read || fetcher.state !== "idle" || fetcher.data !== undefined;
  return (
    <li>
      <details
        className="group overflow-hidden rounded-card border border-line/60 bg-surface open:border-primary/60"
        onToggle={(e) => {
          if (!e.currentTarget.open || read) return;
          fetcher.submit({ csrf, id: String(notice.id) }, { method: "post", action: "/m/notice" });
        }}
      >
        <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-3 [&::-webkit-details-marker]:hidden">
          <span className={`h-2 w-2 shrink-0 rounded-full ${read ? "bg-transparent" : "bg-accent"}`} aria-hidden="true" />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold break-words">{notice.title}</span>
            <span className="mt-0.5 flex items-center gap-2 text-xs text-muted">
              <time>{notice.date}</time>
              <span className="rounded-full bg-surface-2 px-2 py-0.5 text-[10px] font-semibold uppercase">
                {t(`notice.type.${notice.contentType}`, { defaultValue: notice.contentType })}
              </span>
              {read ? null : <span className="sr-only">{t("notice.unread")}</span>}
            </span>
          </span>
          <ChevronRightIcon
            width={16}
            height={16}
            className="shrink-0 rotate-90 text-muted transition-transform group-open:-rotate-90 motion-reduce:transition-none"
          />
        </summary>
        <div className="border-t border-line/60 px-4 py-3">
          <ContentHtml html={notice.html} />
          <Link
            to={`/m/noticeDetail?id=${notice.id}`}
            className="mt-3 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary"
          >
            {t("notice.open")} <ChevronRightIcon width={14} height={14} />
          </Link>
        </div>
      </details>
    </li>
  );
}
