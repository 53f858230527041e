import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { buttonClass } from "~/components/ui/button";
import { ContentHtml } from "./content-html";

/**
 * The login pop-up list (spec §2): the brand's popup announcements, once after a sign-in. Closing
 * is a link to this same page (the server shows the list once per session), so it closes without
 * JavaScript too; with it, the dialog just goes away. `closeTo` replaces that link when something
 * follows the list (an agent's contract prompts); `onClose` tells the page it went.
 */
export function LoginPopups({
  popups,
  closeTo,
  onClose,
}: {
  popups: { id: number; title: string; html: string }[];
  closeTo?: string;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [closed, setClosed] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const open = popups.length > 0 && !closed;
  const close = () => {
    setClosed(true);
    onClose?.();
  };
  useEffect(() => {
    if (open) ref.current?.focus();
  }, [open]);
  if (!open) return null;
  return (
    <div data-testid="login-popups" className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4">
      <div
        ref={ref}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === "Escape") close();
        }}
        className="flex max-h-[85dvh] w-full max-w-sm flex-col overflow-hidden rounded-card border border-line bg-surface shadow-2xl outline-none"
      >
        <h2 id={titleId} className="border-b border-line/60 px-5 py-4 text-lg font-bold">
          {t("content.popupTitle")}
        </h2>
        <ul className="flex-1 space-y-4 overflow-y-auto overscroll-contain px-5 py-4">
          {popups.map((p) => (
            <li key={p.id} className="space-y-2">
              <h3 className="font-semibold text-primary">{p.title}</h3>
              <ContentHtml html={p.html} />
            </li>
          ))}
        </ul>
        <div className="border-t border-line/60 p-4">
          <Link
            to={closeTo ?? pathname + search}
            replace
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              close();
            }}
            data-testid="login-popups-close"
            className={buttonClass("primary", "md", "w-full")}
          >
            {t("content.popupClose")}
          </Link>
        </div>
      </div>
    </div>
  );
}
