import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { jobLeases, members, paymentEvents, paymentOrders, walletTransfers } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import {
  createDepositOrder,
  DepositRefusedError,
  HOURLY_ORDER_LIMIT,
  settlePaymentEvent,
  type PaymentOrder,
} from "../../app/domain/payments/deposits.server";
import { applyGatewayEvent } from "../../app/domain/payments/events.server";
import {
  GatewayUnavailableError,
  type CheckoutRequest,
  type PaymentGateway,
  type PaymentStatus,
} from "../../app/domain/payments/ports";
import { reconcileDeposits, withJobLease } from "../../app/domain/payments/reconcile.server";
import { takeHit } from "../../app/domain/site/rate-limit.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase } from "../setup/test-db";

/** The port, in miniature: checkouts are numbered, statuses are whatever the test says. */
class FakeGateway implements PaymentGateway {
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

let database: Database;
let registry: BrandRegistry;
let gateway: FakeGateway;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  gateway = new FakeGateway();
});
afterAll(() => database?.close());

const lucky = (): Brand => registry.byId.get("lucky-peso")!;
const perlas = (): Brand => registry.byId.get("perlas-play")!;
const urls = {
  returnUrl: (id: string) => `http://luckypeso.localhost/m/deposit/${id}`,
  cancelUrl: (id: string) => `http://luckypeso.localhost/m/deposit/${id}`,
};
let seq = 0;
const newMember = (brand = lucky(), type = 0) =>
  createMember(database.db, brand, { username: `dep${Date.now() % 100000}${++seq}`, password: "memberpw1", type });
const order = (m: Member, amount = 500_00n, channel = "gcash", brand = lucky()) =>
  createDepositOrder(database.db, brand, gateway, m, { channel, amount }, urls);
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof DepositRefusedError) return err.code;
    throw err;
  }
  return "ok";
};
const paid = (o: PaymentOrder, eventId: string, over: Partial<{ amount: bigint; currency: string; paymentId: string }> = {}) => ({
  type: "payment.paid" as const,
  eventId,
  gatewayRef: o.gatewayRef!,
  paymentId: over.paymentId ?? `pay_${o.publicId}`,
  amount: over.amount ?? o.amount,
  currency: over.currency ?? "PHP",
});
const cash = (m: Member, brand = lucky()) => getBalance(database.db, brand, m.id, "cash");
const orderRow = async (o: PaymentOrder) =>
  (await database.db.select().from(paymentOrders).where(eq(paymentOrders.id, o.id)))[0]!;
const countBy = (xs: string[]) => xs.reduce<Record<string, number>>((acc, x) => ({ ...acc, [x]: (acc[x] ?? 0) + 1 }), {});

describe("creating deposit orders", () => {
  it("makes a pending order with the quote, a D-id, a 30-minute expiry and the gateway's checkout", async () => {
    const m = await newMember();
    const o = await order(m, 500_00n, "online_banking");
    expect(o).toMatchObject({ state: "pending", amount: 500_00n, fee: 15_00n, credit: 485_00n, channel: "online_banking" });
    expect(o.publicId).toMatch(/^D[A-Z2-7]{16}$/);
    expect(o.gatewayRef).toBe(`cs_${o.gatewayRef!.split("_")[1]}_${o.publicId}`);
    expect(o.checkoutUrl).toContain(o.gatewayRef);
    const minutes = (o.expiresAt.getTime() - o.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 3);
  });

  it("allows at most five open orders per member, however many arrive at once", async () => {
    const m = await newMember();
    const results = await Promise.all(Array.from({ length: 12 }, () => refusal(order(m))));
    expect(countBy(results)).toEqual({ ok: 5, too_many_open: 7 });
    const rows = await database.db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id));
    expect(rows).toHaveLength(5);
  });

  it("allows twenty orders per member per hour, however many arrive at once", async () => {
    const m = await newMember();
    for (let i = 0; i < HOURLY_ORDER_LIMIT.limit - 3; i++)
      await takeHit(database.db, lucky(), `deposit-orders:${m.id}`, HOURLY_ORDER_LIMIT);
    const results = await Promise.all(Array.from({ length: 8 }, () => refusal(order(m))));
    expect(countBy(results)).toEqual({ ok: 3, too_many_recent: 5 });
  });

  it("refuses trial players, disabled members and amounts outside the channel, writing nothing", async () => {
    const guest = await newMember(lucky(), 4);
    expect(await refusal(order(guest))).toBe("free_reject");
    const off = await newMember();
    await database.db.update(members).set({ status: "disabled" }).where(eq(members.id, off.id));
    const disabled = (await database.db.select().from(members).where(eq(members.id, off.id)))[0]!;
    expect(await refusal(order(disabled))).toBe("disabled");
    const m = await newMember();
    expect(await refusal(order(m, 99_99n))).toBe("below_min");
    expect(await refusal(order(m, 50_000_01n))).toBe("above_max");
    expect(await refusal(order(m, 500_00n, "paypal"))).toBe("unknown_channel");
    const rows = await database.db
      .select()
      .from(paymentOrders)
      .where(sql`${paymentOrders.memberId} in (${guest.id}, ${off.id}, ${m.id})`);
    expect(rows).toEqual([]);
  });

  it("marks the order failed and answers gateway_unavailable when the gateway cannot be reached", async () => {
    const m = await newMember();
    gateway.down = true;
    try {
      expect(await refusal(order(m))).toBe("gateway_unavailable");
    } finally {
      gateway.down = false;
    }
    const [row] = await database.db.select().from(paymentOrders).where(eq(paymentOrders.memberId, m.id));
    expect(row).toMatchObject({ state: "failed", failureReason: "gateway_unavailable", gatewayRef: null });
  });
});

describe("settling payment events", () => {
  it("credits once under 100 concurrent deliveries of the same event", async () => {
    const m = await newMember();
    const o = await order(m, 1_234_56n);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => settlePaymentEvent(database.db, lucky(), "sandbox", paid(o, `evt_same_${o.publicId}`))),
    );
    expect(countBy(outcomes)).toEqual({ settled: 1, duplicate: 99 });
    expect(await cash(m)).toBe(1_234_56n);
    const row = await orderRow(o);
    expect(row).toMatchObject({ state: "paid", gatewayPaymentId: `pay_${o.publicId}` });
    expect(row.settledAt).not.toBeNull();
    const transfers = await database.db
      .select()
      .from(walletTransfers)
      .where(eq(walletTransfers.reference, `order:${o.publicId}`));
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({ id: row.transferId, kind: "deposit", idempotencyKey: `deposit:${o.publicId}` });
  });

  it("credits once under 100 concurrent events with different ids about the same payment", async () => {
    const m = await newMember();
    const o = await order(m, 300_00n, "otc");
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        settlePaymentEvent(database.db, lucky(), "sandbox", paid(o, `evt_${i}_${o.publicId}`)),
      ),
    );
    expect(countBy(outcomes)).toEqual({ settled: 1, duplicate: 99 });
    // OTC: 1.5% of ₱300.00 is ₱4.50, paid by the player.
    expect(await cash(m)).toBe(295_50n);
  });

  it("refuses a paid event whose amount or currency differs from the order, changing nothing", async () => {
    const m = await newMember();
    const o = await order(m, 500_00n);
    expect(await settlePaymentEvent(database.db, lucky(), "sandbox", paid(o, "evt_mm1", { amount: 500_01n }))).toBe("mismatch");
    expect(await settlePaymentEvent(database.db, lucky(), "sandbox", paid(o, "evt_mm2", { currency: "USD" }))).toBe("mismatch");
    expect(await cash(m)).toBe(0n);
    expect((await orderRow(o)).state).toBe("pending");
    const events = await database.db.select().from(paymentEvents).where(eq(paymentEvents.subject, o.publicId));
    expect(events).toEqual([]);
    // The genuine event still settles afterwards.
    expect(await settlePaymentEvent(database.db, lucky(), "sandbox", paid(o, "evt_mm3"))).toBe("settled");
    expect(await cash(m)).toBe(500_00n);
  });

  it("answers unknown for a checkout we never made, or one of another brand", async () => {
    const m = await newMember();
    const o = await order(m);
    expect(
      await settlePaymentEvent(database.db, lucky(), "sandbox", { ...paid(o, "evt_unknown"), gatewayRef: "cs_never_made" }),
    ).toBe("unknown");
    expect(await settlePaymentEvent(database.db, perlas(), "sandbox", paid(o, "evt_other_brand"))).toBe("unknown");
    expect(await settlePaymentEvent(database.db, lucky(), "paymongo", paid(o, "evt_other_gateway"))).toBe("unknown");
    expect(await cash(m)).toBe(0n);
    expect((await orderRow(o)).state).toBe("pending");
  });

  it("moves only a pending order to failed, and a failure never undoes a payment", async () => {
    const m = await newMember();
    const o = await order(m);
    const failed = {
      type: "payment.failed" as const,
      eventId: `evt_f_${o.publicId}`,
      gatewayRef: o.gatewayRef!,
      reason: "card_declined",
    };
    expect(await applyGatewayEvent(database.db, lucky(), "sandbox", failed)).toBe("settled");
    expect(await applyGatewayEvent(database.db, lucky(), "sandbox", failed)).toBe("duplicate");
    expect(await orderRow(o)).toMatchObject({ state: "failed", failureReason: "card_declined" });

    const p = await order(m);
    expect(await applyGatewayEvent(database.db, lucky(), "sandbox", paid(p, `evt_p_${p.publicId}`))).toBe("settled");
    await applyGatewayEvent(database.db, lucky(), "sandbox", {
      ...failed,
      eventId: `evt_f2_${p.publicId}`,
      gatewayRef: p.gatewayRef!,
    });
    expect((await orderRow(p)).state).toBe("paid");
    expect(await cash(m)).toBe(500_00n);
  });

  it("still credits a payment that arrives after the order expired or failed", async () => {
    const m = await newMember();
    const o = await order(m, 700_00n);
    await database.db.update(paymentOrders).set({ state: "expired" }).where(eq(paymentOrders.id, o.id));
    expect(await settlePaymentEvent(database.db, lucky(), "sandbox", paid(o, `evt_late_${o.publicId}`))).toBe("settled");
    expect(await orderRow(o)).toMatchObject({ state: "paid" });
    const f = await order(m, 100_00n);
    await database.db.update(paymentOrders).set({ state: "failed", failureReason: "x" }).where(eq(paymentOrders.id, f.id));
    expect(await settlePaymentEvent(database.db, lucky(), "sandbox", paid(f, `evt_late_${f.publicId}`))).toBe("settled");
    expect(await orderRow(f)).toMatchObject({ state: "paid", failureReason: null });
    expect(await cash(m)).toBe(800_00n);
  });

  it("books a fee the house bears against the fees account and nets clearing (perlas online banking, 1%)", async () => {
    const m = await newMember(perlas());
    const o = await order(m, 1_000_00n, "online_banking", perlas());
    expect(o).toMatchObject({ fee: 10_00n, credit: 1_000_00n });
    expect(await settlePaymentEvent(database.db, perlas(), "sandbox", paid(o, `evt_h_${o.publicId}`))).toBe("settled");
    expect(await cash(m, perlas())).toBe(1_000_00n);
    const legs = await database.db.execute(sql`
      select a.kind, e.amount_centavos::text as amount from wallet_entries e
      join wallet_accounts a on a.id = e.account_id
      join wallet_transfers t on t.id = e.transfer_id
      where t.merchant_code = ${perlas().merchantCode} and t.idempotency_key = ${`deposit:${o.publicId}`}
      order by a.kind`);
    expect((legs as unknown as { rows: unknown[] }).rows).toEqual([
      { kind: "cash", amount: "100000" },
      { kind: "house:clearing:sandbox", amount: "-99000" },
      { kind: "house:fees", amount: "-1000" },
    ]);
  });
});

describe("reconciliation", () => {
  const age = (o: PaymentOrder, minutes: number, expiresInMinutes = 30 - minutes) =>
    database.db
      .update(paymentOrders)
      .set({
        createdAt: sql`now() - make_interval(mins => ${minutes})`,
        expiresAt: sql`now() + make_interval(mins => ${expiresInMinutes})`,
      })
      .where(eq(paymentOrders.id, o.id));

  it("settles paid and failed orders from the gateway's status, expires the abandoned, leaves the young", async () => {
    const m = await newMember(perlas());
    const brand = perlas();
    const make = () => order(m, 200_00n, "gcash", brand);
    const [toPay, toFail, abandoned, stillOpen, young] = [await make(), await make(), await make(), await make(), await make()];
    for (const o of [toPay, toFail, abandoned, stillOpen]) await age(o, 10);
    await age(abandoned, 31);
    gateway.statuses.set(toPay.gatewayRef!, {
      state: "paid",
      paymentId: `pay_r_${toPay.publicId}`,
      amount: 200_00n,
      currency: "PHP",
    });
    gateway.statuses.set(toFail.gatewayRef!, { state: "failed", reason: "expired_card" });
    gateway.statuses.set(abandoned.gatewayRef!, { state: "pending" });
    gateway.statuses.set(stillOpen.gatewayRef!, { state: "pending" });
    gateway.statuses.set(young.gatewayRef!, { state: "paid", paymentId: "pay_young", amount: 200_00n, currency: "PHP" });

    const report = await reconcileDeposits(database.db, brand, gateway, new Date());
    expect(report).toEqual({ checked: 4, paid: 1, failed: 1, expired: 1, errors: 0 });
    expect((await orderRow(toPay)).state).toBe("paid");
    expect(await orderRow(toFail)).toMatchObject({ state: "failed", failureReason: "expired_card" });
    expect((await orderRow(abandoned)).state).toBe("expired");
    expect((await orderRow(stillOpen)).state).toBe("pending");
    expect((await orderRow(young)).state).toBe("pending");
    expect(await cash(m, brand)).toBe(200_00n);

    // The gateway's own webhook arriving afterwards credits nothing more.
    expect(await settlePaymentEvent(database.db, brand, "sandbox", paid(toPay, "evt_after_reconcile"))).toBe("duplicate");
    // A second run finds nothing to do.
    expect(await reconcileDeposits(database.db, brand, gateway, new Date())).toMatchObject({ paid: 0, failed: 0, expired: 0 });
    expect(await cash(m, brand)).toBe(200_00n);
  });

  it("lets one runner at a time hold the lease, and takes over one whose holder died", async () => {
    let inside = 0;
    let most = 0;
    const job = async () => {
      inside++;
      most = Math.max(most, inside);
      await new Promise((r) => setTimeout(r, 150));
      inside--;
      return "done";
    };
    const runs = await Promise.all(
      Array.from({ length: 10 }, (_, i) => withJobLease(database.db, "test-lease", `runner-${i}`, 60_000, job)),
    );
    expect(runs.filter((r) => r.ran)).toEqual([{ ran: true, result: "done" }]);
    expect(most).toBe(1);
    // Released at the end: the next run takes it.
    expect(await withJobLease(database.db, "test-lease", "runner-next", 60_000, job)).toEqual({ ran: true, result: "done" });
    // A holder that never released it: refused until its time is up, then taken over.
    await database.db
      .insert(jobLeases)
      .values({ name: "stale-lease", holder: "crashed", until: sql`now() + interval '1 minute'` });
    expect(await withJobLease(database.db, "stale-lease", "me", 60_000, job)).toEqual({ ran: false });
    await database.db
      .update(jobLeases)
      .set({ until: sql`now() - interval '1 second'` })
      .where(and(eq(jobLeases.name, "stale-lease")));
    expect(await withJobLease(database.db, "stale-lease", "me", 60_000, job)).toEqual({ ran: true, result: "done" });
    expect(await database.db.select().from(jobLeases).where(eq(jobLeases.name, "stale-lease"))).toEqual([]);
  });
});

describe("npm run payments", () => {
  const payments = {
    depositGateway: () => gateway,
    // No withdrawal is approved in this file: the payout side has nothing to send or ask.
    payoutGateway: () => ({
      id: "sandbox" as const,
      createPayout: () => Promise.reject(new Error("no payouts here")),
      payoutStatus: () => Promise.resolve({ state: "pending" as const }),
    }),
    gatewayFor: () => null,
  };

  it("reconciles every brand (or one) and lists a brand's orders by state", async () => {
    const m = await newMember();
    const o = await order(m, 400_00n);
    await database.db
      .update(paymentOrders)
      .set({ createdAt: sql`now() - interval '40 minutes'`, expiresAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentOrders.id, o.id));
    gateway.statuses.set(o.gatewayRef!, { state: "pending" });

    const all = await runAdminCommand(database.db, registry, { command: "payments.reconcile" }, { payments });
    expect(all).toMatchObject({ ok: true, command: "payments.reconcile" });
    if (!all.ok) throw new Error(all.error);
    expect(all.brands.map((b) => b.brand).sort()).toEqual(["lucky-peso", "perlas-play"]);
    expect(all.brands.find((b) => b.brand === "lucky-peso")).toMatchObject({ ran: true, expired: 1 });
    expect(formatAdminResult(all).text).toMatch(
      /lucky-peso: checked \d+ pending orders; 0 paid, 0 failed, 1 expired\. Payouts: 0 sent again, 0 settled, 0 waiting\./,
    );

    const listed = await runAdminCommand(database.db, registry, {
      command: "payments.orders",
      brand: "lucky-peso",
      state: "expired",
      limit: 5,
    });
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.orders.map((x) => x.id)).toContain(o.publicId);
    expect(listed.orders.every((x) => x.state === "expired")).toBe(true);
    expect(formatAdminResult(listed).text).toContain(`${o.publicId}  ${m.username}`);
  });

  it("refuses an unknown brand or state, and reconciling without the gateways", async () => {
    expect(
      await runAdminCommand(database.db, registry, { command: "payments.reconcile", brand: "nope" }, { payments }),
    ).toMatchObject({
      ok: false,
    });
    expect(
      await runAdminCommand(database.db, registry, { command: "payments.orders", brand: "lucky-peso", state: "lost" as "paid" }),
    ).toMatchObject({ ok: false, error: expect.stringContaining("--state") });
    expect(await runAdminCommand(database.db, registry, { command: "payments.reconcile", brand: "lucky-peso" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("payment gateways"),
    });
  });
});
