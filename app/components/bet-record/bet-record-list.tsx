import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon, ClockIcon } from "~/components/ui/icons";
import { formatPeso } from "~/utils/money";
import type { BetRoundView, BetTotalsView } from "./types";

/** A signed amount as the player reads it: what they came out with. */
export function NetAmount({ centavos, className = "" }: { centavos: string; className?: string }) {
  const negative = centavos.startsWith("-");
  const zero = /^-?0$/.test(centavos);
  const tone = zero ? "text-muted" : negative ? "text-danger" : "text-success";
  return (
    <span className={`font-bold tabular-nums ${tone} ${className}`}>
      {negative || zero ? "" : "+"}
      {formatPeso(centavos)}
    </span>
  );
}

export function RoundBadges({ demo, closed }: { demo: boolean; closed: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex shrink-0 items-center gap-1">
      {demo ? (
        <span className="rounded-full bg-accent/15 px-2 py-0.5 text-[10px] font-bold text-accent uppercase" data-demo>
          {t("betRecord.demo")}
        </span>
      ) : null}
      <span
        className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${closed ? "bg-surface-3 text-muted" : "bg-primary/15 text-primary"}`}
      >
        {t(closed ? "betRecord.closed" : "betRecord.open")}
      </span>
    </span>
  );
}

export function BetTotals({ totals }: { totals: BetTotalsView }) {
  const { t } = useTranslation();
  const cell = "flex min-w-0 flex-col items-center gap-0.5 px-2 py-3";
  return (
    <section aria-label={t("betRecord.totals")} className="rounded-card border border-line bg-surface" data-testid="bet-totals">
      <div className="grid grid-cols-3 divide-x divide-line/60">
        <div className={cell}>
          <span className="text-[11px] text-muted">{t("betRecord.bet")}</span>
          <span className="truncate text-sm font-bold tabular-nums" data-total="bet">
            {formatPeso(totals.bet)}
          </span>
        </div>
        <div className={cell}>
          <span className="text-[11px] text-muted">{t("betRecord.win")}</span>
          <span className="truncate text-sm font-bold tabular-nums" data-total="win">
            {formatPeso(totals.win)}
          </span>
        </div>
        <div className={cell}>
          <span className="text-[11px] text-muted">{t("betRecord.net")}</span>
          <span className="truncate text-sm" data-total="net">
            <NetAmount centavos={totals.net} />
          </span>
        </div>
      </div>
      <p className="border-t border-line/60 px-3 py-2 text-center text-[11px] text-muted">
        {t("betRecord.roundCount", { count: totals.rounds })}
      </p>
    </section>
  );
}

function Row({ round, href }: { round: BetRoundView; href: string }) {
  const { t } = useTranslation();
  return (
    <li data-round={round.id}>
      <Link to={href} className="flex items-center gap-3 px-4 py-3.5 hover:bg-surface-2 focus-visible:bg-surface-2">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex items-baseline justify-between gap-2">
            <p className="truncate text-sm font-semibold">{round.gameName}</p>
            <NetAmount centavos={round.net} className="shrink-0 text-sm" />
          </div>
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-[11px] text-muted tabular-nums">
              <time>{round.at}</time> · {round.vendor}
            </p>
            <RoundBadges demo={round.demo} closed={round.closed} />
          </div>
          <p className="text-[11px] text-muted tabular-nums">
            {t("betRecord.betAndWin", { bet: formatPeso(round.bet), win: formatPeso(round.win) })}
          </p>
        </div>
        <ChevronRightIcon width={16} height={16} className="shrink-0 text-muted" aria-hidden />
      </Link>
    </li>
  );
}

export function BetRecordList({ rounds, hrefFor }: { rounds: BetRoundView[]; hrefFor: (id: number) => string }) {
  const { t } = useTranslation();
  if (rounds.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-card border border-line bg-surface px-6 py-10 text-center"
        data-testid="bet-record-empty"
      >
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-surface-3 text-muted">
          <ClockIcon width={28} height={28} />
        </span>
        <p className="text-sm text-muted">{t("betRecord.empty")}</p>
        <Link to="/m/gameCenter" className={buttonClass("primary", "md", "px-6")}>
          {t("betRecord.playNow")}
        </Link>
      </div>
    );
  }
  return (
    <ul
      className="divide-y divide-line/60 overflow-hidden rounded-card border border-line bg-surface"
      data-testid="bet-record-list"
    >
      {rounds.map((r) => (
        <Row key={r.id} round={r} href={hrefFor(r.id)} />
      ))}
    </ul>
  );
}
