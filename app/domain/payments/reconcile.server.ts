import { and, eq, lt, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";
import { paymentOrders } from "~/db/schema";
import { settlePaymentEvent } from "./deposits.server";
import type { PaymentGateway, Payments } from "./ports";
import { reconcileWithdrawals, type ReconcileReport as PayoutReconcileReport } from "./payouts.server";

/** Gateways stop re-sending webhooks after a while: orders this old are asked about instead. */
export const RECONCILE_AFTER_MS = 3 * 60 * 1000;
const BATCH = 200;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  expired: number;
  /** Orders the gateway could not tell us about this time; the next run asks again. */
  errors: number;
}

/**
 * Settles the brand's pending orders with the gateway's own word, the same way as its
 * webhook would (a synthetic event id per order and outcome, so a webhook arriving
 * afterwards is recognised), and expires those past their time the gateway never saw paid.
 */
export async function reconcileDeposits(db: Db, brand: Brand, gateway: PaymentGateway, now: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0, expired: 0, errors: 0 };
  const due = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.merchantCode, brand.merchantCode),
        eq(paymentOrders.gateway, gateway.id),
        eq(paymentOrders.state, "pending"),
        lt(paymentOrders.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(paymentOrders.createdAt)
    .limit(BATCH);
  for (const order of due) {
    report.checked++;
    const expire = async () => {
      if (order.expiresAt.getTime() > now.getTime()) return;
      const moved = await db
        .update(paymentOrders)
        .set({ state: "expired", updatedAt: sql`now()` })
        .where(and(eq(paymentOrders.id, order.id), eq(paymentOrders.state, "pending")))
        .returning({ id: paymentOrders.id });
      report.expired += moved.length;
    };
    // Never handed to a gateway (the process stopped between the insert and the checkout): nothing to ask.
    if (!order.gatewayRef) {
      await expire();
      continue;
    }
    let status;
    try {
      status = await gateway.paymentStatus(brand.merchantCode, order.gatewayRef);
    } catch (err) {
      report.errors++;
      console.warn(`reconcile ${order.publicId}: status look-up failed: ${(err as Error).message}`);
      continue;
    }
    if (status.state === "paid") {
      const outcome = await settlePaymentEvent(db, brand, gateway.id, {
        type: "payment.paid",
        eventId: `reconcile:${order.publicId}:paid`,
        gatewayRef: order.gatewayRef,
        paymentId: status.paymentId,
        amount: status.amount,
        currency: status.currency,
      });
      if (outcome === "settled") report.paid++;
      else if (outcome === "mismatch") report.errors++;
    } else if (status.state === "failed") {
      const outcome = await settlePaymentEvent(db, brand, gateway.id, {
        type: "payment.failed",
        eventId: `reconcile:${order.publicId}:failed`,
        gatewayRef: order.gatewayRef,
        reason: status.reason,
      });
      if (outcome === "settled") report.failed++;
    } else {
      await expire();
    }
  }
  return report;
}

export type LeaseOutcome<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `fn` only while holding the named lease, so one process at a time does the job
 * whatever the number of servers. Taking it is one conditional upsert (free, or its
 * holder's time ran out: a crashed holder blocks the job for at most `ttlMs`).
 */
export async function withJobLease<T>(
  db: Db,
  name: string,
  holder: string,
  ttlMs: number,
  fn: () => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  const taken = await rawRows<{ holder: string }>(
    db,
    sql`insert into job_leases as l (name, holder, until)
        values (${name}, ${holder}, now() + make_interval(secs => ${seconds}))
        on conflict (name) do update set holder = excluded.holder, until = excluded.until
        where l.until <= now()
        returning l.holder`,
  );
  if (taken.length === 0) return { ran: false };
  try {
    return { ran: true, result: await fn() };
  } finally {
    await rawRows(db, sql`delete from job_leases where name = ${name} and holder = ${holder}`);
  }
}

/** How long one reconciliation may hold its brand's lease before another process may take over. */
export const RECONCILE_LEASE_MS = 5 * 60 * 1000;

export type BrandReconcile =
  { brand: Brand; ran: false } | { brand: Brand; ran: true; report: ReconcileReport; payouts: PayoutReconcileReport };

/**
 * Reconciles each brand's deposits and payouts under its own lease: the server's timer and
 * the CLI may run at the same moment, and the brand another process is on is skipped, not run twice.
 */
export async function reconcileBrands(
  db: Db,
  brands: Brand[],
  payments: Pick<Payments, "depositGateway" | "payoutGateway">,
  holder: string,
  now: () => Date = () => new Date(),
): Promise<BrandReconcile[]> {
  const out: BrandReconcile[] = [];
  for (const brand of brands) {
    const gateway = payments.depositGateway(brand.merchantCode);
    const payouts = payments.payoutGateway(brand.merchantCode);
    const run = await withJobLease(db, `reconcile:${brand.merchantCode}`, holder, RECONCILE_LEASE_MS, async () => ({
      report: await reconcileDeposits(db, brand, gateway, now()),
      payouts: await reconcileWithdrawals(db, brand, payouts, now()),
    }));
    out.push(run.ran ? { brand, ran: true, ...run.result } : { brand, ran: false });
  }
  return out;
}
