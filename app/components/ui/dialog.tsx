import { Link } from "~/components/ui/link";
import { useId, type ReactNode } from "react";
import { buttonClass } from "./button";

/**
 * A confirm dialog that is a page of its own: it is rendered by the route that asks the question,
 * "cancel" is a link away from it and the confirming action is a link or a form post, so it works
 * without JavaScript and there is nothing behind it to keep focus out of. It is an alertdialog
 * because it interrupts to ask for a decision.
 */
export function Dialog({
  title,
  description,
  icon,
  cancel,
  children,
}: {
  /** Names the dialog; the page's heading, since the dialog is the whole page. */
  title: string;
  description?: string;
  /** Decorative (the icons are aria-hidden): the title says it all. */
  icon?: ReactNode;
  cancel: { to: string; label: string };
  /** The confirming action, shown beside "cancel": a link, or a form with a SubmitButton. */
  children: ReactNode;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-6">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="w-full max-w-xs rounded-card border border-line bg-surface p-6 text-center shadow-2xl"
      >
        {icon ? <div className="flex justify-center text-primary">{icon}</div> : null}
        <h1 id={titleId} className="mt-3 text-lg font-bold">
          {title}
        </h1>
        {description ? (
          <p id={descriptionId} className="mt-2 text-sm text-muted">
            {description}
          </p>
        ) : null}
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Link to={cancel.to} className={buttonClass("secondary", "md")}>
            {cancel.label}
          </Link>
          {children}
        </div>
      </div>
    </div>
  );
}
