import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { walletAccounts, withdrawals } from "~/db/schema";
import { isGuest } from "~/domain/accounts/member-types";
import { assertMayWithdraw } from "~/domain/compliance/gates.server";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { turnoverRemaining } from "~/domain/wallet/turnover.server";
import { InsufficientFundsError, postTransfer } from "~/domain/wallet/ledger.server";
import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";
import { publicId } from "~/utils/tokens.server";
import { checkPaymentPassword, hasPaymentPassword } from "./payment-password.server";
import { getPayoutAccount } from "./payout-accounts.server";

/**
 * Withdrawals. Asking holds the amount (cash → house:holds) in the same transaction that
 * writes the request; support approves (the payout goes to the gateway) or rejects (the hold
 * goes back); the gateway's answer pays the hold out to its clearing account or gives it
 * back (the payout side is payouts.server.ts). Every state change is a conditional update from
 * the state it leaves, so no two actors can both move one withdrawal, and each ledger transfer
 * has a key of its own.
 */

export type Withdrawal = typeof withdrawals.$inferSelect;
export type WithdrawalState = "pending" | "approved" | "paid" | "rejected" | "failed";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** "W" and 16 base32 characters. */
export const newWithdrawalId = () => publicId("W");

/** Midnight of `now`'s calendar day in Manila. */
export function marketDayStart(now: Date): Date {
  const offset = MARKET_UTC_OFFSET_MINUTES * 60_000;
  const day = 24 * 60 * 60_000;
  return new Date(Math.floor((now.getTime() + offset) / day) * day - offset);
}

/** What a member may withdraw: the cash balance (amounts on hold have already left it). */
export function withdrawable(db: Db, brand: Brand, memberId: number): Promise<bigint> {
  return getBalance(db, brand, memberId, "cash");
}

/** Withdrawals the member asked for on `now`'s Manila calendar day, whatever became of them. */
export async function withdrawalsToday(db: Db | Tx, brand: Brand, memberId: number, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.merchantCode, brand.merchantCode),
        eq(withdrawals.memberId, memberId),
        gte(withdrawals.createdAt, marketDayStart(now)),
      ),
    );
  return Number(row?.n ?? 0);
}

export type WithdrawalRefusal =
  | { ok: false; reason: "guest" | "no_password" | "no_account" | "wrong_password" | "insufficient" }
  | { ok: false; reason: "locked"; retryAt: Date }
  | { ok: false; reason: "below_min" | "above_max"; limit: bigint }
  | { ok: false; reason: "daily_limit"; limit: number }
  | { ok: false; reason: "turnover"; remaining: bigint };

export type WithdrawalRequestOutcome = { ok: true; withdrawal: Withdrawal } | WithdrawalRefusal;

class Refused extends Error {
  constructor(readonly refusal: WithdrawalRefusal) {
    super(refusal.reason);
  }
}

/** Locks the member's cash account row: every withdrawal of one member passes here one at a time. */
async function lockCash(tx: Tx, brand: Brand, memberId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: walletAccounts.id })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.merchantCode, brand.merchantCode),
        eq(walletAccounts.memberId, memberId),
        eq(walletAccounts.kind, "cash"),
      ),
    )
    .for("update");
  return rows.length > 0;
}

export async function requestWithdrawal(
  db: Db,
  brand: Brand,
  member: { id: number; type: number },
  input: { amount: bigint; paymentPassword: string },
  now = new Date(),
): Promise<WithdrawalRequestOutcome> {
  if (isGuest(member.type)) return { ok: false, reason: "guest" };
  // A brand may ask for a verified identity before money leaves (ComplianceRefusedError: the route shows the rule).
  await assertMayWithdraw(db, brand, member.id);
  const rules = brand.payments.withdrawal;
  const amount = input.amount;
  if (amount < BigInt(rules.minCentavos)) return { ok: false, reason: "below_min", limit: BigInt(rules.minCentavos) };
  if (amount > BigInt(rules.maxCentavos)) return { ok: false, reason: "above_max", limit: BigInt(rules.maxCentavos) };
  if (!(await hasPaymentPassword(db, brand, member.id))) return { ok: false, reason: "no_password" };
  const account = await getPayoutAccount(db, brand, member.id);
  if (!account) return { ok: false, reason: "no_account" };

  const publicId = newWithdrawalId();
  try {
    return await db.transaction(async (tx) => {
      // The row lock serialises this member's requests, so the count below cannot be raced past.
      if (!(await lockCash(tx, brand, member.id))) throw new Refused({ ok: false, reason: "insufficient" });
      // After the cash row, as a bet takes them (its posting, then its turnover): the two never wait crosswise.
      const remaining = await turnoverRemaining(tx, brand, member.id, { lock: true });
      if (remaining > 0n) throw new Refused({ ok: false, reason: "turnover", remaining });
      const pin = await checkPaymentPassword(tx, brand, member.id, input.paymentPassword);
      // A wrong password is counted, so this transaction must commit: it answers instead of throwing.
      if (!pin.ok) {
        if (pin.reason === "locked") return { ok: false, reason: "locked", retryAt: pin.retryAt } as const;
        return { ok: false, reason: pin.reason === "not_set" ? "no_password" : "wrong_password" } as const;
      }
      if ((await withdrawalsToday(tx, brand, member.id, now)) >= rules.dailyCount)
        throw new Refused({ ok: false, reason: "daily_limit", limit: rules.dailyCount });
      const hold = await postTransfer(tx, brand, {
        key: `withdrawal-hold:${publicId}`,
        kind: "withdrawal_hold",
        reference: `withdrawal:${publicId}`,
        legs: [
          { account: { memberId: member.id, kind: "cash" }, amount: -amount },
          { account: { house: "house:holds" }, amount },
        ],
      });
      const [row] = await tx
        .insert(withdrawals)
        .values({
          merchantCode: brand.merchantCode,
          publicId,
          memberId: member.id,
          amount,
          payoutMethod: account.method,
          payoutAccountNumber: account.accountNumber,
          payoutHolderName: account.holderName,
          payoutBank: account.bank,
          gateway: brand.payments.payoutGateway,
          holdTransferId: hold.id,
        })
        .returning();
      return { ok: true, withdrawal: row! } as const;
    });
  } catch (err) {
    if (err instanceof Refused) return err.refusal;
    if (err instanceof InsufficientFundsError) return { ok: false, reason: "insufficient" };
    throw err;
  }
}

export async function getWithdrawal(db: Db, brand: Brand, publicId: string): Promise<Withdrawal | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantCode, brand.merchantCode), eq(withdrawals.publicId, publicId)))
    .limit(1);
  return row ?? null;
}

/** Support's list, newest first. */
export function listWithdrawals(db: Db, brand: Brand, opts: { state?: WithdrawalState; limit: number }): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantCode, brand.merchantCode), opts.state ? eq(withdrawals.state, opts.state) : undefined))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(opts.limit);
}

/** The player's own withdrawals, newest first. */
export function memberWithdrawals(db: Db, brand: Brand, memberId: number, opts: { limit: number }): Promise<Withdrawal[]> {
  return db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantCode, brand.merchantCode), eq(withdrawals.memberId, memberId)))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(opts.limit);
}

export type ReviewOutcome =
  | { ok: true; withdrawal: Withdrawal; payout: "sent" | "retry_later" }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "not_pending"; state: string };

export async function refuseReview(db: Db, brand: Brand, publicId: string): Promise<Exclude<ReviewOutcome, { ok: true }>> {
  const current = await getWithdrawal(db, brand, publicId);
  return current ? { ok: false, reason: "not_pending", state: current.state } : { ok: false, reason: "not_found" };
}

/** Gives the held amount back to the member's cash; the caller holds the withdrawal's row. */
export async function releaseHold(tx: Tx, brand: Brand, w: Withdrawal) {
  // The member's cash row first, as a new request takes it: the two never wait on each other crosswise.
  await lockCash(tx, brand, w.memberId);
  return postTransfer(tx, brand, {
    key: `withdrawal-release:${w.publicId}`,
    kind: "withdrawal_release",
    reference: `withdrawal:${w.publicId}`,
    legs: [
      { account: { house: "house:holds" }, amount: -w.amount },
      { account: { memberId: w.memberId, kind: "cash" }, amount: w.amount },
    ],
  });
}

export async function lockWithdrawal(tx: Tx, brand: Brand, where: ReturnType<typeof and>): Promise<Withdrawal | undefined> {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.merchantCode, brand.merchantCode), where))
    .limit(1)
    .for("update");
  return row;
}

/** Support's refusal: `actor.reason` is what the player reads. The hold goes back in the same transaction. */
export async function rejectWithdrawal(db: Db, brand: Brand, publicId: string, actor: Actor): Promise<ReviewOutcome> {
  const reason = actor.reason.trim();
  if (!reason) throw new Error("a rejection needs a reason for the player");
  const rejected = await db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, brand, eq(withdrawals.publicId, publicId));
    if (!w || w.state !== "pending") return null;
    const release = await releaseHold(tx, brand, w);
    const [row] = await tx
      .update(withdrawals)
      .set({
        state: "rejected",
        reason,
        reviewedBy: actor.name,
        reviewedAt: sql`now()`,
        settleTransferId: release.id,
        updatedAt: sql`now()`,
      })
      .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, "pending")))
      .returning();
    await recordAudit(tx, brand, { subject: `withdrawal:${publicId}`, oldValue: "pending", newValue: "rejected", actor });
    return row!;
  });
  if (!rejected) return refuseReview(db, brand, publicId);
  return { ok: true, withdrawal: rejected, payout: "sent" };
}
