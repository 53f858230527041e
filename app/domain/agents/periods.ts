/**
 * The periods agents are paid and measured by, in Manila time (UTC+8 all year, so a fixed offset is
 * exact). A period is named by text an operator can type and a URL can carry:
 *   2026-11-27T14  an hour (14:00 to 15:00)       → hourly salaries
 *   2026-11-27     a calendar day                  → daily salaries
 *   2026-11-H1     the 1st to the 15th, H2 the rest → half-month dividends
 *   2026-11        a calendar month                → monthly dividends
 */
export type PeriodUnit = "hour" | "day" | "half_month" | "month";

export interface Period {
  unit: PeriodUnit;
  label: string;
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
}

const OFFSET_MS = 8 * 3600_000;
const pad = (n: number) => String(n).padStart(2, "0");

/** UTC instant of a Manila wall-clock time. */
const manila = (y: number, m: number, d = 1, h = 0) => new Date(Date.UTC(y, m - 1, d, h) - OFFSET_MS);

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The period a label names, or null when it names none (or a year outside 2000–2099). */
export function parsePeriod(label: string): Period | null {
  const m = /^(20\d\d)-(\d\d)(?:-(\d\d|H[12])(?:T(\d\d))?)?$/.exec(label.trim());
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12) return null;
  const clean = label.trim();
  if (m[3] === undefined) return { unit: "month", label: clean, start: manila(y, mo), end: manila(y, mo + 1) };
  if (m[3].startsWith("H")) {
    if (m[4] !== undefined) return null;
    const first = m[3] === "H1";
    return {
      unit: "half_month",
      label: clean,
      start: first ? manila(y, mo, 1) : manila(y, mo, 16),
      end: first ? manila(y, mo, 16) : manila(y, mo + 1),
    };
  }
  const d = Number(m[3]);
  if (!validDay(y, mo, d)) return null;
  if (m[4] === undefined) return { unit: "day", label: clean, start: manila(y, mo, d), end: manila(y, mo, d + 1) };
  const h = Number(m[4]);
  if (h > 23) return null;
  return { unit: "hour", label: clean, start: manila(y, mo, d, h), end: manila(y, mo, d, h + 1) };
}

/** The period of a unit that holds `at`. */
export function periodAt(unit: PeriodUnit, at: Date): Period {
  const local = new Date(at.getTime() + OFFSET_MS);
  const y = local.getUTCFullYear();
  const mo = pad(local.getUTCMonth() + 1);
  const d = pad(local.getUTCDate());
  const label =
    unit === "month"
      ? `${y}-${mo}`
      : unit === "half_month"
        ? `${y}-${mo}-${local.getUTCDate() <= 15 ? "H1" : "H2"}`
        : unit === "day"
          ? `${y}-${mo}-${d}`
          : `${y}-${mo}-${d}T${pad(local.getUTCHours())}`;
  return parsePeriod(label)!;
}

/** The period of the same unit just before this one. */
export function previousPeriod(p: Period): Period {
  return periodAt(p.unit, new Date(p.start.getTime() - 1));
}

/** The Manila calendar day (YYYY-MM-DD) an instant falls on. */
export function manilaDay(at: Date): string {
  return periodAt("day", at).label;
}

/** The KPI screen's choices: a day, a week from Monday, a month; this one or the one before. */
export const KPI_RANGES = ["today", "yesterday", "thisWeek", "lastWeek", "thisMonth", "lastMonth"] as const;
export type KpiRange = (typeof KPI_RANGES)[number];

export function kpiRange(range: KpiRange, now: Date): { start: Date; end: Date } {
  const today = periodAt("day", now);
  const day = 24 * 3600_000;
  if (range === "today") return { start: today.start, end: today.end };
  if (range === "yesterday") return { start: new Date(today.start.getTime() - day), end: today.start };
  if (range === "thisMonth" || range === "lastMonth") {
    const month = periodAt("month", now);
    const p = range === "thisMonth" ? month : previousPeriod(month);
    return { start: p.start, end: p.end };
  }
  // Monday of this week: the Manila weekday of today's start (0 Sunday … 6 Saturday).
  const weekday = new Date(today.start.getTime() + OFFSET_MS).getUTCDay();
  const monday = new Date(today.start.getTime() - ((weekday + 6) % 7) * day);
  return range === "thisWeek"
    ? { start: monday, end: new Date(monday.getTime() + 7 * day) }
    : { start: new Date(monday.getTime() - 7 * day), end: monday };
}
