import { describe, expect, it } from "vitest";
import {
  activityStatus,
  categoryMenu,
  commentLength,
  commentTooLong,
  dateRange,
  firstImage,
  inCategory,
  isCategoryKey,
} from "./rules";

describe("dateRange (spec §2)", () => {
  it("shows the start and long term when noExpiry is set, whatever the end", () => {
    expect(dateRange("2026/01/01", null, true)).toEqual({ kind: "longTerm", start: "2026/01/01" });
    expect(dateRange("2026/01/01", "2026/02/01", true)).toEqual({ kind: "longTerm", start: "2026/01/01" });
  });
  it("shows a promotion without an end as long term", () => {
    expect(dateRange("2026/01/01", null, false)).toEqual({ kind: "longTerm", start: "2026/01/01" });
  });
  it("shows one date when start and end are the same day", () => {
    expect(dateRange("2026/03/05", "2026/03/05", false)).toEqual({ kind: "single", date: "2026/03/05" });
  });
  it("shows start to end otherwise", () => {
    expect(dateRange("2026/03/05", "2026/03/06", false)).toEqual({ kind: "range", start: "2026/03/05", end: "2026/03/06" });
  });
});

describe("the comment limit (spec §5)", () => {
  it("counts characters as the database does, an emoji as one", () => {
    expect(commentLength("🎰🎰")).toBe(2);
    expect(commentTooLong("x".repeat(140))).toBe(false);
    expect(commentTooLong("x".repeat(141))).toBe(true);
    expect(commentTooLong("🎰".repeat(140))).toBe(false);
    expect(commentTooLong("🎰".repeat(141))).toBe(true);
  });
});

describe("categories", () => {
  const promos = [{ categoryKeys: ["rng_promo", "deposit_promo"] }, { categoryKeys: ["deposit_promo"] }];
  it("puts all first, then the categories in use in the spec's order", () => {
    expect(categoryMenu(promos)).toEqual(["all", "deposit_promo", "rng_promo"]);
    expect(categoryMenu([])).toEqual(["all"]);
  });
  it("follows the brand's order where it has one", () => {
    expect(categoryMenu(promos, ["rng_promo", "nonsense", "all"])).toEqual(["all", "rng_promo", "deposit_promo"]);
  });
  it("filters by a promotion's keys; all holds every one", () => {
    expect(promos.filter((p) => inCategory(p, "rng_promo"))).toHaveLength(1);
    expect(promos.filter((p) => inCategory(p, "all"))).toHaveLength(2);
    expect(isCategoryKey("rng_promo")).toBe(true);
    expect(isCategoryKey("RNG")).toBe(false);
  });
  it("takes the image of the lowest sequence", () => {
    expect(
      firstImage([
        { url: "/b", sequence: 2 },
        { url: "/a", sequence: 1 },
      ]),
    ).toBe("/a");
    expect(firstImage([])).toBeNull();
  });
});

describe("activityStatus (spec §3)", () => {
  const base = {
    now: new Date("2026-06-01T00:00:00Z"),
    start: new Date("2026-01-01T00:00:00Z"),
    end: new Date("2026-12-31T00:00:00Z"),
    noExpiry: false,
    intakeOpen: true,
    held: null,
  };
  it("lets a member apply to an open promotion in force", () => expect(activityStatus(base)).toBe("apply"));
  it("is coming soon before the start", () =>
    expect(activityStatus({ ...base, now: new Date("2025-12-31T00:00:00Z") })).toBe("coming_soon"));
  it("is closed after the end or without intake, unless noExpiry", () => {
    expect(activityStatus({ ...base, now: new Date("2027-01-01T00:00:00Z") })).toBe("closed");
    expect(activityStatus({ ...base, now: new Date("2027-01-01T00:00:00Z"), noExpiry: true })).toBe("apply");
    expect(activityStatus({ ...base, intakeOpen: false })).toBe("closed");
  });
  it("shows the member's waiting or paid application first", () => {
    expect(activityStatus({ ...base, held: "applying" })).toBe("applying");
    expect(activityStatus({ ...base, intakeOpen: false, held: "issued" })).toBe("issued");
  });
});
