import { and, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { turnoverRequirements } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";

/**
 * "Turnover x N": what a member still has to wager before a withdrawal. A paid deposit adds N times
 * its amount (brand.play.turnoverMultiplier), an accepted cash bet takes its amount off (never below
 * zero) and gives it back if it is rolled back; support staff may waive it. The row is locked by each
 * change, so a bet, a deposit and a withdrawal's check never interleave on it.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const mine = (brand: Brand, memberId: number) =>
  and(eq(turnoverRequirements.memberId, memberId), eq(turnoverRequirements.merchantCode, brand.merchantCode));

/** Adds a deposit's requirement in the deposit's own transaction. */
export async function addTurnoverRequirement(tx: Db | Tx, brand: Brand, memberId: number, amount: bigint): Promise<void> {
  const add = amount * BigInt(brand.play.turnoverMultiplier);
  if (add <= 0n) return;
  await tx
    .insert(turnoverRequirements)
    .values({ merchantCode: brand.merchantCode, memberId, remaining: add })
    .onConflictDoUpdate({
      target: turnoverRequirements.memberId,
      set: { remaining: sql`${turnoverRequirements.remaining} + ${add}`, updatedAt: new Date() },
    });
}

/** Takes an accepted cash bet off the requirement (never below zero); answers what it took. */
export async function takeTurnover(tx: Tx, brand: Brand, memberId: number, amount: bigint): Promise<bigint> {
  if (amount === 0n) return 0n;
  const remaining = await turnoverRemaining(tx, brand, memberId, { lock: true });
  if (remaining === 0n) return 0n;
  const taken = remaining < amount ? remaining : amount;
  await tx
    .update(turnoverRequirements)
    .set({ remaining: sql`${turnoverRequirements.remaining} - ${taken}`, updatedAt: new Date() })
    .where(mine(brand, memberId));
  return taken;
}

/** Gives back what a rolled-back bet took. */
export async function giveBackTurnover(tx: Tx, brand: Brand, memberId: number, taken: bigint): Promise<void> {
  if (taken <= 0n) return;
  await tx
    .update(turnoverRequirements)
    .set({ remaining: sql`${turnoverRequirements.remaining} + ${taken}`, updatedAt: new Date() })
    .where(mine(brand, memberId));
}

/** What is left to wager; `lock` holds the row until the caller's transaction ends. */
export async function turnoverRemaining(
  db: Db | Tx,
  brand: Brand,
  memberId: number,
  opts: { lock?: boolean } = {},
): Promise<bigint> {
  const query = db
    .select({ remaining: turnoverRequirements.remaining })
    .from(turnoverRequirements)
    .where(mine(brand, memberId))
    .limit(1);
  const [row] = opts.lock ? await query.for("update") : await query;
  return row?.remaining ?? 0n;
}

/** Support staff waive what is left (audited with who and why); answers what was waived. */
export async function waiveTurnover(db: Db, brand: Brand, memberId: number, actor: Actor): Promise<bigint> {
  return db.transaction(async (tx) => {
    const remaining = await turnoverRemaining(tx, brand, memberId, { lock: true });
    if (remaining === 0n) return 0n;
    await tx.update(turnoverRequirements).set({ remaining: 0n, updatedAt: new Date() }).where(mine(brand, memberId));
    await recordAudit(tx as unknown as Db, brand, {
      subject: `turnover:member:${memberId}`,
      oldValue: remaining.toString(),
      newValue: "0",
      actor,
    });
    return remaining;
  });
}
