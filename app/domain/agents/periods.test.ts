import { describe, expect, it } from "vitest";
import { KPI_RANGES, kpiRange, manilaDay, parsePeriod, periodAt, previousPeriod, type Period, type PeriodUnit } from "./periods";

const at = (iso: string) => new Date(iso);
const before = (d: Date) => new Date(d.getTime() - 1);

/** A period as plain text, so a mismatch shows the instants. */
const shown = (p: Period | null) => p && { unit: p.unit, label: p.label, start: p.start.toISOString(), end: p.end.toISOString() };
const range = (r: { start: Date; end: Date }) => ({ start: r.start.toISOString(), end: r.end.toISOString() });

function parsed(label: string): Period {
  const p = parsePeriod(label);
  if (!p) throw new Error(`${label} should name a period`);
  return p;
}

describe("parsePeriod: every label form, as exact UTC instants (Manila is UTC+8)", () => {
  it("names an hour: 2026-11-27T14 is 14:00 to 15:00 Manila", () => {
    expect(shown(parsePeriod("2026-11-27T14"))).toEqual({
      unit: "hour",
      label: "2026-11-27T14",
      start: "2026-11-27T06:00:00.000Z",
      end: "2026-11-27T07:00:00.000Z",
    });
  });

  it("names the first and last hours of a day", () => {
    expect(shown(parsePeriod("2026-11-27T00"))).toEqual({
      unit: "hour",
      label: "2026-11-27T00",
      start: "2026-11-26T16:00:00.000Z",
      end: "2026-11-26T17:00:00.000Z",
    });
    expect(shown(parsePeriod("2026-11-27T23"))).toEqual({
      unit: "hour",
      label: "2026-11-27T23",
      start: "2026-11-27T15:00:00.000Z",
      end: "2026-11-27T16:00:00.000Z",
    });
  });

  it("names a day: 2026-11-27 starts at 2026-11-26T16:00Z", () => {
    expect(shown(parsePeriod("2026-11-27"))).toEqual({
      unit: "day",
      label: "2026-11-27",
      start: "2026-11-26T16:00:00.000Z",
      end: "2026-11-27T16:00:00.000Z",
    });
  });

  it("names the first half of a month: the 1st to the 15th", () => {
    expect(shown(parsePeriod("2026-11-H1"))).toEqual({
      unit: "half_month",
      label: "2026-11-H1",
      start: "2026-10-31T16:00:00.000Z",
      end: "2026-11-15T16:00:00.000Z",
    });
  });

  it("names the second half of a month: the 16th to the end (a 30-day month)", () => {
    expect(shown(parsePeriod("2026-11-H2"))).toEqual({
      unit: "half_month",
      label: "2026-11-H2",
      start: "2026-11-15T16:00:00.000Z",
      end: "2026-11-30T16:00:00.000Z",
    });
  });

  it("names the second half of a 31-day month", () => {
    expect(shown(parsePeriod("2026-10-H2"))).toEqual({
      unit: "half_month",
      label: "2026-10-H2",
      start: "2026-10-15T16:00:00.000Z",
      end: "2026-10-31T16:00:00.000Z",
    });
  });

  it("names a month", () => {
    expect(shown(parsePeriod("2026-11"))).toEqual({
      unit: "month",
      label: "2026-11",
      start: "2026-10-31T16:00:00.000Z",
      end: "2026-11-30T16:00:00.000Z",
    });
  });

  it("makes the two halves of a month cover the month exactly, the first ending where the second starts", () => {
    const month = parsed("2026-11");
    const h1 = parsed("2026-11-H1");
    const h2 = parsed("2026-11-H2");
    expect(h1.start).toEqual(month.start);
    expect(h1.end).toEqual(h2.start);
    expect(h2.end).toEqual(month.end);
  });

  it("accepts the first and last years of the range", () => {
    expect(shown(parsePeriod("2000-01"))).toEqual({
      unit: "month",
      label: "2000-01",
      start: "1999-12-31T16:00:00.000Z",
      end: "2000-01-31T16:00:00.000Z",
    });
    expect(shown(parsePeriod("2099-12"))).toEqual({
      unit: "month",
      label: "2099-12",
      start: "2099-11-30T16:00:00.000Z",
      end: "2099-12-31T16:00:00.000Z",
    });
  });

  it("trims the label it is given and keeps the trimmed text as the label", () => {
    expect(shown(parsePeriod("  2026-11-27 \n"))).toEqual({
      unit: "day",
      label: "2026-11-27",
      start: "2026-11-26T16:00:00.000Z",
      end: "2026-11-27T16:00:00.000Z",
    });
  });
});

describe("parsePeriod: month and year rollover", () => {
  it("ends December at January 1st of the next year, Manila midnight", () => {
    expect(shown(parsePeriod("2026-12"))).toEqual({
      unit: "month",
      label: "2026-12",
      start: "2026-11-30T16:00:00.000Z",
      end: "2026-12-31T16:00:00.000Z",
    });
  });

  it("ends the second half of December at the new year", () => {
    expect(shown(parsePeriod("2026-12-H2"))).toEqual({
      unit: "half_month",
      label: "2026-12-H2",
      start: "2026-12-15T16:00:00.000Z",
      end: "2026-12-31T16:00:00.000Z",
    });
  });

  it("ends December 31st and its last hour at the new year", () => {
    expect(shown(parsePeriod("2026-12-31"))).toEqual({
      unit: "day",
      label: "2026-12-31",
      start: "2026-12-30T16:00:00.000Z",
      end: "2026-12-31T16:00:00.000Z",
    });
    expect(shown(parsePeriod("2026-12-31T23"))).toEqual({
      unit: "hour",
      label: "2026-12-31T23",
      start: "2026-12-31T15:00:00.000Z",
      end: "2026-12-31T16:00:00.000Z",
    });
  });

  it("starts January 1st of a year on December 31st UTC", () => {
    expect(shown(parsePeriod("2027-01-01"))).toEqual({
      unit: "day",
      label: "2027-01-01",
      start: "2026-12-31T16:00:00.000Z",
      end: "2027-01-01T16:00:00.000Z",
    });
    expect(shown(parsePeriod("2027-01-H1"))).toEqual({
      unit: "half_month",
      label: "2027-01-H1",
      start: "2026-12-31T16:00:00.000Z",
      end: "2027-01-15T16:00:00.000Z",
    });
  });

  it("ends a month's last day at the 1st of the next month", () => {
    expect(shown(parsePeriod("2026-11-30"))).toEqual({
      unit: "day",
      label: "2026-11-30",
      start: "2026-11-29T16:00:00.000Z",
      end: "2026-11-30T16:00:00.000Z",
    });
  });

  it("ends the second half of February in the leap year 2028 at March 1st Manila", () => {
    expect(shown(parsePeriod("2028-02-H2"))).toEqual({
      unit: "half_month",
      label: "2028-02-H2",
      start: "2028-02-15T16:00:00.000Z",
      end: "2028-02-29T16:00:00.000Z",
    });
  });

  it("ends the second half of February in a common year at March 1st Manila", () => {
    expect(shown(parsePeriod("2027-02-H2"))).toEqual({
      unit: "half_month",
      label: "2027-02-H2",
      start: "2027-02-15T16:00:00.000Z",
      end: "2027-02-28T16:00:00.000Z",
    });
  });

  it("knows February 29th of leap years (2028, and 2000, a century divisible by 400)", () => {
    expect(shown(parsePeriod("2028-02-29"))).toEqual({
      unit: "day",
      label: "2028-02-29",
      start: "2028-02-28T16:00:00.000Z",
      end: "2028-02-29T16:00:00.000Z",
    });
    expect(parsePeriod("2000-02-29")?.start.toISOString()).toBe("2000-02-28T16:00:00.000Z");
  });
});

describe("parsePeriod: labels that name no period", () => {
  it.each([
    ["month 13", "2026-13"],
    ["month 00", "2026-00"],
    ["month 13 of a day", "2026-13-01"],
    ["day 00", "2026-11-00"],
    ["November 31st", "2026-11-31"],
    ["February 30th", "2026-02-30"],
    ["February 29th of a common year", "2027-02-29"],
    ["day 32", "2026-01-32"],
    ["hour 24", "2026-11-27T24"],
    ["hour 99", "2026-11-27T99"],
    ["a valid hour on an invalid day", "2026-02-30T10"],
    ["H3", "2026-11-H3"],
    ["H0", "2026-11-H0"],
    ["lower-case h", "2026-11-h1"],
    ["an hour on a half month", "2026-11-H1T10"],
    ["year 1999", "1999-12"],
    ["year 2100", "2100-01"],
    ["a five-digit year", "20266-11"],
    ["a bare year", "2026"],
    ["a one-digit month", "2026-1"],
    ["a one-digit day", "2026-11-7"],
    ["a one-digit hour", "2026-11-27T1"],
    ["hours and minutes", "2026-11-27T14:00"],
    ["a time zone", "2026-11-27T14Z"],
    ["a space for T", "2026-11-27 14"],
    ["slashes", "2026/11/27"],
    ["junk", "junk"],
    ["junk after a valid label", "2026-11x"],
    ["the empty string", ""],
    ["whitespace only", "   \t\n"],
  ])("refuses %s (%j)", (_why, label) => {
    expect(parsePeriod(label)).toBeNull();
  });
});

describe("periodAt: the instant a period starts belongs to it, one millisecond before to the one before", () => {
  const cases: [PeriodUnit, string, string, string][] = [
    ["hour", "2026-11-27T06:00:00.000Z", "2026-11-27T14", "2026-11-27T13"],
    ["hour", "2026-11-26T16:00:00.000Z", "2026-11-27T00", "2026-11-26T23"],
    ["hour", "2026-12-31T16:00:00.000Z", "2027-01-01T00", "2026-12-31T23"],
    ["day", "2026-11-26T16:00:00.000Z", "2026-11-27", "2026-11-26"],
    ["day", "2026-11-30T16:00:00.000Z", "2026-12-01", "2026-11-30"],
    ["day", "2026-12-31T16:00:00.000Z", "2027-01-01", "2026-12-31"],
    ["day", "2028-02-29T16:00:00.000Z", "2028-03-01", "2028-02-29"],
    ["half_month", "2026-11-15T16:00:00.000Z", "2026-11-H2", "2026-11-H1"],
    ["half_month", "2026-10-31T16:00:00.000Z", "2026-11-H1", "2026-10-H2"],
    ["half_month", "2026-12-31T16:00:00.000Z", "2027-01-H1", "2026-12-H2"],
    ["half_month", "2028-02-29T16:00:00.000Z", "2028-03-H1", "2028-02-H2"],
    ["month", "2026-10-31T16:00:00.000Z", "2026-11", "2026-10"],
    ["month", "2026-12-31T16:00:00.000Z", "2027-01", "2026-12"],
  ];
  it.each(cases)("%s at %s is %s; a millisecond earlier is %s", (unit, instant, label, earlier) => {
    const p = periodAt(unit, at(instant));
    expect(p.label).toBe(label);
    expect(p.unit).toBe(unit);
    expect(p.start.toISOString()).toBe(instant);
    expect(periodAt(unit, before(at(instant))).label).toBe(earlier);
  });

  it("returns the same period parsePeriod gives for its label", () => {
    expect(shown(periodAt("hour", at("2026-11-27T06:30:00.000Z")))).toEqual(shown(parsePeriod("2026-11-27T14")));
    expect(shown(periodAt("day", at("2026-11-27T10:00:00.000Z")))).toEqual(shown(parsePeriod("2026-11-27")));
    expect(shown(periodAt("half_month", at("2026-11-20T00:00:00.000Z")))).toEqual(shown(parsePeriod("2026-11-H2")));
    expect(shown(periodAt("month", at("2026-11-20T00:00:00.000Z")))).toEqual(shown(parsePeriod("2026-11")));
  });

  it("uses the Manila day, not the UTC day, late in the UTC evening", () => {
    // 20:00 UTC on November 27th is 04:00 on November 28th in Manila.
    const instant = at("2026-11-27T20:00:00.000Z");
    expect(periodAt("day", instant).label).toBe("2026-11-28");
    expect(periodAt("hour", instant).label).toBe("2026-11-28T04");
    // 16:00 UTC on November 30th is December 1st in Manila: a new month and a new first half.
    expect(periodAt("month", at("2026-11-30T16:00:00.000Z")).label).toBe("2026-12");
    expect(periodAt("half_month", at("2026-11-30T16:00:00.000Z")).label).toBe("2026-12-H1");
  });

  it("holds its last millisecond in every unit, and the end belongs to the next period", () => {
    for (const label of ["2026-11-27T14", "2026-11-27", "2026-11-H1", "2026-11-H2", "2026-12", "2028-02-H2"]) {
      const p = parsed(label);
      expect(periodAt(p.unit, before(p.end)).label).toBe(label);
      const next = periodAt(p.unit, p.end);
      expect(next.label).not.toBe(label);
      expect(next.start).toEqual(p.end);
    }
  });
});

describe("previousPeriod", () => {
  it.each([
    ["2026-11-27T14", "2026-11-27T13"],
    ["2027-01-01T00", "2026-12-31T23"],
    ["2026-11-27", "2026-11-26"],
    ["2026-12-01", "2026-11-30"],
    ["2027-01-01", "2026-12-31"],
    ["2028-03-01", "2028-02-29"],
    ["2027-03-01", "2027-02-28"],
    ["2026-11-H2", "2026-11-H1"],
    ["2026-11-H1", "2026-10-H2"],
    ["2027-01-H1", "2026-12-H2"],
    ["2028-03-H1", "2028-02-H2"],
    ["2026-11", "2026-10"],
    ["2027-01", "2026-12"],
  ])("before %s comes %s, ending where it starts", (label, previous) => {
    const p = parsed(label);
    const prev = previousPeriod(p);
    expect(shown(prev)).toEqual(shown(parsePeriod(previous)));
    expect(prev.end).toEqual(p.start);
  });

  it("gives the previous half month with its exact instants", () => {
    expect(shown(previousPeriod(parsed("2026-11-H1")))).toEqual({
      unit: "half_month",
      label: "2026-10-H2",
      start: "2026-10-15T16:00:00.000Z",
      end: "2026-10-31T16:00:00.000Z",
    });
  });
});

describe("manilaDay", () => {
  it("names the Manila calendar day of an instant", () => {
    expect(manilaDay(at("2026-11-26T16:00:00.000Z"))).toBe("2026-11-27");
    expect(manilaDay(at("2026-11-26T15:59:59.999Z"))).toBe("2026-11-26");
    expect(manilaDay(at("2026-11-27T15:59:59.999Z"))).toBe("2026-11-27");
    expect(manilaDay(at("2026-12-31T16:00:00.000Z"))).toBe("2027-01-01");
  });
});

describe("kpiRange", () => {
  it("offers the six ranges", () => {
    expect(KPI_RANGES).toEqual(["today", "yesterday", "thisWeek", "lastWeek", "thisMonth", "lastMonth"]);
  });

  describe("on a Sunday (November 29th 2026, 23:30 Manila)", () => {
    const now = at("2026-11-29T15:30:00.000Z");
    it("today and yesterday are Manila days", () => {
      expect(range(kpiRange("today", now))).toEqual({ start: "2026-11-28T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
      expect(range(kpiRange("yesterday", now))).toEqual({ start: "2026-11-27T16:00:00.000Z", end: "2026-11-28T16:00:00.000Z" });
    });
    it("this week runs from Monday the 23rd through the Sunday, last week the seven days before", () => {
      expect(range(kpiRange("thisWeek", now))).toEqual({ start: "2026-11-22T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
      expect(range(kpiRange("lastWeek", now))).toEqual({ start: "2026-11-15T16:00:00.000Z", end: "2026-11-22T16:00:00.000Z" });
    });
    it("this month is November, last month October", () => {
      expect(range(kpiRange("thisMonth", now))).toEqual({ start: "2026-10-31T16:00:00.000Z", end: "2026-11-30T16:00:00.000Z" });
      expect(range(kpiRange("lastMonth", now))).toEqual({ start: "2026-09-30T16:00:00.000Z", end: "2026-10-31T16:00:00.000Z" });
    });
  });

  it("counts Sunday morning in Manila (still Saturday in UTC) in the week that started on the Monday before", () => {
    const now = at("2026-11-28T23:00:00.000Z"); // Sunday November 29th, 07:00 Manila
    expect(range(kpiRange("thisWeek", now))).toEqual({ start: "2026-11-22T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
  });

  describe("on a Monday (November 30th 2026, the first instant of it in Manila)", () => {
    const now = at("2026-11-29T16:00:00.000Z");
    it("today is the Monday, yesterday the Sunday", () => {
      expect(range(kpiRange("today", now))).toEqual({ start: "2026-11-29T16:00:00.000Z", end: "2026-11-30T16:00:00.000Z" });
      expect(range(kpiRange("yesterday", now))).toEqual({ start: "2026-11-28T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
    });
    it("this week starts that Monday; last week is the one that ended at it", () => {
      expect(range(kpiRange("thisWeek", now))).toEqual({ start: "2026-11-29T16:00:00.000Z", end: "2026-12-06T16:00:00.000Z" });
      expect(range(kpiRange("lastWeek", now))).toEqual({ start: "2026-11-22T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
    });
    it("one millisecond earlier is still Sunday, in the week before", () => {
      expect(range(kpiRange("thisWeek", before(now)))).toEqual({
        start: "2026-11-22T16:00:00.000Z",
        end: "2026-11-29T16:00:00.000Z",
      });
    });
  });

  it("counts Monday early morning in Manila (still Sunday in UTC) in the week starting that Monday", () => {
    const now = at("2026-11-29T20:00:00.000Z"); // Monday November 30th, 04:00 Manila
    expect(range(kpiRange("thisWeek", now))).toEqual({ start: "2026-11-29T16:00:00.000Z", end: "2026-12-06T16:00:00.000Z" });
    expect(range(kpiRange("lastWeek", now))).toEqual({ start: "2026-11-22T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
  });

  it("on a Wednesday starts the week two days before", () => {
    const now = at("2026-11-25T04:00:00.000Z"); // Wednesday November 25th, 12:00 Manila
    expect(range(kpiRange("thisWeek", now))).toEqual({ start: "2026-11-22T16:00:00.000Z", end: "2026-11-29T16:00:00.000Z" });
  });

  describe("across the new year (Friday January 1st 2027, 00:00 Manila)", () => {
    const now = at("2026-12-31T16:00:00.000Z");
    it("yesterday is December 31st", () => {
      expect(range(kpiRange("yesterday", now))).toEqual({ start: "2026-12-30T16:00:00.000Z", end: "2026-12-31T16:00:00.000Z" });
    });
    it("this week began on Monday December 28th", () => {
      expect(range(kpiRange("thisWeek", now))).toEqual({ start: "2026-12-27T16:00:00.000Z", end: "2027-01-03T16:00:00.000Z" });
      expect(range(kpiRange("lastWeek", now))).toEqual({ start: "2026-12-20T16:00:00.000Z", end: "2026-12-27T16:00:00.000Z" });
    });
    it("this month is January 2027 and last month December 2026", () => {
      expect(range(kpiRange("thisMonth", now))).toEqual({ start: "2026-12-31T16:00:00.000Z", end: "2027-01-31T16:00:00.000Z" });
      expect(range(kpiRange("lastMonth", now))).toEqual({ start: "2026-11-30T16:00:00.000Z", end: "2026-12-31T16:00:00.000Z" });
    });
    it("one millisecond earlier, this month is still December", () => {
      expect(range(kpiRange("thisMonth", before(now)))).toEqual({
        start: "2026-11-30T16:00:00.000Z",
        end: "2026-12-31T16:00:00.000Z",
      });
    });
  });

  it("gives a leap February as last month in March 2028", () => {
    const now = at("2028-03-10T04:00:00.000Z");
    expect(range(kpiRange("lastMonth", now))).toEqual({ start: "2028-01-31T16:00:00.000Z", end: "2028-02-29T16:00:00.000Z" });
    expect(range(kpiRange("thisMonth", now))).toEqual({ start: "2028-02-29T16:00:00.000Z", end: "2028-03-31T16:00:00.000Z" });
  });
});
