import { and, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { paymentPasswords } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/domain/accounts/members.server";
import { recordAudit } from "~/domain/site/audit.server";
import { peekHits, takeHit } from "~/domain/site/rate-limit.server";
import { PIN_RE } from "./withdraw-schemas";

/** Wrong payment passwords a member may enter in a window before every check waits for the window's end. */
export const PIN_ATTEMPTS = { limit: 5, windowMs: 15 * 60 * 1000 } as const;

export type PinCheck = { ok: true } | { ok: false; reason: "not_set" | "wrong" } | { ok: false; reason: "locked"; retryAt: Date };

const attemptsKey = (memberId: number) => `payment-pin:${memberId}`;
const memberActor = (memberId: number, reason: string) => ({ name: `member:${memberId}`, reason });

export async function hasPaymentPassword(db: Db, brand: Brand, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ memberId: paymentPasswords.memberId })
    .from(paymentPasswords)
    .where(and(eq(paymentPasswords.merchantCode, brand.merchantCode), eq(paymentPasswords.memberId, memberId)))
    .limit(1);
  return Boolean(row);
}

/** Sets the first payment password; a member who has one changes it with the old one instead. */
export async function setPaymentPassword(
  db: Db,
  brand: Brand,
  memberId: number,
  pin: string,
): Promise<{ ok: true } | { ok: false; reason: "already_set" }> {
  if (!PIN_RE.test(pin)) throw new Error("a payment password is 6 digits");
  const hash = await hashPassword(pin);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(paymentPasswords)
      .values({ memberId, merchantCode: brand.merchantCode, hash })
      .onConflictDoNothing()
      .returning({ memberId: paymentPasswords.memberId });
    if (!made) return { ok: false, reason: "already_set" } as const;
    await recordAudit(tx, brand, {
      subject: `payment-password:${memberId}`,
      oldValue: null,
      newValue: "set",
      actor: memberActor(memberId, "set by the member"),
    });
    return { ok: true } as const;
  });
}

/**
 * Checks a payment password. Checks of one member's password are serialised on its row
 * (the caller's transaction, when it passes one, holds the lock until it ends), and a wrong
 * one is counted before the next check may start: however many arrive at once, no more than
 * PIN_ATTEMPTS.limit wrong guesses are ever answered in a window, and right ones cost nothing.
 */
export async function checkPaymentPassword(db: Db, brand: Brand, memberId: number, pin: string): Promise<PinCheck> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hash: paymentPasswords.hash })
      .from(paymentPasswords)
      .where(and(eq(paymentPasswords.merchantCode, brand.merchantCode), eq(paymentPasswords.memberId, memberId)))
      .for("update");
    if (!row) return { ok: false, reason: "not_set" } as const;
    const key = attemptsKey(memberId);
    if ((await peekHits(tx, brand, key, PIN_ATTEMPTS)) >= PIN_ATTEMPTS.limit) {
      // A refused check counts too, which leaves the window where it is and tells when it ends.
      const hit = await takeHit(tx, brand, key, PIN_ATTEMPTS);
      return { ok: false, reason: "locked", retryAt: new Date(Date.now() + hit.retryAfterMs) } as const;
    }
    if (PIN_RE.test(pin) && (await verifyPassword(row.hash, pin))) return { ok: true } as const;
    const hit = await takeHit(tx, brand, key, PIN_ATTEMPTS);
    if (hit.hits >= PIN_ATTEMPTS.limit)
      return { ok: false, reason: "locked", retryAt: new Date(Date.now() + hit.retryAfterMs) } as const;
    return { ok: false, reason: "wrong" } as const;
  });
}

/** Replaces the payment password, given the current one. */
export async function changePaymentPassword(
  db: Db,
  brand: Brand,
  memberId: number,
  input: { oldPin: string; newPin: string },
): Promise<{ ok: true } | Exclude<PinCheck, { ok: true }>> {
  if (!PIN_RE.test(input.newPin)) throw new Error("a payment password is 6 digits");
  const check = await checkPaymentPassword(db, brand, memberId, input.oldPin);
  if (!check.ok) return check;
  const hash = await hashPassword(input.newPin);
  await db.transaction(async (tx) => {
    await tx
      .update(paymentPasswords)
      .set({ hash, updatedAt: sql`now()` })
      .where(and(eq(paymentPasswords.merchantCode, brand.merchantCode), eq(paymentPasswords.memberId, memberId)));
    await recordAudit(tx, brand, {
      subject: `payment-password:${memberId}`,
      oldValue: "set",
      newValue: "changed",
      actor: memberActor(memberId, "changed by the member with the old one"),
    });
  });
  return { ok: true };
}
