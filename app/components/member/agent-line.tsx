import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon, UserIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { formatPeso } from "~/utils/money";

/** An agent's team at a glance in the member centre: its size, today's turnover, the way to the agent centre. */
export interface AgentLineView {
  teamSize: number;
  /** Centavos, as a string: the team's turnover today (Manila). */
  turnoverToday: string;
}

export function AgentLine({ line }: { line: AgentLineView }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/m/agent/home"
      className="flex min-h-12 items-center gap-3 rounded-card border border-primary/50 bg-primary/10 px-4 py-3 text-sm hover:bg-primary/15"
      data-testid="agent-line"
    >
      <UserIcon width={20} height={20} className="shrink-0 text-primary" />
      <span className="min-w-0 flex-1">
        <span className="font-semibold">{t("agent.memberLine.team", { size: line.teamSize })}</span>
        <span className="text-muted"> · </span>
        <span className="tabular-nums">{t("agent.memberLine.turnover", { amount: formatPeso(line.turnoverToday) })}</span>
      </span>
      <span className="flex shrink-0 items-center gap-0.5 font-semibold text-primary">
        {t("agent.memberLine.open")}
        <ChevronRightIcon width={16} height={16} />
      </span>
    </Link>
  );
}
