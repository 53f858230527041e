import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startPaymongoStandIn, type PaymongoStandIn, type SignedWebhook } from "../../../tests/setup/paymongo-stand-in";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import {
  GatewayUnavailableError,
  WebhookRejectedError,
  type CheckoutRequest,
  type GatewayEvent,
  type PaymentGateway,
} from "~/domain/payments/ports";
import { parseEnv } from "~/utils/env.server";
import { createPayments, PaymentsConfigurationError } from "./index.server";
import { createPaymongoGateway } from "./paymongo.server";

let standIn: PaymongoStandIn;
let gateway: PaymentGateway;

beforeAll(async () => {
  standIn = await startPaymongoStandIn();
  gateway = createPaymongoGateway({ secretKey: standIn.secretKey, webhookSecret: standIn.webhookSecret, apiBase: standIn.url });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.setDelay(0);
  standIn.requests.length = 0;
});

const order = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  merchantCode: "LP",
  orderId: "D7K2QX",
  amount: 1_234_56n,
  currency: "PHP",
  channel: "gcash",
  description: "Lucky Peso deposit D7K2QX",
  returnUrl: "https://luckypeso.localhost/m/deposit/D7K2QX",
  cancelUrl: "https://luckypeso.localhost/m/voucherCenter",
  ...over,
});

async function failure(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a failure");
}

describe("PayMongo checkout sessions", () => {
  it("creates a session as PayMongo documents it and follows it from pending to paid", async () => {
    const session = await gateway.createCheckout(order());
    expect(session.gatewayRef).toMatch(/^cs_/);
    expect(session.checkoutUrl).toBe(`${standIn.url}/checkout/${session.gatewayRef}`);

    const sent = standIn.requests.find((r) => r.method === "POST");
    expect(sent?.authorization).toBe(`Basic ${Buffer.from(`${standIn.secretKey}:`).toString("base64")}`);
    expect(sent?.body).toEqual({
      data: {
        attributes: {
          line_items: [{ amount: 123456, currency: "PHP", name: "Lucky Peso deposit D7K2QX", quantity: 1 }],
          payment_method_types: ["gcash"],
          reference_number: "D7K2QX",
          description: "Lucky Peso deposit D7K2QX",
          success_url: "https://luckypeso.localhost/m/deposit/D7K2QX",
          cancel_url: "https://luckypeso.localhost/m/voucherCenter",
          send_email_receipt: false,
          show_description: true,
          show_line_items: false,
        },
      },
    });

    expect(await gateway.paymentStatus("LP", session.gatewayRef)).toEqual({ state: "pending" });
    const paymentId = standIn.markPaid(session.gatewayRef);
    expect(await gateway.paymentStatus("LP", session.gatewayRef)).toEqual({
      state: "paid",
      paymentId,
      amount: 1_234_56n,
      currency: "PHP",
    });
  });

  it("maps each channel to PayMongo's payment method type", async () => {
    for (const [channel, types] of [
      ["maya", ["paymaya"]],
      ["qrph", ["qrph"]],
      ["online_banking", ["dob"]],
    ] as const) {
      const { gatewayRef } = await gateway.createCheckout(order({ channel }));
      expect(standIn.sessions.get(gatewayRef)?.attributes.payment_method_types).toEqual(types);
    }
  });

  it("reports a failed attempt as failed with PayMongo's reason, an expired session as expired, and a later payment as paid", async () => {
    const failed = await gateway.createCheckout(order());
    standIn.markFailed(failed.gatewayRef, { code: "card_declined", message: "The card was declined." });
    expect(await gateway.paymentStatus("LP", failed.gatewayRef)).toEqual({
      state: "failed",
      reason: "card_declined: The card was declined.",
    });
    const paymentId = standIn.markPaid(failed.gatewayRef);
    expect(await gateway.paymentStatus("LP", failed.gatewayRef)).toMatchObject({ state: "paid", paymentId });

    const expired = await gateway.createCheckout(order());
    standIn.markExpired(expired.gatewayRef);
    expect(await gateway.paymentStatus("LP", expired.gatewayRef)).toEqual({ state: "expired" });
  });

  it("never sends an amount that does not fit a JSON integer exactly", async () => {
    for (const amount of [0n, -100n, BigInt(Number.MAX_SAFE_INTEGER) + 1n, 10n ** 30n]) {
      await expect(gateway.createCheckout(order({ amount }))).rejects.toBeInstanceOf(RangeError);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it("refuses a paid amount PayMongo reports in a form that is not an exact integer", async () => {
    const { gatewayRef } = await gateway.createCheckout(order());
    standIn.markPaid(gatewayRef, { amount: 12.5 });
    const e = await failure(gateway.paymentStatus("LP", gatewayRef));
    expect(e).toBeInstanceOf(GatewayUnavailableError);
  });
});

describe("PayMongo failures", () => {
  it("a wrong key is GatewayUnavailableError with PayMongo's detail and without the key", async () => {
    const secretKey = "sk_test_not_the_right_one_81723";
    const wrong = createPaymongoGateway({ secretKey, webhookSecret: "x", apiBase: standIn.url });
    const e = await failure(wrong.createCheckout(order()));
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect(e.message).toContain("401");
    expect(e.message).toContain("is invalid");
    expect(e.message).not.toContain(secretKey);
    expect(e.message).not.toContain(Buffer.from(`${secretKey}:`).toString("base64"));
  });

  it("carries PayMongo's validation detail and its not-found detail", async () => {
    const lowBudget = await failure(gateway.createCheckout(order({ amount: 19_99n })));
    expect(lowBudget).toBeInstanceOf(GatewayUnavailableError);
    expect(lowBudget.message).toContain("400");
    expect(lowBudget.message).toContain("line_items[0].amount must be at least 2000");

    const missing = await failure(gateway.paymentStatus("LP", "cs_does_not_exist"));
    expect(missing).toBeInstanceOf(GatewayUnavailableError);
    expect(missing.message).toContain("No such checkout_session");
  });

  it("gives up after timeoutMs", async () => {
    const impatient = createPaymongoGateway({
      secretKey: standIn.secretKey,
      webhookSecret: standIn.webhookSecret,
      apiBase: standIn.url,
      timeoutMs: 150,
    });
    standIn.setDelay(2_000);
    const started = Date.now();
    const e = await failure(impatient.createCheckout(order()));
    expect(e).toBeInstanceOf(GatewayUnavailableError);
    expect(e.message).toContain("no answer within 150 ms");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("a network error is GatewayUnavailableError", async () => {
    const closed = await startPaymongoStandIn();
    await closed.close();
    const offline = createPaymongoGateway({ secretKey: "sk_test_k", webhookSecret: "x", apiBase: closed.url });
    await expect(offline.paymentStatus("LP", "cs_x")).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it("an answer without a session is GatewayUnavailableError", async () => {
    const broken = createPaymongoGateway({
      secretKey: "sk_test_k",
      webhookSecret: "x",
      fetch: () => Promise.resolve(new Response("<html>maintenance</html>", { status: 200 })),
    });
    await expect(broken.createCheckout(order())).rejects.toBeInstanceOf(GatewayUnavailableError);
  });
});

describe("PayMongo webhooks", () => {
  /** Receives a webhook over HTTP as the app's route would: the raw bytes and the headers. */
  async function receive(w: SignedWebhook, now = new Date()): Promise<GatewayEvent> {
    let got: { raw: string; headers: http.IncomingHttpHeaders } | null = null;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        got = { raw: Buffer.concat(chunks).toString("utf8"), headers: req.headers };
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      expect(await standIn.deliver(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, w)).toBe(200);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
    const { raw, headers } = got!;
    return gateway.parseWebhook("LP", {
      header: (name) => {
        const v = headers[name.toLowerCase()];
        return typeof v === "string" ? v : null;
      },
      rawBody: raw,
      now,
    });
  }

  const parse = (w: SignedWebhook, now = new Date(), headerName = "Paymongo-Signature") =>
    gateway.parseWebhook("LP", {
      header: (name) => (name.toLowerCase() === headerName.toLowerCase() ? w.signature : null),
      rawBody: w.rawBody,
      now,
    });

  function reason(fn: () => unknown): string | null {
    try {
      fn();
      return null;
    } catch (e) {
      return e instanceof WebhookRejectedError ? e.reason : `other: ${String(e)}`;
    }
  }

  async function paidSession(): Promise<{ gatewayRef: string; paymentId: string }> {
    const { gatewayRef } = await gateway.createCheckout(order());
    return { gatewayRef, paymentId: standIn.markPaid(gatewayRef) };
  }

  it("reads checkout_session.payment.paid delivered and signed by the stand-in", async () => {
    const { gatewayRef, paymentId } = await paidSession();
    const w = standIn.webhook("checkout_session.payment.paid", gatewayRef);
    expect(await receive(w)).toEqual({
      type: "payment.paid",
      eventId: w.eventId,
      gatewayRef,
      paymentId,
      amount: 1_234_56n,
      currency: "PHP",
    });
  });

  it("accepts a live event signed in li", async () => {
    const { gatewayRef } = await paidSession();
    const w = standIn.webhook("checkout_session.payment.paid", gatewayRef, { livemode: true });
    expect(parse(w)).toMatchObject({ type: "payment.paid", gatewayRef });
  });

  it("refuses a bad signature, another secret, a missing header and a tampered body", async () => {
    const { gatewayRef } = await paidSession();
    const w = standIn.webhook("checkout_session.payment.paid", gatewayRef);
    const flipped = w.signature.replace(/te=(.)/, (_m, c: string) => `te=${c === "0" ? "1" : "0"}`);
    expect(reason(() => parse({ ...w, signature: flipped }))).toBe("signature");
    expect(reason(() => parse(standIn.webhook("checkout_session.payment.paid", gatewayRef, { secret: "whsk_other" })))).toBe(
      "signature",
    );
    expect(reason(() => parse(w, new Date(), "X-Other-Header"))).toBe("signature");
    expect(reason(() => parse({ ...w, rawBody: w.rawBody.replace("123456", "923456") }))).toBe("signature");
  });

  it("refuses a stale or future timestamp", async () => {
    const { gatewayRef } = await paidSession();
    // One clock for signing and checking: a second ticking over between them must not move the edge.
    const now = Math.floor(Date.now() / 1000);
    const at = new Date(now * 1000);
    const signedAt = (timestamp: number) => standIn.webhook("checkout_session.payment.paid", gatewayRef, { timestamp });
    expect(reason(() => parse(signedAt(now - 301), at))).toBe("timestamp");
    expect(reason(() => parse(signedAt(now + 301), at))).toBe("timestamp");
    expect(reason(() => parse(signedAt(now - 300), at))).toBeNull();
    expect(reason(() => parse(signedAt(now + 300), at))).toBeNull();
  });

  it("refuses a live event signed only in te", async () => {
    const { gatewayRef } = await paidSession();
    const w = standIn.webhook("checkout_session.payment.paid", gatewayRef, { livemode: true, as: "te" });
    expect(reason(() => parse(w))).toBe("signature");
  });

  it("acknowledges other event types as ignored", async () => {
    const { gatewayRef } = await paidSession();
    const payment = standIn.sessions.get(gatewayRef)!.attributes.payments[0]!;
    const refunded = standIn.webhook("payment.refunded", payment);
    expect(parse(refunded)).toEqual({ type: "ignored", eventId: refunded.eventId });
    const paid = standIn.webhook("payment.paid", payment);
    expect(parse(paid)).toEqual({ type: "ignored", eventId: paid.eventId });
  });

  it("fails the order on payment.failed only when the event names the checkout session", async () => {
    const { gatewayRef } = await gateway.createCheckout(order());
    standIn.markFailed(gatewayRef, { code: "insufficient_funds", message: "Not enough funds." });
    const bare = standIn.webhook("payment.failed", standIn.sessions.get(gatewayRef)!.attributes.payments[0]!);
    expect(parse(bare)).toEqual({ type: "ignored", eventId: bare.eventId });
    const named = standIn.webhook("payment.failed", gatewayRef);
    expect(parse(named)).toEqual({
      type: "payment.failed",
      eventId: named.eventId,
      gatewayRef,
      reason: "insufficient_funds: Not enough funds.",
    });
  });

  it("refuses a signed event it cannot read as malformed", async () => {
    const { gatewayRef } = await gateway.createCheckout(order());
    const unpaid = standIn.webhook("checkout_session.payment.paid", gatewayRef);
    expect(reason(() => parse(unpaid))).toBe("malformed");

    const { gatewayRef: ref2 } = await gateway.createCheckout(order());
    standIn.markPaid(ref2, { amount: 1e30 });
    expect(reason(() => parse(standIn.webhook("checkout_session.payment.paid", ref2)))).toBe("malformed");

    expect(reason(() => parse({ rawBody: "not json", signature: "t=1,te=00,li=", eventId: "" }))).toBe("malformed");
    expect(
      reason(() => parse({ rawBody: '{"data":{"id":"evt_1","type":"event","attributes":{}}}', signature: "", eventId: "" })),
    ).toBe("malformed");
  });
});

describe("PayMongo in the payments composition", () => {
  const env = parseEnv({ COOKIE_SECRET: "x".repeat(40) });
  // The composition only hands the database to the sandbox adapter; nothing here queries it.
  const db = {} as Db;
  const brand = (merchantCode: string, depositGateway: "sandbox" | "paymongo") =>
    ({
      id: merchantCode.toLowerCase(),
      merchantCode,
      payments: {
        depositGateway,
        payoutGateway: "sandbox",
        ...(depositGateway === "paymongo"
          ? { paymongo: { secretKeyEnv: `${merchantCode}_PM_KEY`, webhookSecretEnv: `${merchantCode}_PM_WEBHOOK` } }
          : {}),
      },
    }) as Brand;
  const compose = (vars: Record<string, string | undefined>) =>
    createPayments({
      db,
      registry: { brands: [brand("LP01", "sandbox"), brand("PM01", "paymongo"), brand("PM02", "paymongo")] },
      cookieSecret: () => env.cookieSecret,
      env,
      vars,
    });

  it("gives each PayMongo brand an adapter with its own keys, at PAYMONGO_API_BASE", async () => {
    const payments = compose({
      PAYMONGO_API_BASE: standIn.url,
      PM01_PM_KEY: standIn.secretKey,
      PM01_PM_WEBHOOK: standIn.webhookSecret,
      PM02_PM_KEY: "sk_test_another_account",
      PM02_PM_WEBHOOK: "whsk_another",
    });
    expect(payments.depositGateway("LP01").id).toBe("sandbox");
    expect(payments.gatewayFor("LP01", "paymongo")).toBeNull();
    expect(payments.gatewayFor("PM01", "paymongo")).toBe(payments.depositGateway("PM01"));
    expect(payments.payoutGateway("PM01").id).toBe("sandbox");

    const { gatewayRef } = await payments.depositGateway("PM01").createCheckout(order());
    expect(standIn.sessions.has(gatewayRef)).toBe(true);
    await expect(payments.depositGateway("PM02").createCheckout(order())).rejects.toThrow(/401/);

    standIn.markPaid(gatewayRef);
    const w = standIn.webhook("checkout_session.payment.paid", gatewayRef);
    const input = { header: () => w.signature, rawBody: w.rawBody, now: new Date() };
    expect(payments.gatewayFor("PM01", "paymongo")?.parseWebhook("PM01", input)).toMatchObject({
      type: "payment.paid",
      gatewayRef,
    });
    expect(() => payments.gatewayFor("PM02", "paymongo")?.parseWebhook("PM02", input)).toThrow(WebhookRejectedError);
  });

  it("stops start-up naming the brand and the variable when a key is missing or empty", () => {
    const complete = { PM01_PM_KEY: "sk_test_a", PM01_PM_WEBHOOK: "whsk_a", PM02_PM_KEY: "sk_test_b", PM02_PM_WEBHOOK: "whsk_b" };
    expect(() => compose(complete)).not.toThrow();
    const withoutKey = { ...complete, PM02_PM_KEY: undefined };
    expect(() => compose(withoutKey)).toThrow(PaymentsConfigurationError);
    expect(() => compose(withoutKey)).toThrow(/brand pm02 .*PM02_PM_KEY is not set/);
    expect(() => compose({ ...complete, PM01_PM_WEBHOOK: "  " })).toThrow(/brand pm01 .*PM01_PM_WEBHOOK is not set/);
    expect(() => compose({ ...complete, PAYMONGO_API_BASE: "ftp://api.example" })).toThrow(/PAYMONGO_API_BASE/);
  });
});
