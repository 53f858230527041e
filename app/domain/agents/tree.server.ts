import crypto from "node:crypto";
import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";
import { members } from "~/db/schema";
import { isAgent } from "~/domain/accounts/member-types";
import { createMember, findMemberByUsername, MemberExistsError, type Member } from "~/domain/accounts/members.server";
import { recordAudit, type Actor } from "~/domain/site/audit.server";

/**
 * The agent tree (issue 17, ADR 0037): members.agent_id is an account's direct agent and
 * members.upline every agent above it, the top first. Support staff make agents (a parent makes a
 * sub-agent); players join a downline by registering with an agent's code or link, or with the code
 * of a player in it (domain/accounts/placement.ts). Every query here filters by brand.
 */

/** The account types support may make agents of (ADR 0009): 1 and 2 also play, 41 and 42 only manage. */
export const AGENT_TYPES = [1, 2, 41, 42] as const;

export class AgentTreeError extends Error {}

/** An agent of this brand by user name, or null (a player's name answers null too). */
export async function findAgent(db: Db, brand: Brand, username: string): Promise<Member | null> {
  const m = await findMemberByUsername(db, brand, username);
  return m && isAgent(m.type) ? m : null;
}

/**
 * Makes an agent, under a parent agent when one is named, with a one-time password support hands
 * over. Audited in the same transaction. Throws AgentTreeError with the reason in words.
 */
export async function createAgent(
  db: Db,
  brand: Brand,
  input: { username: string; type: (typeof AGENT_TYPES)[number]; parent: string | null },
  actor: Actor,
): Promise<{ agent: Member; password: string }> {
  const parent = input.parent ? await findAgent(db, brand, input.parent) : null;
  if (input.parent && !parent) throw new AgentTreeError(`${input.parent} is not an agent of ${brand.id}.`);
  if (parent && parent.status !== "active") throw new AgentTreeError(`${parent.username} is disabled: enable it first.`);
  const password = `${crypto.randomBytes(6).toString("base64url")}7a`;
  try {
    const agent = await db.transaction(async (tx) => {
      const created = await createMember(tx, brand, {
        username: input.username,
        password,
        type: input.type,
        registerMethod: "APP",
        parentAgent: parent,
      });
      await recordAudit(tx, brand, {
        subject: `member:${created.usernameKey}`,
        oldValue: null,
        newValue: `agent created, type ${input.type}${parent ? `, under ${parent.username}` : ", at the top of a tree"}`,
        actor,
      });
      return created;
    });
    return { agent, password };
  } catch (err) {
    if (err instanceof MemberExistsError) throw new AgentTreeError(`${input.username} already exists on ${brand.id}.`);
    throw err;
  }
}

/** Whether `viewer` may see `target`'s downline data: itself, or an agent above it. */
export function mayView(viewerId: number, target: { id: number; upline: number[] }): boolean {
  return viewerId === target.id || target.upline.includes(viewerId);
}

/**
 * An account of this brand in `viewer`'s team (or the viewer itself), by user name; null when
 * there is none the viewer may see, so another tree's names say nothing.
 */
export async function findInTeam(db: Db, brand: Brand, viewerId: number, username: string): Promise<Member | null> {
  const m = await findMemberByUsername(db, brand, username);
  return m && mayView(viewerId, m) ? m : null;
}

export interface DownlineRow {
  id: number;
  username: string;
  type: number;
  agent: boolean;
  createdAt: Date;
  lastLoginAt: Date | null;
  /** For a sub-agent: how many accounts its whole team holds. */
  teamSize: number | null;
}

export const DOWNLINE_PAGE_SIZE = 20;
export const LIST_LIMIT = 500;

/** An agent's direct downline (players and sub-agents), newest first, searched by user name, one page. */
export async function listDownline(
  db: Db,
  brand: Brand,
  agentId: number,
  opts: { search?: string; page?: number; agents?: boolean } = {},
): Promise<{ rows: DownlineRow[]; total: number; page: number; pages: number }> {
  const search = opts.search?.trim().toLowerCase();
  const where = and(
    eq(members.merchantCode, brand.merchantCode),
    eq(members.agentId, agentId),
    opts.agents === undefined
      ? undefined
      : opts.agents
        ? sql`${members.type} not in (0, 4, 40)`
        : sql`${members.type} in (0, 4, 40)`,
    // Typed text is matched literally: % and _ are escaped, not wildcards.
    search ? ilike(members.usernameKey, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(members).where(where);
  const pages = Math.max(1, Math.ceil(n / DOWNLINE_PAGE_SIZE));
  const page = Math.min(Math.max(1, opts.page ?? 1), pages);
  const rows = await db
    .select({
      id: members.id,
      username: members.username,
      type: members.type,
      createdAt: members.createdAt,
      lastLoginAt: members.lastLoginAt,
    })
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), asc(members.id))
    .limit(DOWNLINE_PAGE_SIZE)
    .offset((page - 1) * DOWNLINE_PAGE_SIZE);
  const sizes = await teamSizes(
    db,
    brand,
    rows.filter((r) => isAgent(r.type)).map((r) => r.id),
  );
  return {
    rows: rows.map((r) => ({ ...r, agent: isAgent(r.type), teamSize: sizes.get(r.id) ?? null })),
    total: n,
    page,
    pages,
  };
}

/** How many accounts (players and agents, at any depth) an agent's team holds. */
export async function teamSize(db: Db, brand: Brand, agentId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.merchantCode, brand.merchantCode), sql`${members.upline} @> array[${agentId}]::integer[]`));
  return row?.n ?? 0;
}

/** The team sizes of several agents in one query (agents with an empty team are absent: 0). */
export async function teamSizes(db: Db, brand: Brand, agentIds: number[]): Promise<Map<number, number>> {
  if (agentIds.length === 0) return new Map();
  const ids = `{${agentIds.join(",")}}`;
  const rows = await rawRows<{ agent_id: number; n: unknown }>(
    db,
    sql`select a.agent_id, count(*) as n from members m cross join lateral unnest(m.upline) as a(agent_id)
        where m.merchant_code = ${brand.merchantCode} and m.upline && ${ids}::integer[] and a.agent_id = any(${ids}::integer[])
        group by a.agent_id`,
  );
  return new Map(rows.map((r) => [Number(r.agent_id), Number(r.n)]));
}

/** The agents above an account, top first, as user names (for the agent home's breadcrumb). */
export async function uplineNames(db: Db, brand: Brand, upline: number[]): Promise<{ id: number; username: string }[]> {
  if (upline.length === 0) return [];
  const rows = await db
    .select({ id: members.id, username: members.username })
    .from(members)
    .where(and(eq(members.merchantCode, brand.merchantCode), sql`${members.id} = any(${`{${upline.join(",")}}`}::integer[])`));
  const byId = new Map(rows.map((r) => [r.id, r.username]));
  return upline.filter((id) => byId.has(id)).map((id) => ({ id, username: byId.get(id)! }));
}

/** Support's listing: the agents of a brand (or under one agent), with parent and team size; the first LIST_LIMIT. */
export async function listAgents(
  db: Db,
  brand: Brand,
  under: Member | null,
): Promise<{ username: string; type: number; parent: string | null; inviteCode: string; teamSize: number; createdAt: Date }[]> {
  const rows = await db
    .select({
      id: members.id,
      username: members.username,
      type: members.type,
      inviteCode: members.inviteCode,
      agentId: members.agentId,
      createdAt: members.createdAt,
    })
    .from(members)
    .where(
      and(
        eq(members.merchantCode, brand.merchantCode),
        sql`${members.type} not in (0, 4, 40)`,
        under ? sql`${members.upline} @> array[${under.id}]::integer[]` : undefined,
      ),
    )
    .orderBy(asc(members.createdAt), asc(members.id))
    .limit(LIST_LIMIT);
  const names = new Map(rows.map((r) => [r.id, r.username]));
  const parents = await uplineNames(db, brand, [
    ...new Set(rows.map((r) => r.agentId).filter((id): id is number => id !== null && !names.has(id))),
  ]);
  for (const p of parents) names.set(p.id, p.username);
  const sizes = await teamSizes(
    db,
    brand,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    username: r.username,
    type: r.type,
    parent: r.agentId === null ? null : (names.get(r.agentId) ?? null),
    inviteCode: r.inviteCode,
    teamSize: sizes.get(r.id) ?? 0,
    createdAt: r.createdAt,
  }));
}
