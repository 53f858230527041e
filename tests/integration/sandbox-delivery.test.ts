// The sandbox's webhook delivery: retries, backoff, giving up.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { sandboxPayments, sandboxWebhooks } from "../../app/db/schema-money";
import { deliverDueWebhooks, MAX_ATTEMPTS } from "../../app/integrations/payments/sandbox-delivery.server";
import { PAYOUT_REJECTED_MESSAGE } from "../../app/integrations/payments/sandbox-events.server";
import { completeSandboxCheckout } from "../../app/integrations/payments/sandbox.server";
import { verifySignatureHeader } from "../../app/integrations/payments/signature.server";
import { TEST_ENGINE } from "../setup/test-db";
import {
  MERCHANT,
  checkoutRequest,
  database,
  eventIdOf,
  gateway,
  payoutRequest,
  receiver,
  secretFor,
  setUpSandbox,
} from "./sandbox-fixtures";

setUpSandbox();

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
