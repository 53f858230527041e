import { and, count, eq, gt, isNull, lte, ne, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { passwordResets } from "~/db/schema";
import { hashToken, randomToken } from "~/utils/tokens.server";
import type { MailMessage, Mailer } from "./ports";
import { isRealMember } from "./member-types";
import { findMemberByUsername, getMember, setPassword, type Member } from "./members.server";
import { revokeMemberSessions } from "./sessions.server";

/** A link is good for half an hour: long enough to reach a mailbox, short enough that an old e-mail is useless. */
export const RESET_LIFETIME_MS = 30 * 60_000;
/** Reset e-mails per member per hour: a stranger who knows a username and e-mail must not flood that mailbox. */
export const MAX_RESET_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

export type ResetRequestResult = { sent: true } | { sent: false; reason: "no_match" | "throttled" };

export interface ResetRequest {
  username: string;
  email: string;
  /** Scheme and host the link points at, e.g. https://luckypeso.ph (the caller vouches that it is the brand's). */
  origin: string;
  /** The e-mail in the player's language, written around the link (to the member as registered, not as typed). */
  mail: (about: { link: string; minutes: number; username: string }) => Omit<MailMessage, "to">;
  now?: Date;
}

const sameEmail = (stored: string | null, typed: string) =>
  stored !== null && stored.trim().toLowerCase() === typed.trim().toLowerCase();

/** Only active real members (not guests or back-office accounts) may reset a password from the public page. */
export function mayResetPassword(member: Member | null): member is Member {
  return member !== null && member.status === "active" && isRealMember(member.type);
}

/**
 * E-mails a single-use link when username and e-mail belong to the same member
 * of this brand. The result is for logs and tests only: the page answers the
 * same whatever it is, so nobody learns whether an account exists.
 * Throws the mailer's DeliveryError after undoing the new link.
 */
export async function requestEmailReset(db: Db, mailer: Mailer, brand: Brand, input: ResetRequest): Promise<ResetRequestResult> {
  const now = input.now ?? new Date();
  const member = await findMemberByUsername(db, brand, input.username);
  if (!mayResetPassword(member) || !sameEmail(member.email, input.email)) return { sent: false, reason: "no_match" };

  const token = randomToken(32);
  const id = hashToken(token);
  const allowed = await db.transaction(async (tx) => {
    // Two requests at once must not both slip under the hourly limit: serialise them per member.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`password-reset:${member.id}`}, 0))`);
    const [recent] = await tx
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.memberId, member.id), gt(passwordResets.createdAt, new Date(now.getTime() - HOUR_MS))));
    if (Number(recent?.n ?? 0) >= MAX_RESET_MAILS_PER_HOUR) return false;
    await tx.insert(passwordResets).values({
      id,
      merchantCode: brand.merchantCode,
      memberId: member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_LIFETIME_MS),
    });
    return true;
  });
  if (!allowed) return { sent: false, reason: "throttled" };

  const link = `${input.origin}/m/forget?token=${token}`;
  // Sent after the commit: a slow mail server must not hold the lock (on PGlite, the only connection).
  try {
    await mailer.send(brand, {
      to: member.email!,
      ...input.mail({ link, minutes: RESET_LIFETIME_MS / 60_000, username: member.username }),
    });
  } catch (err) {
    // The player saw an error, so the mail neither counts towards the limit nor retires the earlier link.
    await db.delete(passwordResets).where(eq(passwordResets.id, id));
    throw err;
  }
  // Only the newest link works: an older e-mail lying in a shared mailbox must not.
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.memberId, member.id), ne(passwordResets.id, id), isNull(passwordResets.usedAt)));
  return { sent: true };
}

export type TokenState = { ok: true; username: string } | { ok: false; reason: "invalid" | "expired" };

/** The token's row of this brand (never another brand's: a link only works on the site that sent it). */
async function tokenRow(db: Db, brand: Brand, token: string) {
  if (!token) return undefined;
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.id, hashToken(token)), eq(passwordResets.merchantCode, brand.merchantCode)))
    .limit(1);
  return row;
}

/** Whether a link may still be used, without using it: the page shows the form or an "expired" notice. */
export async function peekResetToken(db: Db, brand: Brand, token: string, now = new Date()): Promise<TokenState> {
  const row = await tokenRow(db, brand, token);
  if (!row || row.usedAt) return { ok: false, reason: "invalid" };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
  const member = await getMember(db, brand, row.memberId);
  return mayResetPassword(member) ? { ok: true, username: member.username } : { ok: false, reason: "invalid" };
}

/**
 * Sets a member's new password and signs them out everywhere (sessions and
 * remembered devices); any e-mailed link still open dies with the old password.
 */
export async function applyNewPassword(
  db: Db,
  brand: Brand,
  memberId: number,
  newPassword: string,
  now = new Date(),
): Promise<void> {
  await setPassword(db, brand, memberId, newPassword);
  await revokeMemberSessions(db, brand, memberId);
  await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.merchantCode, brand.merchantCode),
        eq(passwordResets.memberId, memberId),
        isNull(passwordResets.usedAt),
      ),
    );
}

export type ResetOutcome = { ok: true; member: Member } | { ok: false; reason: "invalid" | "expired" };

/**
 * Uses a link: the token is consumed by one conditional UPDATE, so of two
 * parallel posts only one wins; then the password is set and every session ends.
 */
export async function resetWithToken(
  db: Db,
  brand: Brand,
  input: { token: string; newPassword: string; now?: Date },
): Promise<ResetOutcome> {
  const now = input.now ?? new Date();
  const id = hashToken(input.token);
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.id, id),
        eq(passwordResets.merchantCode, brand.merchantCode),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ memberId: passwordResets.memberId });
  if (!claimed) {
    const [expired] = await db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.id, id),
          eq(passwordResets.merchantCode, brand.merchantCode),
          isNull(passwordResets.usedAt),
          lte(passwordResets.expiresAt, now),
        ),
      );
    return { ok: false, reason: expired ? "expired" : "invalid" };
  }
  const member = await getMember(db, brand, claimed.memberId);
  // Disabled since the e-mail went out (or turned into a back-office account): the link no longer works.
  if (!mayResetPassword(member)) return { ok: false, reason: "invalid" };
  await applyNewPassword(db, brand, member.id, input.newPassword, now);
  return { ok: true, member };
}
