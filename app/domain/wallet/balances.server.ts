import { and, eq, isNull, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { walletAccounts, walletEntries } from "~/db/schema";
import { postTransfer, type HouseAccount } from "./ledger.server";

/** A member's two accounts: real money, and the trial player's play money. */
export type AccountKind = "cash" | "demo";

/** A member's balance in centavos (the account's cached sum of entries) as a query: no row until it has entries. */
export function balanceQuery(db: Db, brand: Brand, memberId: number, kind: AccountKind) {
  return db
    .select({ balance: walletAccounts.balance })
    .from(walletAccounts)
    .where(
      and(
        eq(walletAccounts.merchantCode, brand.merchantCode),
        eq(walletAccounts.memberId, memberId),
        eq(walletAccounts.kind, kind),
      ),
    )
    .limit(1);
}

/** A member's balance in centavos: zero until it has entries. */
export async function getBalance(db: Db, brand: Brand, memberId: number, kind: AccountKind): Promise<bigint> {
  const [row] = await balanceQuery(db, brand, memberId, kind);
  return row?.balance ?? 0n;
}

/**
 * A house account's balance: the sum of its entries, since the accounts that may go negative keep
 * no cached balance (migration 0007). Zero before its first entry.
 */
export async function houseBalance(db: Db, brand: Brand, house: HouseAccount): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amount}), 0)::text` })
    .from(walletEntries)
    .innerJoin(walletAccounts, eq(walletAccounts.id, walletEntries.accountId))
    .where(
      and(eq(walletAccounts.merchantCode, brand.merchantCode), isNull(walletAccounts.memberId), eq(walletAccounts.kind, house)),
    );
  return BigInt(row?.total ?? "0");
}

/** Trial sessions start with this much play money (₱2,000.00). */
export const DEMO_BALANCE_CENTAVOS = 200_000n;

export async function grantDemoBalance(db: Db, brand: Brand, memberId: number): Promise<void> {
  await postTransfer(db, brand, {
    key: `demo-grant:${memberId}`,
    kind: "demo_grant",
    reference: `member:${memberId}`,
    legs: [
      { account: { house: "house:demo" }, amount: -DEMO_BALANCE_CENTAVOS },
      { account: { memberId, kind: "demo" }, amount: DEMO_BALANCE_CENTAVOS },
    ],
  });
}
