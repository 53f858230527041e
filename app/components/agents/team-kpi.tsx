import { Form } from "@remix-run/react";
import type { SVGProps } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { ArrowUpIcon, PlayIcon, UserIcon, WalletIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPeso } from "~/utils/money";
import type { AgentHomeQuery, KpiView } from "./types";

/**
 * The range picker: a plain GET form (the range lives in the address, so it works without
 * JavaScript and can be shared); with JavaScript a choice applies at once. The team shown, the tab
 * and the search stay; the page goes back to the first.
 */
function RangeForm({ query, ranges }: { query: AgentHomeQuery; ranges: string[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  return (
    <Form method="get" replace preventScrollReset aria-label={t("agent.range.label")} data-testid="kpi-range">
      {query.under ? <input type="hidden" name="under" value={query.under} /> : null}
      {query.tab !== "players" ? <input type="hidden" name="tab" value={query.tab} /> : null}
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      <fieldset>
        <legend className="sr-only">{t("agent.range.label")}</legend>
        <div className="grid grid-cols-3 gap-1 rounded-2xl bg-surface-2 p-1">
          {ranges.map((r) => (
            <label
              key={r}
              className="flex h-10 cursor-pointer items-center justify-center rounded-xl px-1 text-center text-xs font-semibold text-muted has-[:checked]:bg-primary has-[:checked]:text-on-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/50"
            >
              <input
                type="radio"
                name="range"
                value={r}
                defaultChecked={query.range === r}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
                className="sr-only"
              />
              {t(`agent.range.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {hydrated ? null : (
        <button type="submit" className={buttonClass("secondary", "md", "mt-2 w-full")}>
          {t("agent.range.apply")}
        </button>
      )}
    </Form>
  );
}

type Icon = (p: SVGProps<SVGSVGElement>) => JSX.Element;

function Stat({ id, label, value, Icon, tone }: { id: string; label: string; value: string; Icon: Icon; tone?: string }) {
  return (
    <div className="flex items-center gap-3 rounded-card border border-line bg-surface p-3" data-kpi={id}>
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/15 text-primary">
        <Icon width={18} height={18} />
      </span>
      <div className="min-w-0">
        <p className="truncate text-[11px] text-muted">{label}</p>
        <p className={`truncate text-base font-bold tabular-nums ${tone ?? ""}`} data-kpi-value>
          {value}
        </p>
      </div>
    </div>
  );
}

/** The team's figures for the chosen range, as stat cards: turnover first and largest. */
export function TeamKpi({ query, ranges, kpi, title }: { query: AgentHomeQuery; ranges: string[]; kpi: KpiView; title: string }) {
  const { t } = useTranslation();
  const netWinNegative = kpi.netWin.startsWith("-");
  return (
    <section aria-labelledby="kpi-title" className="space-y-3" data-testid="agent-kpi" data-range={query.range}>
      <h2 id="kpi-title" className="text-base font-bold">
        {title}
      </h2>
      <RangeForm query={query} ranges={ranges} />
      <div
        className="rounded-card border border-prize/50 bg-[linear-gradient(135deg,var(--prize-from),var(--prize-to))] p-4 shadow-lg shadow-black/40"
        data-kpi="turnover"
      >
        <p className="text-xs text-muted">
          {t("agent.kpi.turnover")} · {t(`agent.range.${query.range}`)}
        </p>
        <p className="mt-1 text-3xl font-extrabold text-prize tabular-nums" data-kpi-value>
          {formatPeso(kpi.turnover)}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Stat id="registrations" label={t("agent.kpi.registrations")} value={String(kpi.registrations)} Icon={UserIcon} />
        <Stat id="firstDeposits" label={t("agent.kpi.firstDeposits")} value={String(kpi.firstDeposits)} Icon={WalletIcon} />
        <Stat id="deposits" label={t("agent.kpi.deposits")} value={formatPeso(kpi.deposits)} Icon={WalletIcon} />
        <Stat id="withdrawals" label={t("agent.kpi.withdrawals")} value={formatPeso(kpi.withdrawals)} Icon={ArrowUpIcon} />
        <Stat
          id="netWin"
          label={t("agent.kpi.netWin")}
          value={formatPeso(kpi.netWin)}
          Icon={PlayIcon}
          tone={netWinNegative ? "text-success" : undefined}
        />
        <Stat id="activePlayers" label={t("agent.kpi.activePlayers")} value={String(kpi.activePlayers)} Icon={UserIcon} />
      </div>
    </section>
  );
}
