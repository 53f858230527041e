import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { BINGO_CLASSIFY } from "~/brand/categories";
import type { LanguageId } from "~/brand/languages";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games, hotGames, vendors } from "~/db/schema";
import { containsPattern, normaliseSearch } from "~/lobby/search-text";
import { PAGE_SIZE } from "~/lobby/state";
import { sortVendors, type VendorData, type VendorTypeEntry } from "~/lobby/vendors";
import type { GameCard, GamePage } from "~/lobby/types";

export type { GameCard, GamePage } from "~/lobby/types";

/** The display name in the player's language, else house English, else the catalogue name. */
export function localName(names: Record<string, string>, lng: LanguageId, fallback: string): string {
  return names[lng] ?? names.en ?? fallback;
}

export const cardColumns = {
  nodeId: games.nodeId,
  gameCode: games.gameCode,
  gameName: games.gameName,
  displayName: games.displayName,
  vassalage: games.vassalage,
  gameType: games.gameType,
  gameClassify: games.gameClassify,
  isNew: games.isNew,
  iconUrl: games.iconUrl,
  isGameH5: games.isGameH5,
  minBet: games.minBet,
};

interface CardRow {
  nodeId: number;
  gameCode: string;
  gameName: string;
  displayName: Record<string, string>;
  vassalage: string;
  gameType: string;
  gameClassify: string | null;
  isNew: boolean;
  iconUrl: string;
  isGameH5: string | null;
  minBet: bigint;
}

export function toCard(r: CardRow, lng: LanguageId, term = ""): GameCard {
  const name = localName(r.displayName, lng, r.gameName);
  const card: GameCard = {
    nodeId: r.nodeId,
    gameCode: r.gameCode,
    name,
    vassalage: r.vassalage,
    gameType: r.gameType,
    gameClassify: r.gameClassify,
    isNew: r.isNew,
    iconUrl: r.iconUrl,
    lobby: r.isGameH5 === "VASSALAGE",
    minBet: r.minBet.toString(),
  };
  if (term && !normaliseSearch(name).includes(term)) {
    const other = [r.gameName, ...Object.values(r.displayName)].find((n) => normaliseSearch(n).includes(term));
    if (other) card.matchedName = other;
  }
  return card;
}

/** Bingo is stored as RNG with classification BG (spec §2); a null category means every type. */
export function categoryFilter(category: string | null): SQL | undefined {
  if (!category) return undefined;
  if (category === "BINGO") return and(eq(games.gameType, "RNG"), eq(games.gameClassify, BINGO_CLASSIFY));
  return eq(games.gameType, category);
}

export interface GameQuery {
  category: string | null;
  vassalage?: string | null;
  classify?: string | null;
  newOnly?: boolean;
  search?: string;
  page?: number;
  pageSize?: number;
}

function gameWhere(brand: Brand, q: GameQuery): SQL {
  const term = q.search ? normaliseSearch(q.search) : "";
  return and(
    eq(games.merchantCode, brand.merchantCode),
    eq(games.enabled, true),
    categoryFilter(q.category),
    q.vassalage ? eq(games.vassalage, q.vassalage) : undefined,
    q.classify ? eq(games.gameClassify, q.classify) : undefined,
    q.newOnly ? eq(games.isNew, true) : undefined,
    term ? sql`${games.searchText} like ${containsPattern(term)}` : undefined,
  )!;
}

export function pageOf<T>(items: T[], pageNum: number, pageSize: number, totalCount: number): GamePage<T> {
  return { games: items, pageNum, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}

/**
 * One page of the catalogue (spec §3 game list response). Ordered by each
 * vendor's popularity rank, so "all vendors" interleaves every vendor's best.
 * `countCache` lets callers keep totals of unsearched lists between requests.
 */
export async function listGames(
  db: Db,
  brand: Brand,
  lng: LanguageId,
  q: GameQuery,
  countCache?: (key: string, load: () => Promise<number>) => Promise<number>,
): Promise<GamePage<GameCard>> {
  const pageSize = q.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, q.page ?? 1);
  const where = gameWhere(brand, q);
  const countQuery = async () => (await db.select({ n: count() }).from(games).where(where))[0].n;
  const countKey = `count:${brand.merchantCode}:${q.category}:${q.vassalage ?? ""}:${q.classify ?? ""}:${q.newOnly ? 1 : 0}`;
  const [rows, total] = await Promise.all([
    db
      .select(cardColumns)
      .from(games)
      .where(where)
      .orderBy(asc(games.sort), asc(games.nodeId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    q.search || !countCache ? countQuery() : countCache(countKey, countQuery),
  ]);
  return pageOf(
    rows.map((r) => toCard(r, lng, q.search ? normaliseSearch(q.search) : "")),
    page,
    pageSize,
    total,
  );
}

/** The brand's hot list in its curated order (spec §4: filtered in memory by type, vendor and name). */
export async function listHotGames(db: Db, brand: Brand, lng: LanguageId, limit = 60): Promise<GameCard[]> {
  const rows = await db
    .select(cardColumns)
    .from(hotGames)
    .innerJoin(games, eq(games.id, hotGames.gameId))
    .where(
      and(eq(hotGames.merchantCode, brand.merchantCode), eq(games.merchantCode, brand.merchantCode), eq(games.enabled, true)),
    )
    .orderBy(asc(hotGames.sort))
    .limit(limit);
  return rows.map((r) => toCard(r, lng));
}

/** Spec §4: HOT uses the hot list filtered by game type (in-house: by in-house vendors) and by name. */
export function filterHot(
  hot: GameCard[],
  f: { category: string | null; vassalage?: string | null; vendors?: ReadonlySet<string>; search?: string },
): GameCard[] {
  const term = f.search ? normaliseSearch(f.search) : "";
  return hot.filter(
    (g) =>
      (!f.category || (f.category === "BINGO" ? g.gameClassify === BINGO_CLASSIFY : g.gameType === f.category)) &&
      (!f.vassalage || g.vassalage === f.vassalage) &&
      (!f.vendors || f.vendors.has(g.vassalage)) &&
      (!term || normaliseSearch(`${g.name} ${g.gameCode.replace(/_/g, " ")}`).includes(term)),
  );
}

/**
 * The vendor-type list as the platform reports it (e-sports and cockfight
 * books filed under SPORTS), in the brand's category order, then sorted and
 * mapped by the lobby rules.
 */
export async function loadVendorData(db: Db, brand: Brand): Promise<VendorData> {
  const mc = brand.merchantCode;
  const [vendorRows, counts] = await Promise.all([
    db.select().from(vendors).where(eq(vendors.merchantCode, mc)).orderBy(asc(vendors.sort)),
    db
      .select({ vassalage: games.vassalage, gameType: games.gameType, classify: games.gameClassify, n: count() })
      .from(games)
      .where(and(eq(games.merchantCode, mc), eq(games.enabled, true)))
      .groupBy(games.vassalage, games.gameType, games.gameClassify),
  ]);
  const countOf = new Map<string, number>();
  for (const c of counts) {
    const bingo = c.gameType === "RNG" && c.classify === BINGO_CLASSIFY;
    const category = bingo ? "BINGO" : c.gameType;
    countOf.set(`${c.vassalage}|${category}`, (countOf.get(`${c.vassalage}|${category}`) ?? 0) + c.n);
    // Slots include bingo rooms, as the RNG list does.
    if (bingo) countOf.set(`${c.vassalage}|RNG`, (countOf.get(`${c.vassalage}|RNG`) ?? 0) + c.n);
  }
  const SPORTS_FAMILY = new Set(["SPORTS", "ESPORTS", "COCKFIGHT"]);
  const raw: VendorTypeEntry[] = [];
  for (const category of brand.categories) {
    const reported = SPORTS_FAMILY.has(category) ? "SPORTS" : category;
    let entry = raw.find((e) => e.gameCategory === reported);
    if (!entry) raw.push((entry = { gameCategory: reported, vendors: [] }));
    for (const v of vendorRows) {
      const n = countOf.get(`${v.vassalage}|${category}`) ?? 0;
      if (n > 0) entry.vendors.push({ vassalage: v.vassalage, displayName: v.displayName, gameCount: n });
    }
  }
  return sortVendors(raw);
}

/** Classification tabs of a list: the classifications its games carry, most common first. */
export async function listClassifications(
  db: Db,
  brand: Brand,
  category: string | null,
  vassalage: string | null,
): Promise<string[]> {
  if (category === "BINGO") return [];
  const n = count();
  const rows = await db
    .select({ classify: games.gameClassify, n })
    .from(games)
    .where(
      and(
        eq(games.merchantCode, brand.merchantCode),
        eq(games.enabled, true),
        categoryFilter(category),
        vassalage ? eq(games.vassalage, vassalage) : undefined,
        sql`${games.gameClassify} is not null`,
      ),
    )
    .groupBy(games.gameClassify)
    .orderBy(desc(n), asc(games.gameClassify));
  return rows.map((r) => r.classify!).filter(Boolean);
}

/** One game by node id, for the game page and for favourites. */
export async function findGame(
  db: Db,
  brand: Brand,
  lng: LanguageId,
  nodeId: number,
): Promise<(GameCard & { id: number }) | null> {
  const [row] = await db
    .select({ ...cardColumns, id: games.id })
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.nodeId, nodeId), eq(games.enabled, true)));
  return row ? { ...toCard(row, lng), id: row.id } : null;
}

/** Games by node id in the given order (unknown or disabled ones left out). */
export async function gamesByNodeIds(db: Db, brand: Brand, lng: LanguageId, nodeIds: number[]): Promise<GameCard[]> {
  if (nodeIds.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.enabled, true), inArray(games.nodeId, nodeIds)));
  const byId = new Map(rows.map((r) => [r.nodeId, toCard(r, lng)]));
  return nodeIds.map((id) => byId.get(id)).filter((g): g is GameCard => g !== undefined);
}
