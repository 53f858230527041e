import type { DepositChannelId } from "~/brand/schema";
import {
  GatewayUnavailableError,
  WebhookRejectedError,
  type CheckoutRequest,
  type CheckoutSession,
  type GatewayEvent,
  type PaymentGateway,
  type PaymentStatus,
  type WebhookInput,
} from "~/domain/payments/ports";
import { verifySignatureHeader } from "./signature.server";

/**
 * Deposits through PayMongo's Checkout API (checkout sessions, their status, the
 * `Paymongo-Signature` webhook). Everything PayMongo answers or sends is untrusted input:
 * an answer we cannot read is a GatewayUnavailableError, a webhook we cannot read a
 * WebhookRejectedError. Amounts are integer centavos on both sides; they cross from bigint
 * to a JSON number only here, and only when they fit exactly.
 */

export interface PaymongoOptions {
  secretKey: string;
  webhookSecret: string;
  apiBase?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

// PayMongo's payment_method_types; over-the-counter has no PayMongo checkout method (the brand schema refuses it).
const METHOD_TYPES: Record<Exclude<DepositChannelId, "otc">, string[]> = {
  gcash: ["gcash"],
  maya: ["paymaya"],
  qrph: ["qrph"],
  online_banking: ["dob"],
};

// PayMongo's error details are short; a cap keeps a hostile or broken answer out of our logs.
const MAX_DETAIL_CHARS = 300;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.length > 0;

function toWire(amount: bigint): number {
  if (amount <= 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount ${amount} cannot be sent`);
  return Number(amount);
}

/** A JSON amount back to centavos: a positive safe integer or nothing (1e30 or 12.5 never becomes money). */
function fromWire(v: unknown): bigint | null {
  return typeof v === "number" && Number.isSafeInteger(v) && v > 0 ? BigInt(v) : null;
}

export function createPaymongoGateway(opts: PaymongoOptions): PaymentGateway {
  const apiBase = (opts.apiBase ?? "https://api.paymongo.com").replace(/\/+$/, "");
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const authorization = `Basic ${Buffer.from(`${opts.secretKey}:`).toString("base64")}`;

  // Whatever we put in an error message passes through here, so the key never reaches a log.
  const scrub = (text: string) => (opts.secretKey ? text.split(opts.secretKey).join("[secret key]") : text);
  const unavailable = (text: string) => new GatewayUnavailableError(scrub(text));

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Json> {
    const what = `PayMongo ${method} ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${apiBase}${path}`, {
        method,
        headers: {
          authorization,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      if (e instanceof Error && (e.name === "TimeoutError" || e.name === "AbortError"))
        throw unavailable(`${what}: no answer within ${timeoutMs} ms`);
      throw unavailable(`${what}: ${e instanceof Error ? e.message : "request failed"}`);
    }
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    if (!res.ok) throw unavailable(`${what} answered ${res.status}: ${errorDetail(parsed) ?? "no error detail"}`);
    if (!isObject(parsed) || !isObject(parsed.data)) throw unavailable(`${what} answered ${res.status} without a data object`);
    return parsed.data;
  }

  return {
    id: "paymongo",

    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      const types = req.channel === "otc" ? null : METHOD_TYPES[req.channel];
      if (!types) throw new GatewayUnavailableError(`PayMongo has no checkout method for the ${req.channel} channel`);
      const data = await call("POST", "/v1/checkout_sessions", {
        data: {
          attributes: {
            line_items: [{ amount: toWire(req.amount), currency: req.currency, name: req.description, quantity: 1 }],
            payment_method_types: types,
            reference_number: req.orderId,
            description: req.description,
            success_url: req.returnUrl,
            cancel_url: req.cancelUrl,
            send_email_receipt: false,
            show_description: true,
            show_line_items: false,
          },
        },
      });
      const checkoutUrl = isObject(data.attributes) ? data.attributes.checkout_url : undefined;
      if (!nonEmpty(data.id) || !nonEmpty(checkoutUrl) || !/^https?:\/\//.test(checkoutUrl))
        throw new GatewayUnavailableError("PayMongo created a checkout session without an id or checkout_url");
      return { gatewayRef: data.id, checkoutUrl };
    },

    async paymentStatus(_merchantCode: string, gatewayRef: string): Promise<PaymentStatus> {
      const data = await call("GET", `/v1/checkout_sessions/${encodeURIComponent(gatewayRef)}`);
      if (data.id !== gatewayRef || !isObject(data.attributes))
        throw new GatewayUnavailableError("PayMongo answered with another or an unreadable checkout session");
      const payments = Array.isArray(data.attributes.payments) ? data.attributes.payments : [];
      const paid = payments.map(readPayment).find((p) => p?.status === "paid");
      if (paid) {
        if (!paid.amount || !paid.currency)
          throw new GatewayUnavailableError(`PayMongo reported payment ${paid.id} paid without a readable amount`);
        return { state: "paid", paymentId: paid.id, amount: paid.amount, currency: paid.currency };
      }
      if (data.attributes.status === "expired") return { state: "expired" };
      const failed = payments.map(readPayment).find((p) => p?.status === "failed");
      if (failed) return { state: "failed", reason: failed.reason };
      return { state: "pending" };
    },

    parseWebhook(_merchantCode: string, input: WebhookInput): GatewayEvent {
      const event = readEvent(input.rawBody);
      // The mode comes from the (not yet verified) body, but it only picks which digest must match: a live
      // event is checked against `li`, so one signed only in `te` fails like any forgery.
      verifySignatureHeader(opts.webhookSecret, input.header("Paymongo-Signature"), input.rawBody, input.now, event.livemode);
      return mapEvent(event);
    },
  };
}

function errorDetail(body: unknown): string | null {
  if (!isObject(body) || !Array.isArray(body.errors)) return null;
  const first: unknown = body.errors[0];
  if (!isObject(first)) return null;
  const detail = nonEmpty(first.detail) ? first.detail : nonEmpty(first.code) ? first.code : null;
  return detail ? detail.replace(/[\r\n]+/g, " ").slice(0, MAX_DETAIL_CHARS) : null;
}

interface Payment {
  id: string;
  status: unknown;
  amount: bigint | null;
  currency: string | null;
  reason: string;
}

function readPayment(p: unknown): Payment | null {
  if (!isObject(p) || !nonEmpty(p.id) || !isObject(p.attributes)) return null;
  const a = p.attributes;
  const reason = [a.failed_code, a.failed_message].filter(nonEmpty).join(": ") || "payment failed";
  return {
    id: p.id,
    status: a.status,
    amount: fromWire(a.amount),
    currency: nonEmpty(a.currency) ? a.currency : null,
    reason: reason.slice(0, MAX_DETAIL_CHARS),
  };
}

interface PaymongoEvent {
  id: string;
  type: string;
  livemode: boolean;
  resource: Json;
}

function malformed(message: string): WebhookRejectedError {
  return new WebhookRejectedError("malformed", message);
}

/** PayMongo's event envelope: `{data: {id: "evt_…", type: "event", attributes: {type, livemode, data}}}`. */
function readEvent(rawBody: string): PaymongoEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw malformed("the body is not JSON");
  }
  const data = isObject(body) ? body.data : null;
  if (!isObject(data) || !nonEmpty(data.id) || data.type !== "event" || !isObject(data.attributes))
    throw malformed("not a PayMongo event");
  const { type, livemode, data: resource } = data.attributes;
  if (!nonEmpty(type) || typeof livemode !== "boolean" || !isObject(resource))
    throw malformed("the event lacks type, livemode or data");
  return { id: data.id, type, livemode, resource };
}

function mapEvent(e: PaymongoEvent): GatewayEvent {
  switch (e.type) {
    case "checkout_session.payment.paid": {
      const session = e.resource;
      if (session.type !== "checkout_session" || !nonEmpty(session.id) || !isObject(session.attributes))
        throw malformed("checkout_session.payment.paid without a checkout session");
      const payments = Array.isArray(session.attributes.payments) ? session.attributes.payments : [];
      const paid = payments.map(readPayment).find((p) => p?.status === "paid");
      if (!paid || !paid.amount || !paid.currency)
        throw malformed("checkout_session.payment.paid without a readable paid payment");
      return {
        type: "payment.paid",
        eventId: e.id,
        gatewayRef: session.id,
        paymentId: paid.id,
        amount: paid.amount,
        currency: paid.currency,
      };
    }
    case "payment.failed": {
      // PayMongo documents a Payment here, which names no checkout session: such a failure is left to the
      // status look-up (the player may still pay by another method in the same session). Only an event
      // that names the session can fail the order.
      const session = e.resource;
      if (session.type !== "checkout_session" || !nonEmpty(session.id)) return { type: "ignored", eventId: e.id };
      const payments =
        isObject(session.attributes) && Array.isArray(session.attributes.payments) ? session.attributes.payments : [];
      const failed = payments.map(readPayment).find((p) => p?.status === "failed");
      return { type: "payment.failed", eventId: e.id, gatewayRef: session.id, reason: failed?.reason ?? "payment failed" };
    }
    default:
      return { type: "ignored", eventId: e.id };
  }
}
