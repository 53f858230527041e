import { describe, expect, it } from "vitest";
import type { AgentContractKind } from "~/db/schema-agents";
import { CONTRACT_KIND_PERIODS, MAX_TIERS, parseTerms } from "./terms";
import { good, tier } from "./terms.fixture";

/** The error of input that must be refused. */
function refused(kind: AgentContractKind, input: unknown): string {
  const r = parseTerms(kind, input);
  if (r.ok) throw new Error(`expected a refusal, got: ${JSON.stringify(r.terms)}`);
  return r.error;
}

describe("parseTerms: good terms", () => {
  it("stores pesos as centavos and a percentage as basis points", () => {
    expect(parseTerms("dividend", { period: "month", tiers: [tier()] })).toEqual({
      ok: true,
      terms: { period: "month", tiers: [{ minTurnover: "5000000", minActivePlayers: 5, minNetLoss: "0", rateBp: 50 }] },
    });
  });

  it("stores several increasing tiers in order, with decimals, commas and the peso sign", () => {
    expect(
      good("dividend", {
        period: "half_month",
        tiers: [
          tier({ turnover: "1500.50", activePlayers: 3, netLoss: "0", rate: "0.01" }),
          tier({ turnover: "50,000", activePlayers: 5, netLoss: "1000.5", rate: "1.5" }),
          tier({ turnover: "₱1,000,000", activePlayers: 20, netLoss: "25000", rate: "12.25" }),
          tier({ turnover: "2000000", activePlayers: 50, netLoss: "100000", rate: "100" }),
        ],
      }),
    ).toEqual({
      period: "half_month",
      tiers: [
        { minTurnover: "150050", minActivePlayers: 3, minNetLoss: "0", rateBp: 1 },
        { minTurnover: "5000000", minActivePlayers: 5, minNetLoss: "100050", rateBp: 150 },
        { minTurnover: "100000000", minActivePlayers: 20, minNetLoss: "2500000", rateBp: 1225 },
        { minTurnover: "200000000", minActivePlayers: 50, minNetLoss: "10000000", rateBp: 10_000 },
      ],
    });
  });

  it("takes each kind's natural period when none is given", () => {
    expect(good("dividend", { tiers: [tier()] }).period).toBe("month");
    expect(good("daily_salary", { tiers: [tier()] }).period).toBe("day");
    expect(good("hourly_salary", { tiers: [tier()] }).period).toBe("hour");
  });

  it("accepts each kind's own periods", () => {
    expect(good("dividend", { period: "half_month", tiers: [tier()] }).period).toBe("half_month");
    expect(good("dividend", { period: "month", tiers: [tier()] }).period).toBe("month");
    expect(good("daily_salary", { period: "day", tiers: [tier()] }).period).toBe("day");
    expect(good("hourly_salary", { period: "hour", tiers: [tier()] }).period).toBe("hour");
    expect(CONTRACT_KIND_PERIODS).toEqual({ daily_salary: ["day"], hourly_salary: ["hour"], dividend: ["half_month", "month"] });
  });

  it("accepts a tier with no minimums at all", () => {
    expect(good("daily_salary", { tiers: [tier({ turnover: "0", activePlayers: 0, netLoss: "0", rate: "1" })] })).toEqual({
      period: "day",
      tiers: [{ minTurnover: "0", minActivePlayers: 0, minNetLoss: "0", rateBp: 100 }],
    });
  });

  it("accepts a tier that asks more in one minimum and the same in the others", () => {
    const terms = good("daily_salary", {
      tiers: [tier({ turnover: "50000", rate: "0.5" }), tier({ turnover: "50000.01", rate: "0.6" })],
    });
    expect(terms.tiers.map((t) => [t.minTurnover, t.minActivePlayers, t.minNetLoss, t.rateBp])).toEqual([
      ["5000000", 5, "0", 50],
      ["5000001", 5, "0", 60],
    ]);
  });

  it(`accepts ${MAX_TIERS} tiers`, () => {
    const tiers = Array.from({ length: MAX_TIERS }, (_, i) => tier({ turnover: String((i + 1) * 1000), rate: String(i + 1) }));
    expect(MAX_TIERS).toBe(10);
    expect(good("dividend", { tiers }).tiers.map((t) => t.rateBp)).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
  });
});

describe("parseTerms: refusals name the field", () => {
  it.each([
    ["a negative turnover", { turnover: "-5" }, "tiers.0.turnover"],
    ["a negative net loss", { netLoss: "-1" }, "tiers.0.netLoss"],
    ["a turnover with three decimals", { turnover: "100.005" }, "tiers.0.turnover"],
    ["a net loss with three decimals", { netLoss: "1.005" }, "tiers.0.netLoss"],
    ["a turnover that is not a number", { turnover: "lots" }, "tiers.0.turnover"],
    ["an empty turnover", { turnover: "" }, "tiers.0.turnover"],
  ])("refuses %s", (_why, t, field) => {
    expect(refused("dividend", { tiers: [tier(t)] })).toBe(`${field}: an amount in pesos such as 50000 or 1500.50 (0 for none)`);
  });

  it("refuses an amount given as a JSON number rather than text", () => {
    expect(refused("dividend", { tiers: [{ ...tier(), turnover: 50000 }] })).toMatch(/^tiers\.0\.turnover: /);
  });

  it.each([
    ["a rate of 0", "0"],
    ["a rate of 0.00", "0.00"],
    ["a rate above 100", "100.01"],
    ["a rate of 101", "101"],
  ])("refuses %s", (_why, rate) => {
    expect(refused("dividend", { tiers: [tier({ rate })] })).toBe("tiers.0.rate: a rate above 0 and at most 100 %");
  });

  it.each([
    ["three decimals", "0.125"],
    ["a negative rate", "-1"],
    ["a percent sign", "5%"],
    ["a four-digit rate", "1000"],
  ])("refuses a rate with %s", (_why, rate) => {
    expect(refused("dividend", { tiers: [tier({ rate })] })).toBe("tiers.0.rate: a percentage such as 0.5 or 12.25");
  });

  it("refuses negative or fractional active players", () => {
    expect(refused("dividend", { tiers: [tier({ activePlayers: -1 })] })).toMatch(/^tiers\.0\.activePlayers: /);
    expect(refused("dividend", { tiers: [tier({ activePlayers: 1.5 })] })).toMatch(/^tiers\.0\.activePlayers: /);
  });

  it("names the tier a bad field is in", () => {
    expect(refused("dividend", { tiers: [tier(), tier({ turnover: "100000", rate: "0" })] })).toBe(
      "tiers.1.rate: a rate above 0 and at most 100 %",
    );
  });

  it("refuses a tier that asks the same as the one before", () => {
    expect(refused("daily_salary", { tiers: [tier(), tier({ rate: "1" })] })).toBe(
      "tiers.1: each tier asks more than the one before",
    );
  });

  it("refuses a tier that asks less in one minimum, even when it asks more in another", () => {
    expect(refused("daily_salary", { tiers: [tier(), tier({ turnover: "100000", activePlayers: 4, rate: "1" })] })).toBe(
      "tiers.1: each tier asks more than the one before",
    );
    expect(refused("daily_salary", { tiers: [tier({ netLoss: "10" }), tier({ turnover: "100000", rate: "1" })] })).toBe(
      "tiers.1: each tier asks more than the one before",
    );
  });

  it("refuses tiers out of order, naming the later tier", () => {
    expect(
      refused("daily_salary", {
        tiers: [
          tier({ turnover: "1000", rate: "0.5" }),
          tier({ turnover: "3000", rate: "1" }),
          tier({ turnover: "2000", rate: "2" }),
        ],
      }),
    ).toBe("tiers.2: each tier asks more than the one before");
  });

  it("refuses a tier that pays the same or a lower rate than the one before", () => {
    expect(refused("daily_salary", { tiers: [tier(), tier({ turnover: "100000", rate: "0.5" })] })).toBe(
      "tiers.1.rate: each tier pays a higher rate than the one before",
    );
    expect(refused("daily_salary", { tiers: [tier(), tier({ turnover: "100000", rate: "0.49" })] })).toBe(
      "tiers.1.rate: each tier pays a higher rate than the one before",
    );
  });

  it(`refuses ${MAX_TIERS + 1} tiers`, () => {
    const tiers = Array.from({ length: MAX_TIERS + 1 }, (_, i) =>
      tier({ turnover: String((i + 1) * 1000), rate: String(i + 1) }),
    );
    expect(refused("dividend", { tiers })).toMatch(/^tiers: /);
  });

  it("refuses missing or empty tiers", () => {
    expect(refused("dividend", { period: "month" })).toMatch(/^tiers: /);
    expect(refused("dividend", { period: "month", tiers: [] })).toMatch(/^tiers: /);
  });

  it("refuses a dividend paid per day", () => {
    expect(refused("dividend", { period: "day", tiers: [tier()] })).toBe("period: a dividend is paid per half_month or month");
  });

  it("refuses a daily salary paid per month, and an hourly one paid per day", () => {
    expect(refused("daily_salary", { period: "month", tiers: [tier()] })).toBe("period: a daily_salary is paid per day");
    expect(refused("hourly_salary", { period: "day", tiers: [tier()] })).toBe("period: a hourly_salary is paid per hour");
  });

  it("refuses a period that is no period", () => {
    expect(refused("daily_salary", { period: "week", tiers: [tier()] })).toMatch(/^period: /);
  });

  it("refuses input that is not an object", () => {
    expect(refused("dividend", null)).toMatch(/^terms: /);
    expect(refused("dividend", "month")).toMatch(/^terms: /);
  });
});
