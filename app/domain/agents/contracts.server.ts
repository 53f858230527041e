import { and, asc, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { agentContracts, type AgentContractKind, type StoredContractTerms } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { isAgent } from "~/domain/accounts/member-types";
import type { Member } from "~/domain/accounts/members.server";
import { lockMember } from "~/domain/compliance/member-lock.server";

/**
 * Contracts support staff offer to agents (issue 17): a daily salary, a dividend, an hourly salary.
 * An offer waits until the agent accepts it (the version it was shown, so a re-offer in between
 * cannot be accepted unseen); an accepted contract is in force until a newer version is accepted.
 * The partial unique indexes of migration 0020 keep one waiting offer and one contract in force per
 * agent and kind, whatever runs at the same time.
 */

export type AgentContract = typeof agentContracts.$inferSelect;

/** Every version of one agent's contract of one kind. */
const ofKind = (brand: Brand, agentId: number, kind: AgentContractKind) =>
  and(eq(agentContracts.merchantCode, brand.merchantCode), eq(agentContracts.agentId, agentId), eq(agentContracts.kind, kind));

/** The spec's contract request flags (§3), true when an offer of that kind waits. */
export interface ContractRequestFlags {
  dailysalreqtype: boolean;
  divtypecompperiodreq: boolean;
  contracthoursalreq: boolean;
}

export const REQUEST_FLAG_OF: Record<AgentContractKind, keyof ContractRequestFlags> = {
  daily_salary: "dailysalreqtype",
  dividend: "divtypecompperiodreq",
  hourly_salary: "contracthoursalreq",
};

/** Spec §6: "types 4, 40, 41, 42 not checked" for contracts: only agents who also play (1, 2) get the prompts. */
export function promptsContracts(type: number): boolean {
  return type === 1 || type === 2;
}

/**
 * Offers terms to an agent: the waiting offer of that kind, if any, is withdrawn and the new one
 * takes the next version. Audited with the offer, in one transaction; the agent's row is the lock.
 */
export async function offerContract(
  db: Db,
  brand: Brand,
  agent: Member,
  kind: AgentContractKind,
  terms: StoredContractTerms,
  actor: Actor,
): Promise<AgentContract> {
  if (!isAgent(agent.type)) throw new Error(`${agent.username} is not an agent: contracts are offered to agents only`);
  return db.transaction(async (tx) => {
    await lockMember(tx, brand, agent.id);
    const mine = ofKind(brand, agent.id, kind);
    const [last] = await tx
      .select({ version: agentContracts.version })
      .from(agentContracts)
      .where(mine)
      .orderBy(desc(agentContracts.version))
      .limit(1);
    await tx
      .update(agentContracts)
      .set({ state: "withdrawn", endedAt: sql`now()` })
      .where(and(mine, eq(agentContracts.state, "offered")));
    const [offered] = await tx
      .insert(agentContracts)
      .values({
        merchantCode: brand.merchantCode,
        agentId: agent.id,
        kind,
        version: (last?.version ?? 0) + 1,
        terms,
        offeredBy: actor.name,
        offeredWhy: actor.reason,
      })
      .returning();
    await recordAudit(tx, brand, {
      subject: `agent-contract:${agent.usernameKey}:${kind}`,
      oldValue: last ? `version ${last.version}` : null,
      newValue: `offered version ${offered!.version}: ${JSON.stringify(terms)}`,
      actor,
    });
    return offered!;
  });
}

/** The agent's contracts of every kind: the waiting offer and the one in force, newest first. */
export async function currentContracts(db: Db, brand: Brand, agentId: number): Promise<AgentContract[]> {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantCode, brand.merchantCode),
        eq(agentContracts.agentId, agentId),
        or(eq(agentContracts.state, "offered"), eq(agentContracts.state, "accepted")),
      ),
    )
    .orderBy(asc(agentContracts.kind), desc(agentContracts.version));
}

/** Every version of the agent's contracts (support's history). */
export async function contractHistory(db: Db, brand: Brand, agentId: number): Promise<AgentContract[]> {
  return db
    .select()
    .from(agentContracts)
    .where(and(eq(agentContracts.merchantCode, brand.merchantCode), eq(agentContracts.agentId, agentId)))
    .orderBy(asc(agentContracts.kind), desc(agentContracts.version));
}

/** The kinds with an offer waiting for this agent, in the order the prompts come. */
export async function pendingKinds(db: Db, brand: Brand, agentId: number): Promise<AgentContractKind[]> {
  const rows = await db
    .select({ kind: agentContracts.kind })
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantCode, brand.merchantCode),
        eq(agentContracts.agentId, agentId),
        eq(agentContracts.state, "offered"),
      ),
    );
  const waiting = new Set(rows.map((r) => r.kind));
  return (["daily_salary", "dividend", "hourly_salary"] as const).filter((k) => waiting.has(k));
}

export function requestFlags(kinds: readonly AgentContractKind[]): ContractRequestFlags {
  return {
    dailysalreqtype: kinds.includes("daily_salary"),
    divtypecompperiodreq: kinds.includes("dividend"),
    contracthoursalreq: kinds.includes("hourly_salary"),
  };
}

export type AcceptResult = { ok: true; contract: AgentContract } | { ok: false; reason: "none" | "changed" };

/**
 * The agent accepts the offer of `version` (what its page showed). One conditional update takes the
 * offer only while it still waits at that version; the contract in force before it ends in the same
 * transaction. "changed": support offered other terms meanwhile; "none": nothing waits (accepted
 * already, in another tab).
 */
export async function acceptContract(
  db: Db,
  brand: Brand,
  agent: Member,
  kind: AgentContractKind,
  version: number,
): Promise<AcceptResult> {
  return db.transaction(async (tx) => {
    const mine = ofKind(brand, agent.id, kind);
    const [waiting] = await tx
      .select()
      .from(agentContracts)
      .where(and(mine, eq(agentContracts.state, "offered")))
      .for("update");
    if (!waiting) return { ok: false, reason: "none" } as const;
    if (waiting.version !== version) return { ok: false, reason: "changed" } as const;
    await tx
      .update(agentContracts)
      .set({ state: "ended", endedAt: sql`now()` })
      .where(and(mine, eq(agentContracts.state, "accepted")));
    const [accepted] = await tx
      .update(agentContracts)
      .set({ state: "accepted", acceptedAt: sql`now()` })
      .where(and(eq(agentContracts.id, waiting.id), eq(agentContracts.state, "offered")))
      .returning();
    if (!accepted) return { ok: false, reason: "none" } as const;
    await recordAudit(tx, brand, {
      subject: `agent-contract:${agent.usernameKey}:${kind}`,
      oldValue: `offered version ${version}`,
      newValue: `accepted version ${version}`,
      actor: { name: agent.username, reason: "accepted on the contract page" },
    });
    return { ok: true, contract: accepted } as const;
  });
}

/**
 * The contracts of a kind in force when a period closes: accepted before its end and not ended by
 * then. One per agent (a newer acceptance ends the older one at that moment).
 */
export async function contractsInForce(db: Db, brand: Brand, kind: AgentContractKind, end: Date): Promise<AgentContract[]> {
  return db
    .select()
    .from(agentContracts)
    .where(
      and(
        eq(agentContracts.merchantCode, brand.merchantCode),
        eq(agentContracts.kind, kind),
        lte(agentContracts.acceptedAt, end),
        or(isNull(agentContracts.endedAt), gt(agentContracts.endedAt, end)),
      ),
    );
}
