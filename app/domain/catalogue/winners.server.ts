import { sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, toBigInt, type Db } from "~/db/client.server";
import type { LanguageId } from "~/utils/languages";
import { createTtlCache } from "~/utils/ttl-cache.server";

/**
 * The winner board (spec §3, §4): the biggest wins of real-money rounds of this brand in the
 * last days, by win descending, with the player's name masked. Demo rounds never appear: a
 * trial player's play money is no win to show off.
 */

export const WINNER_BOARD_SIZE = 10;
export const WINNER_BOARD_DAYS = 7;
/** Home reads the board on every visit; a minute-old board is as good as a fresh one. */
const boardCache = createTtlCache({ ttlMs: 60_000, maxEntries: 200 });

export interface Winner {
  /** e.g. "ju***24": never the whole username. */
  player: string;
  gameName: string;
  winAmount: bigint;
}

/** First two and last two characters; a short name keeps less, so it is never shown whole. */
export function maskUsername(username: string): string {
  const chars = [...username];
  if (chars.length <= 2) return `${chars[0] ?? ""}***`;
  if (chars.length <= 4) return `${chars[0]}***${chars[chars.length - 1]}`;
  return `${chars.slice(0, 2).join("")}***${chars.slice(-2).join("")}`;
}

export async function loadWinners(db: Db, brand: Brand, lng: LanguageId, now = new Date()): Promise<Winner[]> {
  const since = new Date(now.getTime() - WINNER_BOARD_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const rows = await rawRows<{
    username: string;
    win: unknown;
    game_code: string;
    display_name: unknown;
    game_name: string | null;
  }>(
    db,
    sql`select m.username, r.win_centavos as win, r.game_code, g.display_name, g.game_name
      from game_rounds r
      join members m on m.id = r.member_id and m.merchant_code = r.merchant_code
      left join lateral (
        select display_name, game_name from games
        where games.merchant_code = r.merchant_code and games.game_code = r.game_code
        order by games.id limit 1
      ) g on true
      where r.merchant_code = ${brand.merchantCode} and not r.demo and r.win_centavos > 0
        and r.started_at >= ${since}::timestamptz
      order by r.win_centavos desc, r.id desc
      limit ${WINNER_BOARD_SIZE}`,
  );
  return rows.map((r) => {
    const names = (typeof r.display_name === "string" ? JSON.parse(r.display_name) : r.display_name) as Record<
      string,
      string
    > | null;
    return {
      player: maskUsername(r.username),
      gameName: names?.[lng] ?? names?.en ?? r.game_name ?? r.game_code,
      winAmount: toBigInt(r.win),
    };
  });
}

/** The board as home shows it, cached a minute per brand and language. */
export function winnerBoard(db: Db, brand: Brand, lng: LanguageId): Promise<Winner[]> {
  return boardCache.get(`winners:${brand.merchantCode}:${lng}`, () => loadWinners(db, brand, lng));
}
