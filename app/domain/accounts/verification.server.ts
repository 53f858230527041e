import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { verificationCodes } from "~/db/schema";
import { clearHits, takeHit } from "~/domain/site/rate-limit.server";
import { addressKey } from "~/utils/client-address";
import { hashToken, safeEqual } from "~/utils/tokens.server";
import type { SmsProvider } from "./ports";

export type CodePurpose = "login" | "register" | "reset";

/** A player may ask again after this long (the page's countdown shows it). */
export const RESEND_AFTER_MS = 60_000;
export const CODE_LIFETIME_MS = 5 * 60_000;
export const MAX_CODES_PER_HOUR = 5;
/**
 * Codes one address may ask for in an hour, whatever the numbers and purposes: it bounds what one
 * sender can cost in SMS or learn by trying numbers, and stays roomy because mobile carriers put
 * many players behind one address.
 */
export const MAX_CODES_PER_ADDRESS_PER_HOUR = 10;
/** Wrong tries that kill a code: 5 guesses out of a million. */
export const MAX_ATTEMPTS = 5;

const HOUR_MS = 60 * 60_000;

export interface SendInput {
  purpose: CodePurpose;
  /** The phone number as the caller normalised it (e.g. +639171234567); codes are looked up by this exact text. */
  destination: string;
  /** The IP address asking. */
  address: string;
  now?: Date;
}

export interface IssueInput extends SendInput {
  /** The SMS text in the player's language; receives the code. */
  message: (code: string) => string;
}

/** `expirationTime`: when the next code may be asked for (the page's countdown). */
export type SendAllowance =
  { ok: true; expirationTime: Date } | { ok: false; reason: "throttled" | "too_many" | "address"; retryAt: Date };

export type IssueResult = (SendAllowance & { ok: false }) | { ok: true; expirationTime: Date; expiresAt: Date };

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

const gapKey = (purpose: CodePurpose, destination: string) => `sms:${purpose}:gap:${destination}`;
const hourKey = (purpose: CodePurpose, destination: string) => `sms:${purpose}:hour:${destination}`;
const addressLimitKey = (address: string) => `sms:address:${addressKey(address)}`;

/**
 * Takes one send from the limits: one code a minute and five an hour per number and purpose, ten an
 * hour per address. Each limit is one upsert in the database, so parallel requests cannot share a
 * slot. Pages that text only their members take it for every number asked about, member or not, so
 * the answer (and its countdown) never tells whether a number is registered. The address goes
 * first: a sender it refuses uses up nothing of the number's own limits.
 */
export async function takeSendAllowance(db: Db, brand: Brand, input: SendInput): Promise<SendAllowance> {
  const now = input.now ?? new Date();
  const at = (ms: number) => new Date(now.getTime() + ms);
  const address = await takeHit(db, brand, addressLimitKey(input.address), {
    limit: MAX_CODES_PER_ADDRESS_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!address.allowed) return { ok: false, reason: "address", retryAt: at(address.retryAfterMs) };
  const gap = await takeHit(db, brand, gapKey(input.purpose, input.destination), { limit: 1, windowMs: RESEND_AFTER_MS });
  if (!gap.allowed) return { ok: false, reason: "throttled", retryAt: at(gap.retryAfterMs) };
  const hour = await takeHit(db, brand, hourKey(input.purpose, input.destination), {
    limit: MAX_CODES_PER_HOUR,
    windowMs: HOUR_MS,
  });
  if (!hour.allowed) return { ok: false, reason: "too_many", retryAt: at(hour.retryAfterMs) };
  return { ok: true, expirationTime: at(gap.retryAfterMs) };
}

/**
 * Creates and sends a 6-digit code within the send limits (takeSendAllowance): SMS cost money
 * and can be used to harass. Throws whatever the SMS provider throws (DeliveryError) after
 * removing the code.
 */
export async function issueCode(db: Db, sms: SmsProvider, brand: Brand, input: IssueInput): Promise<IssueResult> {
  const now = input.now ?? new Date();
  const { purpose, destination } = input;
  const allowance = await takeSendAllowance(db, brand, input);
  if (!allowance.ok) return allowance;
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS);
  const [row] = await db
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

  try {
    await sms.send(brand, { to: destination, text: input.message(code) });
  } catch (err) {
    await db.delete(verificationCodes).where(eq(verificationCodes.id, row!.id));
    // Nothing reached the phone, so there is nothing to wait for: the player may ask again at once.
    await clearHits(db, brand, gapKey(purpose, destination));
    throw err;
  }
  // Only the newest code counts: a code from an earlier SMS must not work once a new one went out.
  await db
    .update(verificationCodes)
    .set({ expiresAt: now })
    .where(
      and(
        sameTarget(brand, purpose, destination),
        ne(verificationCodes.id, row!.id),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    );
  return { ok: true, expirationTime: allowance.expirationTime, expiresAt };
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
