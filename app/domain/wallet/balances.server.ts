import { and, eq, isNull, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { walletAccounts, walletEntries, walletTransfers } from "~/db/schema";

/**
 * The ledger's first uses: balances (the sum of an account's entries) and the
 * trial player's play money. Every transfer's entries sum to zero, and a
 * transfer is posted once per idempotency key.
 */
export type AccountKind = "cash" | "demo";
/** Where trial play money comes from; it may go negative, player accounts may not. */
const HOUSE_DEMO = "house:demo";

export class UnbalancedTransferError extends Error {}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function accountId(tx: Tx | Db, brand: Brand, memberId: number | null, kind: string): Promise<number> {
  const owner = memberId === null ? isNull(walletAccounts.memberId) : eq(walletAccounts.memberId, memberId);
  const where = and(eq(walletAccounts.merchantCode, brand.merchantCode), owner, eq(walletAccounts.kind, kind));
  const [found] = await tx.select({ id: walletAccounts.id }).from(walletAccounts).where(where).limit(1);
  if (found) return found.id;
  const [made] = await tx
    .insert(walletAccounts)
    .values({ merchantCode: brand.merchantCode, memberId, kind })
    .onConflictDoNothing()
    .returning({ id: walletAccounts.id });
  if (made) return made.id;
  const [raced] = await tx.select({ id: walletAccounts.id }).from(walletAccounts).where(where).limit(1);
  return raced!.id;
}

/** Posts a balanced transfer once; a second post with the same key changes nothing and answers false. */
export async function postTransfer(
  db: Db,
  brand: Brand,
  transfer: { key: string; kind: string; legs: { memberId: number | null; account: string; amount: bigint }[] },
): Promise<boolean> {
  const total = transfer.legs.reduce((sum, l) => sum + l.amount, 0n);
  if (total !== 0n || transfer.legs.length < 2) throw new UnbalancedTransferError(`transfer ${transfer.key} sums to ${total}`);
  return db.transaction(async (tx) => {
    const [t] = await tx
      .insert(walletTransfers)
      .values({ merchantCode: brand.merchantCode, idempotencyKey: transfer.key, kind: transfer.kind })
      .onConflictDoNothing()
      .returning({ id: walletTransfers.id });
    if (!t) return false;
    for (const leg of transfer.legs) {
      const account = await accountId(tx, brand, leg.memberId, leg.account);
      await tx.insert(walletEntries).values({ transferId: t.id, accountId: account, amount: leg.amount });
    }
    return true;
  });
}

/** A member's balance in centavos: zero until the account has entries. */
export async function getBalance(db: Db, brand: Brand, memberId: number, kind: AccountKind): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amount}), 0)::text` })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(
      and(
        eq(walletAccounts.merchantCode, brand.merchantCode),
        eq(walletAccounts.memberId, memberId),
        eq(walletAccounts.kind, kind),
      ),
    );
  return BigInt(row?.total ?? "0");
}

/** Trial sessions start with this much play money (₱2,000.00). */
export const DEMO_BALANCE_CENTAVOS = 200_000n;

export async function grantDemoBalance(db: Db, brand: Brand, memberId: number): Promise<void> {
  await postTransfer(db, brand, {
    key: `demo-grant:${memberId}`,
    kind: "demo_grant",
    legs: [
      { memberId: null, account: HOUSE_DEMO, amount: -DEMO_BALANCE_CENTAVOS },
      { memberId, account: "demo", amount: DEMO_BALANCE_CENTAVOS },
    ],
  });
}
