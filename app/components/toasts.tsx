import { useEffect, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { CloseIcon } from "~/components/ui/icons";

export interface ToastView {
  kind: "info" | "success" | "fail";
  key: string;
  params?: Record<string, string>;
  duration?: "short";
}

const TONE = { info: "border-line", success: "border-primary", fail: "border-accent" } as const;

/**
 * Toasts from the server. They fade after 3 s (the spec's default) by CSS, so
 * they leave without JavaScript too; the dismiss button removes them at once.
 */
export function Toasts({ toasts }: { toasts: ToastView[] }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(toasts);
  useEffect(() => setVisible(toasts), [toasts]);
  if (visible.length === 0) return null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex flex-col items-center gap-2 px-4"
      role="status"
      aria-live="polite"
    >
      {visible.map((toast, i) => (
        <div
          key={`${toast.key}-${i}`}
          className={`${toast.duration === "short" ? "toast-short" : "toast-auto"} pointer-events-auto flex max-w-sm items-center gap-3 rounded-full border ${TONE[toast.kind]} bg-surface-3/95 px-4 py-2 text-sm shadow-xl`}
        >
          <span>{t(toast.key, toast.params)}</span>
          <button type="button" onClick={() => setVisible([])} aria-label={t("toast.close")} className="text-muted">
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
