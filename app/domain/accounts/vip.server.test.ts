import { describe, expect, it } from "vitest";
import lucky from "../../../brands/lucky-peso";
import perlas from "../../../brands/perlas-play";
import { brandSchema } from "~/brand/schema";
import { vipProgress } from "./vip.server";

const ranks = [
  { id: "bronze", name: "Bronze", minTurnoverCentavos: 0 },
  { id: "silver", name: "Silver", minTurnoverCentavos: 10_000_00 },
  { id: "gold", name: "Gold", minTurnoverCentavos: 50_000_00 },
];

describe("vipProgress", () => {
  it("starts a new member at the first rank with no progress", () => {
    const p = vipProgress(ranks, 0n);
    expect(p).toMatchObject({ rank: { id: "bronze" }, next: { id: "silver" }, progressBps: 0 });
    expect(p.completedConditions).toBe("0");
    expect(p.totalExpectedConditions).toBe("1000000");
    expect(p.remaining).toBe("1000000");
  });

  it("rounds down, so one centavo short of a rank never shows 100 %", () => {
    const p = vipProgress(ranks, 10_000_00n - 1n);
    expect(p.rank.id).toBe("bronze");
    expect(p.progressBps).toBe(9999);
    expect(p.remaining).toBe("1");
  });

  it("reaches a rank exactly at its threshold and measures towards the next", () => {
    const p = vipProgress(ranks, 10_000_00n);
    expect(p.rank.id).toBe("silver");
    expect(p.next?.id).toBe("gold");
    // Turnover counts from zero towards the next threshold (spec §3 completed / total expected).
    expect(p.progressBps).toBe(2000);
    expect(p.totalExpectedConditions).toBe("5000000");
  });

  it("is full at the top rank: there is no label to work towards (spec §4)", () => {
    for (const t of [50_000_00n, 9_999_999_999_99n]) {
      const p = vipProgress(ranks, t);
      expect(p.rank.id).toBe("gold");
      expect(p.next).toBeNull();
      expect(p.progressBps).toBe(10_000);
      expect(p.remaining).toBe("0");
    }
  });

  it("keeps exact centavos beyond what a float holds", () => {
    const big = [
      { id: "a", name: "A", minTurnoverCentavos: 0 },
      { id: "b", name: "B", minTurnoverCentavos: 90_000_000_000_00 },
    ];
    const below = vipProgress(big, 90_000_000_000_00n - 1n);
    expect(below.remaining).toBe("1");
    expect(below.progressBps).toBe(9999);
    const beyond = vipProgress(big, 2n ** 53n + 1n);
    expect(beyond.next).toBeNull();
    expect(beyond.completedConditions).toBe("9007199254740993");
  });

  it("a brand with one rank is always full", () => {
    expect(vipProgress([ranks[0]!], 123n).progressBps).toBe(10_000);
  });
});

describe("the brand's vip section", () => {
  const problem = (vip: unknown) => brandSchema.safeParse({ ...lucky, vip }).error?.issues[0]?.message;

  it("defaults to five ranks for a brand file without one, and takes the brand's own", () => {
    expect(brandSchema.parse(lucky).vip.ranks.map((r) => r.id)).toEqual(["bronze", "silver", "gold", "platinum", "diamond"]);
    expect(brandSchema.parse(perlas).vip.ranks[0]).toEqual({ id: "seed", name: "Seed Pearl", minTurnoverCentavos: 0 });
  });

  it("refuses ranks that do not start at 0, do not rise, repeat or are not whole centavos", () => {
    const r = (id: string, min: number) => ({ id, name: id, minTurnoverCentavos: min });
    expect(problem({ ranks: [r("a", 100)] })).toBe("the first rank must start at 0");
    expect(problem({ ranks: [r("a", 0), r("b", 500), r("c", 500)] })).toBe("must be above the rank before it");
    expect(problem({ ranks: [r("a", 0), r("a", 500)] })).toBe("rank a is listed twice");
    expect(problem({ ranks: [r("a", 0), r("b", 10.5)] })).toBeDefined();
    expect(problem({ ranks: [] })).toBeDefined();
  });
});
