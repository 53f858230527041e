import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Brand, GatewayId, PayoutMethod } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { paymentEvents, withdrawals } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { postTransfer } from "~/domain/wallet/ledger.server";
import type { GatewayEvent, PayoutGateway } from "./ports";
import {
  getWithdrawal,
  lockWithdrawal,
  refuseReview,
  releaseHold,
  type ReviewOutcome,
  type Withdrawal,
} from "./withdrawals.server";

/**
 * The payout side of a withdrawal: support's approval sends it to the payout gateway (the key
 * `payout:<id>` makes any repeat name the same payout), the gateway's answer settles it
 * (paid: the hold goes to clearing; failed: back to the player), and reconciliation catches
 * up what a lost request or webhook left behind.
 */

export type PayoutEvent = Extract<GatewayEvent, { type: "payout.paid" | "payout.failed" }>;

/** A payout with a payout id this old and no answer is looked up at the gateway. */
export const PAYOUT_STATUS_AFTER_MS = 3 * 60 * 1000;

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
