import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";
import type { WithdrawalItem, WithdrawalStateView } from "./types";

const BADGE: Record<WithdrawalStateView, string> = {
  pending: "bg-surface-3 text-text",
  approved: "bg-accent/20 text-accent",
  paid: "bg-success/15 text-success",
  rejected: "bg-danger/20 text-danger",
  failed: "bg-danger/20 text-danger",
};

/** The member's withdrawals, newest first, each with its state (and why, when refused). */
export function WithdrawalList({ items }: { items: WithdrawalItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="py-4 text-center text-sm text-muted">{t("withdraw.history_empty")}</p>;
  return (
    <ul className="divide-y divide-line" data-testid="withdrawals">
      {items.map((w) => (
        <li key={w.id} className="flex items-start justify-between gap-3 py-3" data-withdrawal={w.id}>
          <div className="min-w-0">
            <p className="font-bold">{formatPeso(w.amount)}</p>
            <p className="text-xs text-muted">
              {w.at} · <span className="font-mono">{w.id}</span>
            </p>
            {w.reason ? (
              <p className="mt-1 text-xs text-danger">
                {t("withdraw.reason")}: {w.reason}
              </p>
            ) : null}
          </div>
          <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE[w.state]}`}>
            {t(`withdraw.state_${w.state}`)}
          </span>
        </li>
      ))}
    </ul>
  );
}
