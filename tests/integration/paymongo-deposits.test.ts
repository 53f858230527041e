import type http from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { paymentOrders } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createDepositOrder } from "../../app/domain/payments/deposits.server";
import type { PaymentGateway } from "../../app/domain/payments/ports";
import { reconcileDeposits } from "../../app/domain/payments/reconcile.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { createPayments } from "../../app/integrations/payments/index.server";
import { parseEnv } from "../../app/utils/env.server";
import { projectBrands } from "../setup/brands";
import { portOf, request, TEST_COOKIE_SECRET } from "../setup/http";
import { verifyMember } from "../setup/kyc";
import { startPaymongoStandIn, type PaymongoStandIn } from "../setup/paymongo-stand-in";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";
import { serveApp } from "../setup/test-server";

/**
 * A brand switched to PayMongo, end to end against the local stand-in: the order's checkout
 * session is made through the adapter, the stand-in's signed webhook reaches our route and
 * credits once, and reconciliation settles a payment whose webhook never came.
 */
const VARS = { LP_PAYMONGO_SECRET: "sk_test_standin_lucky", LP_PAYMONGO_WHSEC: "whsk_standin_lucky" };

let database: Database;
let registry: BrandRegistry;
let standIn: PaymongoStandIn;
let server: http.Server;
let gateway: PaymentGateway;
let brand: Brand;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startPaymongoStandIn({ secretKey: VARS.LP_PAYMONGO_SECRET, webhookSecret: VARS.LP_PAYMONGO_WHSEC });
  const project = await projectBrands();
  const lucky = project.byId.get("lucky-peso")!;
  brand = {
    ...lucky,
    payments: {
      ...lucky.payments,
      depositGateway: "paymongo",
      paymongo: { secretKeyEnv: "LP_PAYMONGO_SECRET", webhookSecretEnv: "LP_PAYMONGO_WHSEC" },
      channels: lucky.payments.channels.filter((c) => c.id !== "otc"),
    },
  };
  const brands = project.brands.map((b) => (b.id === brand.id ? brand : b));
  registry = {
    ...project,
    brands,
    byId: new Map(brands.map((b) => [b.id, b])),
    byHost: new Map(brands.flatMap((b) => b.hosts.map((h) => [h, b] as const))),
  };
  // The server reads the keys the brand file names from its environment, as in production.
  Object.assign(process.env, VARS, { PAYMONGO_API_BASE: standIn.url });
  server = await serveApp({ database, registry });
  const payments = createPayments({
    db: database.db,
    registry,
    cookieSecret: () => TEST_COOKIE_SECRET,
    env: parseEnv({ COOKIE_SECRET: TEST_COOKIE_SECRET }),
  });
  gateway = payments.depositGateway(brand.merchantCode);
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await standIn?.close();
  for (const k of [...Object.keys(VARS), "PAYMONGO_API_BASE"]) delete process.env[k];
  await database?.close();
});

let seq = 0;
async function order(amount: bigint) {
  const m = await createMember(database.db, brand, { username: `paymongo${++seq}`, password: null });
  // Brands ask for a verified identity before deposits (compliance.kyc.deposit).
  await verifyMember(database.db, brand, m.id);
  const o = await createDepositOrder(
    database.db,
    brand,
    gateway,
    m,
    { channel: "gcash", amount },
    {
      returnUrl: (id) => `https://luckypeso.ph/m/deposit/${id}`,
      cancelUrl: (id) => `https://luckypeso.ph/m/deposit/${id}`,
    },
  );
  return { m, o };
}

const hook = (body: string, signature: string) =>
  request(portOf(server), "/api/payments/paymongo/webhook", {
    method: "POST",
    host: "luckypeso.localhost",
    headers: { "content-type": "application/json", "paymongo-signature": signature },
    body,
  });

describe(`a brand on PayMongo (local stand-in), on ${TEST_ENGINE}`, () => {
  it("credits a paid checkout session once, from the signed webhook at our route", async () => {
    const { m, o } = await order(750_00n);
    expect(o.gateway).toBe("paymongo");
    expect(standIn.sessions.get(o.gatewayRef!)?.attributes.checkout_url).toBe(o.checkoutUrl);

    standIn.markPaid(o.gatewayRef!);
    const event = standIn.webhook("checkout_session.payment.paid", o.gatewayRef!);
    // At the sandbox's path (this brand's payouts still go through the sandbox, which signs with its own
    // secret), or signed with another secret: refused, nothing credited.
    expect(
      (
        await request(portOf(server), "/api/payments/sandbox/webhook", {
          method: "POST",
          host: "luckypeso.localhost",
          headers: { "content-type": "application/json", "paymongo-signature": event.signature },
          body: event.rawBody,
        })
      ).status,
    ).toBe(401);
    const forged = standIn.webhook("checkout_session.payment.paid", o.gatewayRef!, { secret: "whsk_someone_else" });
    expect((await hook(forged.rawBody, forged.signature)).status).toBe(401);
    expect(await getBalance(database.db, brand, m.id, "cash")).toBe(0n);

    const answers = await Promise.all(Array.from({ length: 10 }, () => hook(event.rawBody, event.signature)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const [row] = await database.db.select().from(paymentOrders).where(eq(paymentOrders.id, o.id));
    expect(row).toMatchObject({ state: "paid", gatewayPaymentId: expect.stringMatching(/^pay_/) });
    expect(await getBalance(database.db, brand, m.id, "cash")).toBe(750_00n);
  });

  it("settles from the session's status when the webhook never comes, and expires an unpaid one", async () => {
    const paid = await order(1_000_00n);
    const unpaid = await order(500_00n);
    standIn.markPaid(paid.o.gatewayRef!);
    standIn.markExpired(unpaid.o.gatewayRef!);
    const later = new Date(Date.now() + 31 * 60 * 1000);
    const report = await reconcileDeposits(database.db, brand, gateway, later);
    expect(report).toMatchObject({ paid: 1, expired: 1, errors: 0 });
    expect(await getBalance(database.db, brand, paid.m.id, "cash")).toBe(1_000_00n);
    expect(await getBalance(database.db, brand, unpaid.m.id, "cash")).toBe(0n);
    expect((await verifyLedger(database.db, brand.merchantCode)).problems).toEqual([]);
  });
});
