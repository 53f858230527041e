import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { verificationCodes } from "~/db/schema";
import { hashToken, safeEqual } from "~/utils/tokens.server";
import type { SmsProvider } from "./ports";

export type CodePurpose = "login" | "register" | "reset";

/** A player may ask again after this long (the page's countdown shows it). */
export const RESEND_AFTER_MS = 60_000;
export const CODE_LIFETIME_MS = 5 * 60_000;
export const MAX_CODES_PER_HOUR = 5;
/** Wrong tries that kill a code: 5 guesses out of a million. */
export const MAX_ATTEMPTS = 5;

const HOUR_MS = 60 * 60_000;

export interface IssueInput {
  purpose: CodePurpose;
  /** The phone number as the caller normalised it (e.g. +639171234567); codes are looked up by this exact text. */
  destination: string;
  /** The SMS text in the player's language; receives the code. */
  message: (code: string) => string;
  now?: Date;
}

export type IssueResult =
  { ok: true; expirationTime: Date; expiresAt: Date } | { ok: false; reason: "throttled" | "too_many"; retryAt: Date };

export type VerifyResult = "ok" | "invalid" | "expired" | "too_many_attempts";

/**
 * The brand, purpose and destination are part of what is hashed, so a code's
 * hash is useless for another brand, purpose or number even if one is copied.
 */
function hashCode(brand: Brand, purpose: CodePurpose, destination: string, code: string): string {
  return hashToken(`${brand.merchantCode}\0${purpose}\0${destination}\0${code}`);
}

const sameTarget = (brand: Brand, purpose: CodePurpose, destination: string) =>
  and(
    eq(verificationCodes.merchantCode, brand.merchantCode),
    eq(verificationCodes.purpose, purpose),
    eq(verificationCodes.destination, destination),
  );

/**
 * Creates and sends a 6-digit code, unless the same number got one less than a
 * minute ago or five within the hour (SMS cost money and can be used to harass).
 * Throws whatever the SMS provider throws (DeliveryError) after removing the code.
 */
export async function issueCode(db: Db, sms: SmsProvider, brand: Brand, input: IssueInput): Promise<IssueResult> {
  const now = input.now ?? new Date();
  const { purpose, destination } = input;
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);

  const decided = await db.transaction(async (tx) => {
    // Two requests for the same number at once must not both pass the limits: serialise them on a lock
    // keyed by the target (rows that do not exist yet cannot be locked with FOR UPDATE).
    const key = `verification:${brand.merchantCode}:${purpose}:${destination}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const recent = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(sameTarget(brand, purpose, destination), gt(verificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
      .orderBy(desc(verificationCodes.createdAt));
    const latest = recent[0]?.createdAt;
    if (latest && now.getTime() - latest.getTime() < RESEND_AFTER_MS) {
      return { ok: false as const, reason: "throttled" as const, retryAt: new Date(latest.getTime() + RESEND_AFTER_MS) };
    }
    if (recent.length >= MAX_CODES_PER_HOUR) {
      // The window frees up when the oldest of the last five leaves it.
      const oldest = recent[MAX_CODES_PER_HOUR - 1].createdAt;
      return { ok: false as const, reason: "too_many" as const, retryAt: new Date(oldest.getTime() + HOUR_MS) };
    }
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        merchantCode: brand.merchantCode,
        purpose,
        destination,
        codeHash: hashCode(brand, purpose, destination, code),
        createdAt: now,
        expiresAt,
      })
      .returning({ id: verificationCodes.id });
    return { ok: true as const, id: row.id };
  });
  if (!decided.ok) return decided;

  // Sent after the commit: holding the lock (and, on PGlite, the only connection) through a 10 s gateway call would stall everyone.
  try {
    await sms.send(brand, { to: destination, text: input.message(code) });
  } catch (err) {
    await db.delete(verificationCodes).where(eq(verificationCodes.id, decided.id));
    throw err;
  }
  // Only the newest code counts: a code from an earlier SMS must not work once a new one went out.
  await db
    .update(verificationCodes)
    .set({ expiresAt: now })
    .where(
      and(
        sameTarget(brand, purpose, destination),
        ne(verificationCodes.id, decided.id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    );
  return { ok: true, expirationTime: new Date(now.getTime() + RESEND_AFTER_MS), expiresAt };
}

export interface VerifyInput {
  purpose: CodePurpose;
  destination: string;
  code: string;
  now?: Date;
}

/**
 * Checks a code against the latest unconsumed one for the number; a right code
 * is consumed (single use). The wrong try that uses up the last attempt already
 * answers "too_many_attempts", so the page can ask for a new code straight away.
 */
export async function verifyCode(db: Db, brand: Brand, input: VerifyInput): Promise<VerifyResult> {
  const now = input.now ?? new Date();
  const { purpose, destination } = input;
  const [current] = await db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(and(sameTarget(brand, purpose, destination), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!current) return "invalid";

  // Every try takes an attempt before the comparison, in one conditional statement: the row lock makes
  // parallel tries queue, so no burst of guesses can get past the limit.
  const [claimed] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, current.id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, MAX_ATTEMPTS),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ codeHash: verificationCodes.codeHash, attempts: verificationCodes.attempts });
  if (!claimed) return explainRefusal(db, current.id, now);

  if (!safeEqual(claimed.codeHash, hashCode(brand, purpose, destination, input.code.trim()))) {
    return claimed.attempts >= MAX_ATTEMPTS ? "too_many_attempts" : "invalid";
  }

  // A right code does not use up an attempt. Of two parallel tries with the right code, one sets consumed_at
  // and the other finds it set.
  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: now, attempts: sql`${verificationCodes.attempts} - 1` })
    .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return consumed ? "ok" : "invalid";
}

async function explainRefusal(db: Db, id: number, now: Date): Promise<VerifyResult> {
  const [row] = await db
    .select({
      consumedAt: verificationCodes.consumedAt,
      attempts: verificationCodes.attempts,
      expiresAt: verificationCodes.expiresAt,
    })
    .from(verificationCodes)
    .where(eq(verificationCodes.id, id));
  if (!row || row.consumedAt) return "invalid";
  if (row.attempts >= MAX_ATTEMPTS) return "too_many_attempts";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "invalid";
}
