import type { ReactNode } from "react";

/** One step of the withdraw screen: a titled card. */
export function WithdrawCard({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface/95 p-4 shadow-xl shadow-black/30">
      <h2 id={id} className="mb-3 text-base font-bold text-text">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The remark under a step (what it is for), quieter than the fields. */
export function CardNote({ children }: { children: ReactNode }) {
  return <p className="mb-3 text-xs text-muted">{children}</p>;
}
