import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { perDatabase, type Db } from "~/db/client.server";
import { memberAvatars, members, rememberTokens, sessions } from "~/db/schema";
import { hashToken, randomToken } from "~/utils/tokens.server";
import { avatarUrl } from "./profile.server";

/** A session lives 12 hours past the last request, and never more than 7 days. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** "Remember password" keeps its token for 30 days. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeen is written at most this often, so browsing does not write on every request. */
const TOUCH_MS = 5 * 60 * 1000;

export interface SessionView {
  /** Hash of the cookie's id: what the database knows. */
  id: string;
  memberId: number;
  username: string;
  nickname: string | null;
  /** The member's picture (PROFPIC3), or null without one. */
  avatarUrl: string | null;
  type: number;
  /** When this session began (sign-in): what the reality check counts play time from. */
  startedAt: Date;
  authenticatedAt: Date;
  hasPassword: boolean;
}

export interface SessionMeta {
  ip?: string;
  userAgent?: string | null;
  /** When the credentials were last proven; a rotation keeps the old moment. */
  authenticatedAt?: Date;
}

/** A fresh 128-bit id for a member: its cookie value is returned, its hash stored. */
export async function createSession(db: Db, brand: Brand, memberId: number, meta: SessionMeta = {}): Promise<string> {
  const token = randomToken(16);
  const now = new Date();
  await db.insert(sessions).values({
    id: hashToken(token),
    merchantCode: brand.merchantCode,
    memberId,
    createdAt: now,
    authenticatedAt: meta.authenticatedAt ?? now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
    ip: meta.ip?.slice(0, 64) ?? null,
    userAgent: meta.userAgent?.slice(0, 200) ?? null,
  });
  return token;
}

/** The token row `id` of this brand, neither revoked nor expired, held by an active member of the brand. */
function liveToken(table: typeof sessions | typeof rememberTokens, brand: Brand, id: string, now: Date) {
  return and(
    eq(table.id, id),
    eq(table.merchantCode, brand.merchantCode),
    eq(members.merchantCode, brand.merchantCode),
    eq(members.status, "active"),
    isNull(table.revokedAt),
    gt(table.expiresAt, now),
  );
}

/** The session read every request makes, compiled once per database and brand (see figuresStatement). */
const sessionStatements = perDatabase<ReturnType<typeof sessionStatement>>();

function sessionStatement(db: Db, brand: Brand) {
  // Placeholders stand in for the token's hash and the time, bound at execute.
  const id = sql.placeholder("id") as unknown as string;
  const now = sql.placeholder("now") as unknown as Date;
  return db
    .select({
      id: sessions.id,
      memberId: sessions.memberId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      authenticatedAt: sessions.authenticatedAt,
      username: members.username,
      nickname: members.nickname,
      type: members.type,
      hasPassword: sql<boolean>`${members.passwordHash} is not null`,
      avatarSha: memberAvatars.sha256,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .leftJoin(memberAvatars, and(eq(memberAvatars.merchantCode, members.merchantCode), eq(memberAvatars.memberId, members.id)))
    .where(liveToken(sessions, brand, id, now))
    .limit(1)
    .prepare(`get_session_${brand.merchantCode}`);
}

export async function getSession(db: Db, brand: Brand, token: string, now = new Date()): Promise<SessionView | null> {
  const id = hashToken(token);
  const statement = sessionStatements(db, brand.merchantCode, () => sessionStatement(db, brand));
  const [row] = await statement.execute({ id, now: now.toISOString() });
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_MS) {
    const cap = row.createdAt.getTime() + SESSION_MAX_MS;
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(Math.min(now.getTime() + SESSION_IDLE_MS, cap)) })
      .where(eq(sessions.id, id));
  }
  return {
    id: row.id,
    memberId: row.memberId,
    username: row.username,
    nickname: row.nickname,
    avatarUrl: row.avatarSha ? avatarUrl(row.memberId, row.avatarSha) : null,
    type: row.type,
    startedAt: row.createdAt,
    authenticatedAt: row.authenticatedAt,
    hasPassword: Boolean(row.hasPassword),
  };
}

export async function revokeSession(db: Db, brand: Brand, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.merchantCode, brand.merchantCode), eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Signs a member out everywhere (password change, disabled account), remembered devices included,
 * optionally keeping one session. `db` may be a transaction handle: both updates then join it.
 */
export async function revokeMemberSessions(db: Db, brand: Brand, memberId: number, keepSessionId?: string): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.merchantCode, brand.merchantCode),
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : sql`true`,
      ),
    )
    .returning({ id: sessions.id });
  await db
    .update(rememberTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(rememberTokens.merchantCode, brand.merchantCode),
        eq(rememberTokens.memberId, memberId),
        isNull(rememberTokens.revokedAt),
      ),
    );
  return rows.length;
}

export async function createRememberToken(db: Db, brand: Brand, memberId: number): Promise<string> {
  const token = randomToken(32);
  await db.insert(rememberTokens).values({
    id: hashToken(token),
    merchantCode: brand.merchantCode,
    memberId,
    expiresAt: new Date(Date.now() + REMEMBER_MS),
  });
  return token;
}

/** Whom a remember-me token on this device stands for (active members of this brand only). */
export async function rememberedMember(
  db: Db,
  brand: Brand,
  token: string,
): Promise<{ tokenId: string; memberId: number; username: string; type: number } | null> {
  const id = hashToken(token);
  const [row] = await db
    .select({ tokenId: rememberTokens.id, memberId: members.id, username: members.username, type: members.type })
    .from(rememberTokens)
    .innerJoin(members, eq(members.id, rememberTokens.memberId))
    .where(liveToken(rememberTokens, brand, id, new Date()))
    .limit(1);
  return row ?? null;
}

export async function revokeRememberToken(db: Db, brand: Brand, token: string): Promise<void> {
  await db
    .update(rememberTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(rememberTokens.merchantCode, brand.merchantCode), eq(rememberTokens.id, hashToken(token))));
}
