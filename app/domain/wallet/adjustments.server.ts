import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { formatPeso } from "~/utils/money";
import { postTransfer, reverseTransfer, type PostedTransfer } from "./ledger.server";

/**
 * Support staff's corrections. A manual adjustment moves money between a member's cash
 * and the brand's adjustments account; a reversal mirrors one transfer. Each writes its
 * audit row in the same transaction as the money, so neither exists without the other.
 */
export async function adjustBalance(
  db: Db,
  brand: Brand,
  member: { id: number; usernameKey: string },
  amount: bigint,
  actor: Actor,
  key: string,
): Promise<PostedTransfer> {
  return db.transaction(async (tx) => {
    const posted = await postTransfer(tx, brand, {
      key,
      kind: "adjustment",
      reference: `support:${member.usernameKey}`,
      memo: `${actor.name}: ${actor.reason}`,
      legs: [
        { account: { memberId: member.id, kind: "cash" }, amount },
        { account: { house: "house:adjustments" }, amount: -amount },
      ],
    });
    if (!posted.replayed) {
      await recordAudit(tx, brand, {
        subject: `ledger:member:${member.usernameKey}`,
        oldValue: null,
        newValue: `adjustment ${amount < 0n ? "-" : "+"}${formatPeso((amount < 0n ? -amount : amount).toString())} (transfer ${posted.id}, key ${key})`,
        actor,
      });
    }
    return posted;
  });
}

export async function reverseWithAudit(db: Db, brand: Brand, transferId: number, actor: Actor) {
  return db.transaction(async (tx) => {
    const result = await reverseTransfer(tx, brand, transferId, `${actor.name}: ${actor.reason}`);
    if (!result.reversal.replayed) {
      await recordAudit(tx, brand, {
        subject: `ledger:transfer:${transferId}`,
        oldValue: `${result.original.kind} ${result.original.key}`,
        newValue: `reversed by transfer ${result.reversal.id}`,
        actor,
      });
    }
    return result;
  });
}
