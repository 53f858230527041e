import { sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, toBigInt, type Db } from "~/db/client.server";
import type { TeamFigures } from "./terms";

/**
 * A team's figures for a span of time (issue 17, item 3), from the ledger's own records: the
 * accounts in it (members.upline holds the agent), their paid deposit orders and paid withdrawals,
 * and their cash game rounds (game_rounds, which the seamless-wallet API keeps in the transaction of
 * each call). A round counts in the span it began in; play money (guests, demo rounds) never counts.
 */

export interface TeamKpi {
  /** Players (types 0, 1, 2) who joined the team in the span. */
  registrations: number;
  /** Accounts whose first paid deposit fell in the span. */
  firstDeposits: number;
  deposits: bigint;
  withdrawals: bigint;
  turnover: bigint;
  /** What the players won less what they bet: negative when the house won. */
  netWin: bigint;
  activePlayers: number;
}

type Span = { start: Date; end: Date };

const inTeam = (agentId: number) => sql`m.upline @> array[${agentId}]::integer[]`;

/** The team's cash rounds begun in the span: their stakes (turnover), wins and active players. */
const teamRounds = (brand: Brand, agentId: number, { start, end }: Span) =>
  sql`select coalesce(sum(g.bet_centavos), 0) as turnover, coalesce(sum(g.win_centavos), 0) as wins,
      count(distinct g.member_id) filter (where g.bet_centavos > 0) as active
    from game_rounds g join members m on m.id = g.member_id
    where g.merchant_code = ${brand.merchantCode} and ${inTeam(agentId)} and not g.demo
      and g.started_at >= ${start} and g.started_at < ${end}`;

/** What the team staked in the span, without the rest of teamKpi (the member centre's agent line). */
export async function teamTurnover(db: Db, brand: Brand, agentId: number, span: Span): Promise<bigint> {
  const [row] = await rawRows<{ turnover: unknown }>(db, sql`select r.turnover from (${teamRounds(brand, agentId, span)}) r`);
  return toBigInt(row!.turnover);
}

export async function teamKpi(db: Db, brand: Brand, agentId: number, span: Span): Promise<TeamKpi> {
  const mc = brand.merchantCode;
  const { start, end } = span;
  const [row] = await rawRows<Record<string, unknown>>(
    db,
    sql`select
      (select count(*) from members m
        where m.merchant_code = ${mc} and ${inTeam(agentId)} and m.type in (0, 1, 2)
          and m.created_at >= ${start} and m.created_at < ${end}) as registrations,
      (select count(*) from members m
        cross join lateral (select min(o.settled_at) as at from payment_orders o
          where o.merchant_code = ${mc} and o.member_id = m.id and o.state = 'paid') first
        where m.merchant_code = ${mc} and ${inTeam(agentId)} and first.at >= ${start} and first.at < ${end}) as first_deposits,
      (select coalesce(sum(o.credit_centavos), 0) from payment_orders o join members m on m.id = o.member_id
        where o.merchant_code = ${mc} and ${inTeam(agentId)} and o.state = 'paid'
          and o.settled_at >= ${start} and o.settled_at < ${end}) as deposits,
      (select coalesce(sum(w.amount_centavos), 0) from withdrawals w
        join members m on m.id = w.member_id
        join wallet_transfers t on t.id = w.settle_transfer_id
        where w.merchant_code = ${mc} and ${inTeam(agentId)} and w.state = 'paid'
          and t.created_at >= ${start} and t.created_at < ${end}) as withdrawals,
      r.turnover, r.wins, r.active
    from (${teamRounds(brand, agentId, span)}) r`,
  );
  const turnover = toBigInt(row!.turnover);
  return {
    registrations: Number(row!.registrations),
    firstDeposits: Number(row!.first_deposits),
    deposits: toBigInt(row!.deposits),
    withdrawals: toBigInt(row!.withdrawals),
    turnover,
    netWin: toBigInt(row!.wins) - turnover,
    activePlayers: Number(row!.active),
  };
}

/**
 * The play figures of every agent's team at once (each account counts for every agent above it),
 * for a settlement or an agent's earnings: one grouped query over the cash rounds of the span.
 * `within`: only agents in this agent's team and itself.
 */
export async function teamFiguresByAgent(db: Db, brand: Brand, span: Span, within?: number): Promise<Map<number, TeamFigures>> {
  const mc = brand.merchantCode;
  const rows = await rawRows<{ agent_id: number; turnover: unknown; wins: unknown; active: unknown }>(
    db,
    sql`select a.agent_id, sum(g.bet_centavos) as turnover, sum(g.win_centavos) as wins,
          count(distinct g.member_id) filter (where g.bet_centavos > 0) as active
        from game_rounds g
        join members m on m.id = g.member_id
        cross join lateral unnest(m.upline) as a(agent_id)
        where g.merchant_code = ${mc} and m.merchant_code = ${mc} and not g.demo
          and g.started_at >= ${span.start} and g.started_at < ${span.end}
          ${within === undefined ? sql`` : sql`and ${inTeam(within)}`}
        group by a.agent_id`,
  );
  const out = new Map<number, TeamFigures>();
  for (const r of rows) {
    const turnover = toBigInt(r.turnover);
    out.set(Number(r.agent_id), { turnover, netLoss: turnover - toBigInt(r.wins), activePlayers: Number(r.active) });
  }
  return out;
}

export const NO_FIGURES: TeamFigures = { turnover: 0n, netLoss: 0n, activePlayers: 0 };
