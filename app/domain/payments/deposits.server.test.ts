import { describe, expect, it } from "vitest";
import { brandSchema, type Brand } from "~/brand/schema";
import lucky from "../../../brands/lucky-peso";
import { depositLegs, DepositRefusedError, isAllowedCheckoutUrl, newOrderId, quoteDeposit } from "./deposits.server";

const base = brandSchema.parse(lucky);
/** The lucky-peso brand with one channel replaced (fee rules under test). */
function withChannel(channel: Brand["payments"]["channels"][number]): Brand {
  return { ...base, payments: { ...base.payments, channels: [channel] } };
}
const channel = (fee: Brand["payments"]["channels"][number]["fee"]) =>
  withChannel({ id: "gcash", minCentavos: 1, maxCentavos: 100_000_00, quickAmountsCentavos: [], fee });

function refusal(fn: () => unknown): DepositRefusedError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DepositRefusedError) return err;
    throw err;
  }
  throw new Error("not refused");
}

describe("quoteDeposit", () => {
  it("rounds a percentage fee up to the next whole centavo, never down", () => {
    const b = channel({ payer: "player", percentBps: 150, fixedCentavos: 0 });
    // 1.5% of 10000 is exactly 150: no rounding.
    expect(quoteDeposit(b, "gcash", 10000n)).toMatchObject({ fee: 150n, credit: 9850n });
    // 1.5% of 10001 is 150.015: 151.
    expect(quoteDeposit(b, "gcash", 10001n)).toMatchObject({ fee: 151n, credit: 9850n });
    // 1.5% of 9999 is 149.985: 150.
    expect(quoteDeposit(b, "gcash", 9999n)).toMatchObject({ fee: 150n, credit: 9849n });
    // 1.5% of 1 centavo is 0.015: 1.
    expect(refusal(() => quoteDeposit(b, "gcash", 1n)).code).toBe("no_credit");
    expect(quoteDeposit(b, "gcash", 2n)).toMatchObject({ fee: 1n, credit: 1n });
  });

  it("adds the fixed part and keeps exact arithmetic at the top of the range", () => {
    const b = channel({ payer: "player", percentBps: 1000, fixedCentavos: 100_000 });
    const big = 100_000_00n;
    expect(quoteDeposit(b, "gcash", big)).toMatchObject({ fee: 10_000_00n + 100_000n, credit: big - 10_000_00n - 100_000n });
    // The fee eats the whole amount: nothing would reach the player.
    expect(refusal(() => quoteDeposit(b, "gcash", 100_000n)).code).toBe("no_credit");
    // 10% of 111112 is 11111.2, rounded up to 11112: with the fixed part the fee is the whole amount.
    expect(refusal(() => quoteDeposit(b, "gcash", 111_112n)).code).toBe("no_credit");
    expect(quoteDeposit(b, "gcash", 111_113n)).toMatchObject({ fee: 111_112n, credit: 1n });
  });

  it("credits the whole amount when the house pays the fee", () => {
    const b = channel({ payer: "house", percentBps: 100, fixedCentavos: 0 });
    expect(quoteDeposit(b, "gcash", 12345n)).toMatchObject({ amount: 12345n, fee: 124n, credit: 12345n });
  });

  it("refuses amounts outside the channel's limits and unknown channels, naming the limit", () => {
    expect(refusal(() => quoteDeposit(base, "gcash", 99_99n))).toMatchObject({ code: "below_min", centavos: 100_00n });
    expect(quoteDeposit(base, "gcash", 100_00n).credit).toBe(100_00n);
    expect(quoteDeposit(base, "gcash", 50_000_00n).credit).toBe(50_000_00n);
    expect(refusal(() => quoteDeposit(base, "gcash", 50_000_01n))).toMatchObject({ code: "above_max", centavos: 50_000_00n });
    expect(refusal(() => quoteDeposit(base, "gcash", 10n ** 30n)).code).toBe("above_max");
    expect(refusal(() => quoteDeposit(base, "paypal", 100_00n)).code).toBe("unknown_channel");
    expect(refusal(() => quoteDeposit(base, "toString", 100_00n)).code).toBe("unknown_channel");
  });

  it("uses the brand file's fee rules (lucky-peso: online banking ₱15 fixed, OTC 1.5%)", () => {
    expect(quoteDeposit(base, "online_banking", 500_00n)).toMatchObject({ fee: 15_00n, credit: 485_00n });
    expect(quoteDeposit(base, "otc", 300_01n)).toMatchObject({ fee: 451n, credit: 300_01n - 451n });
  });
});

describe("depositLegs", () => {
  const sum = (legs: { amount: bigint }[]) => legs.reduce((a, l) => a + l.amount, 0n);
  it("takes the player's fee from the credit and books it as a fee income", () => {
    const legs = depositLegs({ memberId: 7, gateway: "sandbox", amount: 10000n, fee: 150n, credit: 9850n });
    expect(sum(legs)).toBe(0n);
    expect(legs).toContainEqual({ account: { house: "house:fees" }, amount: 150n });
    expect(legs).toContainEqual({ account: { house: "house:clearing:sandbox" }, amount: -10000n });
  });
  it("lets clearing net what the gateway owes when the house bears the fee", () => {
    const legs = depositLegs({ memberId: 7, gateway: "sandbox", amount: 10000n, fee: 100n, credit: 10000n });
    expect(sum(legs)).toBe(0n);
    expect(legs).toContainEqual({ account: { house: "house:fees" }, amount: -100n });
    expect(legs).toContainEqual({ account: { house: "house:clearing:sandbox" }, amount: -9900n });
    expect(legs).toContainEqual({ account: { memberId: 7, kind: "cash" }, amount: 10000n });
  });
  it("leaves out the fee leg of a free channel", () => {
    expect(depositLegs({ memberId: 7, gateway: "sandbox", amount: 500n, fee: 0n, credit: 500n })).toHaveLength(2);
  });
});

describe("newOrderId", () => {
  it("is D and 16 upper-case base32 characters, different each time", () => {
    const ids = new Set(Array.from({ length: 200 }, () => newOrderId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^D[A-Z2-7]{16}$/);
  });
});

describe("isAllowedCheckoutUrl", () => {
  const own = "http://luckypeso.localhost:3000";
  it("follows the sandbox on the brand's own origin and PayMongo's hosted checkout", () => {
    expect(isAllowedCheckoutUrl(`${own}/sandbox-gateway/checkout/cs_sbx_abc123`, own)).toBe(true);
    expect(isAllowedCheckoutUrl("https://checkout.paymongo.com/cs_live_123#x", own)).toBe(true);
  });
  it("refuses every other place", () => {
    for (const url of [
      null,
      "",
      "not a url",
      "http://evil.example/sandbox-gateway/checkout/cs_1",
      "http://perlas.localhost:3000/sandbox-gateway/checkout/cs_1",
      `${own}/m/home`,
      `${own}/sandbox-gateway/checkout/cs_1/../../m/logout`,
      "http://checkout.paymongo.com/cs_1",
      "https://checkout.paymongo.com.evil.example/cs_1",
      "https://user:pw@checkout.paymongo.com/cs_1",
      "javascript:alert(1)",
    ]) {
      expect(isAllowedCheckoutUrl(url, own), String(url)).toBe(false);
    }
  });
});
