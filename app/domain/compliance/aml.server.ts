import { sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";

/**
 * What a compliance officer reviews for anti-money-laundering (issue 16, item 8), per brand and
 * period (brand settings `compliance.aml`):
 * - covered transactions: a single paid deposit, or a withdrawal asked for (and not refused), at or
 *   above the covered-transaction threshold;
 * - little play: a withdrawal asked for when the member's cash bets since the paid deposits before
 *   it (those after their previous withdrawal) are below `littlePlayPercent` of those deposits;
 * - shared payout accounts: one payout account (method and number) named by
 *   `sharedPayoutAccountMembers` members or more, in their bound account or a withdrawal, as at the
 *   period's end.
 * Flags are data: the CLI (`npm run aml -- report`) writes them as CSV.
 */

/** A period of market days (Manila, UTC+8): `from` inclusive, `to` exclusive. */
export interface AmlPeriod {
  /** As given: YYYY-MM, YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD. */
  label: string;
  from: Date;
  to: Date;
}

const MARKET_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight in Manila of a valid YYYY-MM-DD day, else null. */
function marketDay(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const utc = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return new Date(utc - MARKET_OFFSET_MS);
}

/** The period a CLI argument names, or null when it names none (or ends before it starts). */
export function parseAmlPeriod(text: string): AmlPeriod | null {
  const label = text.trim();
  const month = /^(\d{4})-(\d{2})$/.exec(label);
  if (month) {
    const from = marketDay(`${label}-01`);
    if (!from) return null;
    const next =
      Number(month[2]) === 12
        ? `${Number(month[1]) + 1}-01-01`
        : `${month[1]}-${String(Number(month[2]) + 1).padStart(2, "0")}-01`;
    return { label, from, to: marketDay(next)! };
  }
  const [first, last, ...rest] = label.split("..");
  if (rest.length > 0 || !first) return null;
  const from = marketDay(first);
  const end = marketDay(last ?? first);
  if (!from || !end || end < from) return null;
  return { label, from, to: new Date(end.getTime() + DAY_MS) };
}

export type AmlFlag =
  | {
      flag: "covered_deposit" | "covered_withdrawal";
      member: string;
      /** The deposit order's or withdrawal's public id. */
      reference: string;
      amountCentavos: bigint;
      at: Date;
    }
  | {
      flag: "little_play";
      member: string;
      /** The withdrawal's public id. */
      reference: string;
      amountCentavos: bigint;
      at: Date;
      depositsCentavos: bigint;
      betsCentavos: bigint;
    }
  | {
      flag: "shared_payout_account";
      members: string[];
      method: string;
      accountNumber: string;
    };

/** The brand's AML flags for the period, covered transactions first, each kind in time order. */
export async function amlReport(db: Db, brand: Brand, period: AmlPeriod): Promise<AmlFlag[]> {
  const { coveredTransactionCentavos: covered, littlePlayPercent, sharedPayoutAccountMembers } = brand.compliance.aml;
  const merchant = brand.merchantCode;
  const from = period.from.toISOString();
  const to = period.to.toISOString();

  const coveredRows = await rawRows<{ flag: string; member: string; reference: string; amount: string; at: Date | string }>(
    db,
    sql`select * from (
          select 'covered_deposit' as flag, m.username as member, o.public_id as reference, o.amount_centavos::text as amount, t.created_at as at
            from payment_orders o join wallet_transfers t on t.id = o.transfer_id join members m on m.id = o.member_id
           where o.merchant_code = ${merchant} and o.state = 'paid' and o.amount_centavos >= ${covered}
             and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
          union all
          select 'covered_withdrawal', m.username, w.public_id, w.amount_centavos::text, w.created_at
            from withdrawals w join members m on m.id = w.member_id
           where w.merchant_code = ${merchant} and w.state not in ('rejected', 'failed') and w.amount_centavos >= ${covered}
             and w.created_at >= ${from}::timestamptz and w.created_at < ${to}::timestamptz
        ) c order by c.at, c.reference`,
  );

  const littlePlayRows = await rawRows<{
    member: string;
    reference: string;
    amount: string;
    at: Date | string;
    deposits: string;
    bets: string;
  }>(
    db,
    sql`select m.username as member, w.public_id as reference, w.amount_centavos::text as amount, w.created_at as at,
               d.total::text as deposits, coalesce(b.total, 0)::text as bets
          from withdrawals w
          join members m on m.id = w.member_id
          cross join lateral (select max(p.created_at) as since from withdrawals p
                               where p.member_id = w.member_id and p.created_at < w.created_at) prev
          cross join lateral (select sum(o.amount_centavos) as total, min(t.created_at) as first
                                from payment_orders o join wallet_transfers t on t.id = o.transfer_id
                               where o.member_id = w.member_id and o.state = 'paid' and t.created_at <= w.created_at
                                 and (prev.since is null or t.created_at > prev.since)) d
          cross join lateral (select sum(g.bet_centavos) as total from game_rounds g
                               where g.member_id = w.member_id and not g.demo
                                 and g.started_at >= d.first and g.started_at <= w.created_at) b
         where w.merchant_code = ${merchant} and w.created_at >= ${from}::timestamptz and w.created_at < ${to}::timestamptz
           and d.total > 0 and coalesce(b.total, 0) * 100 < ${littlePlayPercent} * d.total
         order by w.created_at, w.public_id`,
  );

  const sharedRows = await rawRows<{ method: string; account_number: string; members: string[] }>(
    db,
    sql`with named as (
          select member_id, method, account_number from payout_accounts where merchant_code = ${merchant} and updated_at < ${to}::timestamptz
          union
          select member_id, payout_method, payout_account_number from withdrawals where merchant_code = ${merchant} and created_at < ${to}::timestamptz
        )
        select n.method, n.account_number, array_agg(distinct m.username order by m.username) as members
          from named n join members m on m.id = n.member_id
         group by n.method, n.account_number
        having count(distinct n.member_id) >= ${sharedPayoutAccountMembers}
         order by n.method, n.account_number`,
  );

  return [
    ...coveredRows.map((r) => ({
      flag: r.flag as "covered_deposit" | "covered_withdrawal",
      member: r.member,
      reference: r.reference,
      amountCentavos: BigInt(r.amount),
      at: new Date(r.at),
    })),
    ...littlePlayRows.map((r) => ({
      flag: "little_play" as const,
      member: r.member,
      reference: r.reference,
      amountCentavos: BigInt(r.amount),
      at: new Date(r.at),
      depositsCentavos: BigInt(r.deposits),
      betsCentavos: BigInt(r.bets),
    })),
    ...sharedRows.map((r) => ({
      flag: "shared_payout_account" as const,
      members: r.members,
      method: r.method,
      accountNumber: r.account_number,
    })),
  ];
}
