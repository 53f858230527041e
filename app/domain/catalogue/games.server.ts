import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { BINGO_CLASSIFY, inLobbyCategory, isBingo, lobbyCategoryOf } from "~/brand/categories";
import type { LanguageId } from "~/utils/languages";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games, hotGames, vendors } from "~/db/schema";
import { containsPattern, normaliseSearch } from "~/utils/search-text";
import { sortVendors, type VendorData, type VendorTypeEntry } from "./vendors";
import { PAGE_SIZE, type GameCard, type GamePage } from "./types";
import { canFavourite } from "./categories";

export type { GameCard, GamePage } from "./types";

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
    favouritable: canFavourite(r.gameType),
  };
  if (term && !normaliseSearch(name).includes(term)) {
    const other = [r.gameName, ...Object.values(r.displayName)].find((n) => normaliseSearch(n).includes(term));
    if (other) card.matchedName = other;
  }
  return card;
}

/** inLobbyCategory as SQL: bingo rooms are RNG games classified BG; a null category means every type. */
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
 * Unsearched lists take their total from the cached catalogue summary
 * (`knownTotal`, see totalFrom) rather than counting rows on every page.
 */
export async function listGames(
  db: Db,
  brand: Brand,
  lng: LanguageId,
  q: GameQuery,
  knownTotal?: number,
): Promise<GamePage<GameCard>> {
  const pageSize = q.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, q.page ?? 1);
  const term = q.search ? normaliseSearch(q.search) : "";
  const where = gameWhere(brand, q);
  const countRows = () =>
    db
      .select({ n: count() })
      .from(games)
      .where(where)
      .then((r) => r[0].n);
  let rows: Array<CardRow & { total?: number }>;
  let total: number;
  if (term) {
    // A searched list is led by the trigram index: ordering by an expression keeps the planner
    // from walking the (type, sort) index past thousands of non-matching games instead. The
    // matches are read once, narrow: the page's ids carry the total as a window count, and only
    // those rows are then read whole.
    const matches = db
      .select({
        id: games.id,
        sort: games.sort,
        nodeId: games.nodeId,
        total: sql<number>`count(*) over ()`.as("total"),
      })
      .from(games)
      .where(where)
      .orderBy(sql`${games.sort} + 0`, asc(games.nodeId))
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .as("matches");
    rows = await db
      .select({ ...cardColumns, total: sql<number>`${matches.total}`.mapWith(Number) })
      .from(matches)
      .innerJoin(games, eq(games.id, matches.id))
      .orderBy(matches.sort, matches.nodeId);
    // Past the last page no row carries the count.
    total = rows.length > 0 ? rows[0].total! : page > 1 ? await countRows() : 0;
  } else {
    [rows, total] = await Promise.all([
      db
        .select(cardColumns)
        .from(games)
        .where(where)
        .orderBy(asc(games.sort), asc(games.nodeId))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      knownTotal ?? countRows(),
    ]);
  }
  return pageOf(
    rows.map((r) => toCard(r, lng, term)),
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
      inLobbyCategory(g.gameType, g.gameClassify, f.category) &&
      (!f.vassalage || g.vassalage === f.vassalage) &&
      (!f.vendors || f.vendors.has(g.vassalage)) &&
      (!term || normaliseSearch(`${g.name} ${g.gameCode.replace(/_/g, " ")}`).includes(term)),
  );
}

/** Enabled games of a brand counted by type, vendor, classification and "new": a few hundred rows. */
export interface CatalogueStat {
  gameType: string;
  vassalage: string;
  classify: string | null;
  isNew: boolean;
  n: number;
}

export interface CatalogueSummary {
  vendors: VendorData;
  stats: CatalogueStat[];
}

/**
 * One grouped read of the brand's catalogue (a full pass over its games), from
 * which vendor data, classification tabs and the totals of unsearched lists
 * are all derived: callers cache the summary, so pages never count rows.
 */
export async function loadCatalogueSummary(db: Db, brand: Brand): Promise<CatalogueSummary> {
  const mc = brand.merchantCode;
  const [vendorRows, stats] = await Promise.all([
    db.select().from(vendors).where(eq(vendors.merchantCode, mc)).orderBy(asc(vendors.sort)),
    db
      .select({
        gameType: games.gameType,
        vassalage: games.vassalage,
        classify: games.gameClassify,
        isNew: games.isNew,
        n: count(),
      })
      .from(games)
      .where(and(eq(games.merchantCode, mc), eq(games.enabled, true)))
      .groupBy(games.gameType, games.vassalage, games.gameClassify, games.isNew),
  ]);
  return { vendors: vendorDataFrom(brand, vendorRows, stats), stats };
}

const inCategory = (s: Pick<CatalogueStat, "gameType" | "classify">, category: string | null) =>
  inLobbyCategory(s.gameType, s.classify, category);

/** The total of an unsearched list, as listGames would count it. */
export function totalFrom(stats: CatalogueStat[], q: Omit<GameQuery, "search" | "page" | "pageSize">): number {
  let n = 0;
  for (const s of stats) {
    if (
      inCategory(s, q.category) &&
      (!q.vassalage || s.vassalage === q.vassalage) &&
      (!q.classify || s.classify === q.classify) &&
      (!q.newOnly || s.isNew)
    )
      n += s.n;
  }
  return n;
}

/** Classification tabs of a list: the classifications its games carry, most common first. */
export function classificationsFrom(stats: CatalogueStat[], category: string | null, vassalage: string | null): string[] {
  if (category === "BINGO") return [];
  const per = new Map<string, number>();
  for (const s of stats) {
    if (s.classify && inCategory(s, category) && (!vassalage || s.vassalage === vassalage))
      per.set(s.classify, (per.get(s.classify) ?? 0) + s.n);
  }
  return [...per].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c]) => c);
}

/**
 * The vendor-type list as the platform reports it (e-sports and cockfight
 * books filed under SPORTS), in the brand's category order, then sorted and
 * mapped by the lobby rules.
 */
function vendorDataFrom(
  brand: Brand,
  vendorRows: Array<{ vassalage: string; displayName: string }>,
  stats: CatalogueStat[],
): VendorData {
  const countOf = new Map<string, number>();
  const add = (key: string, n: number) => countOf.set(key, (countOf.get(key) ?? 0) + n);
  for (const c of stats) {
    const bingo = isBingo(c.gameType, c.classify);
    add(`${c.vassalage}|${lobbyCategoryOf(c.gameType, c.classify)}`, c.n);
    // Slots include bingo rooms, as the RNG list does.
    if (bingo) add(`${c.vassalage}|RNG`, c.n);
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

export async function loadVendorData(db: Db, brand: Brand): Promise<VendorData> {
  return (await loadCatalogueSummary(db, brand)).vendors;
}

export async function listClassifications(
  db: Db,
  brand: Brand,
  category: string | null,
  vassalage: string | null,
): Promise<string[]> {
  return classificationsFrom((await loadCatalogueSummary(db, brand)).stats, category, vassalage);
}

/** One game by node id, for the game page and for favourites. */
export async function findGame(
  db: Db,
  brand: Brand,
  lng: LanguageId,
  nodeId: number,
): Promise<(GameCard & { id: number; largeIconUrl: string }) | null> {
  const [row] = await db
    .select({ ...cardColumns, id: games.id, largeIcon: games.mobileLargeIcon })
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.nodeId, nodeId), eq(games.enabled, true)));
  // A game's page shows its large icon where the game has one (the demo catalogue's is the drawing itself).
  return row ? { ...toCard(row, lng), id: row.id, largeIconUrl: row.largeIcon || row.iconUrl } : null;
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
