/**
 * What the agent screens show, as their loaders hand it over: money as centavo strings (bigint does
 * not cross JSON), rates in basis points, dates already formatted in Manila time.
 */

export type ContractKindView = "daily_salary" | "dividend" | "hourly_salary";

/** The order the contracts are listed and prompted in (spec §6: daily salary, dividend, hourly salary). */
export const CONTRACT_KINDS: readonly ContractKindView[] = ["daily_salary", "dividend", "hourly_salary"];

/** Each kind's contract page (the spec's paths, "Devidend" included). */
export const CONTRACT_PATHS: Record<ContractKindView, string> = {
  daily_salary: "/m/member/agent/getSalaryContract",
  dividend: "/m/member/agent/getDevidendContract",
  hourly_salary: "/m/member/agent/getHourContract",
};

/** The title key of each kind's contract (the same as its page's title). */
export const CONTRACT_TITLES: Record<ContractKindView, string> = {
  daily_salary: "titles.salaryContract",
  dividend: "titles.dividendContract",
  hourly_salary: "titles.hourContract",
};

export function isContractKind(value: unknown): value is ContractKindView {
  return typeof value === "string" && (CONTRACT_KINDS as readonly string[]).includes(value);
}

export interface KpiView {
  registrations: number;
  firstDeposits: number;
  deposits: string;
  withdrawals: string;
  turnover: string;
  /** What the players won less what they bet: negative when the house won. */
  netWin: string;
  activePlayers: number;
}

export interface TierView {
  minTurnover: string;
  minActivePlayers: number;
  minNetLoss: string;
  rateBp: number;
}

export interface EstimateView {
  kind: ContractKindView;
  version: number;
  /** The open period's label: 2026-11-27T14, 2026-11-27, 2026-11-H1 or 2026-11. */
  period: string;
  turnover: string;
  netLoss: string;
  activePlayers: number;
  tier: number | null;
  rateBp: number;
  amount: string;
}

export interface SettlementView {
  kind: ContractKindView;
  period: string;
  turnover: string;
  netLoss: string;
  activePlayers: number;
  tier: number | null;
  rateBp: number;
  amount: string;
  /** YYYY-MM-DD HH:mm, when it was paid. */
  at: string;
}

export interface EarningsView {
  estimates: EstimateView[];
  /** What settlements of periods inside the chosen range paid. */
  settledInSpan: string;
  /** Offers waiting for the agent, in prompt order. */
  waiting: { kind: ContractKindView; version: number }[];
}

export interface DownlineRowView {
  username: string;
  agent: boolean;
  /** YYYY-MM-DD. */
  joined: string;
  /** YYYY-MM-DD HH:mm, or null when the account never signed in. */
  lastLogin: string | null;
  teamSize: number | null;
}

export type DownlineTab = "players" | "agents";

export interface DownlineView {
  tab: DownlineTab;
  q: string;
  rows: DownlineRowView[];
  total: number;
  page: number;
  pages: number;
}

/** The page's query as it stands, so every link and form keeps what it does not change. */
export interface AgentHomeQuery {
  range: string;
  tab: DownlineTab;
  q: string;
  page: number;
  /** The sub-agent whose team is shown, or null for the agent's own. */
  under: string | null;
}

export interface ContractTermsView {
  version: number;
  period: "hour" | "day" | "half_month" | "month";
  tiers: TierView[];
}

export interface ContractPageView {
  kind: ContractKindView;
  offer: (ContractTermsView & { offeredAt: string }) | null;
  inForce: (ContractTermsView & { acceptedAt: string }) | null;
}

/** The address of the agent home with its query changed ("" or null drops a parameter; page 1 is the default). */
export function agentHomeHref(query: AgentHomeQuery, changes: Partial<AgentHomeQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.under) params.set("under", next.under);
  if (next.range && next.range !== "today") params.set("range", next.range);
  if (next.tab !== "players") params.set("tab", next.tab);
  if (next.q) params.set("q", next.q);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/m/agent/home?${search}` : "/m/agent/home";
}
