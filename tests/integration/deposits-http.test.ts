import type http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { paymentEvents, paymentOrders, sandboxPayments } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { sandboxWebhookSecret } from "../../app/integrations/payments/index.server";
import { SIGNATURE_HEADER, webhookEvent } from "../../app/integrations/payments/sandbox-events.server";
import { completeSandboxCheckout } from "../../app/integrations/payments/sandbox.server";
import { signatureHeader } from "../../app/integrations/payments/signature.server";
import { projectBrands } from "../setup/brands";
import { portOf, request, TEST_COOKIE_SECRET } from "../setup/http";
import { Jar } from "../setup/jar";
import { verifyMember } from "../setup/kyc";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";
import { serveApp } from "../setup/test-server";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

const lucky = (): Brand => registry.byId.get("lucky-peso")!;
const perlas = (): Brand => registry.byId.get("perlas-play")!;
let seq = 0;

/** A member signed in on a fresh jar (a browser without JavaScript), having loaded the page once for its CSRF cookie. */
async function signedIn(brand = lucky(), type = 0) {
  const member = await createMember(database.db, brand, {
    username: `dh${Date.now() % 100000}${++seq}`,
    password: "goodpass12",
    type,
  });
  // Brands ask for a verified identity before deposits (compliance.kyc.deposit: tests/integration/kyc-http.test.ts).
  await verifyMember(database.db, brand, member.id);
  const jar = new Jar(
    port,
    brand.hosts.find((h) => h.endsWith(".localhost"))!,
  );
  jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
  await jar.get("/m/voucherCenter");
  return { jar, member };
}

const ordersOf = (memberId: number) => database.db.select().from(paymentOrders).where(eq(paymentOrders.memberId, memberId));
/** A form's error as rendered. */
const shows = (body: string, text: string) => body.includes(text.replaceAll("'", "&#x27;"));

/** A webhook as the sandbox would sign it (or, with `secret`/`at`, as a forger or a replayer would). */
function webhook(brand: Brand, body: string, opts: { secret?: string; at?: number } = {}) {
  const secret = opts.secret ?? sandboxWebhookSecret(TEST_COOKIE_SECRET, brand.merchantCode);
  const at = opts.at ?? Math.floor(Date.now() / 1000);
  return request(port, "/api/payments/sandbox/webhook", {
    host: brand.hosts.find((h) => h.endsWith(".localhost"))!,
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signatureHeader(secret, body, at) },
    body,
  });
}
const paidEvent = (o: { gatewayRef: string | null; publicId: string; amount: bigint }, amount = o.amount) =>
  webhookEvent(
    "checkout_session.payment.paid",
    { id: o.gatewayRef!, reference: o.publicId, amount, currency: "PHP", paymentId: `pay_sbx_${o.publicId}` },
    { createdAt: new Date() },
  );

describe(`deposits over HTTP on ${TEST_ENGINE}`, () => {
  it("shows the channel grid (dep_func 1) and, once a card is chosen, the amount form with quick amounts and the fee", async () => {
    const { jar } = await signedIn();
    const page = await jar.get("/m/voucherCenter");
    expect(page.status).toBe(200);
    for (const name of ["GCash", "Maya", "QR Ph", "Online banking", "Over the counter"]) expect(page.body).toContain(name);
    // No channel chosen yet: no form to post.
    expect(page.body).not.toContain('name="amount"');
    const chosen = await jar.get("/m/voucherCenter?channel=online_banking&amount=500");
    expect(chosen.body).toContain('name="amount"');
    expect(chosen.body).toMatch(/<input[^>]*name="amount"[^>]*value="500"/);
    expect(chosen.body).toContain('href="/m/voucherCenter?channel=online_banking&amp;amount=1000"');
    // ₱15.00 fixed fee paid by the player: ₱485.00 reaches the balance.
    expect(chosen.body).toContain("₱485.00");
  });

  it("shows the classic form (dep_func 0) with a channel select", async () => {
    const { jar } = await signedIn(perlas());
    const page = await jar.get("/m/voucherCenter");
    expect(page.body).toMatch(/<select[^>]*name="channel"/);
    expect(page.body).toContain('name="amount"');
  });

  it("sends a plain form post to the sandbox checkout (303), and the return page follows the order, not the query", async () => {
    const { jar, member } = await signedIn();
    const r = await jar.post("/m/voucherCenter", { channel: "gcash", amount: "1,500.50" });
    expect(r.status).toBe(303);
    const [order] = await ordersOf(member.id);
    expect(order).toMatchObject({ state: "pending", amount: 1_500_50n, credit: 1_500_50n, channel: "gcash" });
    expect(r.headers.location).toBe(`http://luckypeso.localhost/sandbox-gateway/checkout/${order!.gatewayRef}`);

    // The gateway (or the player) says "paid" in the query: the page still says pending.
    const back = await jar.get(`/m/deposit/${order!.publicId}?status=paid&state=paid`);
    expect(back.status).toBe(200);
    expect(back.body).toContain('data-state="pending"');
    expect(back.body).toContain("Waiting for the payment confirmation…");
    expect(back.body).toMatch(/<noscript><meta http-equiv="refresh" content="3"\/?><\/noscript>/);
    expect(back.body).toContain(`href="/m/deposit/${order!.publicId}"`);

    // Paid on the sandbox's page, then its webhook arrives: credited once, the page says so.
    await completeSandboxCheckout(database.db, order!.gatewayRef!, "pay");
    const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order!.gatewayRef!));
    const event = webhookEvent("checkout_session.payment.paid", row!, { createdAt: new Date() });
    expect((await webhook(lucky(), event.body)).status).toBe(200);
    const paid = await jar.get(`/m/deposit/${order!.publicId}?status=failed`);
    expect(paid.body).toContain('data-state="paid"');
    expect(paid.body).toContain("₱1,500.50 was added to your balance");
    expect(paid.body).not.toContain("http-equiv");
    expect(await getBalance(database.db, lucky(), member.id, "cash")).toBe(1_500_50n);
  });

  it("answers hostile and out-of-range amounts with a translated 400, creating nothing", async () => {
    const { jar, member } = await signedIn();
    const cases: [Record<string, string>, string][] = [
      [{ channel: "gcash", amount: "" }, "Please enter an amount"],
      [{ channel: "gcash", amount: "-500" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "0" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "1e3" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "١٠٠٠" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "1000000000000000000000000000000" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "500.001" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "abc" }, "Enter an amount in pesos, like 500 or 500.50"],
      [{ channel: "gcash", amount: "99.99" }, "The minimum for this channel is ₱100.00"],
      [{ channel: "gcash", amount: "50000.01" }, "The maximum for this channel is ₱50,000.00"],
      [{ channel: "paypal", amount: "500" }, "Please choose a payment channel"],
      [{ channel: "", amount: "500" }, "Please choose a payment channel"],
    ];
    for (const [fields, message] of cases) {
      const r = await jar.post("/m/voucherCenter", fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(shows(r.body, message), `${JSON.stringify(fields)}: ${message}`).toBe(true);
    }
    // Not a form at all, and a form without the page's token.
    expect((await jar.post("/m/voucherCenter", { channel: "gcash" })).status).toBe(400);
    expect((await jar.post("/m/voucherCenter", { channel: "gcash", amount: "500" }, { csrf: false })).status).toBe(403);
    expect(await ordersOf(member.id)).toEqual([]);
  });

  it("refuses a trial player with free_reject and no form", async () => {
    const { jar, member } = await signedIn(lucky(), 4);
    const page = await jar.get("/m/voucherCenter");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Please login an actual account to use this function");
    expect(page.body).not.toContain('name="amount"');
    const r = await jar.post("/m/voucherCenter", { channel: "gcash", amount: "500" });
    expect(r.status).toBe(403);
    expect(await ordersOf(member.id)).toEqual([]);
  });

  it("sends the signed-out to log in, and shows an order only to its owner", async () => {
    const anonymous = new Jar(port);
    const r = await anonymous.get("/m/voucherCenter");
    expect(r.status).toBe(302);
    expect(r.headers.location).toContain("/m/login");
    const { jar } = await signedIn();
    await jar.post("/m/voucherCenter", { channel: "maya", amount: "200" });
    const other = await signedIn();
    const [order] = await database.db.select().from(paymentOrders).where(eq(paymentOrders.channel, "maya"));
    expect((await other.jar.get(`/m/deposit/${order!.publicId}`)).status).toBe(404);
    expect((await other.jar.get("/m/deposit/not-an-order")).status).toBe(404);
    const perlasJar = (await signedIn(perlas())).jar;
    expect((await perlasJar.get(`/m/deposit/${order!.publicId}`)).status).toBe(404);
  });
});

describe(`the sandbox webhook route on ${TEST_ENGINE}`, () => {
  async function pendingOrder() {
    const { jar, member } = await signedIn();
    expect((await jar.post("/m/voucherCenter", { channel: "gcash", amount: "250" })).status).toBe(303);
    const [order] = await ordersOf(member.id);
    return { order: order!, member };
  }
  const balance = (memberId: number) => getBalance(database.db, lucky(), memberId, "cash");

  it("refuses a bad signature (401), a stale timestamp (401), a malformed body (400) and GET (405), changing nothing", async () => {
    const { order, member } = await pendingOrder();
    const { body } = paidEvent(order);
    expect((await webhook(lucky(), body, { secret: "not-the-secret" })).status).toBe(401);
    expect((await webhook(lucky(), body, { at: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(401);
    // Signed for one brand, sent to another.
    const crossed = await request(port, "/api/payments/sandbox/webhook", {
      host: "perlas.localhost",
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: signatureHeader(
          sandboxWebhookSecret(TEST_COOKIE_SECRET, lucky().merchantCode),
          body,
          Math.floor(Date.now() / 1000),
        ),
      },
      body,
    });
    expect(crossed.status).toBe(401);
    expect((await webhook(lucky(), "{not json")).status).toBe(400);
    expect((await request(port, "/api/payments/sandbox/webhook", { host: "luckypeso.localhost" })).status).toBe(405);
    expect(
      (await request(port, "/api/payments/nowhere/webhook", { host: "luckypeso.localhost", method: "POST", body: "{}" })).status,
    ).toBe(404);
    expect(await balance(member.id)).toBe(0n);
    expect((await ordersOf(member.id))[0]!.state).toBe("pending");
  });

  it("answers 404 for a checkout we never made and 422 for a wrong amount, changing nothing", async () => {
    const { order, member } = await pendingOrder();
    const unknown = paidEvent({ ...order, gatewayRef: "cs_sbx_000000000000000000000000" });
    const r = await webhook(lucky(), unknown.body);
    expect(r.status).toBe(404);
    const wrong = paidEvent(order, order.amount + 1n);
    expect((await webhook(lucky(), wrong.body)).status).toBe(422);
    expect(await balance(member.id)).toBe(0n);
    expect(await database.db.select().from(paymentEvents).where(eq(paymentEvents.subject, order.publicId))).toEqual([]);
  });

  it("credits once when the same webhook arrives 100 times at once", async () => {
    const { order, member } = await pendingOrder();
    const { body } = paidEvent(order);
    const replies = await Promise.all(Array.from({ length: 100 }, () => webhook(lucky(), body)));
    expect(replies.map((r) => r.status)).toEqual(Array(100).fill(200));
    expect(replies.filter((r) => JSON.parse(r.body).duplicate === true)).toHaveLength(99);
    expect(await balance(member.id)).toBe(250_00n);
    expect((await ordersOf(member.id))[0]!.state).toBe("paid");
  });

  it("moves the order to failed on payment.failed, and the return page says why", async () => {
    const { jar, member } = await signedIn();
    await jar.post("/m/voucherCenter", { channel: "gcash", amount: "300" });
    const [order] = await ordersOf(member.id);
    await completeSandboxCheckout(database.db, order!.gatewayRef!, "fail");
    const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, order!.gatewayRef!));
    const { body } = webhookEvent("payment.failed", row!, { createdAt: new Date(), failedMessage: "Declined by the bank" });
    expect((await webhook(lucky(), body)).status).toBe(200);
    const page = await jar.get(`/m/deposit/${order!.publicId}`);
    expect(page.body).toContain('data-state="failed"');
    expect(page.body).toContain("Declined by the bank");
    expect(page.body).toContain('href="/m/voucherCenter?channel=gcash"');
  });
});
