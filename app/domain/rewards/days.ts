/**
 * Calendar arithmetic of the daily sign-in reward. A day is a date in Asia/Manila, which has kept
 * UTC+8 without daylight saving since 1978, so a fixed offset gives the same answer as a time-zone
 * database and cannot drift with the server's own zone.
 */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The Manila calendar day (YYYY-MM-DD) an instant falls on. */
export function manilaDay(now: Date): string {
  return new Date(now.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The calendar day before a YYYY-MM-DD day. */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The streak day a claim made on `today` would be: the day after the last claim's when that was
 * yesterday (back to 1 after the last day of the cycle), else 1. Null when today is already claimed.
 */
export function nextStreak(last: { day: string; streak: number } | null, today: string, cycleLength: number): number | null {
  if (last && last.day === today) return null;
  if (!last || last.day !== previousDay(today)) return 1;
  return (last.streak % cycleLength) + 1;
}

export type StreakDayState = "claimed" | "claimable" | "upcoming";

/**
 * The cycle's days as the reward centre lists them: days of the current streak up to the last
 * claim are claimed, the next one is claimable unless today is claimed already, the rest upcoming.
 */
export function streakDays(last: { day: string; streak: number } | null, today: string, cycleLength: number): StreakDayState[] {
  const next = nextStreak(last, today, cycleLength);
  // Claimed today: the streak so far is done and nothing more is due until tomorrow.
  const done = next === null ? last!.streak : next - 1;
  return Array.from({ length: cycleLength }, (_, i) =>
    i < done ? "claimed" : next !== null && i === next - 1 ? "claimable" : "upcoming",
  );
}
