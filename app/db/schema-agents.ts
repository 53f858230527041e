import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./schema-accounts";
import { walletTransfers } from "./schema-money";

/**
 * Agents and affiliates (issue 17, app/domain/agents). The tree itself is members.agent_id and
 * members.upline; these tables hold the contracts support staff offer and agents accept, and what
 * each settled period paid.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const centavos = (name: string) => bigint(name, { mode: "bigint" });

export const AGENT_CONTRACT_KINDS = ["daily_salary", "dividend", "hourly_salary"] as const;
export type AgentContractKind = (typeof AGENT_CONTRACT_KINDS)[number];

/** A contract's terms as stored: amounts in centavos (as strings, JSON has no bigint), rates in basis points. */
export interface StoredContractTerms {
  /** day for a daily salary, hour for an hourly one, half_month or month for a dividend. */
  period: "hour" | "day" | "half_month" | "month";
  tiers: { minTurnover: string; minActivePlayers: number; minNetLoss: string; rateBp: number }[];
}

/**
 * A contract offered to an agent. Offered → accepted (the agent, with the version shown) → ended (a
 * newer version accepted); an offer not taken is withdrawn when support offers another. At most one
 * offer waits and at most one is in force per agent and kind (partial unique indexes).
 */
export const agentContracts = pgTable(
  "agent_contracts",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    kind: text("kind").$type<AgentContractKind>().notNull(),
    /** 1, 2, 3 … per agent and kind: what the agent accepted is named by it. */
    version: integer("version").notNull(),
    terms: jsonb("terms").$type<StoredContractTerms>().notNull(),
    state: text("state").$type<"offered" | "accepted" | "ended" | "withdrawn">().notNull().default("offered"),
    offeredAt: at("offered_at").notNull().defaultNow(),
    offeredBy: text("offered_by").notNull(),
    offeredWhy: text("offered_why").notNull(),
    acceptedAt: at("accepted_at"),
    endedAt: at("ended_at"),
  },
  (t) => [
    uniqueIndex("agent_contracts_version_idx").on(t.merchantCode, t.agentId, t.kind, t.version),
    uniqueIndex("agent_contracts_one_offer_idx")
      .on(t.merchantCode, t.agentId, t.kind)
      .where(sql`${t.state} = 'offered'`),
    uniqueIndex("agent_contracts_one_in_force_idx")
      .on(t.merchantCode, t.agentId, t.kind)
      .where(sql`${t.state} = 'accepted'`),
    check("agent_contracts_kind", sql`${t.kind} in ('daily_salary', 'dividend', 'hourly_salary')`),
    check("agent_contracts_state", sql`${t.state} in ('offered', 'accepted', 'ended', 'withdrawn')`),
    check("agent_contracts_accepted", sql`(${t.state} in ('accepted', 'ended')) = (${t.acceptedAt} is not null)`),
    check("agent_contracts_ended", sql`(${t.state} in ('ended', 'withdrawn')) = (${t.endedAt} is not null)`),
    check("agent_contracts_version", sql`${t.version} > 0`),
  ],
);

/**
 * One agent's pay for one kind and period, written once (a second settlement of the period finds the
 * row and changes nothing): the team's figures, the tier reached, the gross, what the sub-agents'
 * contracts take of it, and the amount credited to the agent's wallet by `transfer_id`.
 */
export const agentSettlements = pgTable(
  "agent_settlements",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    agentId: integer("agent_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    kind: text("kind").$type<AgentContractKind>().notNull(),
    /** 2026-11-27T14 (hour), 2026-11-27 (day), 2026-11-H1 (half month), 2026-11 (month), in Manila time. */
    period: text("period").notNull(),
    periodStart: at("period_start").notNull(),
    periodEnd: at("period_end").notNull(),
    contractId: integer("contract_id")
      .notNull()
      .references(() => agentContracts.id, { onDelete: "restrict" }),
    contractVersion: integer("contract_version").notNull(),
    turnover: centavos("turnover_centavos").notNull(),
    /** Bets less wins of the team's cash rounds: negative when the players won. */
    netLoss: centavos("net_loss_centavos").notNull(),
    activePlayers: integer("active_players").notNull(),
    /** 1-based tier reached; null when none was. */
    tier: integer("tier"),
    rateBp: integer("rate_bp").notNull(),
    gross: centavos("gross_centavos").notNull(),
    subAgents: centavos("sub_agents_centavos").notNull(),
    amount: centavos("amount_centavos").notNull(),
    transferId: integer("transfer_id").references(() => walletTransfers.id, { onDelete: "restrict" }),
    settledBy: text("settled_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("agent_settlements_period_idx").on(t.merchantCode, t.agentId, t.kind, t.period),
    index("agent_settlements_agent_idx").on(t.merchantCode, t.agentId, t.periodStart),
    check("agent_settlements_amount", sql`${t.amount} >= 0 and ${t.gross} >= 0 and ${t.subAgents} >= 0`),
    check("agent_settlements_paid", sql`(${t.amount} > 0) = (${t.transferId} is not null)`),
    check("agent_settlements_kind", sql`${t.kind} in ('daily_salary', 'dividend', 'hourly_salary')`),
    check("agent_settlements_span", sql`${t.periodEnd} > ${t.periodStart}`),
  ],
);
