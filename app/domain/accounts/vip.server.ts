import { and, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { gameRounds } from "~/db/schema";

type Rank = Brand["vip"]["ranks"][number];

export interface VipProgress {
  /** The rank reached. */
  rank: { id: string; name: string };
  /** The rank worked towards (spec §3 playerRankProgress label); null at the top rank. */
  next: { id: string; name: string } | null;
  /** Spec §3 currentProgress, in centavos of turnover (strings: JSON has no bigint). */
  completedConditions: string;
  totalExpectedConditions: string;
  /** completed / total in basis points (10000 is full); full when there is no next rank (spec §4). */
  progressBps: number;
  /** Centavos still to wager to reach `next`; "0" at the top. */
  remaining: string;
}

/** Where `turnover` centavos put a member among `ranks` (ascending, the first at 0). Integer arithmetic only. */
export function vipProgress(ranks: readonly Rank[], turnover: bigint): VipProgress {
  const reached = ranks.filter((r) => BigInt(r.minTurnoverCentavos) <= turnover);
  const rank = reached[reached.length - 1] ?? ranks[0]!;
  const next = ranks[ranks.indexOf(rank) + 1] ?? null;
  const label = (r: Rank) => ({ id: r.id, name: r.name });
  if (!next) {
    const t = turnover.toString();
    return {
      rank: label(rank),
      next: null,
      completedConditions: t,
      totalExpectedConditions: t,
      progressBps: 10_000,
      remaining: "0",
    };
  }
  const total = BigInt(next.minTurnoverCentavos);
  const completed = turnover < total ? turnover : total;
  return {
    rank: label(rank),
    next: label(next),
    completedConditions: completed.toString(),
    totalExpectedConditions: total.toString(),
    progressBps: Number((completed * 10_000n) / total),
    remaining: (total - completed).toString(),
  };
}

/** Lifetime real turnover: the member's settled cash bets (demo play and open rounds do not count). */
export async function settledTurnover(db: Db, brand: Brand, memberId: number): Promise<bigint> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${gameRounds.bet}), 0)::text` })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.merchantCode, brand.merchantCode),
        eq(gameRounds.memberId, memberId),
        eq(gameRounds.demo, false),
        eq(gameRounds.closed, true),
      ),
    );
  return BigInt(row?.sum ?? "0");
}

export async function memberVipProgress(db: Db, brand: Brand, memberId: number): Promise<VipProgress> {
  return vipProgress(brand.vip.ranks, await settledTurnover(db, brand, memberId));
}
