import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { sandboxPayments, sandboxWebhooks } from "~/db/schema-money";
import {
  GatewayUnavailableError,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentStatus,
  type PayoutGateway,
  type PayoutRequest,
  type PayoutStatus,
  type WebhookInput,
} from "~/domain/payments/ports";
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYOUT_REJECTED_MESSAGE,
  randomId,
  readEvent,
  SIGNATURE_HEADER,
  webhookEvent,
  type SandboxEventType,
} from "./sandbox-events.server";
import { verifySignatureHeader } from "./signature.server";

/**
 * The sandbox gateway: a stand-in for an outside payment provider (PayMongo), served by our
 * own server. It keeps its own books (sandbox_payments, sandbox_webhooks), knows nothing of
 * our orders or ledger, and talks to us only through the port and signed webhooks over HTTP.
 *
 * Rules support staff and tests rely on:
 * - a checkout left open for 60 minutes expires;
 * - a payout settles by itself a few seconds after it is accepted (sandbox-delivery.server.ts),
 *   paid unless the destination account number ends in "0000", which fails with
 *   PAYOUT_REJECTED_MESSAGE.
 */

export const CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type SandboxRow = typeof sandboxPayments.$inferSelect;

/** Owes the merchant this event: the delivery worker sends it (sandbox-delivery.server.ts). */
async function queueWebhook(
  tx: Db | Tx,
  merchantCode: string,
  type: SandboxEventType,
  row: SandboxRow,
  now: Date,
  failedMessage?: string,
): Promise<void> {
  const { eventId, body } = webhookEvent(type, row, { createdAt: now, failedMessage });
  await tx.insert(sandboxWebhooks).values({ merchantCode, eventId, body, nextAttemptAt: now, createdAt: now });
}

export async function findSandboxCheckout(db: Db, id: string): Promise<SandboxRow | null> {
  const [row] = await db
    .select()
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, "checkout")));
  return row ?? null;
}

/** Open and not past its lifetime: the only checkout the customer may still pay or decline. */
export function checkoutIsOpen(row: Pick<SandboxRow, "state" | "createdAt">, now: Date): boolean {
  return row.state === "open" && now.getTime() - row.createdAt.getTime() < CHECKOUT_LIFETIME_MS;
}

export type CheckoutOutcome = { done: true; row: SandboxRow } | { done: false; reason: "unknown" | "closed" };

/**
 * The customer paid or declined on the checkout page. Only an open checkout moves (a
 * conditional update, so two clicks or two tabs settle it once) and its webhook is queued
 * in the same transaction.
 */
export async function completeSandboxCheckout(
  db: Db,
  id: string,
  outcome: "pay" | "fail",
  now = new Date(),
): Promise<CheckoutOutcome> {
  const openSince = new Date(now.getTime() - CHECKOUT_LIFETIME_MS);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sandboxPayments)
      .set(
        outcome === "pay"
          ? { state: "paid", paymentId: randomId("pay_sbx_"), updatedAt: now }
          : { state: "failed", updatedAt: now },
      )
      .where(
        and(
          eq(sandboxPayments.id, id),
          eq(sandboxPayments.kind, "checkout"),
          eq(sandboxPayments.state, "open"),
          gt(sandboxPayments.createdAt, openSince),
        ),
      )
      .returning();
    if (!updated) return null;
    if (outcome === "pay") await queueWebhook(tx, updated.merchantCode, "checkout_session.payment.paid", updated, now);
    else await queueWebhook(tx, updated.merchantCode, "payment.failed", updated, now, PAYMENT_DECLINED_MESSAGE);
    return updated;
  });
  if (row) return { done: true, row };
  return { done: false, reason: (await findSandboxCheckout(db, id)) ? "closed" : "unknown" };
}

/** The documented rule that lets support and tests make a payout fail. */
export const payoutIsRejected = (accountNumber: string) => accountNumber.endsWith("0000");

/**
 * Settles the payouts accepted at least `delayMs` ago: paid, or failed by the rule above.
 * A conditional update per payout, so two workers settle each once; the webhook is queued
 * in the same transaction. Answers how many it settled.
 */
export async function settleDuePayouts(db: Db, now: Date, delayMs: number): Promise<number> {
  const before = new Date(now.getTime() - delayMs);
  const due = await db
    .select({ id: sandboxPayments.id, details: sandboxPayments.details })
    .from(sandboxPayments)
    .where(and(eq(sandboxPayments.kind, "payout"), eq(sandboxPayments.state, "pending"), lte(sandboxPayments.createdAt, before)))
    .limit(100);
  let settled = 0;
  for (const payout of due) {
    const rejected = payoutIsRejected(payout.details.accountNumber ?? "");
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(sandboxPayments)
        .set({
          state: rejected ? "failed" : "paid",
          updatedAt: now,
          ...(rejected ? { details: { ...payout.details, failedMessage: PAYOUT_REJECTED_MESSAGE } } : {}),
        })
        .where(and(eq(sandboxPayments.id, payout.id), eq(sandboxPayments.state, "pending")))
        .returning();
      if (!row) return false;
      if (rejected) await queueWebhook(tx, row.merchantCode, "payout.failed", row, now, PAYOUT_REJECTED_MESSAGE);
      else await queueWebhook(tx, row.merchantCode, "payout.paid", row, now);
      return true;
    });
    if (done) settled++;
  }
  return settled;
}

export interface SandboxGateway extends PaymentGateway, PayoutGateway {
  readonly id: "sandbox";
}

export function createSandboxGateway(deps: {
  db: Db;
  /** The webhook signing secret this merchant shares with the sandbox. */
  secretFor(merchantCode: string): string;
  now?: () => Date;
}): SandboxGateway {
  const { db, secretFor } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownRow(merchantCode: string, id: string, kind: "checkout" | "payout"): Promise<SandboxRow> {
    const [row] = await db
      .select()
      .from(sandboxPayments)
      .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.kind, kind), eq(sandboxPayments.merchantCode, merchantCode)));
    // A real provider answers 404 for another merchant's resource: the caller keeps its own state and retries later.
    if (!row) throw new GatewayUnavailableError(`the sandbox knows no ${kind} ${id} for merchant ${merchantCode}`);
    return row;
  }

  return {
    id: "sandbox",

    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      let origin: string;
      try {
        const url = new URL(req.returnUrl);
        new URL(req.cancelUrl);
        if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
        origin = url.origin;
      } catch {
        throw new GatewayUnavailableError("the sandbox refuses a checkout without absolute http(s) return and cancel URLs");
      }
      if (req.amount <= 0n) throw new GatewayUnavailableError("the sandbox refuses a checkout of no amount");
      const id = randomId("cs_sbx_");
      const at = now();
      await db.insert(sandboxPayments).values({
        id,
        merchantCode: req.merchantCode,
        kind: "checkout",
        reference: req.orderId,
        amount: req.amount,
        currency: req.currency,
        state: "open",
        details: { returnUrl: req.returnUrl, cancelUrl: req.cancelUrl, channel: req.channel, description: req.description },
        createdAt: at,
        updatedAt: at,
      });
      return { gatewayRef: id, checkoutUrl: `${origin}/sandbox-gateway/checkout/${id}` };
    },

    async paymentStatus(merchantCode: string, gatewayRef: string): Promise<PaymentStatus> {
      let row = await ownRow(merchantCode, gatewayRef, "checkout");
      const at = now();
      if (row.state === "open" && !checkoutIsOpen(row, at)) {
        // Closed for good, so a late click on the page cannot pay an order we were told expired.
        const [expired] = await db
          .update(sandboxPayments)
          .set({ state: "expired", updatedAt: at })
          .where(and(eq(sandboxPayments.id, row.id), eq(sandboxPayments.state, "open")))
          .returning();
        row = expired ?? (await ownRow(merchantCode, gatewayRef, "checkout"));
      }
      switch (row.state) {
        case "paid":
          return { state: "paid", paymentId: row.paymentId ?? "", amount: row.amount, currency: row.currency };
        case "failed":
          return { state: "failed", reason: PAYMENT_DECLINED_MESSAGE };
        case "expired":
          return { state: "expired" };
        default:
          return { state: "pending" };
      }
    },

    parseWebhook(merchantCode: string, input: WebhookInput): GatewayEvent {
      verifySignatureHeader(secretFor(merchantCode), input.header(SIGNATURE_HEADER), input.rawBody, input.now);
      return readEvent(input.rawBody);
    },

    async createPayout(req: PayoutRequest): Promise<{ payoutRef: string }> {
      if (req.amount <= 0n) throw new GatewayUnavailableError("the sandbox refuses a payout of no amount");
      const at = now();
      const details: Record<string, string> = {
        method: req.destination.method,
        accountNumber: req.destination.accountNumber,
        holderName: req.destination.holderName,
        ...(req.destination.bank ? { bank: req.destination.bank } : {}),
      };
      // The unique (merchant, key) index decides between two concurrent requests with one key.
      await db
        .insert(sandboxPayments)
        .values({
          id: randomId("po_sbx_"),
          merchantCode: req.merchantCode,
          kind: "payout",
          reference: req.withdrawalId,
          idempotencyKey: req.idempotencyKey,
          amount: req.amount,
          currency: req.currency,
          state: "pending",
          details,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoNothing({
          target: [sandboxPayments.merchantCode, sandboxPayments.idempotencyKey],
          where: sql`${sandboxPayments.idempotencyKey} is not null`,
        });
      const [row] = await db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.merchantCode, req.merchantCode), eq(sandboxPayments.idempotencyKey, req.idempotencyKey)));
      if (!row || row.kind !== "payout") throw new GatewayUnavailableError("the sandbox lost the payout it just accepted");
      if (row.amount !== req.amount || row.reference !== req.withdrawalId) {
        throw new GatewayUnavailableError(`idempotency key ${req.idempotencyKey} was used for another payout`);
      }
      return { payoutRef: row.id };
    },

    async payoutStatus(merchantCode: string, payoutRef: string): Promise<PayoutStatus> {
      const row = await ownRow(merchantCode, payoutRef, "payout");
      if (row.state === "paid") return { state: "paid" };
      if (row.state === "failed") return { state: "failed", reason: row.details.failedMessage ?? PAYOUT_REJECTED_MESSAGE };
      return { state: "pending" };
    },
  };
}
