import { useTranslation } from "~/components/ui/i18n";
import { formatPeso } from "~/utils/money";
import { NetAmount, RoundBadges } from "./bet-record-list";
import type { BetRoundView } from "./types";

/** One round, everything the player may ask support about. */
export function RoundDetail({ round }: { round: BetRoundView }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t("betRecord.vendor"), round.vendor],
    [t("betRecord.roundId"), <span className="font-mono text-xs break-all">{round.round}</span>],
    [t("betRecord.time"), <time className="tabular-nums">{round.at}</time>],
    [t("betRecord.bet"), <span className="tabular-nums">{formatPeso(round.bet)}</span>],
    [t("betRecord.win"), <span className="tabular-nums">{formatPeso(round.win)}</span>],
    [t("betRecord.net"), <NetAmount centavos={round.net} />],
    [t("betRecord.status"), <RoundBadges demo={round.demo} closed={round.closed} />],
  ];
  return (
    <section
      aria-labelledby="round-title"
      className="overflow-hidden rounded-card border border-line bg-surface"
      data-testid="round-detail"
    >
      <h2 id="round-title" className="border-b border-line/60 px-4 py-3.5 text-base font-bold">
        {round.gameName}
      </h2>
      <dl className="divide-y divide-line/60">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <dt className="shrink-0 text-muted">{label}</dt>
            <dd className="min-w-0 text-right font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
