import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for PayMongo's Checkout API on 127.0.0.1, so the adapter is tested without the
 * internet: `POST /v1/checkout_sessions` and `GET /v1/checkout_sessions/{id}` with HTTP Basic
 * auth (the secret key as user), PayMongo's `{errors: [{code, detail, source}]}` answers, and
 * webhooks signed as PayMongo documents them (`Paymongo-Signature: t=…,te=…,li=…`, the digest
 * HMAC-SHA256(webhook secret, t + "." + raw body)). The signing is written out here, apart
 * from the app's own, so a mistake in one is not hidden by the same mistake in the other.
 * Amounts are integer centavos, as PayMongo's are.
 */

// The payment_method_types PayMongo's Checkout API documents.
const KNOWN_METHOD_TYPES = new Set([
  "billease",
  "card",
  "dob",
  "dob_ubp",
  "brankas_bdo",
  "brankas_landbank",
  "brankas_metrobank",
  "gcash",
  "grab_pay",
  "paymaya",
  "qrph",
  "shopee_pay",
]);
// PayMongo's smallest accepted amount (PHP 20.00).
const MIN_AMOUNT = 2000;

export interface StandInPayment {
  id: string;
  type: "payment";
  attributes: {
    amount: number;
    currency: string;
    status: "paid" | "failed";
    livemode: boolean;
    payment_intent_id: string;
    failed_code: string | null;
    failed_message: string | null;
    paid_at: number | null;
    created_at: number;
  };
}

export interface StandInSession {
  id: string;
  type: "checkout_session";
  attributes: {
    checkout_url: string;
    description: string | null;
    line_items: { amount: number; currency: string; name: string; quantity: number }[];
    livemode: boolean;
    payment_method_types: string[];
    payments: StandInPayment[];
    payment_intent: { id: string; type: "payment_intent" };
    reference_number: string | null;
    send_email_receipt: boolean;
    show_description: boolean;
    show_line_items: boolean;
    status: "active" | "expired";
    success_url: string | null;
    cancel_url: string | null;
    created_at: number;
    updated_at: number;
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export interface SignOptions {
  /** Unix seconds written in `t=` (now by default). */
  timestamp?: number;
  /** Which digests to fill: the event's own mode by default; "te" on a live event is the forgery to refuse. */
  as?: "te" | "li";
  /** Sign with another secret. */
  secret?: string;
}

export interface SignedWebhook {
  rawBody: string;
  signature: string;
  eventId: string;
}

export interface PaymongoStandIn {
  /** What to pass as apiBase. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  requests: RecordedRequest[];
  /** The whole session total (or `amount`) paid by one payment; returns the payment id. */
  markPaid(sessionId: string, opts?: { amount?: number }): string;
  /** A declined payment attempt; the session stays active, as PayMongo's does. */
  markFailed(sessionId: string, opts?: { code?: string; message?: string }): string;
  markExpired(sessionId: string): void;
  /** Hold every answer this long (0 = answer at once), to exercise the adapter's timeout. */
  setDelay(ms: number): void;
  /** A PayMongo event envelope around the session's current state (or any resource), signed. */
  webhook(type: string, resource: string | object, opts?: SignOptions & { livemode?: boolean }): SignedWebhook;
  /** POSTs a signed webhook to `url` as PayMongo does; answers the receiver's status. */
  deliver(url: string, webhook: SignedWebhook): Promise<number>;
  close(): Promise<void>;
}

const nowS = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

interface PaymongoError {
  code: string;
  detail: string;
  source?: { pointer: string; attribute: string };
}

function invalid(pointer: string, detail: string): PaymongoError {
  const attribute = pointer.split(".").pop() ?? pointer;
  return { code: "parameter_invalid", detail, source: { pointer, attribute } };
}

function validateCreate(body: unknown): PaymongoError[] {
  const attrs = (body as { data?: { attributes?: unknown } } | null)?.data?.attributes;
  if (typeof attrs !== "object" || attrs === null) return [invalid("data.attributes", "data.attributes is required.")];
  const a = attrs as Record<string, unknown>;
  const errors: PaymongoError[] = [];
  if (!Array.isArray(a.line_items) || a.line_items.length === 0) {
    errors.push({
      code: "parameter_required",
      detail: "line_items is required.",
      source: { pointer: "line_items", attribute: "line_items" },
    });
  } else {
    a.line_items.forEach((item: unknown, i) => {
      const it = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
      const at = `line_items[${i}]`;
      if (it.amount === undefined) errors.push({ code: "parameter_required", detail: `${at}.amount is required.` });
      else if (typeof it.amount !== "number" || !Number.isSafeInteger(it.amount))
        errors.push(invalid(`${at}.amount`, `${at}.amount must be an integer.`));
      else if (it.amount < MIN_AMOUNT) errors.push(invalid(`${at}.amount`, `${at}.amount must be at least ${MIN_AMOUNT}.`));
      if (it.currency !== "PHP") errors.push(invalid(`${at}.currency`, `${at}.currency must be PHP.`));
      if (typeof it.name !== "string" || it.name.length === 0) errors.push(invalid(`${at}.name`, `${at}.name is required.`));
      if (typeof it.quantity !== "number" || !Number.isSafeInteger(it.quantity) || it.quantity < 1)
        errors.push(invalid(`${at}.quantity`, `${at}.quantity must be a positive integer.`));
    });
  }
  if (!Array.isArray(a.payment_method_types) || a.payment_method_types.length === 0) {
    errors.push({ code: "parameter_required", detail: "payment_method_types is required." });
  } else {
    for (const t of a.payment_method_types) {
      if (typeof t !== "string" || !KNOWN_METHOD_TYPES.has(t))
        errors.push(
          invalid("payment_method_types", `payment_method_types ${JSON.stringify(t)} is not a valid payment method type.`),
        );
    }
  }
  for (const key of ["success_url", "cancel_url"]) {
    const v = a[key];
    if (v !== undefined && (typeof v !== "string" || !URL.canParse(v))) errors.push(invalid(key, `${key} must be a valid URL.`));
  }
  return errors;
}

export async function startPaymongoStandIn(opts: { secretKey?: string; webhookSecret?: string } = {}): Promise<PaymongoStandIn> {
  const secretKey = opts.secretKey ?? `sk_test_${crypto.randomBytes(12).toString("hex")}`;
  const webhookSecret = opts.webhookSecret ?? `whsk_${crypto.randomBytes(12).toString("hex")}`;
  const sessions = new Map<string, StandInSession>();
  const requests: RecordedRequest[] = [];
  let delayMs = 0;
  let url = "";

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };

  const authorized = (header: string | undefined): { ok: true } | { ok: false; given: string } => {
    const m = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? "");
    if (!m) return { ok: false, given: "" };
    const decoded = Buffer.from(m[1]!, "base64").toString("utf8");
    const i = decoded.indexOf(":");
    const user = i < 0 ? decoded : decoded.slice(0, i);
    return user === secretKey ? { ok: true } : { ok: false, given: user };
  };

  const handle = (req: http.IncomingMessage, res: http.ServerResponse, raw: string) => {
    const path = new URL(req.url ?? "/", "http://stand-in").pathname;
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = undefined;
    }
    requests.push({ method: req.method ?? "", path, authorization: req.headers.authorization ?? null, body });

    const auth = authorized(req.headers.authorization);
    if (!auth.ok) {
      // PayMongo names the key it was given; the adapter must keep it out of its own messages.
      const detail = auth.given ? `API key ${auth.given} is invalid.` : "API key is required.";
      return send(res, 401, { errors: [{ code: "api_key_invalid", detail }] });
    }

    if (req.method === "POST" && path === "/v1/checkout_sessions") {
      if (body === undefined)
        return send(res, 400, { errors: [{ code: "parameter_invalid", detail: "The request body is not valid JSON." }] });
      const errors = validateCreate(body);
      if (errors.length > 0) return send(res, 400, { errors });
      const a = (body as { data: { attributes: Record<string, unknown> } }).data.attributes;
      const id = newId("cs");
      const t = nowS();
      const session: StandInSession = {
        id,
        type: "checkout_session",
        attributes: {
          checkout_url: `${url}/checkout/${id}`,
          description: typeof a.description === "string" ? a.description : null,
          line_items: a.line_items as StandInSession["attributes"]["line_items"],
          livemode: secretKey.startsWith("sk_live_"),
          payment_method_types: a.payment_method_types as string[],
          payments: [],
          payment_intent: { id: newId("pi"), type: "payment_intent" },
          reference_number: typeof a.reference_number === "string" ? a.reference_number : null,
          send_email_receipt: a.send_email_receipt === true,
          show_description: a.show_description === true,
          show_line_items: a.show_line_items === true,
          status: "active",
          success_url: typeof a.success_url === "string" ? a.success_url : null,
          cancel_url: typeof a.cancel_url === "string" ? a.cancel_url : null,
          created_at: t,
          updated_at: t,
        },
      };
      sessions.set(id, session);
      return send(res, 200, { data: session });
    }

    const m = /^\/v1\/checkout_sessions\/([^/]+)$/.exec(path);
    if (req.method === "GET" && m) {
      const session = sessions.get(decodeURIComponent(m[1]!));
      if (!session)
        return send(res, 404, {
          errors: [{ code: "resource_not_found", detail: `No such checkout_session with id ${decodeURIComponent(m[1]!)}.` }],
        });
      return send(res, 200, { data: session });
    }
    return send(res, 404, { errors: [{ code: "route_not_found", detail: `${req.method} ${path} does not exist.` }] });
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      if (delayMs > 0)
        setTimeout(() => {
          if (!res.destroyed) handle(req, res, raw);
        }, delayMs);
      else handle(req, res, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sessionOf = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`the stand-in has no checkout session ${id}`);
    return s;
  };

  const addPayment = (
    s: StandInSession,
    status: "paid" | "failed",
    amount: number,
    failed?: { code: string; message: string },
  ) => {
    const t = nowS();
    const payment: StandInPayment = {
      id: newId("pay"),
      type: "payment",
      attributes: {
        amount,
        currency: "PHP",
        status,
        livemode: s.attributes.livemode,
        payment_intent_id: s.attributes.payment_intent.id,
        failed_code: failed?.code ?? null,
        failed_message: failed?.message ?? null,
        paid_at: status === "paid" ? t : null,
        created_at: t,
      },
    };
    s.attributes.payments.push(payment);
    s.attributes.updated_at = t;
    return payment.id;
  };

  const total = (s: StandInSession) => s.attributes.line_items.reduce((sum, li) => sum + li.amount * li.quantity, 0);

  const digest = (secret: string, t: number, raw: string) =>
    crypto.createHmac("sha256", secret).update(`${t}.${raw}`).digest("hex");

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    requests,
    markPaid(sessionId, o = {}) {
      const s = sessionOf(sessionId);
      return addPayment(s, "paid", o.amount ?? total(s));
    },
    markFailed(sessionId, o = {}) {
      const s = sessionOf(sessionId);
      return addPayment(s, "failed", total(s), {
        code: o.code ?? "insufficient_funds",
        message: o.message ?? "The payment failed because the account has insufficient funds.",
      });
    },
    markExpired(sessionId) {
      const s = sessionOf(sessionId);
      s.attributes.status = "expired";
      s.attributes.updated_at = nowS();
    },
    setDelay(ms) {
      delayMs = ms;
    },
    webhook(type, resource, o = {}) {
      const data = typeof resource === "string" ? sessionOf(resource) : resource;
      const livemode = o.livemode ?? (typeof resource === "string" ? sessionOf(resource).attributes.livemode : false);
      const eventId = newId("evt");
      const t = nowS();
      const rawBody = JSON.stringify({
        data: {
          id: eventId,
          type: "event",
          attributes: { type, livemode, data, previous_data: {}, pending_webhooks: 1, created_at: t, updated_at: t },
        },
      });
      const ts = o.timestamp ?? t;
      const d = digest(o.secret ?? webhookSecret, ts, rawBody);
      const as = o.as ?? (livemode ? "li" : "te");
      return { rawBody, eventId, signature: `t=${ts},te=${as === "te" ? d : ""},li=${as === "li" ? d : ""}` };
    },
    async deliver(target, w) {
      const res = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json", "Paymongo-Signature": w.signature },
        body: w.rawBody,
      });
      await res.arrayBuffer();
      return res.status;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
