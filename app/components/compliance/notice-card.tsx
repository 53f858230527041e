import type { ReactNode } from "react";

/**
 * The card a screen closed by a compliance rule shows instead of its form: an icon, the rule as a
 * heading (the page's own, since the card is all the page shows), then what it says and allows.
 */
export function NoticeCard({
  testId,
  icon,
  title,
  children,
  ...data
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
  "data-status"?: string;
}) {
  const titleId = `${testId}-title`;
  return (
    <section
      data-testid={testId}
      {...data}
      aria-labelledby={titleId}
      className="mx-4 mt-6 flex flex-col items-center gap-3 rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] px-6 py-8 text-center shadow-xl"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary/15 text-primary">{icon}</span>
      <h1 id={titleId} className="text-lg font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}
