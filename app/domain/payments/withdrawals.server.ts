import { and, count, desc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Brand, GatewayId, PayoutMethod } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { paymentEvents, walletAccounts, withdrawals } from "~/db/schema";
import { isGuest } from "~/domain/accounts/member-types";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { getBalance } from "~/domain/wallet/balances.server";
import { InsufficientFundsError, postTransfer } from "~/domain/wallet/ledger.server";
import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";
import { publicId } from "~/utils/tokens.server";
import { checkPaymentPassword, hasPaymentPassword } from "./payment-password.server";
import { getPayoutAccount } from "./payout-accounts.server";
import type { GatewayEvent, PayoutGateway } from "./ports";

/**
 * Withdrawals. Asking holds the amount (cash → house:holds) in the same transaction that
 * writes the request; support approves (the payout goes to the gateway) or rejects (the hold
 * goes back); the gateway's answer pays the hold out to its clearing account or gives it
 * back. Every state change is a conditional update from the state it leaves, so no two
 * actors can both move one withdrawal, and each ledger transfer has a key of its own.
 */

export type Withdrawal = typeof withdrawals.$inferSelect;
export type WithdrawalState = "pending" | "approved" | "paid" | "rejected" | "failed";
export type PayoutEvent = Extract<GatewayEvent, { type: "payout.paid" | "payout.failed" }>;

/** A payout with a payout id this old and no answer is looked up at the gateway. */
export const PAYOUT_STATUS_AFTER_MS = 3 * 60 * 1000;

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
  | { ok: false; reason: "daily_limit"; limit: number };

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

async function refuseReview(db: Db, brand: Brand, publicId: string): Promise<Exclude<ReviewOutcome, { ok: true }>> {
  const current = await getWithdrawal(db, brand, publicId);
  return current ? { ok: false, reason: "not_pending", state: current.state } : { ok: false, reason: "not_found" };
}

/** Sends an approved withdrawal's payout (again): the key makes a repeat name the same payout. */
async function sendPayout(db: Db, brand: Brand, gateway: PayoutGateway, w: Withdrawal): Promise<Withdrawal | null> {
  let payoutRef: string;
  try {
    ({ payoutRef } = await gateway.createPayout({
      merchantCode: brand.merchantCode,
      withdrawalId: w.publicId,
      idempotencyKey: `payout:${w.publicId}`,
      amount: w.amount,
      currency: "PHP",
      destination: {
        method: w.payoutMethod as PayoutMethod,
        accountNumber: w.payoutAccountNumber,
        holderName: w.payoutHolderName,
        bank: w.payoutBank,
      },
    }));
  } catch {
    // Whatever went wrong, the payout may or may not exist: reconciliation asks again with the same key.
    return null;
  }
  const [row] = await db
    .update(withdrawals)
    .set({ payoutRef, updatedAt: sql`now()` })
    .where(and(eq(withdrawals.id, w.id), isNull(withdrawals.payoutRef)))
    .returning();
  return row ?? (await getWithdrawal(db, brand, w.publicId));
}

/** Support's approval: the withdrawal leaves pending once, then its payout is sent. */
export async function approveWithdrawal(
  db: Db,
  brand: Brand,
  payoutGateway: PayoutGateway,
  publicId: string,
  actor: Actor,
): Promise<ReviewOutcome> {
  const approved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ state: "approved", reviewedBy: actor.name, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(withdrawals.merchantCode, brand.merchantCode),
          eq(withdrawals.publicId, publicId),
          eq(withdrawals.state, "pending"),
        ),
      )
      .returning();
    if (!row) return null;
    await recordAudit(tx, brand, { subject: `withdrawal:${publicId}`, oldValue: "pending", newValue: "approved", actor });
    return row;
  });
  if (!approved) return refuseReview(db, brand, publicId);
  const sent = await sendPayout(db, brand, payoutGateway, approved);
  return { ok: true, withdrawal: sent ?? approved, payout: sent ? "sent" : "retry_later" };
}

/** Gives the held amount back to the member's cash; the caller holds the withdrawal's row. */
async function releaseHold(tx: Tx, brand: Brand, w: Withdrawal) {
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

async function lockWithdrawal(tx: Tx, brand: Brand, where: ReturnType<typeof and>): Promise<Withdrawal | undefined> {
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

/**
 * The gateway's answer about a payout (its webhook, or a status look-up turned into an
 * event): paid moves the hold to the gateway's clearing account, failed gives it back.
 * Each event is acted on once; an event about a withdrawal already settled changes nothing.
 */
export async function settlePayoutEvent(
  db: Db,
  brand: Brand,
  gateway: GatewayId,
  event: PayoutEvent,
): Promise<"settled" | "duplicate" | "unknown" | "mismatch"> {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, brand, and(eq(withdrawals.gateway, gateway), eq(withdrawals.payoutRef, event.payoutRef)));
    // Not recorded: should the payout id arrive before we stored it, the redelivery still finds it.
    if (!w) return "unknown";
    const mismatch = event.type === "payout.paid" && (event.amount !== w.amount || event.currency !== "PHP");
    const outcome = mismatch ? "mismatch" : w.state === "approved" ? "settled" : "duplicate";
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        gateway,
        eventId: event.eventId,
        merchantCode: brand.merchantCode,
        type: event.type,
        subject: w.publicId,
        outcome,
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return "duplicate";
    if (outcome !== "settled") return outcome;
    if (event.type === "payout.paid") {
      const payout = await postTransfer(tx, brand, {
        key: `withdrawal-payout:${w.publicId}`,
        kind: "withdrawal_payout",
        reference: `withdrawal:${w.publicId}`,
        legs: [
          { account: { house: "house:holds" }, amount: -w.amount },
          { account: { house: `house:clearing:${gateway}` }, amount: w.amount },
        ],
      });
      await tx
        .update(withdrawals)
        .set({ state: "paid", settleTransferId: payout.id, updatedAt: sql`now()` })
        .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, "approved")));
    } else {
      const release = await releaseHold(tx, brand, w);
      await tx
        .update(withdrawals)
        .set({ state: "failed", reason: event.reason.slice(0, 500), settleTransferId: release.id, updatedAt: sql`now()` })
        .where(and(eq(withdrawals.id, w.id), eq(withdrawals.state, "approved")));
    }
    // The gateway's word is a step of the withdrawal like support's: on its audit trail, with the event that said it.
    await recordAudit(tx, brand, {
      subject: `withdrawal:${w.publicId}`,
      oldValue: "approved",
      newValue: event.type === "payout.paid" ? "paid" : "failed",
      actor: {
        name: `gateway:${gateway}`,
        reason: event.type === "payout.paid" ? event.eventId : `${event.eventId}: ${event.reason}`,
      },
    });
    return "settled";
  });
}

export interface ReconcileReport {
  /** Payouts sent (again) that had no payout id. */
  sent: number;
  /** Of those, how many the gateway did not take this time. */
  unsent: number;
  /** Settled from a status look-up. */
  settled: number;
  /** Still pending at the gateway. */
  waiting: number;
}

/**
 * Catches up what a lost request or webhook left behind: approved withdrawals without a
 * payout id are sent again (same key, so never paid twice), and payouts that have gone
 * unanswered for PAYOUT_STATUS_AFTER_MS are looked up and settled as their webhook would.
 */
export async function reconcileWithdrawals(
  db: Db,
  brand: Brand,
  payoutGateway: PayoutGateway,
  now: Date,
): Promise<ReconcileReport> {
  const report: ReconcileReport = { sent: 0, unsent: 0, settled: 0, waiting: 0 };
  const mine = and(eq(withdrawals.merchantCode, brand.merchantCode), eq(withdrawals.state, "approved"));
  const unsent = await db
    .select()
    .from(withdrawals)
    .where(and(mine, isNull(withdrawals.payoutRef)))
    .limit(100);
  for (const w of unsent) {
    report.sent++;
    if (!(await sendPayout(db, brand, payoutGateway, w))) report.unsent++;
  }
  const stale = await db
    .select()
    .from(withdrawals)
    .where(
      and(
        mine,
        eq(withdrawals.gateway, payoutGateway.id),
        isNotNull(withdrawals.payoutRef),
        lt(withdrawals.updatedAt, new Date(now.getTime() - PAYOUT_STATUS_AFTER_MS)),
      ),
    )
    .limit(100);
  for (const w of stale) {
    let status;
    try {
      status = await payoutGateway.payoutStatus(brand.merchantCode, w.payoutRef!);
    } catch {
      report.waiting++;
      continue;
    }
    if (status.state === "pending") {
      report.waiting++;
      continue;
    }
    const eventId = `reconcile:${w.publicId}:${status.state}`;
    const event: PayoutEvent =
      status.state === "paid"
        ? { type: "payout.paid", eventId, payoutRef: w.payoutRef!, amount: w.amount, currency: "PHP" }
        : { type: "payout.failed", eventId, payoutRef: w.payoutRef!, reason: status.reason };
    if ((await settlePayoutEvent(db, brand, payoutGateway.id, event)) === "settled") report.settled++;
  }
  return report;
}
