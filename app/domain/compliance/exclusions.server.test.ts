import { describe, expect, it } from "vitest";
import { exclusionEnd, isExclusionPeriod, isLongerPeriod, kindOfPeriod } from "./exclusions.server";

describe("exclusion periods", () => {
  it("hours and days are exact spans", () => {
    const start = new Date("2026-11-28T10:15:30.123Z");
    expect(exclusionEnd("24h", start).toISOString()).toBe("2026-11-29T10:15:30.123Z");
    expect(exclusionEnd("7d", start).toISOString()).toBe("2026-12-05T10:15:30.123Z");
    expect(exclusionEnd("30d", start).toISOString()).toBe("2026-12-28T10:15:30.123Z");
  });

  it("months and years are Manila calendar months, ending on the month's last day when it is shorter", () => {
    // 31 August 2026, 09:00 in Manila.
    const start = new Date("2026-08-31T01:00:00Z");
    expect(exclusionEnd("6m", start).toISOString()).toBe("2027-02-28T01:00:00.000Z");
    expect(exclusionEnd("1y", start).toISOString()).toBe("2027-08-31T01:00:00.000Z");
    expect(exclusionEnd("5y", start).toISOString()).toBe("2031-08-31T01:00:00.000Z");
    // 29 February 2028 (a leap day) plus a year: 28 February 2029.
    expect(exclusionEnd("1y", new Date("2028-02-29T04:00:00Z")).toISOString()).toBe("2029-02-28T04:00:00.000Z");
    // 31 December, 23:30 in Manila (15:30 UTC): the Manila date counts, not the UTC one.
    expect(exclusionEnd("6m", new Date("2026-12-31T15:30:00Z")).toISOString()).toBe("2027-06-30T15:30:00.000Z");
  });

  it("knows its periods, their kinds and their order", () => {
    expect(["24h", "7d", "30d", "6m", "1y", "5y"].every(isExclusionPeriod)).toBe(true);
    for (const bad of ["", "2h", "1d", "6M", null, 7, "5y "]) expect(isExclusionPeriod(bad)).toBe(false);
    expect(kindOfPeriod("30d")).toBe("cooling_off");
    expect(kindOfPeriod("6m")).toBe("self_exclusion");
    expect(isLongerPeriod("6m", "30d")).toBe(true);
    expect(isLongerPeriod("7d", "7d")).toBe(false);
    expect(isLongerPeriod("24h", "5y")).toBe(false);
  });
});
