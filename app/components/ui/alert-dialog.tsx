import { Link } from "~/components/ui/link";
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "./button";

/**
 * The spec's "alert" (a prompt popup with one button) over a page that stays as it is. Without
 * JavaScript the button is a link to `dismiss.to`, the page without the message; with it, the link
 * only calls `onDismiss`, so what the player typed stays, and Escape dismisses too.
 */
export function AlertDialog({
  message,
  dismiss,
  onDismiss,
}: {
  message: string;
  dismiss: { to: string; label: string };
  onDismiss: () => void;
}) {
  const id = useId();
  const button = useRef<HTMLAnchorElement>(null);
  // autoFocus places focus when the page is parsed without JavaScript; React does not apply it to links.
  useEffect(() => button.current?.focus(), []);
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-6"
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        onDismiss();
      }}
    >
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={id}
        className="w-full max-w-xs rounded-card border border-line bg-surface p-6 text-center shadow-2xl"
      >
        <p id={id} className="text-base font-semibold">
          {message}
        </p>
        <Link
          ref={button}
          to={dismiss.to}
          replace
          autoFocus
          onClick={(e) => {
            e.preventDefault();
            onDismiss();
          }}
          className={buttonClass("primary", "md", "mt-6 w-full")}
        >
          {dismiss.label}
        </Link>
      </div>
    </div>
  );
}
