// Deposit orders the gateway never reported: reconciliation, and the support command `npm run payments`.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobLeases, paymentOrders } from "../../app/db/schema";
import { settlePaymentEvent, type PaymentOrder } from "../../app/domain/payments/deposits.server";
import { reconcileDeposits, withJobLease } from "../../app/domain/payments/reconcile.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { cash, database, gateway, newMember, order, orderRow, paid, perlas, registry, setUpDeposits } from "./deposits-fixtures";

setUpDeposits();

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
