/**
 * The seeded demo catalogue of both brands on the engine under test, shared by the catalogue
 * integration tests: call withSeededCatalogue() at the top of a test file.
 */
import { afterAll, beforeAll, expect } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { buildGames, filterGamesForBrand, type GameSeed } from "../../app/db/seed/catalogue";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { findGame, listGames, type GameQuery } from "../../app/domain/catalogue/games.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

export let database: Database;
export let lucky: Brand;
export let perlas: Brand;
/** What the seed put in each brand: the oracle the queries are checked against. */
export let seed: GameSeed[];

export function withSeededCatalogue() {
  beforeAll(async () => {
    database = await createTestDatabase();
    const registry = await projectBrands();
    lucky = registry.byId.get("lucky-peso")!;
    perlas = registry.byId.get("perlas-play")!;
    expect(lucky.categories).toEqual(perlas.categories);
    seed = filterGamesForBrand(buildGames(), lucky.categories);
    expect((await seedBrandIfEmpty(database.db, lucky)).seeded).toBe(true);
    expect((await seedBrandIfEmpty(database.db, perlas)).seeded).toBe(true);
  });
  afterAll(() => database?.close());
}

export const db = () => database.db;
export const ids = (games: Array<{ nodeId: number }>) => games.map((g) => g.nodeId);
export const sortedIds = (games: Array<{ nodeId: number }>) => ids(games).sort((a, b) => a - b);
export const bySortThenNode = (a: GameSeed, b: GameSeed) => (a.sort ?? 0) - (b.sort ?? 0) || a.nodeId - b.nodeId;
export const seedWhere = (pred: (g: GameSeed) => boolean) => seed.filter(pred);
export const seedGame = (pred: (g: GameSeed) => boolean) => {
  const g = seed.filter(pred).sort(bySortThenNode)[0];
  if (!g) throw new Error("no such seeded game");
  return g;
};
/** Every game of a query, in one page. */
export const everything = (brand: Brand, q: GameQuery, lng: "en" | "zh" = "en") =>
  listGames(db(), brand, lng, { page: 1, pageSize: 5000, ...q });
export const inCategory = (g: GameSeed, category: string) =>
  category === "BINGO" ? g.gameType === "RNG" && g.gameClassify === "BG" : g.gameType === category;
/** Independent of gameSearchText: the term appears in one of the game's names or its code. */
export const seedMatches = (g: GameSeed, term: string) => {
  const t = term.normalize("NFC").toLowerCase();
  return [g.gameName, g.gameCode.replace(/_/g, " "), ...Object.values(g.displayName)].some((n) => n.toLowerCase().includes(t));
};
let memberSeq = 0;
export const newMember = async (brand: Brand) =>
  (await createMember(db(), brand, { username: `cat${TEST_ENGINE}${++memberSeq}x` })).id;
export const gameRowId = async (brand: Brand, nodeId: number) => (await findGame(db(), brand, "en", nodeId))!.id;
export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
