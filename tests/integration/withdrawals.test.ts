import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { withdrawals } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import {
  changePaymentPassword,
  checkPaymentPassword,
  PIN_ATTEMPTS,
  setPaymentPassword,
} from "../../app/domain/payments/payment-password.server";
import { bindPayoutAccount, changePayoutAccount, getPayoutAccount } from "../../app/domain/payments/payout-accounts.server";
import {
  GatewayUnavailableError,
  type PayoutGateway,
  type PayoutRequest,
  type PayoutStatus,
} from "../../app/domain/payments/ports";
import { approveWithdrawal, reconcileWithdrawals, settlePayoutEvent } from "../../app/domain/payments/payouts.server";
import { getWithdrawal, rejectWithdrawal, requestWithdrawal, withdrawable } from "../../app/domain/payments/withdrawals.server";
import { auditHistory } from "../../app/domain/site/audit.server";
import { houseBalance as houseBalanceOf } from "../../app/domain/wallet/balances.server";
import { postTransfer, type HouseAccount } from "../../app/domain/wallet/ledger.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
});
afterAll(() => database?.close());

const lucky = () => registry.byId.get("lucky-peso")!;
/** Lucky Peso with another daily count (the schema allows up to 50). */
const withDailyCount = (dailyCount: number): Brand => ({
  ...lucky(),
  payments: { ...lucky().payments, withdrawal: { ...lucky().payments.withdrawal, dailyCount } },
});

const PIN = "482913";
const actor = (reason = "checked the player's documents") => ({ name: "Ana (support)", reason });

/** A payout gateway that keeps its payouts in memory: idempotent on the key, like the real ones. */
class FakePayouts implements PayoutGateway {
  readonly id = "sandbox" as const;
  readonly payouts = new Map<string, { ref: string; req: PayoutRequest }>();
  down = false;
  status: PayoutStatus = { state: "pending" };
  async createPayout(req: PayoutRequest) {
    if (this.down) throw new GatewayUnavailableError("down");
    const known = this.payouts.get(req.idempotencyKey);
    if (known) return { payoutRef: known.ref };
    const ref = `po_${this.payouts.size + 1}_${req.withdrawalId}`;
    this.payouts.set(req.idempotencyKey, { ref, req });
    return { payoutRef: ref };
  }
  async payoutStatus() {
    return this.status;
  }
}

let seq = 0;
/** A member with a payment password, a GCash account and `cash` centavos. */
async function player(brand: Brand, cash: bigint) {
  const m = await createMember(database.db, brand, { username: `wd${++seq}x${Date.now() % 1000}`, password: null });
  expect(await setPaymentPassword(database.db, brand, m.id, PIN)).toEqual({ ok: true });
  const bound = await bindPayoutAccount(database.db, brand, m.id, {
    method: "gcash",
    accountNumber: "09171234567",
    holderName: "Juan Dela Cruz",
  });
  expect(bound.ok).toBe(true);
  if (cash > 0n) {
    await postTransfer(database.db, brand, {
      key: `test-deposit:${m.id}`,
      kind: "deposit",
      reference: `test:${m.id}`,
      legs: [
        { account: { house: "house:clearing:sandbox" }, amount: -cash },
        { account: { memberId: m.id, kind: "cash" }, amount: cash },
      ],
    });
  }
  return m;
}

const houseBalance = (brand: Brand, kind: HouseAccount) => houseBalanceOf(database.db, brand, kind);

async function pendingSum(brand: Brand): Promise<bigint> {
  const rows = await database.db
    .select({ amount: withdrawals.amount, state: withdrawals.state })
    .from(withdrawals)
    .where(eq(withdrawals.merchantCode, brand.merchantCode));
  return rows.filter((r) => r.state === "pending" || r.state === "approved").reduce((s, r) => s + r.amount, 0n);
}

async function expectCleanLedger(brand: Brand) {
  const report = await verifyLedger(database.db, brand.merchantCode);
  expect(report.problems).toEqual([]);
  expect(await houseBalance(brand, "house:holds")).toBe(await pendingSum(brand));
}

async function pending(brand: Brand, memberId: number, amount: bigint) {
  const r = await requestWithdrawal(database.db, brand, { id: memberId, type: 0 }, { amount, paymentPassword: PIN });
  if (!r.ok) throw new Error(`refused: ${r.reason}`);
  return r.withdrawal;
}

describe("asking for a withdrawal", () => {
  it("holds the amount: 200 parallel requests against a balance that covers 12 never overdraw", async () => {
    const brand = withDailyCount(50);
    const m = await player(brand, 6_000_00n);
    const results = await Promise.all(
      Array.from({ length: 200 }, () =>
        requestWithdrawal(database.db, brand, { id: m.id, type: 0 }, { amount: 500_00n, paymentPassword: PIN }),
      ),
    );
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(12);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(188).fill("insufficient"));
    expect(await withdrawable(database.db, brand, m.id)).toBe(0n);
    await expectCleanLedger(brand);
  }, 120_000);

  it("counts the day's withdrawals under parallel requests, whatever became of them", async () => {
    const brand = lucky();
    const m = await player(brand, 100_000_00n);
    const first = await pending(brand, m.id, 200_00n);
    expect((await rejectWithdrawal(database.db, brand, first.publicId, actor("wrong name"))).ok).toBe(true);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        requestWithdrawal(database.db, brand, { id: m.id, type: 0 }, { amount: 300_00n, paymentPassword: PIN }),
      ),
    );
    // dailyCount is 3 and the rejected one counts.
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(results.filter((r) => !r.ok && r.reason === "daily_limit")).toHaveLength(10);
    expect(await withdrawable(database.db, brand, m.id)).toBe(100_000_00n - 600_00n);
    await expectCleanLedger(brand);
  }, 60_000);

  it("refuses guests, amounts outside the limits, a missing password or account, a wrong password", async () => {
    const brand = lucky();
    const m = await player(brand, 1_000_00n);
    const ask = (amount: bigint, paymentPassword = PIN, type = 0, id = m.id) =>
      requestWithdrawal(database.db, brand, { id, type }, { amount, paymentPassword });
    expect(await ask(500_00n, PIN, 4)).toEqual({ ok: false, reason: "guest" });
    expect(await ask(199_99n)).toEqual({ ok: false, reason: "below_min", limit: 200_00n });
    expect(await ask(50_000_01n)).toEqual({ ok: false, reason: "above_max", limit: 50_000_00n });
    expect(await ask(1_000_01n)).toEqual({ ok: false, reason: "insufficient" });
    expect(await ask(500_00n, "000000")).toEqual({ ok: false, reason: "wrong_password" });
    const bare = await createMember(database.db, brand, { username: `bare${++seq}x`, password: null });
    expect(await ask(500_00n, PIN, 0, bare.id)).toEqual({ ok: false, reason: "no_password" });
    await setPaymentPassword(database.db, brand, bare.id, PIN);
    expect(await ask(500_00n, PIN, 0, bare.id)).toEqual({ ok: false, reason: "no_account" });
    expect(await withdrawable(database.db, brand, m.id)).toBe(1_000_00n);
    const r = await ask(1_000_00n);
    expect(r.ok && r.withdrawal.publicId).toMatch(/^W[A-Z2-7]{16}$/);
    expect(r.ok && r.withdrawal).toMatchObject({
      state: "pending",
      payoutMethod: "gcash",
      payoutAccountNumber: "09171234567",
      gateway: "sandbox",
    });
  });
});

describe("support's review and the gateway's answer", () => {
  it("approve -> payout -> paid moves the hold to the clearing account, once", async () => {
    const brand = lucky();
    const gateway = new FakePayouts();
    const m = await player(brand, 2_000_00n);
    const w = await pending(brand, m.id, 1_500_00n);
    const clearing = await houseBalance(brand, "house:clearing:sandbox");
    const approved = await approveWithdrawal(database.db, brand, gateway, w.publicId, actor());
    expect(approved.ok && approved.payout).toBe("sent");
    const ref = approved.ok ? approved.withdrawal.payoutRef! : "";
    expect(gateway.payouts.get(`payout:${w.publicId}`)?.req).toMatchObject({ amount: 1_500_00n, withdrawalId: w.publicId });
    expect(await approveWithdrawal(database.db, brand, gateway, w.publicId, actor())).toEqual({
      ok: false,
      reason: "not_pending",
      state: "approved",
    });
    expect((await rejectWithdrawal(database.db, brand, w.publicId, actor("late"))).ok).toBe(false);

    const event = {
      type: "payout.paid" as const,
      eventId: `evt_${w.publicId}`,
      payoutRef: ref,
      amount: 1_500_00n,
      currency: "PHP",
    };
    const outcomes = await Promise.all([1, 2, 3].map(() => settlePayoutEvent(database.db, brand, "sandbox", event)));
    expect(outcomes.sort()).toEqual(["duplicate", "duplicate", "settled"]);
    expect(await settlePayoutEvent(database.db, brand, "sandbox", { ...event, eventId: "evt_other" })).toBe("duplicate");
    expect((await getWithdrawal(database.db, brand, w.publicId))?.state).toBe("paid");
    expect(await houseBalance(brand, "house:clearing:sandbox")).toBe(clearing + 1_500_00n);
    expect(await withdrawable(database.db, brand, m.id)).toBe(500_00n);
    const audit = await auditHistory(database.db, brand, `withdrawal:${w.publicId}`);
    expect(audit.map((a) => [a.oldValue, a.newValue, a.actor, a.reason])).toEqual([
      ["approved", "paid", "gateway:sandbox", `evt_${w.publicId}`],
      ["pending", "approved", "Ana (support)", expect.any(String)],
    ]);
    await expectCleanLedger(brand);
  });

  it("a failed payout gives the hold back with the gateway's reason; an unknown or mismatched event changes nothing", async () => {
    const brand = lucky();
    const gateway = new FakePayouts();
    const m = await player(brand, 1_000_00n);
    const w = await pending(brand, m.id, 800_00n);
    const a = await approveWithdrawal(database.db, brand, gateway, w.publicId, actor());
    const ref = a.ok ? a.withdrawal.payoutRef! : "";
    expect(
      await settlePayoutEvent(database.db, brand, "sandbox", {
        type: "payout.failed",
        eventId: "evt_x",
        payoutRef: "po_nobody",
        reason: "x",
      }),
    ).toBe("unknown");
    expect(
      await settlePayoutEvent(database.db, brand, "sandbox", {
        type: "payout.paid",
        eventId: `evt_mm_${w.publicId}`,
        payoutRef: ref,
        amount: 800_01n,
        currency: "PHP",
      }),
    ).toBe("mismatch");
    expect((await getWithdrawal(database.db, brand, w.publicId))?.state).toBe("approved");
    const failed = { type: "payout.failed" as const, eventId: `evt_f_${w.publicId}`, payoutRef: ref, reason: "account closed" };
    expect(await settlePayoutEvent(database.db, brand, "sandbox", failed)).toBe("settled");
    expect(await settlePayoutEvent(database.db, brand, "sandbox", failed)).toBe("duplicate");
    expect(await getWithdrawal(database.db, brand, w.publicId)).toMatchObject({ state: "failed", reason: "account closed" });
    expect(await withdrawable(database.db, brand, m.id)).toBe(1_000_00n);
    await expectCleanLedger(brand);
  });

  it("reject gives the hold back with the reason; parallel approve and reject: exactly one wins", async () => {
    const brand = lucky();
    const gateway = new FakePayouts();
    const m = await player(brand, 3_000_00n);
    const w = await pending(brand, m.id, 1_000_00n);
    const r = await rejectWithdrawal(database.db, brand, w.publicId, actor("the holder name differs"));
    expect(r.ok && r.withdrawal).toMatchObject({ state: "rejected", reason: "the holder name differs" });
    expect(await withdrawable(database.db, brand, m.id)).toBe(3_000_00n);
    expect(await rejectWithdrawal(database.db, brand, w.publicId, actor("again"))).toEqual({
      ok: false,
      reason: "not_pending",
      state: "rejected",
    });

    const v = await pending(brand, m.id, 1_000_00n);
    const race = await Promise.all([
      approveWithdrawal(database.db, brand, gateway, v.publicId, actor()),
      rejectWithdrawal(database.db, brand, v.publicId, actor("no")),
      approveWithdrawal(database.db, brand, gateway, v.publicId, actor()),
      rejectWithdrawal(database.db, brand, v.publicId, actor("no")),
    ]);
    expect(race.filter((x) => x.ok)).toHaveLength(1);
    const final = await getWithdrawal(database.db, brand, v.publicId);
    expect(await withdrawable(database.db, brand, m.id)).toBe(final?.state === "rejected" ? 3_000_00n : 2_000_00n);
    await expectCleanLedger(brand);
  });

  it("reconciliation re-sends a payout the gateway did not take, with the same key, and settles from its status", async () => {
    const brand = lucky();
    const gateway = new FakePayouts();
    const m = await player(brand, 1_000_00n);
    const w = await pending(brand, m.id, 400_00n);
    gateway.down = true;
    const a = await approveWithdrawal(database.db, brand, gateway, w.publicId, actor());
    expect(a.ok && a.payout).toBe("retry_later");
    expect((await getWithdrawal(database.db, brand, w.publicId))?.payoutRef).toBeNull();
    gateway.down = false;
    const now = new Date();
    expect(await reconcileWithdrawals(database.db, brand, gateway, now)).toMatchObject({ sent: 1, unsent: 0 });
    expect(await reconcileWithdrawals(database.db, brand, gateway, now)).toMatchObject({ sent: 0, settled: 0 });
    expect(gateway.payouts.size).toBe(1);
    gateway.status = { state: "paid" };
    const later = new Date(now.getTime() + 4 * 60_000);
    // Other tests' approved withdrawals are this gateway's too: they settle alongside.
    expect((await reconcileWithdrawals(database.db, brand, gateway, later)).settled).toBeGreaterThanOrEqual(1);
    expect((await getWithdrawal(database.db, brand, w.publicId))?.state).toBe("paid");
    expect(await reconcileWithdrawals(database.db, brand, gateway, later)).toMatchObject({ settled: 0 });
    await expectCleanLedger(brand);
  });
});

describe("the payment password and the payout account", () => {
  it("answers at most the limit of wrong passwords to a parallel burst, then locks even the right one", async () => {
    const brand = lucky();
    const m = await player(brand, 0n);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkPaymentPassword(database.db, brand, m.id, `1${String(i).padStart(5, "0")}`)),
    );
    expect(results.filter((r) => !r.ok && r.reason === "wrong")).toHaveLength(PIN_ATTEMPTS.limit - 1);
    const locked = results.filter((r) => !r.ok && r.reason === "locked");
    expect(locked).toHaveLength(20 - (PIN_ATTEMPTS.limit - 1));
    const retryAt = locked[0] && "retryAt" in locked[0] ? locked[0].retryAt.getTime() : 0;
    expect(retryAt).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(await checkPaymentPassword(database.db, brand, m.id, PIN)).toMatchObject({ ok: false, reason: "locked" });
  });

  it("right passwords cost no attempts; setting twice is refused; a change needs the old one and is audited without it", async () => {
    const brand = lucky();
    const m = await player(brand, 0n);
    for (let i = 0; i < PIN_ATTEMPTS.limit + 2; i++)
      expect(await checkPaymentPassword(database.db, brand, m.id, PIN)).toEqual({ ok: true });
    expect(await setPaymentPassword(database.db, brand, m.id, "111111")).toEqual({ ok: false, reason: "already_set" });
    expect(await changePaymentPassword(database.db, brand, m.id, { oldPin: "999999", newPin: "222222" })).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await changePaymentPassword(database.db, brand, m.id, { oldPin: PIN, newPin: "222222" })).toEqual({ ok: true });
    expect(await checkPaymentPassword(database.db, brand, m.id, "222222")).toEqual({ ok: true });
    const audit = await auditHistory(database.db, brand, `payment-password:${m.id}`);
    expect(audit.map((a) => a.newValue)).toEqual(["changed", "set"]);
    expect(JSON.stringify(audit)).not.toMatch(/222222|482913/);
  });

  it("changing the payout account needs the payment password and audits both accounts, masked", async () => {
    const brand = lucky();
    const m = await player(brand, 0n);
    const next = { method: "bank" as const, bank: "BPI", accountNumber: "1234567890123", holderName: "Juan Dela Cruz" };
    expect(await changePayoutAccount(database.db, brand, m.id, { ...next, paymentPassword: "000000" })).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(
      await changePayoutAccount(database.db, brand, m.id, { ...next, bank: "Bank of Nowhere", paymentPassword: PIN }),
    ).toMatchObject({
      ok: false,
      reason: "invalid",
      field: "bank",
    });
    expect(await bindPayoutAccount(database.db, brand, m.id, next)).toEqual({ ok: false, reason: "already_bound" });
    expect((await changePayoutAccount(database.db, brand, m.id, { ...next, paymentPassword: PIN })).ok).toBe(true);
    expect(await getPayoutAccount(database.db, brand, m.id)).toEqual({ ...next });
    const [change, bind] = await auditHistory(database.db, brand, `payout-account:${m.id}`);
    expect(change).toMatchObject({
      oldValue: "gcash *******4567 Juan Dela Cruz",
      newValue: "bank BPI *********0123 Juan Dela Cruz",
    });
    expect(bind).toMatchObject({ oldValue: null, newValue: "gcash *******4567 Juan Dela Cruz" });
    expect(JSON.stringify([change, bind])).not.toMatch(/09171234567|1234567890123/);
  });
});
