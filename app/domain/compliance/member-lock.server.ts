import { and, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members } from "~/db/schema";

/**
 * Locks the member's row for the rest of the transaction `tx`: the player's own settings (limits,
 * exclusions) are decided one change at a time, each on what the one before left.
 */
export async function lockMember(tx: Pick<Db, "select">, brand: Brand, memberId: number): Promise<void> {
  await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.merchantCode, brand.merchantCode)))
    .for("update");
}
