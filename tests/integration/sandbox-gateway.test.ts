import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { sandboxPayments, sandboxWebhooks } from "../../app/db/schema-money";
import { GatewayUnavailableError, WebhookRejectedError, type CheckoutRequest } from "../../app/domain/payments/ports";
import { sandboxWebhookSecret } from "../../app/integrations/payments/index.server";
import { deliverDueWebhooks, MAX_ATTEMPTS } from "../../app/integrations/payments/sandbox-delivery.server";
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYOUT_REJECTED_MESSAGE,
  signSandboxWebhook,
} from "../../app/integrations/payments/sandbox-events.server";
import {
  completeSandboxCheckout,
  createSandboxGateway,
  settleDuePayouts,
  type SandboxGateway,
} from "../../app/integrations/payments/sandbox.server";
import { signatureHeader, verifySignatureHeader } from "../../app/integrations/payments/signature.server";
import { projectBrands } from "../setup/brands";
import { portOf, request, TEST_COOKIE_SECRET } from "../setup/http";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";
import { serveApp } from "../setup/test-server";

let database: Database;
let registry: BrandRegistry;
let gateway: SandboxGateway;
// The project brands, as the server loads them: the sandbox delivery test goes through the real webhook route.
const MERCHANT = "LUCKYPESO";
const OTHER_MERCHANT = "PERLAS";
const secretFor = (merchantCode: string) => sandboxWebhookSecret(TEST_COOKIE_SECRET, merchantCode);

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  gateway = createSandboxGateway({ db: database.db, secretFor });
});
afterAll(async () => {
  await database?.close();
});

let orderSeq = 0;
const checkoutRequest = (over: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  merchantCode: MERCHANT,
  orderId: `DTEST${String(++orderSeq).padStart(12, "0")}`,
  amount: 123_456n,
  currency: "PHP",
  channel: "gcash",
  description: "Lucky Peso deposit",
  returnUrl: "http://luckypeso.localhost/m/voucherCenter/return?order=D1",
  cancelUrl: "http://luckypeso.localhost/m/voucherCenter",
  ...over,
});

const payoutRequest = (key: string, accountNumber = "09171234567") => ({
  merchantCode: MERCHANT,
  withdrawalId: `W${key}`,
  idempotencyKey: key,
  amount: 50_000n,
  currency: "PHP" as const,
  destination: { method: "gcash" as const, accountNumber, holderName: "Juan Dela Cruz", bank: null },
});

async function webhooksFor(subjectId: string) {
  const rows = await database.db.select().from(sandboxWebhooks);
  return rows.filter((r) => JSON.parse(r.body).data.attributes.data.id === subjectId);
}

/** The webhook as our endpoint would receive it, signed at `now`. */
const input = (body: string, now = new Date(), header = signSandboxWebhook(secretFor(MERCHANT), body, now)) => ({
  header: (name: string) => (name.toLowerCase() === "paymongo-signature" ? header : null),
  rawBody: body,
  now,
});

const rejection = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof WebhookRejectedError ? err.reason : String(err);
  }
};

describe(`the sandbox gateway on ${TEST_ENGINE}`, () => {
  it("opens a checkout on the return URL's origin and reports it pending, then paid with its payment", async () => {
    const req = checkoutRequest();
    const session = await gateway.createCheckout(req);
    expect(session.gatewayRef).toMatch(/^cs_sbx_[0-9a-f]{24}$/);
    expect(session.checkoutUrl).toBe(`http://luckypeso.localhost/sandbox-gateway/checkout/${session.gatewayRef}`);
    const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, session.gatewayRef));
    expect(row).toMatchObject({ kind: "checkout", state: "open", reference: req.orderId, amount: 123_456n, currency: "PHP" });
    expect(row.details).toEqual({
      returnUrl: req.returnUrl,
      cancelUrl: req.cancelUrl,
      channel: "gcash",
      description: req.description,
    });
    expect(await gateway.paymentStatus(MERCHANT, session.gatewayRef)).toEqual({ state: "pending" });

    const outcome = await completeSandboxCheckout(database.db, session.gatewayRef, "pay");
    expect(outcome.done).toBe(true);
    const status = await gateway.paymentStatus(MERCHANT, session.gatewayRef);
    expect(status).toEqual({ state: "paid", paymentId: expect.stringMatching(/^pay_sbx_/), amount: 123_456n, currency: "PHP" });

    const [hook] = await webhooksFor(session.gatewayRef);
    const event = gateway.parseWebhook(MERCHANT, input(hook.body));
    expect(event).toEqual({
      type: "payment.paid",
      eventId: hook.eventId,
      gatewayRef: session.gatewayRef,
      paymentId: status.state === "paid" ? status.paymentId : "",
      amount: 123_456n,
      currency: "PHP",
    });
  });

  it("settles a checkout once however many clicks race, and a declined one reports failed", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, i) => completeSandboxCheckout(database.db, gatewayRef, i % 2 ? "pay" : "fail")),
    );
    expect(outcomes.filter((o) => o.done)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.done && o.reason === "closed")).toHaveLength(9);
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);

    const declined = await gateway.createCheckout(checkoutRequest());
    await completeSandboxCheckout(database.db, declined.gatewayRef, "fail");
    expect(await gateway.paymentStatus(MERCHANT, declined.gatewayRef)).toEqual({
      state: "failed",
      reason: PAYMENT_DECLINED_MESSAGE,
    });
    const [hook] = await webhooksFor(declined.gatewayRef);
    expect(gateway.parseWebhook(MERCHANT, input(hook.body))).toEqual({
      type: "payment.failed",
      eventId: hook.eventId,
      gatewayRef: declined.gatewayRef,
      reason: PAYMENT_DECLINED_MESSAGE,
    });
  });

  it("expires a checkout left open for an hour, after which it can no longer be paid", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    const later = createSandboxGateway({ db: database.db, secretFor, now: () => new Date(Date.now() + 61 * 60_000) });
    expect(await later.paymentStatus(MERCHANT, gatewayRef)).toEqual({ state: "expired" });
    expect(await completeSandboxCheckout(database.db, gatewayRef, "pay")).toEqual({ done: false, reason: "closed" });
    expect(await gateway.paymentStatus(MERCHANT, gatewayRef)).toEqual({ state: "expired" });
    expect(await webhooksFor(gatewayRef)).toHaveLength(0);
  });

  it("knows no checkout of another merchant and no unknown id", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    await expect(gateway.paymentStatus(OTHER_MERCHANT, gatewayRef)).rejects.toBeInstanceOf(GatewayUnavailableError);
    await expect(gateway.paymentStatus(MERCHANT, "cs_sbx_000000000000000000000000")).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    expect(await completeSandboxCheckout(database.db, "cs_sbx_000000000000000000000000", "pay")).toEqual({
      done: false,
      reason: "unknown",
    });
  });

  it("accepts a payout once per idempotency key, however many requests race", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => gateway.createPayout(payoutRequest("K-race"))));
    const ids = new Set(answers.map((a) => a.payoutRef));
    expect(ids.size).toBe(1);
    expect([...ids][0]).toMatch(/^po_sbx_[0-9a-f]{24}$/);
    const rows = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, "K-race"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "payout", state: "pending", amount: 50_000n, reference: "WK-race" });
    expect(await gateway.payoutStatus(MERCHANT, answers[0].payoutRef)).toEqual({ state: "pending" });
    // The same key for another payout is refused, not silently answered with the first.
    await expect(gateway.createPayout({ ...payoutRequest("K-race"), amount: 50_001n })).rejects.toBeInstanceOf(
      GatewayUnavailableError,
    );
    // Another merchant's key space is its own.
    const other = await gateway.createPayout({ ...payoutRequest("K-race"), merchantCode: OTHER_MERCHANT });
    expect(other.payoutRef).not.toBe(answers[0].payoutRef);
  });

  it("settles payouts after the delay: paid, or failed for an account ending in 0000, each with its webhook", async () => {
    const start = new Date();
    const paid = await gateway.createPayout(payoutRequest("K-paid"));
    const failed = await gateway.createPayout(payoutRequest("K-fail", "09171230000"));
    expect(await settleDuePayouts(database.db, new Date(start.getTime() - 60_000), 3_000)).toBe(0);
    expect(await gateway.payoutStatus(MERCHANT, paid.payoutRef)).toEqual({ state: "pending" });

    const settled = await Promise.all([
      settleDuePayouts(database.db, new Date(start.getTime() + 5_000), 3_000),
      settleDuePayouts(database.db, new Date(start.getTime() + 5_000), 3_000),
    ]);
    expect(await gateway.payoutStatus(MERCHANT, paid.payoutRef)).toEqual({ state: "paid" });
    expect(await gateway.payoutStatus(MERCHANT, failed.payoutRef)).toEqual({ state: "failed", reason: PAYOUT_REJECTED_MESSAGE });
    // Two workers settled each payout once between them.
    const paidHooks = await webhooksFor(paid.payoutRef);
    const failedHooks = await webhooksFor(failed.payoutRef);
    expect(paidHooks).toHaveLength(1);
    expect(failedHooks).toHaveLength(1);
    expect(settled[0] + settled[1]).toBeGreaterThanOrEqual(2);
    expect(gateway.parseWebhook(MERCHANT, input(paidHooks[0].body))).toEqual({
      type: "payout.paid",
      eventId: paidHooks[0].eventId,
      payoutRef: paid.payoutRef,
      amount: 50_000n,
      currency: "PHP",
    });
    expect(gateway.parseWebhook(MERCHANT, input(failedHooks[0].body))).toEqual({
      type: "payout.failed",
      eventId: failedHooks[0].eventId,
      payoutRef: failed.payoutRef,
      reason: PAYOUT_REJECTED_MESSAGE,
    });
  });

  it("refuses a webhook with another merchant's or a forged signature, a stale timestamp, or a malformed body", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    await completeSandboxCheckout(database.db, gatewayRef, "pay");
    const [hook] = await webhooksFor(gatewayRef);
    const now = new Date();
    const t = Math.floor(now.getTime() / 1000);
    expect(rejection(() => gateway.parseWebhook(OTHER_MERCHANT, input(hook.body)))).toBe("signature");
    expect(rejection(() => gateway.parseWebhook(MERCHANT, input(hook.body, now, signatureHeader("guess", hook.body, t))))).toBe(
      "signature",
    );
    expect(
      rejection(() =>
        gateway.parseWebhook(
          MERCHANT,
          input(hook.body.replace("123456", "923456"), now, signSandboxWebhook(secretFor(MERCHANT), hook.body, now)),
        ),
      ),
    ).toBe("signature");
    expect(rejection(() => gateway.parseWebhook(MERCHANT, { ...input(hook.body), header: () => null }))).toBe("signature");
    const stale = new Date(now.getTime() - 301_000);
    expect(
      rejection(() =>
        gateway.parseWebhook(MERCHANT, input(hook.body, now, signSandboxWebhook(secretFor(MERCHANT), hook.body, stale))),
      ),
    ).toBe("timestamp");

    const signed = (body: string) => rejection(() => gateway.parseWebhook(MERCHANT, input(body)));
    const event = JSON.parse(hook.body);
    const withAmount = (amount: unknown) => {
      const copy = structuredClone(event);
      copy.data.attributes.data.attributes.amount = amount;
      copy.data.attributes.data.attributes.payments[0].attributes.amount = amount;
      return JSON.stringify(copy);
    };
    expect(signed("not json")).toBe("malformed");
    expect(signed("{}")).toBe("malformed");
    expect(signed(JSON.stringify({ data: { ...event.data, type: "payment" } }))).toBe("malformed");
    expect(signed(withAmount(1234.5))).toBe("malformed");
    expect(signed(withAmount(-100))).toBe("malformed");
    expect(signed(withAmount("123456"))).toBe("malformed");
    expect(signed(withAmount(1e30))).toBe("malformed");
    const noPayment = structuredClone(event);
    delete noPayment.data.attributes.data.attributes.payments;
    expect(signed(JSON.stringify(noPayment))).toBe("malformed");
    // A verified event of another type is acknowledged and ignored.
    const other = structuredClone(event);
    other.data.attributes.type = "source.chargeable";
    expect(gateway.parseWebhook(MERCHANT, input(JSON.stringify(other)))).toEqual({ type: "ignored", eventId: event.data.id });
  });
});

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for our webhook endpoint: answers each POST with the next status of `statuses` (the last repeats). */
async function receiver(statuses: number[]) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)];
      res.end("{}");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    targetFor: (merchantCode: string) =>
      merchantCode === MERCHANT
        ? { url: `http://127.0.0.1:${port}/api/payments/sandbox/webhook`, host: "luckypeso.localhost" }
        : null,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const eventIdOf = (body: string) => JSON.parse(body).data.id as string;

describe(`sandbox webhook delivery on ${TEST_ENGINE}`, () => {
  let t0: Date;
  const at = (ms: number) => () => new Date(t0.getTime() + ms);

  beforeEach(async () => {
    await database.db.delete(sandboxWebhooks);
    await database.db.execute(sql`update ${sandboxPayments} set state = 'paid' where state = 'pending'`);
    t0 = new Date();
  });

  async function paidCheckout(now = t0) {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    await completeSandboxCheckout(database.db, gatewayRef, "pay", now);
    return gatewayRef;
  }

  it("signs each delivery at send time, names the brand in Host, and retries with backoff until acknowledged", async () => {
    const r = await receiver([500, 200]);
    try {
      await paidCheckout();
      const opts = { targetFor: r.targetFor, secretFor, duplicateRate: 0 };
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(0) })).toEqual({ delivered: 0, failed: 1 });
      let [row] = await database.db.select().from(sandboxWebhooks);
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: "HTTP 500" });
      expect(row.nextAttemptAt.getTime() - t0.getTime()).toBe(2_000);
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(1_999) })).toEqual({ delivered: 0, failed: 0 });
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(2_000) })).toEqual({ delivered: 1, failed: 0 });
      [row] = await database.db.select().from(sandboxWebhooks);
      expect(row).toMatchObject({ attempts: 2, lastError: null });
      expect(row.deliveredAt?.getTime()).toBe(t0.getTime() + 2_000);

      expect(r.received).toHaveLength(2);
      const last = r.received[1];
      expect(last.headers.host).toBe("luckypeso.localhost");
      expect(last.headers["content-type"]).toBe("application/json");
      expect(last.body).toBe(row.body);
      // Signed with the time of this attempt, not of the first.
      expect(last.headers["paymongo-signature"]).toContain(`t=${Math.floor((t0.getTime() + 2_000) / 1000)},`);
      expect(() =>
        verifySignatureHeader(secretFor(MERCHANT), String(last.headers["paymongo-signature"]), last.body, at(2_000)()),
      ).not.toThrow();
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(60_000) })).toEqual({ delivered: 0, failed: 0 });
    } finally {
      await r.close();
    }
  });

  it("sends a delivered event once more a few seconds later with duplicateRate 1, and only once", async () => {
    const r = await receiver([200]);
    try {
      await paidCheckout();
      const opts = { targetFor: r.targetFor, secretFor, duplicateRate: 1, random: () => 0.5 };
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(0) })).toEqual({ delivered: 1, failed: 0 });
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(1_000) })).toEqual({ delivered: 0, failed: 0 });
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(5_000) })).toEqual({ delivered: 1, failed: 0 });
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(60_000) })).toEqual({ delivered: 0, failed: 0 });
      expect(r.received).toHaveLength(2);
      expect(r.received[1].body).toBe(r.received[0].body);
    } finally {
      await r.close();
    }
  });

  it("sends the due events in a shuffled order", async () => {
    const r = await receiver([200]);
    try {
      const events: string[] = [];
      for (let i = 0; i < 3; i++) {
        await paidCheckout(new Date(t0.getTime() + i));
        const rows = await database.db.select().from(sandboxWebhooks).orderBy(sandboxWebhooks.id);
        events.push(rows[i].eventId);
      }
      // random() = 0 makes Fisher-Yates turn [a, b, c] into [b, c, a].
      const opts = { targetFor: r.targetFor, secretFor, duplicateRate: 0, random: () => 0 };
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(10) })).toEqual({ delivered: 3, failed: 0 });
      expect(r.received.map((x) => eventIdOf(x.body))).toEqual([events[1], events[2], events[0]]);
    } finally {
      await r.close();
    }
  });

  it("gives up after 12 attempts, 2 s apart at first and at most 10 minutes, keeping the last error", async () => {
    const r = await receiver([503]);
    try {
      await paidCheckout();
      const opts = { targetFor: r.targetFor, secretFor, duplicateRate: 0 };
      const waits: number[] = [];
      let clock = 0;
      for (let i = 0; i < MAX_ATTEMPTS; i++) {
        expect(await deliverDueWebhooks(database.db, { ...opts, now: at(clock) })).toEqual({ delivered: 0, failed: 1 });
        const [row] = await database.db.select().from(sandboxWebhooks);
        const wait = row.nextAttemptAt.getTime() - t0.getTime() - clock;
        waits.push(wait / 1000);
        clock += wait;
      }
      expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600]);
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(clock + 24 * 3600_000) })).toEqual({
        delivered: 0,
        failed: 0,
      });
      const [row] = await database.db.select().from(sandboxWebhooks);
      expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, deliveredAt: null, lastError: "HTTP 503" });
      expect(r.received).toHaveLength(MAX_ATTEMPTS);
    } finally {
      await r.close();
    }
  });

  it("counts an unreachable endpoint or a merchant it cannot place as a failed attempt", async () => {
    const r = await receiver([200]);
    await r.close();
    await paidCheckout();
    expect(await deliverDueWebhooks(database.db, { targetFor: r.targetFor, secretFor, duplicateRate: 0, now: at(0) })).toEqual({
      delivered: 0,
      failed: 1,
    });
    let [row] = await database.db.select().from(sandboxWebhooks);
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    await deliverDueWebhooks(database.db, { targetFor: () => null, secretFor, duplicateRate: 0, now: at(2_000) });
    [row] = await database.db.select().from(sandboxWebhooks);
    expect(row).toMatchObject({ attempts: 2, lastError: "no webhook endpoint for merchant LUCKYPESO" });
  });

  it("delivers each event once when two workers tick at the same moment", async () => {
    const r = await receiver([200]);
    try {
      for (let i = 0; i < 5; i++) await paidCheckout();
      const opts = { targetFor: r.targetFor, secretFor, duplicateRate: 0, now: at(0) };
      const runs = await Promise.all([deliverDueWebhooks(database.db, opts), deliverDueWebhooks(database.db, opts)]);
      expect(runs[0].delivered + runs[1].delivered).toBe(5);
      expect(new Set(r.received.map((x) => eventIdOf(x.body))).size).toBe(5);
      expect(r.received).toHaveLength(5);
    } finally {
      await r.close();
    }
  });

  it("settles due payouts in the same tick and delivers their webhooks", async () => {
    const r = await receiver([200]);
    try {
      const { payoutRef } = await gateway.createPayout(payoutRequest(`K-tick-${t0.getTime()}`, "00000000"));
      const opts = { targetFor: r.targetFor, secretFor, duplicateRate: 0, payoutDelayMs: 3_000 };
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(1_000) })).toEqual({ delivered: 0, failed: 0 });
      expect(await deliverDueWebhooks(database.db, { ...opts, now: at(3_500) })).toEqual({ delivered: 1, failed: 0 });
      expect(await gateway.payoutStatus(MERCHANT, payoutRef)).toEqual({ state: "failed", reason: PAYOUT_REJECTED_MESSAGE });
      expect(JSON.parse(r.received[0].body).data.attributes).toMatchObject({ type: "payout.failed", data: { id: payoutRef } });
    } finally {
      await r.close();
    }
  });
});

describe(`the sandbox checkout page on ${TEST_ENGINE}`, () => {
  let server: http.Server;
  let port: number;
  const origin = { origin: "http://luckypeso.localhost" };
  const get = (path: string) => request(port, path);
  const post = (path: string, headers: Record<string, string> = origin) =>
    request(port, path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "",
    });
  const stateOf = async (id: string) =>
    (await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)))[0].state;

  beforeAll(async () => {
    server = await serveApp({ database, registry });
    port = portOf(server);
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });

  it("shows the amount, channel and merchant under the sandbox label, styled under the page's CSP nonce, without script", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest({ amount: 123_456n, channel: "online_banking" }));
    const page = await get(`/sandbox-gateway/checkout/${gatewayRef}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Sandbox payment — no real money moves");
    expect(page.body).toContain("₱1,234.56");
    expect(page.body).toContain("Online banking");
    expect(page.body).toContain("Lucky Peso deposit");
    expect(page.body).not.toContain("<script");
    for (const action of ["pay", "fail", "abandon"]) {
      expect(page.body).toContain(`<form method="post" action="/sandbox-gateway/checkout/${gatewayRef}/${action}">`);
    }
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<style nonce="${nonce}">`);
    expect(page.headers["cache-control"]).toBe("no-store");
  });

  it("pays once: back to the return URL with a webhook queued, and a second click is refused and changes nothing", async () => {
    const req = checkoutRequest();
    const { gatewayRef } = await gateway.createCheckout(req);
    const paid = await post(`/sandbox-gateway/checkout/${gatewayRef}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.location).toBe(req.returnUrl);
    expect(await stateOf(gatewayRef)).toBe("paid");
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);

    for (const action of ["pay", "fail", "abandon"]) {
      const again = await post(`/sandbox-gateway/checkout/${gatewayRef}/${action}`);
      expect(again.status).toBe(409);
      expect(again.body).toContain("already completed");
    }
    expect((await get(`/sandbox-gateway/checkout/${gatewayRef}`)).status).toBe(409);
    expect(await stateOf(gatewayRef)).toBe("paid");
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);
  });

  it("pays once when ten clicks race", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/sandbox-gateway/checkout/${gatewayRef}/pay`)));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await webhooksFor(gatewayRef)).toHaveLength(1);
  });

  it("declines to the return URL with payment.failed queued, and abandons to the cancel URL leaving it open", async () => {
    const req = checkoutRequest();
    const failing = await gateway.createCheckout(req);
    const failed = await post(`/sandbox-gateway/checkout/${failing.gatewayRef}/fail`);
    expect([failed.status, failed.headers.location]).toEqual([303, req.returnUrl]);
    expect(await stateOf(failing.gatewayRef)).toBe("failed");
    const [hook] = await webhooksFor(failing.gatewayRef);
    expect(JSON.parse(hook.body).data.attributes.type).toBe("payment.failed");

    const leaving = await gateway.createCheckout(req);
    const left = await post(`/sandbox-gateway/checkout/${leaving.gatewayRef}/abandon`);
    expect([left.status, left.headers.location]).toEqual([303, req.cancelUrl]);
    expect(await stateOf(leaving.gatewayRef)).toBe("open");
    expect(await webhooksFor(leaving.gatewayRef)).toHaveLength(0);
  });

  it("answers 404 for an unknown or malformed checkout and an unknown action", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    for (const path of ["/sandbox-gateway/checkout/cs_sbx_000000000000000000000000", "/sandbox-gateway/checkout/%27%3Cx%3E"]) {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.body).toContain("Checkout not found");
      expect((await post(`${path}/pay`)).status).toBe(404);
    }
    expect((await post(`/sandbox-gateway/checkout/${gatewayRef}/refund`)).status).toBe(404);
    expect(await stateOf(gatewayRef)).toBe("open");
  });

  it("refuses a post from another site, or one that says where it came from by neither Origin nor Referer", async () => {
    const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
    const path = `/sandbox-gateway/checkout/${gatewayRef}/pay`;
    expect((await post(path, { origin: "http://evil.example" })).status).toBe(403);
    expect((await post(path, { referer: "http://evil.example/page" })).status).toBe(403);
    expect((await post(path, { origin: "null" })).status).toBe(403);
    expect((await post(path, {})).status).toBe(403);
    expect(await stateOf(gatewayRef)).toBe("open");
    expect(await webhooksFor(gatewayRef)).toHaveLength(0);
    // The page's own form, sent by a browser that gives only the Referer, goes through.
    expect((await post(path, { referer: `http://luckypeso.localhost/sandbox-gateway/checkout/${gatewayRef}` })).status).toBe(303);
  });
});

describe(`serveApp's sandbox delivery on ${TEST_ENGINE}`, () => {
  it("sends owed webhooks to the test server's own webhook route, and stops when the server closes", async () => {
    await database.db.delete(sandboxWebhooks);
    const server = await serveApp({ database, registry, sandboxDelivery: { duplicateRate: 0 } });
    try {
      const { gatewayRef } = await gateway.createCheckout(checkoutRequest());
      await completeSandboxCheckout(database.db, gatewayRef, "pay");
      let row = (await webhooksFor(gatewayRef))[0];
      for (let i = 0; i < 50 && row.attempts === 0; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = (await webhooksFor(gatewayRef))[0];
      }
      // The route verified the signature and the brand (a forgery would be 401) and knows no such order.
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lastError: "HTTP 404" });
    } finally {
      await new Promise((r) => server.close(r));
    }
    const attempts = (await database.db.select().from(sandboxWebhooks))[0].attempts;
    await new Promise((r) => setTimeout(r, 2_500));
    expect((await database.db.select().from(sandboxWebhooks))[0].attempts).toBe(attempts);
  });
});
