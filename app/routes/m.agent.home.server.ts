import type { AppLoadContext } from "@remix-run/node";
import type {
  AgentHomeQuery,
  ContractKindView,
  DownlineView,
  EarningsView,
  KpiView,
  SettlementView,
} from "~/components/agents/types";
import { isAgent } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import { referralLink } from "~/domain/accounts/referral.server";
import { currentContracts } from "~/domain/agents/contracts.server";
import { teamKpi, type TeamKpi } from "~/domain/agents/kpi.server";
import { KPI_RANGES, kpiRange, type KpiRange } from "~/domain/agents/periods";
import { earningsSummary, settlementsOf } from "~/domain/agents/settlement.server";
import { findInTeam, listDownline, uplineNames } from "~/domain/agents/tree.server";
import { formatDate } from "~/utils/dates.server";
import { notFound, requireAgent, requireFlag, type SignedIn } from "~/web/guards.server";
import { siteOrigin } from "~/web/site-origin.server";

/** How many settlement lines the page lists (the latest). */
const SETTLEMENT_LINES = 10;

/** Longer than any user name: a longer `q` or `under` is cut or refused before it reaches a query. */
const MAX_NAME = 32;

/** The page's query, read leniently: anything it does not know falls back to the default, never to an error. */
export function readAgentHomeQuery(url: URL): AgentHomeQuery {
  const p = url.searchParams;
  const range = p.get("range") ?? "";
  const page = p.get("page") ?? "";
  const under = (p.get("under") ?? "").trim();
  return {
    range: (KPI_RANGES as readonly string[]).includes(range) ? range : "today",
    tab: p.get("tab") === "agents" ? "agents" : "players",
    q: (p.get("q") ?? "").trim().slice(0, MAX_NAME),
    page: /^\d{1,6}$/.test(page) ? Math.max(1, Number(page)) : 1,
    under: under || null,
  };
}

export function kpiView(k: TeamKpi): KpiView {
  return {
    registrations: k.registrations,
    firstDeposits: k.firstDeposits,
    deposits: k.deposits.toString(),
    withdrawals: k.withdrawals.toString(),
    turnover: k.turnover.toString(),
    netWin: k.netWin.toString(),
    activePlayers: k.activePlayers,
  };
}

/**
 * The sub-agent `?under=` names, with the names between the viewer and it (the breadcrumb). Only an
 * agent in the viewer's own team answers: another tree's or brand's name, a player's name or no
 * account at all is the same 404, so the page says nothing about accounts outside the team.
 */
async function subAgent(c: SignedIn, username: string) {
  const viewerId = c.session.memberId;
  const target = username.length <= MAX_NAME ? await findInTeam(c.db, c.brand, viewerId, username) : null;
  if (!target || !isAgent(target.type)) throw notFound();
  if (target.id === viewerId) return null;
  const above = await uplineNames(c.db, c.brand, target.upline);
  const between = above.slice(above.findIndex((a) => a.id === viewerId) + 1);
  return { id: target.id, username: target.username, trail: [...between.map((a) => a.username), target.username] };
}

async function downlineView(c: SignedIn, agentId: number, query: AgentHomeQuery): Promise<DownlineView> {
  const list = await listDownline(c.db, c.brand, agentId, {
    search: query.q,
    page: query.page,
    agents: query.tab === "agents",
  });
  return {
    tab: query.tab,
    q: query.q,
    rows: list.rows.map((r) => ({
      username: r.username,
      agent: r.agent,
      joined: formatDate(r.createdAt, c.lng, "YYYY-MM-DD"),
      lastLogin: r.lastLoginAt ? formatDate(r.lastLoginAt, c.lng, "YYYY-MM-DD HH:mm") : null,
      teamSize: r.teamSize,
    })),
    total: list.total,
    page: list.page,
    pages: list.pages,
  };
}

/** The viewer's own earnings: estimates of the contracts in force, what the range settled, offers waiting. */
async function earningsView(c: SignedIn, span: { start: Date; end: Date }): Promise<EarningsView> {
  const agentId = c.session.memberId;
  const contracts = await currentContracts(c.db, c.brand, agentId);
  const summary = await earningsSummary(c.db, c.brand, agentId, span, new Date(), contracts);
  const order: ContractKindView[] = ["daily_salary", "dividend", "hourly_salary"];
  const byOrder = <T extends { kind: ContractKindView }>(a: T, b: T) => order.indexOf(a.kind) - order.indexOf(b.kind);
  return {
    estimates: summary.estimates
      .map((e) => ({
        kind: e.kind,
        version: e.version,
        period: e.period,
        turnover: e.figures.turnover.toString(),
        netLoss: e.figures.netLoss.toString(),
        activePlayers: e.figures.activePlayers,
        tier: e.tier,
        rateBp: e.rateBp,
        amount: e.amount.toString(),
      }))
      .sort(byOrder),
    settledInSpan: summary.settledInSpan.toString(),
    waiting: contracts
      .filter((k) => k.state === "offered")
      .map((k) => ({ kind: k.kind, version: k.version }))
      .sort(byOrder),
  };
}

async function settlementLines(c: SignedIn): Promise<SettlementView[]> {
  const lines = await settlementsOf(c.db, c.brand, c.session.memberId, SETTLEMENT_LINES);
  return lines.map((l) => ({
    kind: l.kind,
    period: l.period,
    turnover: l.turnover.toString(),
    netLoss: l.netLoss.toString(),
    activePlayers: l.activePlayers,
    tier: l.tier,
    rateBp: l.rateBp,
    amount: l.amount.toString(),
    at: formatDate(l.createdAt, c.lng, "YYYY-MM-DD HH:mm"),
  }));
}

/**
 * The agent home (issue 17): the agent's affiliate code and link, its team's figures for a range,
 * its earnings and settlements, and its direct downline. `?under=` shows a sub-agent's figures and
 * downline instead (the viewer's own earnings stay off that view: they are not the sub-agent's).
 */
export async function agentHomeData(request: Request, context: AppLoadContext, now = new Date()) {
  requireFlag(context, "AFFMAN3");
  const c = requireAgent(request, context);
  const query = readAgentHomeQuery(new URL(request.url));
  const sub = query.under ? await subAgent(c, query.under) : null;
  const targetId = sub?.id ?? c.session.memberId;
  const span = kpiRange(query.range as KpiRange, now);
  const [kpi, downline] = await Promise.all([teamKpi(c.db, c.brand, targetId, span), downlineView(c, targetId, query)]);
  const own = sub
    ? null
    : await (async () => {
        const member = await getMember(c.db, c.brand, c.session.memberId);
        if (!member) throw notFound();
        const [earnings, settlements] = await Promise.all([earningsView(c, span), settlementLines(c)]);
        return {
          affiliate: { code: member.inviteCode, link: referralLink(siteOrigin(request, c), member.inviteCode) },
          earnings,
          settlements,
        };
      })();
  return {
    query: { ...query, under: sub ? sub.username : null, page: downline.page },
    ranges: [...KPI_RANGES] as string[],
    trail: sub?.trail ?? [],
    kpi: kpiView(kpi),
    downline,
    own,
  };
}
