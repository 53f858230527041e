import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { AGENT_CONTRACT_KINDS, type AgentContractKind, type StoredContractTerms } from "~/db/schema";
import { findMemberByUsername, type Member } from "~/domain/accounts/members.server";
import { contractHistory, offerContract, type AgentContract } from "~/domain/agents/contracts.server";
import { parsePeriod } from "~/domain/agents/periods";
import { SETTLE_GRACE_MS, settlementsOf, settlePeriod, type SettlementLine } from "~/domain/agents/settlement.server";
import { parseTerms } from "~/domain/agents/terms";
import { AGENT_TYPES, AgentTreeError, createAgent, findAgent, LIST_LIMIT, listAgents } from "~/domain/agents/tree.server";
import type { Actor } from "~/domain/site/audit.server";

/** `npm run agents`: support staff's agents, their contracts and settlements (issue 17). */
const by = z.string().trim().min(1, "--by is required").max(100);
const why = z.string().trim().min(1, "--why is required").max(500);
const agentName = z.string().trim().min(1, "give an agent's user name").max(100);
const agentType = z.literal(AGENT_TYPES, { error: `--type must be one of ${AGENT_TYPES.join(", ")}` });

export const agentCommandSchemas = [
  z.object({
    command: z.literal("agents.create"),
    brand: z.string(),
    user: z.string().regex(/^[A-Za-z0-9]{4,16}$/, "the username must be 4-16 letters or digits"),
    type: agentType.default(41),
    /** The parent agent's user name: the new agent is its sub-agent. Absent: the top of a new tree. */
    parent: agentName.optional(),
    by,
    why,
  }),
  /** under: only the agents below this one (at any depth). */
  z.object({ command: z.literal("agents.list"), brand: z.string(), under: agentName.optional() }),
  z.object({
    command: z.literal("agents.offer"),
    brand: z.string(),
    agent: agentName,
    kind: z.enum(AGENT_CONTRACT_KINDS, { error: `the kind is one of ${AGENT_CONTRACT_KINDS.join(", ")}` }),
    /** The terms file as parsed JSON; checked by parseTerms (domain/agents/terms.ts). */
    terms: z.unknown(),
    by,
    why,
  }),
  z.object({ command: z.literal("agents.contracts"), brand: z.string(), agent: agentName }),
  z.object({
    command: z.literal("agents.settle"),
    brand: z.string(),
    period: z.string().trim().min(1, "give a period").max(40),
    by,
  }),
  z.object({ command: z.literal("agents.settlements"), brand: z.string(), agent: agentName }),
] as const;

type AgentCommand = z.output<(typeof agentCommandSchemas)[number]>;

/*
 * Answers as JSON (they may travel over the admin channel): times as ISO 8601 strings, money as
 * centavo strings, rates in basis points. The CLI words them (scripts/lib/format-agents.ts).
 */

export interface AgentView {
  username: string;
  type: number;
  /** The parent agent's user name; null at the top of a tree. */
  parent: string | null;
  /** The code (and link) players register with to join this agent's downline. */
  inviteCode: string;
}

export interface AgentListItem extends AgentView {
  /** Accounts in the agent's whole team, at any depth. */
  teamSize: number;
  /** ISO 8601. */
  createdAt: string;
}

export interface AgentContractView {
  id: number;
  kind: AgentContractKind;
  version: number;
  state: "offered" | "accepted" | "ended" | "withdrawn";
  /** As stored: amounts in centavo strings, rates in basis points. */
  terms: StoredContractTerms;
  /** ISO 8601. */
  offeredAt: string;
  offeredBy: string;
  offeredWhy: string;
  acceptedAt: string | null;
  endedAt: string | null;
}

export interface SettlementLineView {
  agent: string;
  kind: AgentContractKind;
  period: string;
  /** ISO 8601. */
  periodStart: string;
  periodEnd: string;
  contractId: number;
  contractVersion: number;
  /** Centavos. */
  turnover: string;
  /** Bets less wins, centavos; negative when the players won. */
  netLoss: string;
  activePlayers: number;
  /** 1-based; null when no tier was reached. */
  tier: number | null;
  rateBp: number;
  gross: string;
  /** What the sub-agents' contracts of the same kind took of the gross. */
  subAgents: string;
  /** What was credited to the agent's wallet. */
  amount: string;
  /** The ledger transfer that paid it; null when nothing was due. */
  transferId: number | null;
  settledBy: string;
  settledAt: string;
}

export type AgentCommandResult =
  | { ok: true; command: "agents.create"; brand: string; agent: AgentView; password: string; actor: Actor }
  | { ok: true; command: "agents.list"; brand: string; under: string | null; limit: number; agents: AgentListItem[] }
  | { ok: true; command: "agents.offer"; brand: string; agent: string; contract: AgentContractView; actor: Actor }
  | { ok: true; command: "agents.contracts"; brand: string; agent: string; contracts: AgentContractView[] }
  | {
      ok: true;
      command: "agents.settle";
      brand: string;
      kind: AgentContractKind;
      period: { label: string; unit: "hour" | "day" | "half_month" | "month"; start: string; end: string };
      /** True: the period had been settled before; nothing changed. */
      already: boolean;
      lines: SettlementLineView[];
    }
  | { ok: true; command: "agents.settlements"; brand: string; agent: string; lines: SettlementLineView[] }
  | { ok: false; error: string };

/** The period labels, for an error that names none. */
export const PERIOD_FORMS =
  "2026-11-27T14 (an hour: hourly salaries), 2026-11-27 (a day: daily salaries), " +
  "2026-11-H1 or 2026-11-H2 (the 1st to the 15th, the 16th to the end: half-month dividends), " +
  "2026-11 (a month: monthly dividends), in Manila time";

const iso = (d: Date | null) => d?.toISOString() ?? null;

const contractView = (c: AgentContract): AgentContractView => ({
  id: c.id,
  kind: c.kind,
  version: c.version,
  state: c.state,
  terms: c.terms,
  offeredAt: c.offeredAt.toISOString(),
  offeredBy: c.offeredBy,
  offeredWhy: c.offeredWhy,
  acceptedAt: iso(c.acceptedAt),
  endedAt: iso(c.endedAt),
});

const lineView = (l: Omit<SettlementLine, "username">, agent: string): SettlementLineView => ({
  agent,
  kind: l.kind,
  period: l.period,
  periodStart: l.periodStart.toISOString(),
  periodEnd: l.periodEnd.toISOString(),
  contractId: l.contractId,
  contractVersion: l.contractVersion,
  turnover: l.turnover.toString(),
  netLoss: l.netLoss.toString(),
  activePlayers: l.activePlayers,
  tier: l.tier,
  rateBp: l.rateBp,
  gross: l.gross.toString(),
  subAgents: l.subAgents.toString(),
  amount: l.amount.toString(),
  transferId: l.transferId,
  settledBy: l.settledBy,
  settledAt: l.createdAt.toISOString(),
});

/** Manila wall-clock time of an instant, for an error message ("2026-11-28 00:00"). */
const manilaTime = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");

/** The agent of that name, or the failure in words (a player's name is told apart from no one's). */
async function agentOrError(db: Db, brand: Brand, username: string): Promise<Member | { ok: false; error: string }> {
  const agent = await findAgent(db, brand, username);
  if (agent) return agent;
  const member = await findMemberByUsername(db, brand, username);
  return {
    ok: false,
    error: member
      ? `${member.username} on ${brand.id} is not an agent (type ${member.type}).`
      : `No agent "${username}" on ${brand.id}.`,
  };
}

export async function runAgentCommand(db: Db, brand: Brand, req: AgentCommand): Promise<AgentCommandResult> {
  switch (req.command) {
    case "agents.create": {
      const actor: Actor = { name: req.by, reason: req.why };
      try {
        const { agent, password } = await createAgent(
          db,
          brand,
          { username: req.user, type: req.type, parent: req.parent ?? null },
          actor,
        );
        const parent = req.parent ? await findAgent(db, brand, req.parent) : null;
        return {
          ok: true,
          command: req.command,
          brand: brand.id,
          agent: { username: agent.username, type: agent.type, parent: parent?.username ?? null, inviteCode: agent.inviteCode },
          password,
          actor,
        };
      } catch (err) {
        if (err instanceof AgentTreeError) return { ok: false, error: err.message };
        throw err;
      }
    }
    case "agents.list": {
      const under = req.under ? await agentOrError(db, brand, req.under) : null;
      if (under && "ok" in under) return under;
      const rows = await listAgents(db, brand, under);
      return {
        ok: true,
        command: req.command,
        brand: brand.id,
        under: under?.username ?? null,
        limit: LIST_LIMIT,
        agents: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      };
    }
    case "agents.offer": {
      const agent = await agentOrError(db, brand, req.agent);
      if ("ok" in agent) return agent;
      const terms = parseTerms(req.kind, req.terms);
      if (!terms.ok) return { ok: false, error: `The terms are refused, nothing was offered: ${terms.error}` };
      const actor: Actor = { name: req.by, reason: req.why };
      const contract = await offerContract(db, brand, agent, req.kind, terms.terms, actor);
      return { ok: true, command: req.command, brand: brand.id, agent: agent.username, contract: contractView(contract), actor };
    }
    case "agents.contracts": {
      const agent = await agentOrError(db, brand, req.agent);
      if ("ok" in agent) return agent;
      const rows = await contractHistory(db, brand, agent.id);
      return { ok: true, command: req.command, brand: brand.id, agent: agent.username, contracts: rows.map(contractView) };
    }
    case "agents.settle": {
      const r = await settlePeriod(db, brand, req.period, { name: req.by, reason: `settled ${req.period}` });
      if (!r.ok) {
        if (r.error === "period") return { ok: false, error: `"${req.period}" names no period. Periods: ${PERIOD_FORMS}.` };
        const p = parsePeriod(req.period)!;
        return {
          ok: false,
          error: `${p.label} is not over yet: it ends ${manilaTime(p.end)} Manila time and may be settled ${SETTLE_GRACE_MS / 60_000} minutes later, when its last rounds are closed. Nothing was settled.`,
        };
      }
      return {
        ok: true,
        command: req.command,
        brand: brand.id,
        kind: r.kind,
        period: {
          label: r.period.label,
          unit: r.period.unit,
          start: r.period.start.toISOString(),
          end: r.period.end.toISOString(),
        },
        already: r.already,
        lines: r.settled.map((l) => lineView(l, l.username)),
      };
    }
    case "agents.settlements": {
      const agent = await agentOrError(db, brand, req.agent);
      if ("ok" in agent) return agent;
      const rows = await settlementsOf(db, brand, agent.id);
      return {
        ok: true,
        command: req.command,
        brand: brand.id,
        agent: agent.username,
        lines: rows.map((l) => lineView(l, agent.username)),
      };
    }
  }
}
