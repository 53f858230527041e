/**
 * Grows a brand's catalogue to N games for the catalogue benchmark: the normal demo seed first,
 * then synthetic games drawn from the same word pools and rules, so name search, category and
 * vendor filters and the popularity order behave as they would on a large real lobby.
 * Deterministic: both engines receive byte-identical rows.
 */
import { eq, sql } from "drizzle-orm";
import { BINGO_CLASSIFY } from "~/brand/categories";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games, vendors } from "~/db/schema";
import { gameCategory, MIN_BETS, toGameCode, type GameSeed } from "~/db/seed/catalogue";
import { bingoName, fishName, NameRegistry, slotName, type ThemeWeights } from "~/db/seed/game-names";
import { englishName, localisedNames, type NameSpec } from "~/db/seed/glossary";
import { seedBrandIfEmpty } from "~/db/seed/load.server";
import { pick, pickWeighted, rngFor, type Rng } from "~/db/seed/random";
import { VENDOR_DEFS } from "~/db/seed/vendors";
import { gameSearchText } from "~/utils/search-text";

/** Share of synthetic games per lobby category: mostly slots, as on real Philippine lobbies. */
const CATEGORY_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ["RNG", 80],
  ["FISH", 6],
  ["LIVE", 5],
  ["PVP", 5],
  ["BINGO", 4],
];
const ALL_THEMES: ThemeWeights = { ph: 1, asia: 1, west: 1, classic: 1, sky: 1 };
const ROWS_PER_STATEMENT = 1000;
const STATEMENTS_PER_TRANSACTION = 10;

type Existing = Pick<
  GameSeed,
  "nodeId" | "gameCode" | "gameName" | "displayName" | "gameType" | "vassalage" | "gameClassify" | "sort"
>;

export interface SeedReport {
  demoGames: number;
  syntheticGames: number;
  totalGames: number;
  byCategory: Record<string, number>;
  /** Titles numbered because the word pools yielded no fresh one in 40 draws. */
  numberedTitles: number;
  seconds: number;
}

/** A title not used yet in the brand, or null once the pools stop yielding fresh ones. */
function freshName(registry: NameRegistry, rng: Rng, make: (rng: Rng) => NameSpec): NameSpec | null {
  for (let attempt = 0; attempt < 40; attempt++) {
    const spec = make(rng);
    if (registry.claim(spec)) return spec;
  }
  return null;
}

function weightedMap<T>(counts: Map<T, number>): ReadonlyArray<readonly [T, number]> {
  return [...counts.entries()];
}

/** Seeds the brand's demo catalogue if needed, then adds synthetic games until it has `total`; runs ANALYZE. */
export async function seedCatalogue(db: Db, brand: Brand, total: number): Promise<SeedReport> {
  const started = Date.now();
  await seedBrandIfEmpty(db, brand);
  const mc = brand.merchantCode;
  const existing: Existing[] = await db
    .select({
      nodeId: games.nodeId,
      gameCode: games.gameCode,
      gameName: games.gameName,
      displayName: games.displayName,
      gameType: games.gameType,
      vassalage: games.vassalage,
      gameClassify: games.gameClassify,
      sort: games.sort,
    })
    .from(games)
    .where(eq(games.merchantCode, mc));
  const vendorRows = await db.select().from(vendors).where(eq(vendors.merchantCode, mc));

  const registry = new NameRegistry();
  for (const g of existing) registry.claim({ raw: g.gameName });
  const codes = new Set(existing.map((g) => `${g.vassalage}|${g.gameCode}`));
  let nextNode = Math.max(1_000_000, ...existing.map((g) => g.nodeId + 1));
  const nextSort = new Map<string, number>();
  for (const g of existing) nextSort.set(g.vassalage, Math.max(nextSort.get(g.vassalage) ?? 1, (g.sort ?? 0) + 1));

  // Vendors weighted by how many games of the category they already carry; classifications by frequency.
  const vendorWeights = new Map<string, Map<string, number>>();
  const classifyWeights = new Map<string, Map<string | null, number>>();
  const templates = new Map<string, Existing[]>();
  for (const g of existing) {
    const category = gameCategory(g);
    const vw = vendorWeights.get(category) ?? new Map<string, number>();
    vw.set(g.vassalage, (vw.get(g.vassalage) ?? 0) + 1);
    vendorWeights.set(category, vw);
    const cw = classifyWeights.get(category) ?? new Map<string | null, number>();
    cw.set(g.gameClassify ?? null, (cw.get(g.gameClassify ?? null) ?? 0) + 1);
    classifyWeights.set(category, cw);
    const key = `${g.vassalage}|${category}`;
    if (!templates.has(key)) templates.set(key, []);
    templates.get(key)!.push(g);
  }
  const offered = new Set(vendorRows.flatMap((v) => v.categories));
  const categories = CATEGORY_WEIGHTS.filter(([c]) => offered.has(c) && vendorWeights.has(c));
  const themesOf = new Map(VENDOR_DEFS.map((v) => [v.code, Object.keys(v.themes).length ? v.themes : ALL_THEMES]));

  const rng = rngFor(`bench:catalogue:${mc}`);
  const byCategory: Record<string, number> = {};
  const rows: Array<typeof games.$inferInsert> = [];
  const tableSerial = new Map<string, number>();
  let numberedTitles = 0;
  for (let i = existing.length; i < total; i++) {
    const category = pickWeighted(rng, categories);
    const vassalage = pickWeighted(rng, weightedMap(vendorWeights.get(category)!));
    const themes = themesOf.get(vassalage) ?? ALL_THEMES;
    let spec: NameSpec;
    let classify: string | null;
    let displayName: Record<string, string>;
    if (category === "LIVE" || category === "PVP") {
      // More tables of the vendor's existing games: "Speed Baccarat 14", "Tongits Classic 7".
      const template = pick(rng, templates.get(`${vassalage}|${category}`)!);
      const n = (tableSerial.get(template.gameName) ?? 1) + 1;
      tableSerial.set(template.gameName, n);
      spec = { raw: `${template.gameName} ${n}` };
      classify = template.gameClassify ?? null;
      displayName = Object.fromEntries(Object.entries(template.displayName).map(([lng, name]) => [lng, `${name} ${n}`]));
    } else {
      const make =
        category === "FISH"
          ? fishName
          : category === "BINGO"
            ? (r: Rng) => bingoName(r, themes)
            : (r: Rng) => slotName(r, themes);
      const fresh = freshName(registry, rng, make);
      if (!fresh) numberedTitles++;
      spec = fresh ?? { raw: `${englishName(make(rng))} ${i}` };
      classify = category === "BINGO" ? BINGO_CLASSIFY : pickWeighted(rng, weightedMap(classifyWeights.get(category)!));
      displayName = localisedNames(spec);
    }
    const gameName = englishName(spec);
    let gameCode = toGameCode(vassalage, gameName);
    while (codes.has(`${vassalage}|${gameCode}`)) gameCode += "_X";
    codes.add(`${vassalage}|${gameCode}`);
    const nodeId = nextNode++;
    const sort = nextSort.get(vassalage) ?? 1;
    nextSort.set(vassalage, sort + 1);
    const gameType = category === "BINGO" ? "RNG" : category;
    const iconUrl = `/art/game/${vassalage}/${gameCode}.svg`;
    const game = { gameName, gameCode, displayName };
    rows.push({
      merchantCode: mc,
      nodeId,
      gameId: String(nodeId),
      gameCode,
      gameName,
      displayName,
      gameType,
      vassalage,
      gameClassify: classify,
      isNew: rng() < 0.1,
      showIcon: true,
      iconUrl,
      mobileLargeIcon: iconUrl,
      isGameH5: null,
      freeplay: (gameType === "RNG" || gameType === "FISH") && rng() < 0.9,
      supportPlay: true,
      lottoMode: null,
      minBet: BigInt(pick(rng, MIN_BETS[category])),
      sort,
      enabled: rng() >= 0.01,
      searchText: gameSearchText(game),
    });
    byCategory[category] = (byCategory[category] ?? 0) + 1;
  }

  const perTransaction = ROWS_PER_STATEMENT * STATEMENTS_PER_TRANSACTION;
  for (let t = 0; t < rows.length; t += perTransaction) {
    await db.transaction(async (tx) => {
      for (let i = t; i < Math.min(rows.length, t + perTransaction); i += ROWS_PER_STATEMENT)
        await tx.insert(games).values(rows.slice(i, i + ROWS_PER_STATEMENT));
    });
  }
  await db.execute(sql`analyze`);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(games)
    .where(eq(games.merchantCode, mc));
  return {
    demoGames: existing.length,
    syntheticGames: rows.length,
    totalGames: Number(n),
    byCategory,
    numberedTitles,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
