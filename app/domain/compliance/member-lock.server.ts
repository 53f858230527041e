import { and, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members } from "~/db/schema";

/**
 * Locks the member's row for the rest of the transaction `tx`: the player's own settings (limits,
 * exclusions) are decided one change at a time, each on what the one before left. Returns the time
 * the lock was granted: a decision made under the lock reads the clock here, never before waiting
 * for it, or a change that waited would be judged at a moment before the one it waited for (which
 * then seems not to have begun yet) and could start a second exclusion or raise a limit at once.
 */
export async function lockMember(tx: Pick<Db, "select">, brand: Brand, memberId: number): Promise<Date> {
  await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.merchantCode, brand.merchantCode)))
    .for("update");
  return new Date();
}
