import { and, desc, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { rewardClaims } from "~/db/schema";
import { DuplicateTransferError, postTransfer } from "~/domain/wallet/ledger.server";
import { addTurnoverRequirement } from "~/domain/wallet/turnover.server";
import { manilaDay, nextStreak, streakDays, type StreakDayState } from "./days";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const mine = (brand: Brand, memberId: number) =>
  and(eq(rewardClaims.merchantCode, brand.merchantCode), eq(rewardClaims.memberId, memberId), eq(rewardClaims.kind, "daily"));

async function lastClaim(db: Db | Tx, brand: Brand, memberId: number) {
  const [row] = await db.select().from(rewardClaims).where(mine(brand, memberId)).orderBy(desc(rewardClaims.day)).limit(1);
  return row ?? null;
}

/** The ledger key of a member's daily reward: a second posting for the same day can only replay the first. */
export const dailyRewardKey = (memberId: number, day: string) => `reward:daily:${memberId}:${day}`;

export interface DailyRewardDay {
  streak: number;
  amount: bigint;
  state: StreakDayState;
}

export interface RewardCentre {
  /** The Manila day the answer is for. */
  today: string;
  claimedToday: boolean;
  days: DailyRewardDay[];
  recent: { day: string; streak: number; amount: bigint }[];
}

/** What the reward centre shows a member: the streak's days with their state and the latest claims. */
export async function rewardCentre(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<RewardCentre> {
  const today = manilaDay(now);
  const amounts = brand.rewards.dailyCentavos;
  const recent = await db
    .select({ day: rewardClaims.day, streak: rewardClaims.streak, amount: rewardClaims.amount })
    .from(rewardClaims)
    .where(mine(brand, memberId))
    .orderBy(desc(rewardClaims.day))
    .limit(10);
  const last = recent[0] ?? null;
  const states = streakDays(last, today, amounts.length);
  return {
    today,
    claimedToday: last?.day === today,
    days: states.map((state, i) => ({ streak: i + 1, amount: BigInt(amounts[i]!), state })),
    recent,
  };
}

export type ClaimResult =
  { ok: true; day: string; streak: number; amount: bigint; transferId: number } | { ok: false; reason: "already_claimed" };

/**
 * Credits today's sign-in reward as a bonus transfer from house:bonus, with its turnover
 * requirement, once per member and Manila day. Concurrent claims meet at the ledger key (a second
 * posting replays the first, moving nothing) and at the claims table's unique index (the second
 * insert finds the first and writes nothing); only the claim that inserted the row succeeds.
 */
export async function claimDailyReward(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<ClaimResult> {
  const today = manilaDay(now);
  const amounts = brand.rewards.dailyCentavos;
  try {
    return await db.transaction(async (tx) => {
      const streak = nextStreak(await lastClaim(tx, brand, memberId), today, amounts.length);
      if (streak === null) return { ok: false as const, reason: "already_claimed" as const };
      const amount = BigInt(amounts[streak - 1]!);
      const posted = await postTransfer(tx, brand, {
        key: dailyRewardKey(memberId, today),
        kind: "bonus",
        reference: `reward:daily:${today}`,
        legs: [
          { account: { house: "house:bonus" }, amount: -amount },
          { account: { memberId, kind: "cash" }, amount },
        ],
      });
      if (posted.replayed) return { ok: false as const, reason: "already_claimed" as const };
      const [claim] = await tx
        .insert(rewardClaims)
        .values({ merchantCode: brand.merchantCode, memberId, kind: "daily", day: today, streak, amount, transferId: posted.id })
        .onConflictDoNothing()
        .returning({ id: rewardClaims.id });
      // The ledger key already let only one posting through; a row here without it would be a bug, so refuse loudly.
      if (!claim) throw new Error(`daily reward ${today} of member ${memberId} posted without its claim row`);
      // A bonus carries its own wagering multiple, not the deposits' one.
      await addTurnoverRequirement(
        tx,
        { ...brand, play: { ...brand.play, turnoverMultiplier: brand.rewards.turnoverMultiplier } },
        memberId,
        amount,
      );
      return { ok: true as const, day: today, streak, amount, transferId: posted.id };
    });
  } catch (err) {
    // Another claim of the same day computed a different streak (its transaction saw other rows): it won.
    if (err instanceof DuplicateTransferError) return { ok: false, reason: "already_claimed" };
    throw err;
  }
}
