import type { DepositChannelId, GatewayId, PayoutMethod } from "~/brand/schema";

/**
 * What a payment gateway adapter implements (`app/integrations/payments/`). The domain
 * speaks only these types; an adapter maps them onto its provider's API. Amounts are
 * integer centavos; the currency is always PHP.
 */

export interface CheckoutRequest {
  merchantCode: string;
  /** Our order's public id: the gateway echoes it back as its reference. */
  orderId: string;
  amount: bigint;
  currency: "PHP";
  channel: DepositChannelId;
  /** Shown on the gateway's page, e.g. "Lucky Peso deposit D7K2…". */
  description: string;
  /** Where the gateway sends the player back (the order's return page, on the brand's own origin). */
  returnUrl: string;
  /** Where the player goes on cancel. */
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The gateway's checkout id: stored on the order and used for status look-ups. */
  gatewayRef: string;
  /** Where the player's browser goes next. */
  checkoutUrl: string;
}

export type PaymentStatus =
  | { state: "pending" }
  | { state: "paid"; paymentId: string; amount: bigint; currency: string }
  | { state: "failed"; reason: string }
  | { state: "expired" };

export interface PayoutDestination {
  method: PayoutMethod;
  accountNumber: string;
  holderName: string;
  bank: string | null;
}

export interface PayoutRequest {
  merchantCode: string;
  /** Our withdrawal's public id. */
  withdrawalId: string;
  /** The same key always names the same payout: a retried request never pays twice. */
  idempotencyKey: string;
  amount: bigint;
  currency: "PHP";
  destination: PayoutDestination;
}

export type PayoutStatus = { state: "pending" } | { state: "paid" } | { state: "failed"; reason: string };

/** A verified webhook, in our terms. */
export type GatewayEvent =
  | { type: "payment.paid"; eventId: string; gatewayRef: string; paymentId: string; amount: bigint; currency: string }
  | { type: "payment.failed"; eventId: string; gatewayRef: string; reason: string }
  | { type: "payout.paid"; eventId: string; payoutRef: string; amount: bigint; currency: string }
  | { type: "payout.failed"; eventId: string; payoutRef: string; reason: string }
  /** Verified, but nothing we act on (another event type): acknowledged and ignored. */
  | { type: "ignored"; eventId: string };

export interface WebhookInput {
  /** Header look-up, case-insensitive. */
  header(name: string): string | null;
  /** Exactly the bytes received: signatures are computed over them. */
  rawBody: string;
  now: Date;
}

/** The webhook is not from the gateway, or too old, or not understood. Nothing was changed. */
export class WebhookRejectedError extends Error {
  constructor(
    readonly reason: "signature" | "timestamp" | "malformed",
    message: string,
  ) {
    super(message);
  }
}

/** The gateway could not be reached or refused the request; the caller may retry later. */
export class GatewayUnavailableError extends Error {}

export interface PaymentGateway {
  readonly id: GatewayId;
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  paymentStatus(merchantCode: string, gatewayRef: string): Promise<PaymentStatus>;
  /** Verifies signature and timestamp window, then reads the event. Throws WebhookRejectedError. */
  parseWebhook(merchantCode: string, input: WebhookInput): GatewayEvent;
}

export interface PayoutGateway {
  readonly id: GatewayId;
  /** Accepts the payout (idempotent on the key) and answers its id; the outcome comes by webhook or status look-up. */
  createPayout(req: PayoutRequest): Promise<{ payoutRef: string }>;
  payoutStatus(merchantCode: string, payoutRef: string): Promise<PayoutStatus>;
}

/** The gateways of every brand, chosen once in services.server.ts. */
export interface Payments {
  /** The gateway that takes this brand's deposits (its brand file's depositGateway). */
  depositGateway(merchantCode: string): PaymentGateway;
  payoutGateway(merchantCode: string): PayoutGateway;
  /** The adapter a webhook path names, if this brand uses it. */
  gatewayFor(merchantCode: string, id: string): (PaymentGateway & Partial<PayoutGateway>) | null;
}
