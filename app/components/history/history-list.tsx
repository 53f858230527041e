import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { ArrowUpIcon, ClockIcon, WalletIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { isBuilt } from "~/components/built-screens";
import { formatPeso } from "~/utils/money";

export type HistoryEntryView =
  | {
      kind: "deposit";
      publicId: string;
      /** Centavos, as strings. */
      amount: string;
      fee: string;
      credit: string;
      via: string;
      state: "pending" | "paid" | "failed" | "expired";
      reason: string | null;
      date: string;
    }
  | {
      kind: "withdrawal";
      publicId: string;
      amount: string;
      via: string;
      state: "pending" | "approved" | "paid" | "rejected" | "failed";
      reason: string | null;
      date: string;
    };

const TONES: Record<string, string> = {
  pending: "bg-primary/15 text-primary",
  approved: "bg-primary/15 text-primary",
  paid: "bg-success/15 text-success",
  failed: "bg-danger/15 text-danger",
  rejected: "bg-danger/15 text-danger",
  expired: "bg-surface-3 text-muted",
};

/** Channel and payout method ids the locale names; one it does not know shows as it is stored. */
const VIA = new Set(["gcash", "maya", "qrph", "online_banking", "otc", "bank"]);

function Entry({ entry }: { entry: HistoryEntryView }) {
  const { t } = useTranslation();
  const deposit = entry.kind === "deposit";
  const Icon = deposit ? WalletIcon : ArrowUpIcon;
  return (
    <li className="flex gap-3 px-4 py-3.5">
      <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-surface-3 text-primary">
        <Icon width={18} height={18} />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-semibold">
            {t(deposit ? "history.deposit" : "history.withdrawal")}
            <span className="font-normal text-muted"> · {VIA.has(entry.via) ? t(`history.via.${entry.via}`) : entry.via}</span>
          </p>
          <p className="shrink-0 text-sm font-bold tabular-nums">
            {deposit ? "+" : "-"}
            {formatPeso(entry.amount)}
          </p>
        </div>
        <div className="flex items-center justify-between gap-2">
          <p className="text-[11px] text-muted tabular-nums">
            <time>{entry.date}</time>
          </p>
          <span className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${TONES[entry.state] ?? TONES.expired}`}>
            {t(`history.state.${entry.kind}.${entry.state}`)}
          </span>
        </div>
        {deposit && entry.fee !== "0" ? (
          <p className="text-[11px] text-muted">
            {t("history.feeAndCredit", { fee: formatPeso(entry.fee), credit: formatPeso(entry.credit) })}
          </p>
        ) : null}
        {entry.reason && entry.state !== "paid" ? (
          <p className="text-[11px] text-danger">{t("history.reason", { reason: entry.reason })}</p>
        ) : null}
        <p className="font-mono text-[10px] text-muted/80">{entry.publicId}</p>
      </div>
    </li>
  );
}

export function HistoryList({ entries }: { entries: HistoryEntryView[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface px-6 py-10 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-surface-3 text-muted">
          <ClockIcon width={28} height={28} />
        </span>
        <p className="text-sm text-muted">{t("history.empty")}</p>
        {/* The deposit screen is linked once it exists. */}
        {isBuilt("/m/voucherCenter") ? (
          <Link to="/m/voucherCenter" className={buttonClass("primary", "md", "px-6")}>
            {t("history.depositNow")}
          </Link>
        ) : null}
      </div>
    );
  }
  return (
    <ul className="divide-y divide-line/60 overflow-hidden rounded-card border border-line bg-surface">
      {entries.map((e) => (
        <Entry key={`${e.kind}:${e.publicId}`} entry={e} />
      ))}
    </ul>
  );
}

/** The pages of a history list (the transactions, the bet record): the shared pager. */
export { Pager as HistoryPager } from "~/components/ui/pager";
