import { useTranslation } from "~/components/ui/i18n";

/** Spec §2: an image plus the no-data text. */
export function EmptyState({ message }: { message?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="empty-state">
      <svg viewBox="0 0 120 96" width="120" height="96" aria-hidden="true" className="text-line">
        <rect x="14" y="20" width="92" height="62" rx="10" fill="currentColor" opacity=".35" />
        <rect x="26" y="32" width="20" height="20" rx="4" fill="currentColor" />
        <rect x="50" y="32" width="20" height="20" rx="4" fill="currentColor" opacity=".7" />
        <rect x="74" y="32" width="20" height="20" rx="4" fill="currentColor" opacity=".5" />
        <rect x="26" y="60" width="68" height="8" rx="4" fill="currentColor" opacity=".6" />
        <circle cx="96" cy="20" r="12" fill="var(--accent)" opacity=".85" />
        <path d="M91 20h10" stroke="var(--bg)" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="text-sm text-muted">{message ?? t("lobby.noData")}</p>
    </div>
  );
}
