import { and, desc, eq, gt, lte } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { memberExclusions } from "~/db/schema";
import { lockMember } from "./member-lock.server";

/**
 * Cooling-off and self-exclusion (issue 16, item 5). A player chooses a period; while it runs the
 * server refuses them sign-in to play, deposits, game launches and every new stake (the
 * seamless-wallet API asks `member_play_refusal`, migration 0017), while the withdrawal of what is
 * left stays open (ADR 0033). An exclusion is never shortened or lifted (the table refuses updates
 * and deletes): it ends at its end. While one runs, only a longer period may follow (a cooling-off
 * may become a self-exclusion), which then runs from its own start.
 */
export type ExclusionKind = "cooling_off" | "self_exclusion";
export type ExclusionPeriod = "24h" | "7d" | "30d" | "6m" | "1y" | "5y";

export const EXCLUSION_PERIODS: Record<ExclusionKind, readonly ExclusionPeriod[]> = {
  cooling_off: ["24h", "7d", "30d"],
  self_exclusion: ["6m", "1y", "5y"],
};

export const kindOfPeriod = (period: ExclusionPeriod): ExclusionKind =>
  EXCLUSION_PERIODS.cooling_off.includes(period) ? "cooling_off" : "self_exclusion";

/** The periods from shortest to longest. */
const PERIOD_ORDER: readonly ExclusionPeriod[] = [...EXCLUSION_PERIODS.cooling_off, ...EXCLUSION_PERIODS.self_exclusion];

/** Whether `period` is longer than `than`: the only periods a running exclusion can be followed by. */
export const isLongerPeriod = (period: ExclusionPeriod, than: ExclusionPeriod) =>
  PERIOD_ORDER.indexOf(period) > PERIOD_ORDER.indexOf(than);

export const isExclusionPeriod = (value: unknown): value is ExclusionPeriod =>
  typeof value === "string" && (PERIOD_ORDER as readonly string[]).includes(value);

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a period started at `start` ends. Hours and days are exact spans; months and years are
 * calendar months in Manila time (UTC+8 all year), so 6 months from 31 August ends on the last day
 * of February, never in March.
 */
export function exclusionEnd(period: ExclusionPeriod, start: Date): Date {
  if (period === "24h") return new Date(start.getTime() + 24 * HOUR_MS);
  if (period === "7d") return new Date(start.getTime() + 7 * 24 * HOUR_MS);
  if (period === "30d") return new Date(start.getTime() + 30 * 24 * HOUR_MS);
  const months = period === "6m" ? 6 : period === "1y" ? 12 : 60;
  const manila = new Date(start.getTime() + 8 * HOUR_MS);
  const y = manila.getUTCFullYear();
  const m = manila.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    y,
    m,
    Math.min(manila.getUTCDate(), lastDay),
    manila.getUTCHours(),
    manila.getUTCMinutes(),
    manila.getUTCSeconds(),
    manila.getUTCMilliseconds(),
  );
  return new Date(shifted - 8 * HOUR_MS);
}

export interface Exclusion {
  kind: ExclusionKind;
  period: ExclusionPeriod;
  startsAt: Date;
  endsAt: Date;
}

/** The exclusion of the member that runs at `now` and ends last, or null. */
export async function activeExclusion(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<Exclusion | null> {
  const [row] = await db
    .select({
      kind: memberExclusions.kind,
      period: memberExclusions.period,
      startsAt: memberExclusions.startsAt,
      endsAt: memberExclusions.endsAt,
    })
    .from(memberExclusions)
    .where(
      and(
        eq(memberExclusions.merchantCode, brand.merchantCode),
        eq(memberExclusions.memberId, memberId),
        lte(memberExclusions.startsAt, now),
        gt(memberExclusions.endsAt, now),
      ),
    )
    .orderBy(desc(memberExclusions.endsAt))
    .limit(1);
  return row ?? null;
}

export type StartExclusionResult = { ok: true; exclusion: Exclusion } | { ok: false; reason: "not_longer"; current: Exclusion };

/**
 * Starts an exclusion of `period` now. While one runs, only a longer period is taken (a cooling-off
 * may become a self-exclusion; the same period again would only restart the clock, and nothing may
 * shorten what runs). The member's row is the lock, so two posts at once cannot both read "none
 * running" and insert two; "now" is when the lock was granted, so the one that waited sees the
 * other's exclusion as begun.
 */
export async function startExclusion(
  db: Db,
  brand: Brand,
  memberId: number,
  period: ExclusionPeriod,
): Promise<StartExclusionResult> {
  return db.transaction(async (tx) => {
    const now = await lockMember(tx, brand, memberId);
    const current = await activeExclusion(tx as unknown as Db, brand, memberId, now);
    if (current && !isLongerPeriod(period, current.period)) return { ok: false, reason: "not_longer", current };
    const endsAt = exclusionEnd(period, now);
    const exclusion: Exclusion = { kind: kindOfPeriod(period), period, startsAt: now, endsAt };
    await tx.insert(memberExclusions).values({ merchantCode: brand.merchantCode, memberId, ...exclusion });
    return { ok: true, exclusion };
  });
}

/** Every exclusion of the member, the latest first (what support staff and the player see). */
export async function exclusionHistory(db: Db, brand: Brand, memberId: number): Promise<Exclusion[]> {
  return db
    .select({
      kind: memberExclusions.kind,
      period: memberExclusions.period,
      startsAt: memberExclusions.startsAt,
      endsAt: memberExclusions.endsAt,
    })
    .from(memberExclusions)
    .where(and(eq(memberExclusions.merchantCode, brand.merchantCode), eq(memberExclusions.memberId, memberId)))
    .orderBy(desc(memberExclusions.startsAt), desc(memberExclusions.id));
}
