import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * `npm run ledger -- verify`: proves from the rows themselves what the database's
 * constraints promise, so that a restored backup, a bad migration or a hand edit is
 * caught. Each check names the first broken row; the counts are for the report.
 */
export interface LedgerProblem {
  check: "unbalanced-transfer" | "cross-brand-entry" | "demo-and-cash" | "balance-mismatch" | "negative-balance";
  /** The first broken row, in words a support person can act on. */
  detail: string;
}

export interface LedgerReport {
  /** Null: every brand. */
  merchantCode: string | null;
  transfers: number;
  entries: number;
  accounts: number;
  /** Sum of the members' cash balances, in centavos. */
  memberCash: bigint;
  problems: LedgerProblem[];
}

type Row = Record<string, unknown>;

async function first(db: Db, query: SQL): Promise<Row | undefined> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0];
}

export async function verifyLedger(db: Db, merchantCode: string | null): Promise<LedgerReport> {
  const brandT = merchantCode === null ? sql`true` : sql`t.merchant_code = ${merchantCode}`;
  const brandA = merchantCode === null ? sql`true` : sql`a.merchant_code = ${merchantCode}`;
  const problems: LedgerProblem[] = [];

  const unbalanced = await first(
    db,
    sql`select t.id, t.merchant_code, t.idempotency_key, coalesce(sum(e.amount_centavos), 0)::text as total, count(e.id)::int as legs
        from wallet_transfers t left join wallet_entries e on e.transfer_id = t.id
        where ${brandT}
        group by t.id
        having coalesce(sum(e.amount_centavos), 0) <> 0 or count(e.id) < 2
        order by t.id limit 1`,
  );
  if (unbalanced) {
    problems.push({
      check: "unbalanced-transfer",
      detail: `transfer ${unbalanced.id} (${unbalanced.merchant_code}, key ${unbalanced.idempotency_key}) sums to ${unbalanced.total} over ${unbalanced.legs} legs`,
    });
  }

  const crossBrand = await first(
    db,
    sql`select e.id, e.transfer_id, t.merchant_code as transfer_brand, a.merchant_code as account_brand
        from wallet_entries e join wallet_transfers t on t.id = e.transfer_id join wallet_accounts a on a.id = e.account_id
        where a.merchant_code <> t.merchant_code and (${brandT} or ${brandA})
        order by e.id limit 1`,
  );
  if (crossBrand) {
    problems.push({
      check: "cross-brand-entry",
      detail: `entry ${crossBrand.id} of transfer ${crossBrand.transfer_id} (${crossBrand.transfer_brand}) posts to an account of ${crossBrand.account_brand}`,
    });
  }

  const mixed = await first(
    db,
    sql`select t.id, t.merchant_code from wallet_transfers t
        where ${brandT}
          and exists (select 1 from wallet_entries e join wallet_accounts a on a.id = e.account_id where e.transfer_id = t.id and a.kind in ('demo', 'house:demo'))
          and exists (select 1 from wallet_entries e join wallet_accounts a on a.id = e.account_id where e.transfer_id = t.id and a.kind not in ('demo', 'house:demo'))
        order by t.id limit 1`,
  );
  if (mixed)
    problems.push({
      check: "demo-and-cash",
      detail: `transfer ${mixed.id} (${mixed.merchant_code}) moves play money and real money together`,
    });

  const mismatch = await first(
    db,
    sql`select a.id, a.merchant_code, a.member_id, a.kind, a.balance_centavos::text as cached, coalesce(sum(e.amount_centavos), 0)::text as entries
        from wallet_accounts a left join wallet_entries e on e.account_id = a.id
        where ${brandA}
        group by a.id
        having a.balance_centavos <> case when a.may_go_negative then 0 else coalesce(sum(e.amount_centavos), 0) end
        order by a.id limit 1`,
  );
  if (mismatch) {
    problems.push({
      check: "balance-mismatch",
      detail: `account ${mismatch.id} (${mismatch.merchant_code} ${mismatch.member_id === null ? "" : `member ${mismatch.member_id} `}${mismatch.kind}) caches ${mismatch.cached} but its entries sum to ${mismatch.entries}`,
    });
  }

  const negative = await first(
    db,
    sql`select a.id, a.merchant_code, a.member_id, a.kind, a.balance_centavos::text as balance,
          coalesce((select sum(e.amount_centavos) from wallet_entries e where e.account_id = a.id), 0)::text as entries
        from wallet_accounts a
        where ${brandA} and (a.member_id is not null or a.kind = 'house:holds')
          and (a.balance_centavos < 0 or a.may_go_negative
               or coalesce((select sum(e.amount_centavos) from wallet_entries e where e.account_id = a.id), 0) < 0)
        order by a.id limit 1`,
  );
  if (negative) {
    problems.push({
      check: "negative-balance",
      detail: `account ${negative.id} (${negative.merchant_code} ${negative.member_id === null ? "" : `member ${negative.member_id} `}${negative.kind}) stands at ${negative.balance} (entries ${negative.entries}) or is allowed below zero`,
    });
  }

  const counts = (await first(
    db,
    sql`select (select count(*) from wallet_transfers t where ${brandT})::int as transfers,
               (select count(*) from wallet_entries e join wallet_transfers t on t.id = e.transfer_id where ${brandT})::int as entries,
               (select count(*) from wallet_accounts a where ${brandA})::int as accounts,
               (select coalesce(sum(a.balance_centavos), 0) from wallet_accounts a where ${brandA} and a.kind = 'cash')::text as member_cash`,
  ))!;
  return {
    merchantCode,
    transfers: Number(counts.transfers),
    entries: Number(counts.entries),
    accounts: Number(counts.accounts),
    memberCash: BigInt(String(counts.member_cash)),
    problems,
  };
}
