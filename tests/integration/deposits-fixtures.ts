/** What the deposits' tests share: a database per test file, a fake gateway, members and orders. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { paymentOrders } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import { createDepositOrder, DepositRefusedError, type PaymentOrder } from "../../app/domain/payments/deposits.server";
import {
  GatewayUnavailableError,
  type CheckoutRequest,
  type PaymentGateway,
  type PaymentStatus,
} from "../../app/domain/payments/ports";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { projectBrands } from "../setup/brands";
import { verifyMember } from "../setup/kyc";
import { createTestDatabase } from "../setup/test-db";

/** The port, in miniature: checkouts are numbered, statuses are whatever the test says. */
export class FakeGateway implements PaymentGateway {
  readonly id = "sandbox" as const;
  down = false;
  statuses = new Map<string, PaymentStatus>();
  lookups = 0;
  private n = 0;
  async createCheckout(req: CheckoutRequest) {
    if (this.down) throw new GatewayUnavailableError("connection refused");
    const ref = `cs_${++this.n}_${req.orderId}`;
    return { gatewayRef: ref, checkoutUrl: `https://gateway.test/checkout/${ref}` };
  }
  async paymentStatus(_merchantCode: string, gatewayRef: string): Promise<PaymentStatus> {
    this.lookups++;
    const s = this.statuses.get(gatewayRef);
    if (s === undefined) throw new GatewayUnavailableError("no such checkout");
    return s;
  }
  parseWebhook(): never {
    throw new Error("webhooks are not parsed in these tests");
  }
}

export let database: Database;
export let registry: BrandRegistry;
export let gateway: FakeGateway;
/** The file's own database, the project brands and a fake gateway. */
export function setUpDeposits() {
  beforeAll(async () => {
    database = await createTestDatabase();
    registry = await projectBrands();
    gateway = new FakeGateway();
  });
  afterAll(() => database?.close());
}

export const lucky = (): Brand => registry.byId.get("lucky-peso")!;
export const perlas = (): Brand => registry.byId.get("perlas-play")!;
export const urls = {
  returnUrl: (id: string) => `http://luckypeso.localhost/m/deposit/${id}`,
  cancelUrl: (id: string) => `http://luckypeso.localhost/m/deposit/${id}`,
};
let seq = 0;
/** A member whose identity is verified (brands ask for it before deposits: compliance.kyc.deposit). */
export async function newMember(brand = lucky(), type = 0) {
  const m = await createMember(database.db, brand, {
    username: `dep${Date.now() % 100000}${++seq}`,
    password: "memberpw1",
    type,
  });
  await verifyMember(database.db, brand, m.id);
  return m;
}
export const order = (m: Member, amount = 500_00n, channel = "gcash", brand = lucky()) =>
  createDepositOrder(database.db, brand, gateway, m, { channel, amount }, urls);
export const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof DepositRefusedError) return err.code;
    throw err;
  }
  return "ok";
};
export const paid = (
  o: PaymentOrder,
  eventId: string,
  over: Partial<{ amount: bigint; currency: string; paymentId: string }> = {},
) => ({
  type: "payment.paid" as const,
  eventId,
  gatewayRef: o.gatewayRef!,
  paymentId: over.paymentId ?? `pay_${o.publicId}`,
  amount: over.amount ?? o.amount,
  currency: over.currency ?? "PHP",
});
export const cash = (m: Member, brand = lucky()) => getBalance(database.db, brand, m.id, "cash");
export const orderRow = async (o: PaymentOrder) =>
  (await database.db.select().from(paymentOrders).where(eq(paymentOrders.id, o.id)))[0]!;
export const countBy = (xs: string[]) => xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {});
