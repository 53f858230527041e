import { sql, type SQL } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { BINGO_CLASSIFY, GAME_CATEGORIES } from "~/brand/categories";
import { rawRows, toBigInt, type Db } from "~/db/client.server";
import { MARKET_UTC_OFFSET_MINUTES } from "~/utils/dates.server";
import type { LanguageId } from "~/utils/languages";

/**
 * A member's bet record: the game rounds the wallet kept for them (game_rounds), newest first,
 * filtered by market days and by the lobby's game types, with the totals of the whole filter,
 * paged in SQL. Only the member's own rounds of this brand are ever read.
 */

export const BET_RECORD_RANGES = ["today", "yesterday", "7d", "30d", "custom"] as const;
export type BetRecordRange = (typeof BET_RECORD_RANGES)[number];
/** The lobby's categories (app/brand/categories.ts), "all" for every game type. */
export const BET_RECORD_TYPES = ["all", ...GAME_CATEGORIES] as const;
export type BetRecordType = (typeof BET_RECORD_TYPES)[number];
export const BET_RECORD_PAGE_SIZE = 20;
/** How far back the record reaches, today included. */
export const BET_RECORD_MAX_DAYS = 90;
/** 90 days of rounds is a lot, but a page number past this is nobody paging. */
export const BET_RECORD_MAX_PAGE = 5000;

export type BetRecordFilterError =
  | "betRecord.errors.range"
  | "betRecord.errors.type"
  | "betRecord.errors.date"
  | "betRecord.errors.order"
  | "betRecord.errors.tooOld"
  | "betRecord.errors.future"
  | "betRecord.errors.page";

export interface BetRecordFilter {
  range: BetRecordRange;
  /** Market days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
  type: BetRecordType;
  page: number;
}

export interface BetRound {
  id: number;
  provider: string;
  round: string;
  gameCode: string;
  /** In the player's language; the game code when the catalogue no longer has the game. */
  gameName: string;
  vendor: string | null;
  demo: boolean;
  closed: boolean;
  bet: bigint;
  win: bigint;
  /** What the player won (or lost, negative) in the round. */
  net: bigint;
  startedAt: Date;
}

export interface BetRecordPage {
  rounds: BetRound[];
  totals: { bet: bigint; win: bigint; net: bigint };
  total: number;
  pages: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_MS = MARKET_UTC_OFFSET_MINUTES * 60 * 1000;

function marketDay(at: number): string {
  return new Date(at + OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight of a market day as epoch ms, or null for anything that is not a real calendar date. */
function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // 2025-02-30 rolls over into March: a date that does not survive the round trip is not one.
  if (Number.isNaN(utc) || new Date(utc).toISOString().slice(0, 10) !== day) return null;
  return utc - OFFSET_MS;
}

/** The market days a named range covers, counted back from `now`'s day. */
export function rangeDays(range: Exclude<BetRecordRange, "custom">, now: Date): { from: string; to: string } {
  const today = now.getTime();
  const back = (days: number) => marketDay(today - days * DAY_MS);
  switch (range) {
    case "today":
      return { from: back(0), to: back(0) };
    case "yesterday":
      return { from: back(1), to: back(1) };
    case "7d":
      return { from: back(6), to: back(0) };
    case "30d":
      return { from: back(29), to: back(0) };
  }
}

export function defaultBetRecordFilter(now: Date): BetRecordFilter {
  return { range: "7d", ...rangeDays("7d", now), type: "all", page: 1 };
}

/**
 * The filters as the screen's query string carries them. A named range wins over dates; dates
 * without a range are a custom range. Missing values take their default, bad ones are refused
 * with the message to show.
 */
export function parseBetRecordFilter(
  params: URLSearchParams,
  now: Date,
): { ok: true; filter: BetRecordFilter } | { ok: false; error: BetRecordFilterError } {
  const given = (name: string) => {
    const v = params.get(name);
    return v === null || v.trim() === "" ? null : v.trim();
  };
  const defaults = defaultBetRecordFilter(now);
  const type = given("type") ?? "all";
  if (!(BET_RECORD_TYPES as readonly string[]).includes(type)) return { ok: false, error: "betRecord.errors.type" };
  const datesGiven = given("from") !== null || given("to") !== null;
  const range = given("range") ?? (datesGiven ? "custom" : defaults.range);
  if (!(BET_RECORD_RANGES as readonly string[]).includes(range)) return { ok: false, error: "betRecord.errors.range" };
  let from: string;
  let to: string;
  if (range === "custom") {
    const today = marketDay(now.getTime());
    // A lone "to" date is that one day.
    from = given("from") ?? given("to") ?? today;
    to = given("to") ?? today;
    const start = dayStart(from);
    const end = dayStart(to);
    if (start === null || end === null) return { ok: false, error: "betRecord.errors.date" };
    if (start > end) return { ok: false, error: "betRecord.errors.order" };
    if (end > dayStart(today)!) return { ok: false, error: "betRecord.errors.future" };
    if (start < dayStart(today)! - (BET_RECORD_MAX_DAYS - 1) * DAY_MS) return { ok: false, error: "betRecord.errors.tooOld" };
  } else {
    ({ from, to } = rangeDays(range as Exclude<BetRecordRange, "custom">, now));
  }
  const pageText = given("page") ?? "1";
  if (!/^\d{1,4}$/.test(pageText)) return { ok: false, error: "betRecord.errors.page" };
  const page = Number(pageText);
  if (page < 1 || page > BET_RECORD_MAX_PAGE) return { ok: false, error: "betRecord.errors.page" };
  return { ok: true, filter: { range: range as BetRecordRange, from, to, type: type as BetRecordType, page } };
}

function typeCondition(type: BetRecordType): SQL {
  switch (type) {
    case "all":
      return sql`true`;
    case "BINGO":
      return sql`g.game_type = 'RNG' and g.game_classify = ${BINGO_CLASSIFY}`;
    default:
      // Bingo rooms are RNG games, so slots keep them, as the lobby's slot list does.
      return sql`g.game_type = ${type}`;
  }
}

/** The round's game from the catalogue: game codes are unique per brand, whichever provider ran it. */
const gameJoin = sql`left join lateral (
    select game_type, game_classify, display_name, game_name, vassalage from games
    where games.merchant_code = r.merchant_code and games.game_code = r.game_code
    order by games.id limit 1
  ) g on true`;

interface Row {
  id: number;
  provider: string;
  round: string;
  game_code: string;
  demo: boolean;
  closed: boolean;
  bet: unknown;
  win: unknown;
  started_at: Date | string;
  display_name: Record<string, string> | string | null;
  game_name: string | null;
  vassalage: string | null;
}

function toRound(r: Row, lng: LanguageId): BetRound {
  const names = typeof r.display_name === "string" ? (JSON.parse(r.display_name) as Record<string, string>) : r.display_name;
  const bet = toBigInt(r.bet);
  const win = toBigInt(r.win);
  return {
    id: Number(r.id),
    provider: r.provider,
    round: r.round,
    gameCode: r.game_code,
    gameName: names?.[lng] ?? names?.en ?? r.game_name ?? r.game_code,
    vendor: r.vassalage,
    demo: Boolean(r.demo),
    closed: Boolean(r.closed),
    bet,
    win,
    net: win - bet,
    startedAt: r.started_at instanceof Date ? r.started_at : new Date(r.started_at),
  };
}

const columns = sql`r.id, r.provider, r.round, r.game_code, r.demo, r.closed, r.bet_centavos as bet, r.win_centavos as win,
  r.started_at, g.display_name, g.game_name, g.vassalage`;

export async function listBetRecords(
  db: Db,
  brand: Brand,
  memberId: number,
  filter: BetRecordFilter,
  lng: LanguageId,
): Promise<BetRecordPage> {
  const from = new Date(dayStart(filter.from)!).toISOString();
  const to = new Date(dayStart(filter.to)! + DAY_MS).toISOString();
  const where = sql`r.merchant_code = ${brand.merchantCode} and r.member_id = ${memberId}
    and r.started_at >= ${from}::timestamptz and r.started_at < ${to}::timestamptz and ${typeCondition(filter.type)}`;
  const [sums] = await rawRows<{ n: unknown; bet: unknown; win: unknown }>(
    db,
    sql`select count(*) as n, coalesce(sum(r.bet_centavos), 0) as bet, coalesce(sum(r.win_centavos), 0) as win
      from game_rounds r ${gameJoin} where ${where}`,
  );
  const rows = await rawRows<Row>(
    db,
    sql`select ${columns} from game_rounds r ${gameJoin} where ${where}
      order by r.started_at desc, r.id desc
      limit ${BET_RECORD_PAGE_SIZE} offset ${(filter.page - 1) * BET_RECORD_PAGE_SIZE}`,
  );
  const total = Number(toBigInt(sums!.n));
  const bet = toBigInt(sums!.bet);
  const win = toBigInt(sums!.win);
  return {
    rounds: rows.map((r) => toRound(r, lng)),
    totals: { bet, win, net: win - bet },
    total,
    pages: Math.max(1, Math.ceil(total / BET_RECORD_PAGE_SIZE)),
  };
}

/** One of the member's own rounds of this brand, or null (someone else's round is no round at all). */
export async function getBetRound(db: Db, brand: Brand, memberId: number, id: number, lng: LanguageId): Promise<BetRound | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await rawRows<Row>(
    db,
    sql`select ${columns} from game_rounds r ${gameJoin}
      where r.id = ${id} and r.merchant_code = ${brand.merchantCode} and r.member_id = ${memberId}`,
  );
  return row ? toRound(row, lng) : null;
}
