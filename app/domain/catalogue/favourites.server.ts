import { and, asc, count, desc, eq, gte, sql } from "drizzle-orm";
import type { LanguageId } from "~/utils/languages";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { favourites, games, recentGames } from "~/db/schema";
import { canFavourite } from "./categories";
import { normaliseSearch, containsPattern } from "~/utils/search-text";
import { cardColumns, categoryFilter, findGame, pageOf, toCard, type GameCard, type GamePage } from "./games.server";
import { PAGE_SIZE } from "./types";

/** Spec §9: favourites are fetched 200 at a time; a member keeps at most that many. */
export const FAVOURITES_MAX = 200;

export type FavouriteResult = "added" | "exists" | "removed" | "not_found" | "not_allowed" | "limit";

/** Adds a favourite; adding one twice changes nothing (spec §4). Lottery lobbies cannot be favourites. */
export async function addFavourite(db: Db, brand: Brand, memberId: number, nodeId: number): Promise<FavouriteResult> {
  const game = await findGame(db, brand, "en", nodeId);
  if (!game) return "not_found";
  if (!canFavourite(game.gameType)) return "not_allowed";
  const inserted = await db
    .insert(favourites)
    .values({ merchantCode: brand.merchantCode, memberId, gameId: game.id })
    .onConflictDoNothing()
    .returning({ gameId: favourites.gameId });
  if (inserted.length === 0) return "exists";
  // Checked after the insert so two taps at once cannot both slip under the cap.
  const [{ n }] = await db
    .select({ n: count() })
    .from(favourites)
    .where(and(eq(favourites.merchantCode, brand.merchantCode), eq(favourites.memberId, memberId)));
  if (n <= FAVOURITES_MAX) return "added";
  await db.delete(favourites).where(and(eq(favourites.memberId, memberId), eq(favourites.gameId, game.id)));
  return "limit";
}

export async function removeFavourite(db: Db, brand: Brand, memberId: number, nodeId: number): Promise<FavouriteResult> {
  const game = await findGame(db, brand, "en", nodeId);
  if (!game) return "not_found";
  await db
    .delete(favourites)
    .where(
      and(eq(favourites.merchantCode, brand.merchantCode), eq(favourites.memberId, memberId), eq(favourites.gameId, game.id)),
    );
  return "removed";
}

/**
 * One text that changes whenever a member's favourites do: their number, the newest one's time and
 * the sum of their games. An addition moves the time, a removal the number; the member page cache
 * (ADR 0023) keys a member's lobby page by it.
 */
export function favouritesStampQuery(db: Db, brand: Brand, memberId: number) {
  return db
    .select({
      stamp: sql<string>`count(*) || ':' || coalesce(max(${favourites.createdAt})::text, '') || ':' || coalesce(sum(${favourites.gameId}), 0)`,
    })
    .from(favourites)
    .where(and(eq(favourites.merchantCode, brand.merchantCode), eq(favourites.memberId, memberId)));
}

/** Node ids of all a member's favourites, to draw the hearts. */
export async function favouriteNodeIds(db: Db, brand: Brand, memberId: number): Promise<number[]> {
  const rows = await db
    .select({ nodeId: games.nodeId })
    .from(favourites)
    .innerJoin(games, eq(games.id, favourites.gameId))
    .where(and(eq(favourites.merchantCode, brand.merchantCode), eq(favourites.memberId, memberId)));
  return rows.map((r) => r.nodeId);
}

export interface MemberListQuery {
  category?: string | null;
  vassalage?: string | null;
  search?: string;
  page?: number;
  pageSize?: number;
}

/** A member's favourites, newest first (spec §3 favourites shape, here as a game page). */
export function listFavourites(db: Db, brand: Brand, memberId: number, lng: LanguageId, q: MemberListQuery = {}) {
  return memberList(db, brand, memberId, lng, q, "favourites");
}

/** Games the member opened, most recent first. */
export function listRecent(db: Db, brand: Brand, memberId: number, lng: LanguageId, q: MemberListQuery = {}) {
  return memberList(db, brand, memberId, lng, q, "recent");
}

async function memberList(
  db: Db,
  brand: Brand,
  memberId: number,
  lng: LanguageId,
  q: MemberListQuery,
  which: "favourites" | "recent",
): Promise<GamePage<GameCard>> {
  const table = which === "favourites" ? favourites : recentGames;
  const at = which === "favourites" ? favourites.createdAt : recentGames.visitedAt;
  const pageSize = q.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, q.page ?? 1);
  const term = q.search ? normaliseSearch(q.search) : "";
  const where = and(
    eq(table.merchantCode, brand.merchantCode),
    eq(table.memberId, memberId),
    eq(games.merchantCode, brand.merchantCode),
    eq(games.enabled, true),
    categoryFilter(q.category ?? null),
    q.vassalage ? eq(games.vassalage, q.vassalage) : undefined,
    term ? sql`${games.searchText} like ${containsPattern(term)}` : undefined,
  );
  const rows = await db
    .select(cardColumns)
    .from(table)
    .innerJoin(games, eq(games.id, table.gameId))
    .where(where)
    .orderBy(desc(at), asc(games.nodeId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // A first page that is not full is the whole list: no count needed (most members' lists).
  const n =
    page === 1 && rows.length < pageSize
      ? rows.length
      : (await db.select({ n: count() }).from(table).innerJoin(games, eq(games.id, table.gameId)).where(where))[0]!.n;
  return pageOf(
    rows.map((r) => toCard(r, lng, term)),
    page,
    pageSize,
    n,
  );
}

/** Records that a member opened a game; game launch calls this same function. */
export async function recordGameVisit(db: Db, brand: Brand, memberId: number, gameId: number, at = new Date()): Promise<void> {
  await db
    .insert(recentGames)
    .values({ merchantCode: brand.merchantCode, memberId, gameId, visitedAt: at })
    .onConflictDoUpdate({ target: [recentGames.memberId, recentGames.gameId], set: { visitedAt: at } });
}

/**
 * "Popular recommend": the games most members opened in the last week, topped
 * up from the hot list so a new brand still has a block to show.
 */
export async function listPopular(
  db: Db,
  brand: Brand,
  lng: LanguageId,
  hot: GameCard[],
  limit = 12,
  now = new Date(),
): Promise<GameCard[]> {
  const since = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const players = count();
  const rows = await db
    .select({ ...cardColumns, players })
    .from(recentGames)
    .innerJoin(games, eq(games.id, recentGames.gameId))
    .where(
      and(
        eq(recentGames.merchantCode, brand.merchantCode),
        gte(recentGames.visitedAt, since),
        eq(games.merchantCode, brand.merchantCode),
        eq(games.enabled, true),
      ),
    )
    .groupBy(...Object.values(cardColumns))
    .orderBy(desc(players), asc(games.nodeId))
    .limit(limit);
  const out = rows.map((r) => toCard(r, lng));
  for (const g of hot) {
    if (out.length >= limit) break;
    if (!out.some((o) => o.nodeId === g.nodeId)) out.push(g);
  }
  return out;
}
