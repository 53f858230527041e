// Deposit orders: creating them, and settling them from the gateway's events.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { members, paymentEvents, paymentOrders, walletTransfers } from "../../app/db/schema";
import { HOURLY_ORDER_LIMIT, settlePaymentEvent } from "../../app/domain/payments/deposits.server";
import { applyGatewayEvent } from "../../app/domain/payments/events.server";
import { takeHit } from "../../app/domain/site/rate-limit.server";
import {
  cash,
  countBy,
  database,
  gateway,
  lucky,
  newMember,
  order,
  orderRow,
  paid,
  perlas,
  refusal,
  setUpDeposits,
} from "./deposits-fixtures";

setUpDeposits();

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
