import { sql, type SQL } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, toBigInt, type Db } from "~/db/client.server";
import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";

/**
 * A member's deposits and withdrawals, newest first, for the history screen: one
 * UNION ALL over payment_orders and withdrawals (each side on its member index),
 * filtered by kind and a date range in the market's calendar, paged in SQL.
 */

export const HISTORY_KINDS = ["all", "deposits", "withdrawals"] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_DEFAULT_DAYS = 30;
export const HISTORY_MAX_SPAN_DAYS = 90;
/** 90 days at 20 a page: a page number beyond this is no page anyone reached by paging. */
export const HISTORY_MAX_PAGE = 500;

export interface HistoryFilter {
  kind: HistoryKind;
  /** Market days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  page: number;
}

export type HistoryFilterError =
  "history.errors.kind" | "history.errors.date" | "history.errors.order" | "history.errors.span" | "history.errors.page";

export type DepositState = "pending" | "paid" | "failed" | "expired";
export type WithdrawalState = "pending" | "approved" | "paid" | "rejected" | "failed";

export type HistoryItem =
  | {
      kind: "deposit";
      publicId: string;
      amount: bigint;
      fee: bigint;
      credit: bigint;
      channel: string;
      state: DepositState;
      reason: string | null;
      createdAt: Date;
    }
  | {
      kind: "withdrawal";
      publicId: string;
      amount: bigint;
      method: string;
      state: WithdrawalState;
      reason: string | null;
      createdAt: Date;
    };

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = MARKET_UTC_OFFSET_MINUTES * 60 * 1000;

/** The market day (YYYY-MM-DD) an instant falls on. */
export function marketDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight of a market day as an instant, or null for anything that is not a real calendar date. */
function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 2000 || y > 2100) return null;
  const utc = Date.UTC(y, mo - 1, d);
  // Date.UTC rolls 2025-02-30 over into March: a date that does not survive the round trip is not one.
  if (new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return utc - OFFSET_MS;
}

export function defaultHistoryFilter(now: Date): HistoryFilter {
  const to = marketDay(now);
  const from = marketDay(new Date(now.getTime() - (HISTORY_DEFAULT_DAYS - 1) * DAY_MS));
  return { kind: "all", from, to, page: 1 };
}

/**
 * The filters as the screen's query string carries them; a missing one takes its default
 * (the last 30 days, both kinds, page 1), a bad one is refused with the message to show.
 */
export function parseHistoryFilter(
  params: URLSearchParams,
  now: Date,
): { ok: true; filter: HistoryFilter } | { ok: false; error: HistoryFilterError } {
  const defaults = defaultHistoryFilter(now);
  const given = (name: string) => {
    const v = params.get(name);
    return v === null || v.trim() === "" ? null : v.trim();
  };
  const kind = given("kind") ?? defaults.kind;
  if (!(HISTORY_KINDS as readonly string[]).includes(kind)) return { ok: false, error: "history.errors.kind" };
  const from = given("from") ?? defaults.from;
  const to = given("to") ?? defaults.to;
  const start = dayStart(from);
  const end = dayStart(to);
  if (start === null || end === null) return { ok: false, error: "history.errors.date" };
  if (start > end) return { ok: false, error: "history.errors.order" };
  if ((end - start) / DAY_MS + 1 > HISTORY_MAX_SPAN_DAYS) return { ok: false, error: "history.errors.span" };
  const pageText = given("page") ?? "1";
  if (!/^\d{1,4}$/.test(pageText)) return { ok: false, error: "history.errors.page" };
  const page = Number(pageText);
  if (page < 1 || page > HISTORY_MAX_PAGE) return { ok: false, error: "history.errors.page" };
  return { ok: true, filter: { kind: kind as HistoryKind, from, to, page } };
}

interface Row {
  kind: "deposit" | "withdrawal";
  public_id: string;
  amount: unknown;
  fee: unknown;
  credit: unknown;
  via: string;
  state: string;
  reason: string | null;
  created_at: Date | string;
}

export async function listHistory(
  db: Db,
  brand: Brand,
  memberId: number,
  filter: HistoryFilter,
): Promise<{ items: HistoryItem[]; total: number; pages: number }> {
  const from = new Date(dayStart(filter.from)!).toISOString();
  const to = new Date(dayStart(filter.to)! + DAY_MS).toISOString();
  const mine = sql`merchant_code = ${brand.merchantCode} and member_id = ${memberId}
    and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz`;
  const deposits = sql`select 'deposit' as kind, public_id, amount_centavos as amount, fee_centavos as fee,
    credit_centavos as credit, channel as via, state, failure_reason as reason, created_at, id
    from payment_orders where ${mine}`;
  const withdrawals = sql`select 'withdrawal' as kind, public_id, amount_centavos as amount, null::int8 as fee,
    null::int8 as credit, payout_method as via, state, reason, created_at, id
    from withdrawals where ${mine}`;
  const sides: SQL[] = [];
  if (filter.kind !== "withdrawals") sides.push(deposits);
  if (filter.kind !== "deposits") sides.push(withdrawals);
  const union = sql.join(sides, sql` union all `);
  const counts = sides.map((side) => sql`(select count(*) from (${side}) s)`);
  const [{ n }] = await rawRows<{ n: unknown }>(db, sql`select ${sql.join(counts, sql` + `)} as n`);
  const total = Number(toBigInt(n));
  const rows = await rawRows<Row>(
    db,
    sql`select kind, public_id, amount, fee, credit, via, state, reason, created_at from (${union}) h
      order by created_at desc, id desc, kind desc
      limit ${HISTORY_PAGE_SIZE} offset ${(filter.page - 1) * HISTORY_PAGE_SIZE}`,
  );
  const items = rows.map((r): HistoryItem => {
    const createdAt = r.created_at instanceof Date ? r.created_at : new Date(r.created_at);
    return r.kind === "deposit"
      ? {
          kind: "deposit",
          publicId: r.public_id,
          amount: toBigInt(r.amount),
          fee: toBigInt(r.fee),
          credit: toBigInt(r.credit),
          channel: r.via,
          state: r.state as DepositState,
          reason: r.reason,
          createdAt,
        }
      : {
          kind: "withdrawal",
          publicId: r.public_id,
          amount: toBigInt(r.amount),
          method: r.via,
          state: r.state as WithdrawalState,
          reason: r.reason,
          createdAt,
        };
  });
  return { items, total, pages: Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE)) };
}
