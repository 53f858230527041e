import crypto from "node:crypto";
import { z } from "zod";
import type { sandboxPayments } from "~/db/schema-money";
import { WebhookRejectedError, type GatewayEvent } from "~/domain/payments/ports";
import { signatureHeader } from "./signature.server";

/**
 * The sandbox's webhooks as bytes: the PayMongo-like event it writes, the signature it puts on
 * it, and the reading of a verified body back into our terms. Its books and its gateway are
 * sandbox.server.ts; the sender is sandbox-delivery.server.ts.
 */

export const SIGNATURE_HEADER = "Paymongo-Signature";
export const PAYOUT_REJECTED_MESSAGE = "The receiving account rejected the transfer";
export const PAYMENT_DECLINED_MESSAGE = "The payment was declined by the customer's bank";
export type SandboxEventType = "checkout_session.payment.paid" | "payment.failed" | "payout.paid" | "payout.failed";

type SandboxRow = typeof sandboxPayments.$inferSelect;

/** PayMongo-like ids: a prefix and 24 random hex characters. */
export const randomId = (prefix: string) => `${prefix}${crypto.randomBytes(12).toString("hex")}`;

const BIGINT_MARK = "\u0000centavos:";

/** JSON with bigint amounts written as plain integers (PayMongo's amounts), never through a JS number. */
function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? `${BIGINT_MARK}${v}` : v));
  return text.replace(/"\\u0000centavos:(-?\d+)"/g, "$1");
}

/**
 * The webhook body, copying PayMongo's event envelope
 * (developers.paymongo.com/docs/developer-tools-webhooks-events):
 *
 *   { "data": { "id": "evt_…", "type": "event", "attributes": {
 *       "type": "checkout_session.payment.paid" | "payment.failed" | "payout.paid" | "payout.failed",
 *       "livemode": false, "created_at": <unix s>, "updated_at": <unix s>,
 *       "data": { "id": "cs_sbx_…" | "po_sbx_…", "type": "checkout_session" | "payout",
 *         "attributes": { "amount": <integer centavos>, "currency": "PHP", "reference_number": "<our id>",
 *           "status": "paid" | "failed",
 *           "payments": [{ "id": "pay_…", "type": "payment", "attributes": { "amount", "currency", "status": "paid" } }],
 *                                                         (checkout_session.payment.paid only)
 *           "failed_message": "…"                         (failed events only) } } } } }
 *
 * One departure from PayMongo: its payment.failed carries the payment resource (pay_…); the
 * sandbox never makes a payment object for a declined checkout, so it names the checkout session.
 */
export function webhookEvent(
  type: SandboxEventType,
  row: Pick<SandboxRow, "id" | "reference" | "amount" | "currency" | "paymentId">,
  opts: { createdAt: Date; failedMessage?: string },
): { eventId: string; body: string } {
  const eventId = randomId("evt_sbx_");
  const created = Math.floor(opts.createdAt.getTime() / 1000);
  const checkout = type === "checkout_session.payment.paid" || type === "payment.failed";
  const paid = type === "checkout_session.payment.paid" || type === "payout.paid";
  const attributes: Record<string, unknown> = {
    amount: row.amount,
    currency: row.currency,
    reference_number: row.reference,
    status: paid ? "paid" : "failed",
  };
  if (type === "checkout_session.payment.paid") {
    attributes.payments = [
      {
        id: row.paymentId,
        type: "payment",
        attributes: { amount: row.amount, currency: row.currency, status: "paid", paid_at: created },
      },
    ];
  }
  if (!paid) attributes.failed_message = opts.failedMessage ?? "";
  const body = toJson({
    data: {
      id: eventId,
      type: "event",
      attributes: {
        type,
        livemode: false,
        created_at: created,
        updated_at: created,
        data: { id: row.id, type: checkout ? "checkout_session" : "payout", attributes },
      },
    },
  });
  return { eventId, body };
}

const amount = z
  .number()
  .refine(Number.isSafeInteger, "must be an integer")
  .refine((n) => n > 0, "must be positive");

const resource = z.object({
  id: z.string().min(1).max(100),
  type: z.string(),
  attributes: z.object({
    amount,
    currency: z.string().min(3).max(3),
    reference_number: z.string().optional(),
    failed_message: z.string().optional(),
    payments: z.array(z.object({ id: z.string().min(1).max(100) })).optional(),
  }),
});

const envelope = z.object({
  data: z.object({
    id: z.string().min(1).max(100),
    type: z.literal("event"),
    attributes: z.object({
      type: z.string().min(1),
      livemode: z.boolean(),
      created_at: z.number().int(),
      data: z.unknown(),
    }),
  }),
});

const malformed = (why: string) => new WebhookRejectedError("malformed", `the webhook body is not a sandbox event: ${why}`);

/** A verified body in our terms. Amounts come in as JSON integers; beyond 2^53 they are refused, not rounded. */
export function readEvent(rawBody: string): GatewayEvent {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw malformed("not JSON");
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) throw malformed(outer.error.issues[0].path.join("."));
  const { id: eventId, attributes: event } = outer.data.data;
  const known: readonly string[] = ["checkout_session.payment.paid", "payment.failed", "payout.paid", "payout.failed"];
  if (!known.includes(event.type)) return { type: "ignored", eventId };
  const inner = resource.safeParse(event.data);
  if (!inner.success) throw malformed(`data.attributes.data.${inner.error.issues[0].path.join(".")}`);
  const { id, attributes } = inner.data;
  const centavos = BigInt(attributes.amount);
  switch (event.type) {
    case "checkout_session.payment.paid": {
      const paymentId = attributes.payments?.[0]?.id;
      if (!paymentId) throw malformed("a paid checkout without a payment");
      return { type: "payment.paid", eventId, gatewayRef: id, paymentId, amount: centavos, currency: attributes.currency };
    }
    case "payment.failed":
      return { type: "payment.failed", eventId, gatewayRef: id, reason: attributes.failed_message || PAYMENT_DECLINED_MESSAGE };
    case "payout.paid":
      return { type: "payout.paid", eventId, payoutRef: id, amount: centavos, currency: attributes.currency };
    default:
      return { type: "payout.failed", eventId, payoutRef: id, reason: attributes.failed_message || PAYOUT_REJECTED_MESSAGE };
  }
}

/** Signs a body as the sandbox sends it: the current timestamp, test mode. */
export function signSandboxWebhook(secret: string, rawBody: string, now: Date): string {
  return signatureHeader(secret, rawBody, Math.floor(now.getTime() / 1000));
}
