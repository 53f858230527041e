import { and, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { walletAccounts } from "~/db/schema";
import { postTransfer } from "./ledger.server";

/** A member's two accounts: real money, and the trial player's play money. */
export type AccountKind = "cash" | "demo";

/** A member's balance in centavos (the account's cached sum of entries): zero until it has entries. */
export async function getBalance(db: Db, brand: Brand, memberId: number, kind: AccountKind): Promise<bigint> {
  const [row] = await db
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
  return row?.balance ?? 0n;
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
