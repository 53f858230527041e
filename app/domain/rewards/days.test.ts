import { describe, expect, it } from "vitest";
import { manilaDay, nextStreak, previousDay, streakDays } from "./days";

describe("manilaDay", () => {
  it("turns the day at midnight in Manila, 16:00 UTC the day before", () => {
    expect(manilaDay(new Date("2026-03-09T15:59:59.999Z"))).toBe("2026-03-09");
    expect(manilaDay(new Date("2026-03-09T16:00:00.000Z"))).toBe("2026-03-10");
  });
  it("crosses months and years", () => {
    expect(manilaDay(new Date("2026-12-31T16:30:00Z"))).toBe("2027-01-01");
    expect(manilaDay(new Date("2028-02-28T17:00:00Z"))).toBe("2028-02-29");
  });
});

describe("previousDay", () => {
  it("goes back across a month, a leap day and a year", () => {
    expect(previousDay("2026-03-01")).toBe("2026-02-28");
    expect(previousDay("2028-03-01")).toBe("2028-02-29");
    expect(previousDay("2027-01-01")).toBe("2026-12-31");
  });
});

describe("nextStreak", () => {
  it("starts at 1 for a first claim and after a missed day", () => {
    expect(nextStreak(null, "2026-05-10", 5)).toBe(1);
    expect(nextStreak({ day: "2026-05-08", streak: 3 }, "2026-05-10", 5)).toBe(1);
  });
  it("goes on the day after yesterday's claim and wraps after the last day", () => {
    expect(nextStreak({ day: "2026-05-09", streak: 3 }, "2026-05-10", 5)).toBe(4);
    expect(nextStreak({ day: "2026-05-09", streak: 5 }, "2026-05-10", 5)).toBe(1);
    expect(nextStreak({ day: "2026-02-28", streak: 1 }, "2026-03-01", 5)).toBe(2);
  });
  it("answers null when today is claimed already", () => {
    expect(nextStreak({ day: "2026-05-10", streak: 2 }, "2026-05-10", 5)).toBeNull();
  });
});

describe("streakDays", () => {
  it("lists the claimed days, today's and the rest", () => {
    expect(streakDays({ day: "2026-05-09", streak: 2 }, "2026-05-10", 4)).toEqual([
      "claimed",
      "claimed",
      "claimable",
      "upcoming",
    ]);
    expect(streakDays({ day: "2026-05-10", streak: 2 }, "2026-05-10", 4)).toEqual(["claimed", "claimed", "upcoming", "upcoming"]);
    expect(streakDays(null, "2026-05-10", 3)).toEqual(["claimable", "upcoming", "upcoming"]);
    expect(streakDays({ day: "2026-05-09", streak: 3 }, "2026-05-10", 3)).toEqual(["claimable", "upcoming", "upcoming"]);
  });
});
