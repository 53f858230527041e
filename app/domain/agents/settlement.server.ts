import { and, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { agentSettlements, members, type AgentContractKind } from "~/db/schema";
import { DuplicateTransferError, postTransfer } from "~/domain/wallet/ledger.server";
import type { Actor } from "~/domain/site/audit.server";
import { contractsInForce, currentContracts, type AgentContract } from "./contracts.server";
import { NO_FIGURES, teamFiguresByAgent } from "./kpi.server";
import { parsePeriod, periodAt, type Period, type PeriodUnit } from "./periods";
import { computeEarnings, type Earning, type TeamFigures } from "./terms";

/**
 * Settlement (issue 17, item 4): each agent with a contract of the period's kind in force when the
 * period closed is paid per ADR 0037's arithmetic (terms.ts), and the line is written once. The
 * lines of a kind and period are one transaction with their ledger transfers
 * (house:commissions → the agent's cash, key agent-settlement:<kind>:<period>:<agent>), so a run
 * pays every line or none; a second run, or two at once, find the lines (a unique index) and the
 * transfer keys posted, and change nothing.
 */

export const KIND_OF_UNIT: Record<PeriodUnit, AgentContractKind> = {
  hour: "hourly_salary",
  day: "daily_salary",
  half_month: "dividend",
  month: "dividend",
};

/**
 * How long after its end a period may be settled: the providers close the rounds begun before the
 * end (a win answered a few seconds later) first, so no dividend is paid on a loss that was not one.
 */
export const SETTLE_GRACE_MS = 15 * 60_000;

export type SettlementLine = typeof agentSettlements.$inferSelect & { username: string };

export type SettleOutcome =
  | { ok: true; period: Period; kind: AgentContractKind; settled: SettlementLine[]; already: boolean }
  | { ok: false; error: "period" | "open" };

interface Computed {
  contract: AgentContract;
  figures: TeamFigures;
  earning: Earning;
}

/**
 * What the contracts of `kind` in force at the end of `period` pay, for every agent of the brand
 * (or only `within` and the agents below it, for an estimate). Unsettled, so also a live estimate.
 */
export async function computePeriod(
  db: Db,
  brand: Brand,
  kind: AgentContractKind,
  period: Period,
  within?: number,
): Promise<Map<number, Computed>> {
  const contracts = (await contractsInForce(db, brand, kind, period.end)).filter((c) => c.terms.period === period.unit);
  if (contracts.length === 0) return new Map();
  const byAgent = new Map(contracts.map((c) => [c.agentId, c]));
  const uplines = await db
    .select({ id: members.id, upline: members.upline })
    .from(members)
    .where(
      and(
        eq(members.merchantCode, brand.merchantCode),
        sql`${members.id} = any(${`{${[...byAgent.keys()].join(",")}}`}::integer[])`,
      ),
    );
  const inScope = uplines.filter((a) => within === undefined || a.id === within || a.upline.includes(within));
  const figures = await teamFiguresByAgent(db, brand, period, within);
  const nodes = inScope.map((a) => ({
    agentId: a.id,
    // The nearest agent above with a contract of this kind: level difference skips agents without one.
    parentId: [...a.upline].reverse().find((id) => byAgent.has(id) && inScope.some((s) => s.id === id)) ?? null,
    figures: figures.get(a.id) ?? NO_FIGURES,
    terms: byAgent.get(a.id)!.terms,
  }));
  const earnings = computeEarnings(kind, nodes);
  return new Map(
    nodes.map((n) => [n.agentId, { contract: byAgent.get(n.agentId)!, figures: n.figures, earning: earnings.get(n.agentId)! }]),
  );
}

async function linesOf(db: Db, brand: Brand, kind: AgentContractKind, label: string): Promise<SettlementLine[]> {
  const rows = await db
    .select({ line: agentSettlements, username: members.username })
    .from(agentSettlements)
    .innerJoin(members, eq(members.id, agentSettlements.agentId))
    .where(
      and(
        eq(agentSettlements.merchantCode, brand.merchantCode),
        eq(agentSettlements.kind, kind),
        eq(agentSettlements.period, label),
      ),
    )
    .orderBy(agentSettlements.agentId);
  return rows.map((r) => ({ ...r.line, username: r.username }));
}

/**
 * Settles one period (its label names the kind: an hour, a day, a half month or a month), once it
 * has been over for SETTLE_GRACE_MS. A period no contract pays writes no line, so settling it again
 * later (with a contract then in force at its end: none, since acceptance is never backdated) finds
 * nothing either.
 */
export async function settlePeriod(db: Db, brand: Brand, label: string, actor: Actor, now = new Date()): Promise<SettleOutcome> {
  const period = parsePeriod(label);
  if (!period) return { ok: false, error: "period" };
  if (period.end.getTime() + SETTLE_GRACE_MS > now.getTime()) return { ok: false, error: "open" };
  const kind = KIND_OF_UNIT[period.unit];
  const before = await linesOf(db, brand, kind, period.label);
  if (before.length > 0) return { ok: true, period, kind, settled: before, already: true };
  const computed = await computePeriod(db, brand, kind, period);
  try {
    await db.transaction(async (tx) => {
      for (const [agentId, c] of computed) {
        const e = c.earning;
        const transfer =
          e.amount > 0n
            ? await postTransfer(tx, brand, {
                key: `agent-settlement:${kind}:${period.label}:${agentId}`,
                kind: "commission",
                reference: `agent:${kind}:${period.label}`,
                memo: `contract ${c.contract.id} version ${c.contract.version}`,
                legs: [
                  { account: { memberId: agentId, kind: "cash" }, amount: e.amount },
                  { account: { house: "house:commissions" }, amount: -e.amount },
                ],
              })
            : null;
        await tx
          .insert(agentSettlements)
          .values({
            merchantCode: brand.merchantCode,
            agentId,
            kind,
            period: period.label,
            periodStart: period.start,
            periodEnd: period.end,
            contractId: c.contract.id,
            contractVersion: c.contract.version,
            turnover: c.figures.turnover,
            netLoss: c.figures.netLoss,
            activePlayers: c.figures.activePlayers,
            tier: e.tier,
            rateBp: e.rateBp,
            gross: e.gross,
            subAgents: e.subAgents,
            amount: e.amount,
            transferId: transfer?.id ?? null,
            settledBy: actor.name,
          })
          .onConflictDoNothing();
      }
    });
  } catch (err) {
    // A run at the same time posted these keys first with its own figures: its lines stand.
    if (!(err instanceof DuplicateTransferError)) throw err;
  }
  const settled = await linesOf(db, brand, kind, period.label);
  return { ok: true, period, kind, settled, already: false };
}

/** An agent's settlement lines, newest period first. */
export async function settlementsOf(db: Db, brand: Brand, agentId: number, limit = 50) {
  return db
    .select()
    .from(agentSettlements)
    .where(and(eq(agentSettlements.merchantCode, brand.merchantCode), eq(agentSettlements.agentId, agentId)))
    .orderBy(desc(agentSettlements.periodStart), agentSettlements.kind)
    .limit(limit);
}

export interface EarningEstimate {
  kind: AgentContractKind;
  version: number;
  /** The open period of the contract's unit (this hour, today, this half month or month). */
  period: string;
  figures: TeamFigures;
  tier: number | null;
  rateBp: number;
  /** What the contract would pay were the period to close now (level difference included). */
  amount: bigint;
}

/**
 * An agent's earnings for the agent home: for each contract in force, what its open period has
 * earned so far (the settlement's own arithmetic over the agent's team), and what was settled and
 * paid for periods that lie within `span`. `contracts`: the agent's current contracts, when the
 * caller has read them already (currentContracts).
 */
export async function earningsSummary(
  db: Db,
  brand: Brand,
  agentId: number,
  span: { start: Date; end: Date },
  now = new Date(),
  contracts?: AgentContract[],
): Promise<{ estimates: EarningEstimate[]; settledInSpan: bigint }> {
  const inForce = (contracts ?? (await currentContracts(db, brand, agentId))).filter((c) => c.state === "accepted");
  const estimates: EarningEstimate[] = [];
  for (const c of inForce) {
    const period = periodAt(c.terms.period, now);
    const mine = (await computePeriod(db, brand, c.kind, period, agentId)).get(agentId);
    estimates.push({
      kind: c.kind,
      version: c.version,
      period: period.label,
      figures: mine?.figures ?? NO_FIGURES,
      tier: mine?.earning.tier ?? null,
      rateBp: mine?.earning.rateBp ?? 0,
      amount: mine?.earning.amount ?? 0n,
    });
  }
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${agentSettlements.amount}), 0)::text` })
    .from(agentSettlements)
    .where(
      and(
        eq(agentSettlements.merchantCode, brand.merchantCode),
        eq(agentSettlements.agentId, agentId),
        gte(agentSettlements.periodStart, span.start),
        lte(agentSettlements.periodEnd, span.end),
      ),
    );
  return { estimates, settledInSpan: BigInt(row?.total ?? "0") };
}
