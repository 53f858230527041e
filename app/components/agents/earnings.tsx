import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { GiftIcon, HourglassIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { formatPeso } from "~/utils/money";
import { formatRate, periodText } from "./format";
import { CONTRACT_PATHS, CONTRACT_TITLES, type EarningsView, type EstimateView, type SettlementView } from "./types";

const card = "rounded-card border border-line bg-surface p-4";

function Estimate({ e }: { e: EstimateView }) {
  const { t } = useTranslation();
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0" data-estimate={e.kind}>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm font-semibold">{t(`agent.kinds.${e.kind}`)}</p>
        <p className="text-lg font-bold text-prize tabular-nums" data-amount>
          {formatPeso(e.amount)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1.5 text-[11px]">
        <span className="rounded-full bg-surface-3 px-2 py-0.5 text-muted">{periodText(t, e.period)}</span>
        <span
          className={`rounded-full px-2 py-0.5 font-semibold ${e.tier === null ? "bg-surface-3 text-muted" : "bg-primary/15 text-primary"}`}
        >
          {e.tier === null ? t("agent.earnings.noTier") : t("agent.earnings.tier", { tier: e.tier })}
        </span>
        <span className="rounded-full bg-surface-3 px-2 py-0.5 text-muted">
          {t("agent.earnings.rate", { rate: formatRate(e.rateBp) })}
        </span>
      </div>
      <p className="text-[11px] text-muted">
        {t(e.kind === "dividend" ? "agent.earnings.baseNetLoss" : "agent.earnings.baseTurnover", {
          amount: formatPeso(e.kind === "dividend" ? e.netLoss : e.turnover),
          players: e.activePlayers,
        })}
      </p>
    </li>
  );
}

/** Offers waiting for the agent: each links to its contract page to be read and accepted. */
function Waiting({ waiting }: { waiting: EarningsView["waiting"] }) {
  const { t } = useTranslation();
  if (waiting.length === 0) return null;
  return (
    <ul className="space-y-2" data-testid="contracts-waiting">
      {waiting.map((w) => (
        <li key={w.kind} className="flex items-center gap-3 rounded-card border border-primary/60 bg-primary/10 p-3">
          <HourglassIcon width={20} height={20} className="shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">{t(CONTRACT_TITLES[w.kind])}</p>
            <p className="text-[11px] text-muted">{t("agent.earnings.waiting", { version: w.version })}</p>
          </div>
          <Link to={CONTRACT_PATHS[w.kind]} className={buttonClass("primary", "sm", "shrink-0 px-3")}>
            {t("agent.earnings.review")}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The agent's earnings: each contract in force with what its open period has earned so far, what the
 * chosen range settled, and the offers waiting. With no contract in force, an empty state says how
 * contracts come.
 */
export function Earnings({ earnings, rangeLabel }: { earnings: EarningsView; rangeLabel: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="earnings-title" className="space-y-3" data-testid="agent-earnings">
      <h2 id="earnings-title" className="text-base font-bold">
        {t("agent.earnings.title")}
      </h2>
      <Waiting waiting={earnings.waiting} />
      {earnings.estimates.length > 0 ? (
        <div className={card}>
          <p className="mb-2 text-xs text-muted">{t("agent.earnings.estimateNote")}</p>
          <ul className="divide-y divide-line/60">
            {earnings.estimates.map((e) => (
              <Estimate key={e.kind} e={e} />
            ))}
          </ul>
        </div>
      ) : (
        <div className={`${card} flex flex-col items-center gap-2 py-6 text-center`} data-testid="earnings-empty">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-3 text-muted">
            <GiftIcon width={24} height={24} />
          </span>
          <p className="text-sm font-semibold">{t("agent.earnings.empty")}</p>
          <p className="text-xs text-muted">
            {earnings.waiting.length > 0 ? t("agent.earnings.emptyWaiting") : t("agent.earnings.emptyHint")}
          </p>
        </div>
      )}
      <div className={`${card} flex items-center justify-between gap-3`} data-testid="earnings-settled">
        <p className="text-xs text-muted">{t("agent.earnings.settled", { range: rangeLabel })}</p>
        <p className="text-base font-bold tabular-nums">{formatPeso(earnings.settledInSpan)}</p>
      </div>
    </section>
  );
}

/** The latest settlement lines: period, kind, the team's figures, tier and rate, and what was paid. */
export function SettlementLines({ lines }: { lines: SettlementView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="settlements-title" className="space-y-3" data-testid="agent-settlements">
      <h2 id="settlements-title" className="text-base font-bold">
        {t("agent.settlements.title")}
      </h2>
      {lines.length === 0 ? (
        <p className={`${card} text-center text-sm text-muted`}>{t("agent.settlements.empty")}</p>
      ) : (
        <ul className="divide-y divide-line/60 overflow-hidden rounded-card border border-line bg-surface">
          {lines.map((l) => (
            <li key={`${l.kind}:${l.period}`} className="space-y-1 px-4 py-3" data-settlement={l.period}>
              <div className="flex items-baseline justify-between gap-2">
                <p className="min-w-0 truncate text-sm font-semibold">
                  {t(`agent.kinds.${l.kind}`)}
                  <span className="font-normal text-muted"> · {periodText(t, l.period)}</span>
                </p>
                <p className="shrink-0 text-sm font-bold text-prize tabular-nums">{`+${formatPeso(l.amount)}`}</p>
              </div>
              <p className="text-[11px] text-muted">
                {t("agent.settlements.figures", {
                  turnover: formatPeso(l.turnover),
                  netLoss: formatPeso(l.netLoss),
                  players: l.activePlayers,
                })}
              </p>
              <p className="flex items-center justify-between gap-2 text-[11px] text-muted">
                <span>
                  {l.tier === null ? t("agent.earnings.noTier") : t("agent.earnings.tier", { tier: l.tier })} ·{" "}
                  {t("agent.earnings.rate", { rate: formatRate(l.rateBp) })}
                </span>
                <time className="tabular-nums">{l.at}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
