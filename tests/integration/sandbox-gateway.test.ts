// The sandbox gateway itself: checkouts, payouts, webhooks signed and parsed.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sandboxPayments } from "../../app/db/schema-money";
import { GatewayUnavailableError } from "../../app/domain/payments/ports";
import {
  PAYMENT_DECLINED_MESSAGE,
  PAYOUT_REJECTED_MESSAGE,
  signSandboxWebhook,
} from "../../app/integrations/payments/sandbox-events.server";
import { completeSandboxCheckout, createSandboxGateway, settleDuePayouts } from "../../app/integrations/payments/sandbox.server";
import { signatureHeader } from "../../app/integrations/payments/signature.server";
import { TEST_ENGINE } from "../setup/test-db";
import {
  MERCHANT,
  OTHER_MERCHANT,
  checkoutRequest,
  database,
  gateway,
  input,
  payoutRequest,
  rejection,
  secretFor,
  setUpSandbox,
  webhooksFor,
} from "./sandbox-fixtures";

setUpSandbox();

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
