import { describe, expect, it } from "vitest";
import type { StoredContractTerms } from "~/db/schema-agents";
import { baseOf, computeEarnings, grossOf, tierReached, type EarningNode, type TeamFigures } from "./terms";
import { good, tier } from "./terms.fixture";

/** One tier with no minimums: every team reaches it. */
const flat = (rateBp: number, period: StoredContractTerms["period"] = "day"): StoredContractTerms => ({
  period,
  tiers: [{ minTurnover: "0", minActivePlayers: 0, minNetLoss: "0", rateBp }],
});

const figures = (turnover: bigint, netLoss = 0n, activePlayers = 1): TeamFigures => ({ turnover, netLoss, activePlayers });

describe("tierReached: the tier boundaries", () => {
  const terms = good("dividend", {
    tiers: [
      tier({ turnover: "50000", activePlayers: 5, netLoss: "0", rate: "0.5" }),
      tier({ turnover: "100000", activePlayers: 10, netLoss: "1000", rate: "1" }),
    ],
  });

  it("reaches a tier exactly at its minimums", () => {
    expect(tierReached(terms, { turnover: 5_000_000n, activePlayers: 5, netLoss: 0n })).toEqual({ tier: 1, rateBp: 50 });
    expect(tierReached(terms, { turnover: 10_000_000n, activePlayers: 10, netLoss: 100_000n })).toEqual({ tier: 2, rateBp: 100 });
  });

  it("does not reach a tier one centavo of turnover below its minimum", () => {
    expect(tierReached(terms, { turnover: 4_999_999n, activePlayers: 5, netLoss: 0n })).toEqual({ tier: null, rateBp: 0 });
    expect(tierReached(terms, { turnover: 9_999_999n, activePlayers: 10, netLoss: 100_000n })).toEqual({ tier: 1, rateBp: 50 });
  });

  it("does not reach a tier one active player below its minimum", () => {
    expect(tierReached(terms, { turnover: 5_000_000n, activePlayers: 4, netLoss: 0n })).toEqual({ tier: null, rateBp: 0 });
    expect(tierReached(terms, { turnover: 10_000_000n, activePlayers: 9, netLoss: 100_000n })).toEqual({ tier: 1, rateBp: 50 });
  });

  it("does not reach a tier one centavo of net loss below its minimum", () => {
    expect(tierReached(terms, { turnover: 10_000_000n, activePlayers: 10, netLoss: 99_999n })).toEqual({ tier: 1, rateBp: 50 });
    // A minimum net loss of 0 asks nothing: a salary tier is reached when the players won, too.
    expect(tierReached(terms, { turnover: 5_000_000n, activePlayers: 5, netLoss: -1n })).toEqual({ tier: 1, rateBp: 50 });
  });

  it("gives the highest tier reached when far above every minimum", () => {
    expect(tierReached(terms, { turnover: 10n ** 12n, activePlayers: 1000, netLoss: 10n ** 10n })).toEqual({
      tier: 2,
      rateBp: 100,
    });
  });
});

describe("baseOf and grossOf", () => {
  it("bases a salary on turnover and a dividend on the net loss", () => {
    const f = figures(1_000_000n, 40_000n);
    expect(baseOf("daily_salary", f)).toBe(1_000_000n);
    expect(baseOf("hourly_salary", f)).toBe(1_000_000n);
    expect(baseOf("dividend", f)).toBe(40_000n);
  });

  it("bases a dividend on zero when the players won or broke even", () => {
    expect(baseOf("dividend", figures(1_000_000n, -250_000n))).toBe(0n);
    expect(baseOf("dividend", figures(1_000_000n, 0n))).toBe(0n);
    // A salary still pays on turnover when the players won.
    expect(baseOf("daily_salary", figures(1_000_000n, -250_000n))).toBe(1_000_000n);
  });

  it("floors the centavo fraction", () => {
    expect(grossOf(333n, 50)).toBe(1n); // 1.665
    expect(grossOf(199n, 50)).toBe(0n); // 0.995
    expect(grossOf(200n, 50)).toBe(1n); // 1 exactly
    expect(grossOf(19_999n, 50)).toBe(99n); // 99.995
    expect(grossOf(1_000_000n, 150)).toBe(15_000n);
    expect(grossOf(1_000_000n, 10_000)).toBe(1_000_000n);
    expect(grossOf(0n, 10_000)).toBe(0n);
  });

  it("keeps exact integers beyond floating point precision", () => {
    expect(grossOf(9_007_199_254_740_993n, 1)).toBe(900_719_925_474n);
  });
});

describe("computeEarnings: the level-difference rule", () => {
  it("pays a three-level chain exactly the top rate on the bottom team's turnover", () => {
    const turnover = 1_000_000n;
    const nodes: EarningNode[] = [
      { agentId: 1, parentId: null, figures: figures(turnover), terms: flat(200) },
      { agentId: 2, parentId: 1, figures: figures(turnover), terms: flat(150) },
      { agentId: 3, parentId: 2, figures: figures(turnover), terms: flat(100) },
    ];
    const out = computeEarnings("daily_salary", nodes);
    expect(out.get(3)).toEqual({ agentId: 3, tier: 1, rateBp: 100, gross: 10_000n, subAgents: 0n, amount: 10_000n });
    expect(out.get(2)).toEqual({ agentId: 2, tier: 1, rateBp: 150, gross: 15_000n, subAgents: 10_000n, amount: 5_000n });
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 200, gross: 20_000n, subAgents: 15_000n, amount: 5_000n });
    const total = [...out.values()].reduce((s, e) => s + e.amount, 0n);
    expect(total).toBe(20_000n);
    expect(total).toBe(grossOf(turnover, 200));
    expect(out.size).toBe(3);
  });

  it("pays the top rate on all turnover when each level's own players add to it", () => {
    // Bottom team 1,000,000; middle adds 500,000 of its own players; top adds 250,000.
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(1_750_000n), terms: flat(200) },
      { agentId: 2, parentId: 1, figures: figures(1_500_000n), terms: flat(150) },
      { agentId: 3, parentId: 2, figures: figures(1_000_000n), terms: flat(100) },
    ]);
    expect([1, 2, 3].map((id) => out.get(id)!.amount)).toEqual([12_500n, 12_500n, 10_000n]);
    // The top agent subtracts only its direct sub-agent's gross, not the grandchild's.
    expect(out.get(1)!.subAgents).toBe(22_500n);
    expect([...out.values()].reduce((s, e) => s + e.amount, 0n)).toBe(35_000n);
  });

  it("still sums to the top agent's floored gross when every level rounds down", () => {
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(333n), terms: flat(200) },
      { agentId: 2, parentId: 1, figures: figures(333n), terms: flat(150) },
      { agentId: 3, parentId: 2, figures: figures(333n), terms: flat(100) },
    ]);
    expect([1, 2, 3].map((id) => out.get(id)!.gross)).toEqual([6n, 4n, 3n]);
    expect([1, 2, 3].map((id) => out.get(id)!.amount)).toEqual([2n, 1n, 3n]);
  });

  it("gives a parent 0, never less, when its sub-agent has a higher rate", () => {
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(1_000_000n), terms: flat(100) },
      { agentId: 2, parentId: 1, figures: figures(1_000_000n), terms: flat(150) },
    ]);
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 100, gross: 10_000n, subAgents: 15_000n, amount: 0n });
    expect(out.get(2)).toEqual({ agentId: 2, tier: 1, rateBp: 150, gross: 15_000n, subAgents: 0n, amount: 15_000n });
  });

  it("lets a parent keep its full gross when its sub-agent has no contract", () => {
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(1_000_000n), terms: flat(200) },
      { agentId: 2, parentId: 1, figures: figures(1_000_000n), terms: null },
    ]);
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 200, gross: 20_000n, subAgents: 0n, amount: 20_000n });
    expect(out.get(2)).toEqual({ agentId: 2, tier: null, rateBp: 0, gross: 0n, subAgents: 0n, amount: 0n });
  });

  it("lets a parent keep its full gross when its sub-agent reached no tier", () => {
    const subTerms: StoredContractTerms = {
      period: "day",
      tiers: [{ minTurnover: "2000000", minActivePlayers: 0, minNetLoss: "0", rateBp: 150 }],
    };
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(1_000_000n), terms: flat(200) },
      { agentId: 2, parentId: 1, figures: figures(1_000_000n), terms: subTerms },
    ]);
    expect(out.get(2)).toEqual({ agentId: 2, tier: null, rateBp: 0, gross: 0n, subAgents: 0n, amount: 0n });
    expect(out.get(1)!.amount).toBe(20_000n);
  });

  it("subtracts both siblings from their parent", () => {
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(2_000_000n), terms: flat(200) },
      { agentId: 2, parentId: 1, figures: figures(800_000n), terms: flat(100) },
      { agentId: 3, parentId: 1, figures: figures(600_000n), terms: flat(150) },
    ]);
    expect(out.get(2)!.amount).toBe(8_000n);
    expect(out.get(3)!.amount).toBe(9_000n);
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 200, gross: 40_000n, subAgents: 17_000n, amount: 23_000n });
  });

  it("treats an agent whose parent is not in the list as a top agent", () => {
    const out = computeEarnings("daily_salary", [{ agentId: 5, parentId: 99, figures: figures(1_000_000n), terms: flat(100) }]);
    expect(out.get(5)).toEqual({ agentId: 5, tier: 1, rateBp: 100, gross: 10_000n, subAgents: 0n, amount: 10_000n });
    expect(out.has(99)).toBe(false);
  });

  it("pays a dividend on net loss, and nothing when the players won", () => {
    const terms = flat(1000, "month");
    const out = computeEarnings("dividend", [
      { agentId: 1, parentId: null, figures: figures(5_000_000n, 300_000n), terms },
      { agentId: 2, parentId: null, figures: figures(5_000_000n, -300_000n), terms },
    ]);
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 1000, gross: 30_000n, subAgents: 0n, amount: 30_000n });
    // The tier is reached (a net-loss minimum of 0 asks nothing), but a players' win leaves a base of zero.
    expect(out.get(2)).toEqual({ agentId: 2, tier: 1, rateBp: 1000, gross: 0n, subAgents: 0n, amount: 0n });
  });

  it("pays a dividend tier reached despite a players' win on a base of zero", () => {
    const lenient: StoredContractTerms = {
      period: "month",
      tiers: [{ minTurnover: "0", minActivePlayers: 0, minNetLoss: "-1000000", rateBp: 1000 }],
    };
    const out = computeEarnings("dividend", [
      { agentId: 1, parentId: null, figures: figures(5_000_000n, -300_000n), terms: lenient },
    ]);
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 1000, gross: 0n, subAgents: 0n, amount: 0n });
  });

  it("applies the level difference to dividends on net loss", () => {
    const out = computeEarnings("dividend", [
      { agentId: 1, parentId: null, figures: figures(9_000_000n, 400_000n), terms: flat(4000, "month") },
      { agentId: 2, parentId: 1, figures: figures(6_000_000n, 400_000n), terms: flat(2500, "month") },
    ]);
    expect(out.get(2)!.amount).toBe(100_000n);
    expect(out.get(1)).toEqual({ agentId: 1, tier: 1, rateBp: 4000, gross: 160_000n, subAgents: 100_000n, amount: 60_000n });
  });

  it("uses the tier each agent's own team reaches", () => {
    const terms = good("daily_salary", {
      tiers: [tier({ turnover: "5000", activePlayers: 1, rate: "1" }), tier({ turnover: "10000", activePlayers: 1, rate: "2" })],
    });
    const out = computeEarnings("daily_salary", [
      { agentId: 1, parentId: null, figures: figures(1_000_000n), terms },
      { agentId: 2, parentId: 1, figures: figures(999_999n), terms },
    ]);
    expect(out.get(1)).toMatchObject({ tier: 2, rateBp: 200, gross: 20_000n, subAgents: 9_999n, amount: 10_001n });
    expect(out.get(2)).toMatchObject({ tier: 1, rateBp: 100, gross: 9_999n, amount: 9_999n });
  });

  it("returns nothing for no nodes", () => {
    expect(computeEarnings("dividend", []).size).toBe(0);
  });
});
