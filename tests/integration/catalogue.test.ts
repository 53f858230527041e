import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import * as s from "../../app/db/schema";
import { buildGames, buildHotGameCodes, filterGamesForBrand, gameCategory, type GameSeed } from "../../app/db/seed/catalogue";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { VENDOR_DEFS } from "../../app/db/seed/vendors";
import {
  addFavourite,
  FAVOURITES_MAX,
  favouriteNodeIds,
  listFavourites,
  listPopular,
  listRecent,
  recordGameVisit,
  removeFavourite,
} from "../../app/domain/favourites.server";
import {
  filterHot,
  findGame,
  gamesByNodeIds,
  listClassifications,
  listGames,
  listHotGames,
  loadCatalogueSummary,
  loadVendorData,
  totalFrom,
  type GameCard,
  type GamePage,
  type GameQuery,
} from "../../app/domain/games.server";
import { createMember } from "../../app/domain/members.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let lucky: Brand;
let perlas: Brand;
/** What the seed put in each brand: the oracle the queries are checked against. */
let seed: GameSeed[];

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

const db = () => database.db;
const ids = (games: Array<{ nodeId: number }>) => games.map((g) => g.nodeId);
const sortedIds = (games: Array<{ nodeId: number }>) => ids(games).sort((a, b) => a - b);
const bySortThenNode = (a: GameSeed, b: GameSeed) => (a.sort ?? 0) - (b.sort ?? 0) || a.nodeId - b.nodeId;
const seedWhere = (pred: (g: GameSeed) => boolean) => seed.filter(pred);
const seedGame = (pred: (g: GameSeed) => boolean) => {
  const g = seed.filter(pred).sort(bySortThenNode)[0];
  if (!g) throw new Error("no such seeded game");
  return g;
};
/** Every game of a query, in one page. */
const everything = (brand: Brand, q: GameQuery, lng: "en" | "zh" = "en") =>
  listGames(db(), brand, lng, { page: 1, pageSize: 5000, ...q });
const inCategory = (g: GameSeed, category: string) =>
  category === "BINGO" ? g.gameType === "RNG" && g.gameClassify === "BG" : g.gameType === category;
/** Independent of gameSearchText: the term appears in one of the game's names or its code. */
const seedMatches = (g: GameSeed, term: string) => {
  const t = term.normalize("NFC").toLowerCase();
  return [g.gameName, g.gameCode.replace(/_/g, " "), ...Object.values(g.displayName)].some((n) => n.toLowerCase().includes(t));
};
let memberSeq = 0;
const newMember = async (brand: Brand) => (await createMember(db(), brand, { username: `cat${TEST_ENGINE}${++memberSeq}x` })).id;
const gameRowId = async (brand: Brand, nodeId: number) => (await findGame(db(), brand, "en", nodeId))!.id;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`game lists on ${TEST_ENGINE}`, () => {
  it("pages 36 games at a time with consistent totals, in catalogue order", async () => {
    const expected = seedWhere((g) => g.vassalage === "JILI" && g.gameType === "RNG").sort(bySortThenNode);
    expect(expected.length).toBe(99);
    const q: GameQuery = { category: "RNG", vassalage: "JILI" };
    const pages: Array<GamePage<GameCard>> = [];
    for (const page of [1, 2, 3, 4]) pages.push(await listGames(db(), lucky, "en", { ...q, page }));
    for (const [i, p] of pages.entries()) {
      expect(p).toMatchObject({ pageNum: i + 1, pageSize: 36, totalCount: 99, totalPages: 3 });
    }
    expect(pages.map((p) => p.games.length)).toEqual([36, 36, 27, 0]);
    expect(ids(pages[1].games).some((id) => ids(pages[0].games).includes(id))).toBe(false);
    expect([...ids(pages[0].games), ...ids(pages[1].games), ...ids(pages[2].games)]).toEqual(ids(expected));
    // A page number below 1 is page 1.
    const zero = await listGames(db(), lucky, "en", { ...q, page: 0 });
    expect(zero.pageNum).toBe(1);
    expect(ids(zero.games)).toEqual(ids(pages[0].games));
  });

  it("pages the whole catalogue with a partial last page", async () => {
    expect(seed.length).toBe(813);
    const first = await listGames(db(), lucky, "en", { category: null });
    expect(first).toMatchObject({ pageNum: 1, pageSize: 36, totalCount: 813, totalPages: 23 });
    expect(first.games).toHaveLength(36);
    const last = await listGames(db(), lucky, "en", { category: null, page: 23 });
    expect(last.games).toHaveLength(813 - 22 * 36);
    expect(last.pageNum).toBe(23);
  });

  it("fills a card from the game row, named in the player's language", async () => {
    const g = seedGame((x) => x.vassalage === "JILI" && x.gameType === "RNG" && !!x.displayName.zh && !!x.displayName.vi);
    const [en, zh, vi, ty] = await Promise.all(
      (["en", "zh", "vi", "ty"] as const).map((lng) => gamesByNodeIds(db(), lucky, lng, [g.nodeId])),
    );
    expect(en[0]).toEqual({
      nodeId: g.nodeId,
      gameCode: g.gameCode,
      name: g.displayName.en,
      vassalage: "JILI",
      gameType: "RNG",
      gameClassify: g.gameClassify,
      isNew: g.isNew,
      iconUrl: g.iconUrl,
      lobby: false,
      minBet: String(g.minBet),
    });
    expect(zh[0].name).toBe(g.displayName.zh);
    expect(vi[0].name).toBe(g.displayName.vi);
    expect(ty[0].name).toBe(g.displayName.en);
    const book = (await gamesByNodeIds(db(), lucky, "en", [seedGame((x) => x.gameCode === "SABA_SPORTSBOOK").nodeId]))[0];
    expect(book.lobby).toBe(true);
  });

  it("filters by category, bingo being RNG games classified BG", async () => {
    for (const category of ["RNG", "BINGO", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT"]) {
      const page = await everything(lucky, { category });
      const expected = seedWhere((g) => inCategory(g, category));
      expect(expected.length, category).toBeGreaterThan(0);
      expect(page.totalCount, category).toBe(expected.length);
      expect(sortedIds(page.games), category).toEqual(sortedIds(expected));
    }
    const bingo = await everything(lucky, { category: "BINGO" });
    expect(bingo.totalCount).toBe(26);
    expect(bingo.games.every((g) => g.gameType === "RNG" && g.gameClassify === "BG")).toBe(true);
    // The slot list holds the bingo rooms as well.
    const rng = await everything(lucky, { category: "RNG" });
    expect(rng.totalCount).toBe(611);
    expect(ids(bingo.games).every((id) => ids(rng.games).includes(id))).toBe(true);
    // Cockfight is not offered by the demo brands.
    expect((await everything(lucky, { category: "COCKFIGHT" })).totalCount).toBe(0);
    expect((await everything(lucky, { category: "NOPE" })).totalCount).toBe(0);
  });

  it("filters by vendor and classification", async () => {
    const cases: Array<[GameQuery, (g: GameSeed) => boolean]> = [
      [
        { category: "PVP", vassalage: "JILI", classify: "POKER" },
        (g) => g.gameType === "PVP" && g.vassalage === "JILI" && g.gameClassify === "POKER",
      ],
      [
        { category: "RNG", vassalage: "PG", classify: "HOT_SLOT" },
        (g) => g.gameType === "RNG" && g.vassalage === "PG" && g.gameClassify === "HOT_SLOT",
      ],
      [{ category: "PVP", classify: "DICE" }, (g) => g.gameType === "PVP" && g.gameClassify === "DICE"],
      [{ category: null, vassalage: "PP" }, (g) => g.vassalage === "PP"],
      [{ category: "FISH", vassalage: "FC" }, (g) => g.gameType === "FISH" && g.vassalage === "FC"],
      [{ category: "LIVE", vassalage: "JILI" }, () => false],
    ];
    for (const [q, pred] of cases) {
      const page = await everything(lucky, q);
      const expected = seedWhere(pred);
      expect(page.totalCount, JSON.stringify(q)).toBe(expected.length);
      expect(sortedIds(page.games), JSON.stringify(q)).toEqual(sortedIds(expected));
    }
    const pp = await everything(lucky, { category: null, vassalage: "PP" });
    expect(new Set(pp.games.map((g) => g.gameType))).toEqual(new Set(["RNG", "LIVE"]));
  });

  it("lists new games only when asked", async () => {
    const page = await everything(lucky, { category: "RNG", newOnly: true });
    const expected = seedWhere((g) => g.gameType === "RNG" && g.isNew === true);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.totalCount).toBe(expected.length);
    expect(page.games.every((g) => g.isNew)).toBe(true);
    expect(sortedIds(page.games)).toEqual(sortedIds(expected));
    expect((await everything(lucky, { category: null, newOnly: true })).totalCount).toBe(
      seedWhere((g) => g.isNew === true).length,
    );
    expect((await everything(lucky, { category: null, newOnly: false })).totalCount).toBe(813);
  });

  it("takes unsearched totals from the catalogue summary, and counts searched ones", async () => {
    const summary = await loadCatalogueSummary(db(), lucky);
    for (const q of [
      { category: "FISH", vassalage: "JILI" },
      { category: "RNG", classify: "VIDEO" },
      { category: "BINGO" },
      { category: "RNG", newOnly: true },
      { category: null },
    ]) {
      expect(totalFrom(summary.stats, q)).toBe((await everything(lucky, q)).totalCount);
    }
    const plain = await listGames(db(), lucky, "en", { category: "FISH", vassalage: "JILI" }, 1234);
    expect(plain.totalCount).toBe(1234);
    const searched = await listGames(db(), lucky, "en", { category: "FISH", search: "zzzz-no-such-game" }, 1234);
    expect(searched.totalCount).toBe(0);
  });
});

describe(`name search on ${TEST_ENGINE}`, () => {
  /** A seeded slot with Chinese, Thai and Vietnamese names, the Vietnamese one with a capital Đ. */
  let game: GameSeed;
  beforeAll(() => {
    game = seedGame(
      (g) =>
        g.gameType === "RNG" &&
        !!g.displayName.zh &&
        !!g.displayName.th &&
        /Đ/.test(g.displayName.vi ?? "") &&
        g.gameName.length > 6,
    );
  });

  async function expectSearch(term: string, q: Partial<GameQuery> = {}) {
    const page = await everything(lucky, { category: null, ...q, search: term });
    const expected = seedWhere(
      (g) => seedMatches(g, term) && (!q.category || inCategory(g, q.category)) && (!q.vassalage || g.vassalage === q.vassalage),
    );
    expect(page.totalCount, term).toBe(expected.length);
    expect(sortedIds(page.games), term).toEqual(sortedIds(expected));
    return page;
  }

  it("finds a game by part of its Chinese name", async () => {
    const term = game.displayName.zh!.slice(1);
    expect(term.length).toBeGreaterThan(0);
    const page = await expectSearch(term);
    expect(ids(page.games)).toContain(game.nodeId);
  });

  it("finds a game by part of its Thai name", async () => {
    const th = game.displayName.th!;
    const page = await expectSearch(th.slice(0, Math.max(3, th.length - 2)));
    expect(ids(page.games)).toContain(game.nodeId);
  });

  it("finds a game by its Vietnamese name in any letter case and either Unicode form", async () => {
    const vi = game.displayName.vi!;
    const word = vi.split(" ").find((w) => w.startsWith("Đ"))!;
    for (const term of [word.toUpperCase(), word.toLowerCase(), word.toLowerCase().normalize("NFD")]) {
      const page = await expectSearch(term);
      expect(ids(page.games), term).toContain(game.nodeId);
      expect(page.totalCount, term).toBe(seedWhere((g) => seedMatches(g, word)).length);
    }
  });

  it("finds a game by part of its English name in another letter case", async () => {
    const part = game.gameName.slice(1, -1);
    const swapped = [...part].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join("");
    for (const term of [part.toUpperCase(), swapped, `  ${part.toLowerCase()}  `]) {
      const page = await expectSearch(term.trim());
      expect(ids(page.games), term).toContain(game.nodeId);
    }
    // Surrounding and repeated spaces do not matter.
    const spaced = await everything(lucky, { category: null, search: `  ${game.gameName.replace(/ /g, "   ")}  ` });
    expect(ids(spaced.games)).toContain(game.nodeId);
  });

  it("combines the search with the category and vendor filters", async () => {
    const term = game.displayName.zh!.slice(-1);
    await expectSearch(term, { category: "RNG" });
    await expectSearch(term, { category: "FISH" });
    const own = await expectSearch(term, { category: "RNG", vassalage: game.vassalage });
    expect(ids(own.games)).toContain(game.nodeId);
  });

  it("pages searched results with their own total", async () => {
    const term = "a";
    const expected = seedWhere((g) => seedMatches(g, term)).length;
    expect(expected).toBeGreaterThan(36);
    const p1 = await listGames(db(), lucky, "en", { category: null, search: term });
    const p2 = await listGames(db(), lucky, "en", { category: null, search: term, page: 2 });
    expect(p1).toMatchObject({ totalCount: expected, totalPages: Math.ceil(expected / 36) });
    expect(p1.games).toHaveLength(36);
    expect(ids(p2.games).some((id) => ids(p1.games).includes(id))).toBe(false);
  });

  it("matches LIKE wildcards and the backslash literally", async () => {
    const control = await everything(lucky, { category: null, search: "a" });
    expect(control.totalCount).toBeGreaterThan(0);
    // No seeded name holds %, _ or \, so each of these finds nothing (and never everything).
    for (const term of ["%", "_", "\\", "%%", "__", "%_%", "\\%", "\\\\", "r_d", "a%s", "%a", "a_", "_a_", "\\_"]) {
      const page = await everything(lucky, { category: null, search: term });
      expect(page.totalCount, term).toBe(0);
      expect(page.games, term).toEqual([]);
    }
  });

  it("finds a name that really holds %, _ and a backslash, and only that one", async () => {
    const target = seedGame((g) => g.vassalage === "PG" && g.gameType === "RNG");
    const [row] = await db()
      .select({ id: s.games.id, searchText: s.games.searchText })
      .from(s.games)
      .where(and(eq(s.games.merchantCode, lucky.merchantCode), eq(s.games.nodeId, target.nodeId)));
    await db()
      .update(s.games)
      .set({ searchText: `${row.searchText} 100%_off\\deal` })
      .where(eq(s.games.id, row.id));
    try {
      for (const term of ["100%_off\\deal", "0%_O", "%_off", "f\\d", "100%"]) {
        const page = await everything(lucky, { category: null, search: term });
        expect(ids(page.games), term).toEqual([target.nodeId]);
      }
      for (const term of ["1_0", "100%off", "0%%", "f\\\\d", "100_"]) {
        expect((await everything(lucky, { category: null, search: term })).totalCount, term).toBe(0);
      }
    } finally {
      await db().update(s.games).set({ searchText: row.searchText }).where(eq(s.games.id, row.id));
    }
  });

  it("answers hostile and odd searches without error", async () => {
    for (const term of [
      "'; drop table games; --",
      "' or '1'='1",
      "x".repeat(5000),
      "😀",
      "\u200b",
      "ðŸ˜€",
      "$1",
      "?",
      "[a-z]*",
      "(.*)",
    ]) {
      const page = await everything(lucky, { category: null, search: term });
      expect(page.totalCount, term).toBe(0);
    }
    expect((await everything(lucky, { category: null })).totalCount).toBe(813);
  });

  it("takes control characters in a search as spaces, never as a database error", async () => {
    const term = game.gameName.split(" ").slice(0, 2).join("\u0000");
    expect(term).toContain("\u0000");
    const page = await everything(lucky, { category: null, search: term });
    expect(ids(page.games)).toContain(game.nodeId);
    expect(page.totalCount).toBe(seedWhere((g) => seedMatches(g, term.replace("\u0000", " "))).length);
    expect((await everything(lucky, { category: null, search: "\u0000\u0001" })).totalCount).toBe(813);
    const m = await newMember(lucky);
    expect((await listFavourites(db(), lucky, m, "en", { search: "a\u0000" })).totalCount).toBe(0);
    expect((await listRecent(db(), lucky, m, "en", { search: "\u0000" })).totalCount).toBe(0);
  });

  it("treats a blank search as no search", async () => {
    expect((await everything(lucky, { category: "FISH", search: "   " })).totalCount).toBe(
      seedWhere((g) => g.gameType === "FISH").length,
    );
    expect((await everything(lucky, { category: "FISH", search: "" })).totalCount).toBe(
      seedWhere((g) => g.gameType === "FISH").length,
    );
  });
});

describe(`hot games on ${TEST_ENGINE}`, () => {
  let hot: GameCard[];
  beforeAll(async () => {
    hot = await listHotGames(db(), lucky, "en");
  });

  it("lists the curated hot games in order", async () => {
    const codes = buildHotGameCodes(seed);
    expect(hot).toHaveLength(codes.length);
    expect(hot.map((g) => `${g.vassalage}:${g.gameCode}`)).toEqual(codes.map((c) => `${c.vassalage}:${c.gameCode}`));
    expect((await listHotGames(db(), lucky, "en", 5)).map((g) => g.nodeId)).toEqual(ids(hot.slice(0, 5)));
  });

  it("filters the hot list by category, bingo by classification", () => {
    const fish = filterHot(hot, { category: "FISH" });
    expect(fish.length).toBe(6);
    expect(fish.every((g) => g.gameType === "FISH")).toBe(true);
    expect(ids(fish)).toEqual(ids(hot.filter((g) => g.gameType === "FISH")));
    const bingo = filterHot(hot, { category: "BINGO" });
    expect(bingo.length).toBe(2);
    expect(bingo.every((g) => g.gameType === "RNG" && g.gameClassify === "BG")).toBe(true);
    expect(filterHot(hot, { category: "RNG" }).length).toBe(18);
    expect(filterHot(hot, { category: "LIVE" }).length).toBe(4);
    expect(filterHot(hot, { category: "SPORTS" })).toEqual([]);
    expect(filterHot(hot, { category: null })).toEqual(hot);
  });

  it("filters the hot list by vendor and by a set of in-house vendors", () => {
    const jiliFish = filterHot(hot, { category: "FISH", vassalage: "JILI" });
    expect(jiliFish.length).toBeGreaterThan(0);
    expect(jiliFish.every((g) => g.vassalage === "JILI" && g.gameType === "FISH")).toBe(true);
    const inHouse = filterHot(hot, { category: null, vendors: new Set(["BGS"]) });
    expect(inHouse.length).toBeGreaterThan(0);
    expect(ids(inHouse)).toEqual(ids(hot.filter((g) => g.vassalage === "BGS")));
  });

  it("filters the hot list by name or code in any case", () => {
    const first = hot[0];
    const part = first.name.slice(1, -1).toUpperCase();
    const found = filterHot(hot, { category: null, search: part });
    expect(ids(found)).toContain(first.nodeId);
    expect(found.every((g) => `${g.name} ${g.gameCode.replace(/_/g, " ")}`.toLowerCase().includes(part.toLowerCase()))).toBe(
      true,
    );
    expect(ids(filterHot(hot, { category: null, search: "jili" }))).toEqual(ids(hot.filter((g) => g.vassalage === "JILI")));
    expect(filterHot(hot, { category: null, search: "%" })).toEqual([]);
  });
});

describe(`vendor data on ${TEST_ENGINE}`, () => {
  it("lists each category's vendors with their game counts, e-sports split out of sports", async () => {
    const data = await loadVendorData(db(), lucky);
    expect(data.sorting).toEqual(["RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT", "BINGO"]);
    expect(data.sorting).toEqual(lucky.categories.filter((c) => c !== "COCKFIGHT"));
    const expected: Record<string, Array<{ vassalage: string; displayName: string; gameCount: number }>> = {};
    for (const category of data.sorting) {
      expected[category] = VENDOR_DEFS.map((v) => ({
        vassalage: v.code,
        displayName: v.displayName,
        // The slot list holds bingo rooms too.
        gameCount: seedWhere(
          (g) => g.vassalage === v.code && (category === "RNG" ? g.gameType === "RNG" : gameCategory(g) === category),
        ).length,
      })).filter((v) => v.gameCount > 0);
    }
    expect(data.mapping).toEqual(expected);
    expect(data.mapping.SPORTS.map((v) => v.vassalage)).toEqual(["SABA", "BTI"]);
    expect(data.mapping.ESPORTS.map((v) => v.vassalage)).toEqual(["TF"]);
    expect(data.mapping.COCKFIGHT).toBeUndefined();
    expect(data.mapping.RNG.find((v) => v.vassalage === "JILI")?.gameCount).toBe(99);
    expect(data.mapping.BINGO.map((v) => v.vassalage)).toEqual(["JILI", "BGS"]);
    for (const list of Object.values(data.mapping)) for (const v of list) expect(v.gameCount).toBeGreaterThan(0);
    // The seeded ELOTT category lists the vendor TCG (TCG_LOTTO_VN is one of its game codes), so the mode is Lott.
    expect(data.mapping.ELOTT.map((v) => v.vassalage)).toEqual(["TCG"]);
    expect(data.prizeMode).toBe("Lott");
  });

  it("follows the brand's category order and offers only its categories", async () => {
    const reordered = await loadVendorData(db(), { ...lucky, categories: ["BINGO", "SPORTS", "FISH", "RNG", "ESPORTS"] });
    expect(reordered.sorting).toEqual(["BINGO", "SPORTS", "ESPORTS", "FISH", "RNG"]);
    const noEsports = await loadVendorData(db(), { ...lucky, categories: ["RNG", "SPORTS"] });
    expect(noEsports.sorting).toEqual(["RNG", "SPORTS"]);
    expect(noEsports.mapping.ESPORTS).toBeUndefined();
    const esportsOnly = await loadVendorData(db(), { ...lucky, categories: ["ESPORTS", "LIVE"] });
    expect(esportsOnly.sorting).toEqual(["ESPORTS", "LIVE"]);
    expect(esportsOnly.mapping.SPORTS).toBeUndefined();
  });

  it("counts only enabled games and drops a vendor left with none", async () => {
    const where = and(eq(s.games.merchantCode, lucky.merchantCode), eq(s.games.vassalage, "HB"));
    await db().update(s.games).set({ enabled: false }).where(where);
    try {
      const data = await loadVendorData(db(), lucky);
      expect(data.mapping.RNG.map((v) => v.vassalage)).not.toContain("HB");
      expect((await everything(lucky, { category: "RNG", vassalage: "HB" })).totalCount).toBe(0);
      // The other brand's HB games are untouched.
      expect((await loadVendorData(db(), perlas)).mapping.RNG.find((v) => v.vassalage === "HB")?.gameCount).toBe(45);
    } finally {
      await db().update(s.games).set({ enabled: true }).where(where);
    }
    expect((await loadVendorData(db(), lucky)).mapping.RNG.find((v) => v.vassalage === "HB")?.gameCount).toBe(45);
  });
});

describe(`classifications on ${TEST_ENGINE}`, () => {
  const expectedTabs = (pred: (g: GameSeed) => boolean) => {
    const n = new Map<string, number>();
    for (const g of seedWhere(pred)) if (g.gameClassify) n.set(g.gameClassify, (n.get(g.gameClassify) ?? 0) + 1);
    return [...n.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([c]) => c);
  };

  it("lists a vendor's classifications, most common first", async () => {
    const tabs = await listClassifications(db(), lucky, "PVP", "JILI");
    expect(tabs).toEqual(expectedTabs((g) => g.gameType === "PVP" && g.vassalage === "JILI"));
    expect([...tabs].sort()).toEqual(["CARD", "DICE", "MINI", "POKER"]);
  });

  it("lists a category's classifications across vendors", async () => {
    expect(await listClassifications(db(), lucky, "PVP", null)).toEqual(expectedTabs((g) => g.gameType === "PVP"));
    const rng = await listClassifications(db(), lucky, "RNG", null);
    expect(rng).toEqual(expectedTabs((g) => g.gameType === "RNG"));
    expect(rng).toContain("VIDEO");
  });

  it("has no tabs for bingo, an unknown vendor or a category without classifications", async () => {
    expect(await listClassifications(db(), lucky, "BINGO", null)).toEqual([]);
    expect(await listClassifications(db(), lucky, "RNG", "NOPE")).toEqual([]);
    expect(await listClassifications(db(), lucky, "SPORTS", null)).toEqual(expectedTabs((g) => g.gameType === "SPORTS"));
  });
});

describe(`favourites on ${TEST_ENGINE}`, () => {
  const slot = () => seedGame((g) => g.vassalage === "JILI" && g.gameType === "RNG" && g.gameClassify !== "BG");

  it("adds a favourite once; a second add is ignored", async () => {
    const m = await newMember(lucky);
    const g = slot();
    expect(await addFavourite(db(), lucky, m, g.nodeId)).toBe("added");
    expect(await addFavourite(db(), lucky, m, g.nodeId)).toBe("exists");
    expect(await favouriteNodeIds(db(), lucky, m)).toEqual([g.nodeId]);
    const [{ n }] = await db().select({ n: count() }).from(s.favourites).where(eq(s.favourites.memberId, m));
    expect(n).toBe(1);
  });

  it("refuses lottery games and unknown or disabled games", async () => {
    const m = await newMember(lucky);
    const lott = seedGame((g) => g.gameType === "LOTT");
    const elott = seedGame((g) => g.gameType === "ELOTT");
    expect(await addFavourite(db(), lucky, m, lott.nodeId)).toBe("not_allowed");
    expect(await addFavourite(db(), lucky, m, elott.nodeId)).toBe("not_allowed");
    expect(await addFavourite(db(), lucky, m, 999_999_999)).toBe("not_found");
    expect(await addFavourite(db(), lucky, m, -1)).toBe("not_found");
    expect(await removeFavourite(db(), lucky, m, 999_999_999)).toBe("not_found");
    const off = seedGame((g) => g.vassalage === "CQ9" && g.gameType === "FISH");
    const where = and(eq(s.games.merchantCode, lucky.merchantCode), eq(s.games.nodeId, off.nodeId));
    await db().update(s.games).set({ enabled: false }).where(where);
    try {
      expect(await addFavourite(db(), lucky, m, off.nodeId)).toBe("not_found");
    } finally {
      await db().update(s.games).set({ enabled: true }).where(where);
    }
    expect(await favouriteNodeIds(db(), lucky, m)).toEqual([]);
    // A sportsbook lobby is not a lottery: it can be a favourite.
    const book = seedGame((g) => g.gameCode === "SABA_SPORTSBOOK");
    expect(await addFavourite(db(), lucky, m, book.nodeId)).toBe("added");
    expect(await favouriteNodeIds(db(), lucky, m)).toEqual([book.nodeId]);
  });

  it("removes a favourite", async () => {
    const m = await newMember(lucky);
    const a = slot();
    const b = seedGame((g) => g.vassalage === "FC" && g.gameType === "FISH");
    await addFavourite(db(), lucky, m, a.nodeId);
    await addFavourite(db(), lucky, m, b.nodeId);
    expect(await removeFavourite(db(), lucky, m, a.nodeId)).toBe("removed");
    expect(await favouriteNodeIds(db(), lucky, m)).toEqual([b.nodeId]);
    expect(await removeFavourite(db(), lucky, m, a.nodeId)).toBe("removed");
    expect(await favouriteNodeIds(db(), lucky, m)).toEqual([b.nodeId]);
    expect(await addFavourite(db(), lucky, m, a.nodeId)).toBe("added");
  });

  it("keeps at most 200 favourites per member", async () => {
    expect(FAVOURITES_MAX).toBe(200);
    const m = await newMember(lucky);
    const other = await newMember(lucky);
    const candidates = seed.filter((g) => g.gameType !== "LOTT" && g.gameType !== "ELOTT").sort((a, b) => a.nodeId - b.nodeId);
    const rows = await db()
      .select({ id: s.games.id, nodeId: s.games.nodeId })
      .from(s.games)
      .where(and(eq(s.games.merchantCode, lucky.merchantCode), inArray(s.games.nodeId, ids(candidates.slice(0, 202)))));
    const idOf = new Map(rows.map((r) => [r.nodeId, r.id]));
    const first199 = candidates.slice(0, 199);
    await db()
      .insert(s.favourites)
      .values(first199.map((g) => ({ merchantCode: lucky.merchantCode, memberId: m, gameId: idOf.get(g.nodeId)! })));
    const [g200, g201, g202] = candidates.slice(199, 202);
    expect(await addFavourite(db(), lucky, m, g200.nodeId)).toBe("added");
    expect(await addFavourite(db(), lucky, m, g201.nodeId)).toBe("limit");
    expect(await addFavourite(db(), lucky, m, first199[0].nodeId)).toBe("exists");
    const held = await favouriteNodeIds(db(), lucky, m);
    expect(held).toHaveLength(200);
    expect(held).not.toContain(g201.nodeId);
    expect((await listFavourites(db(), lucky, m, "en")).totalCount).toBe(200);
    // Another member's favourites do not count against this one.
    expect(await addFavourite(db(), lucky, other, g201.nodeId)).toBe("added");
    // Making room lets the next one in.
    expect(await removeFavourite(db(), lucky, m, first199[0].nodeId)).toBe("removed");
    expect(await addFavourite(db(), lucky, m, g202.nodeId)).toBe("added");
    expect(await favouriteNodeIds(db(), lucky, m)).toHaveLength(200);
  });

  it("lists favourites newest first, filtered by category, vendor and name", async () => {
    const m = await newMember(lucky);
    const a = seedGame((g) => g.vassalage === "JILI" && g.gameType === "RNG" && g.gameClassify !== "BG");
    const b = seedGame((g) => g.vassalage === "JDB" && g.gameType === "FISH");
    const c = seedGame((g) => g.vassalage === "PG" && g.gameType === "RNG" && !!g.displayName.zh);
    const d = seedGame((g) => g.vassalage === "EVO" && g.gameType === "LIVE");
    const e = seedGame((g) => g.vassalage === "BGS" && g.gameClassify === "BG");
    for (const g of [a, b, c, d, e]) {
      expect(await addFavourite(db(), lucky, m, g.nodeId)).toBe("added");
      await pause(5);
    }
    const all = await listFavourites(db(), lucky, m, "en");
    expect(ids(all.games)).toEqual(ids([e, d, c, b, a]));
    expect(all).toMatchObject({ totalCount: 5, pageNum: 1, pageSize: 36, totalPages: 1 });
    expect(ids((await listFavourites(db(), lucky, m, "en", { category: "RNG" })).games)).toEqual(ids([e, c, a]));
    expect(ids((await listFavourites(db(), lucky, m, "en", { category: "BINGO" })).games)).toEqual(ids([e]));
    expect(ids((await listFavourites(db(), lucky, m, "en", { category: "FISH" })).games)).toEqual(ids([b]));
    const live = await listFavourites(db(), lucky, m, "en", { category: "LIVE" });
    expect(ids(live.games)).toEqual(ids([d]));
    expect(live.totalCount).toBe(1);
    expect((await listFavourites(db(), lucky, m, "en", { category: "PVP" })).totalCount).toBe(0);
    expect(ids((await listFavourites(db(), lucky, m, "en", { vassalage: "PG" })).games)).toEqual(ids([c]));
    const byName = await listFavourites(db(), lucky, m, "en", { search: c.displayName.zh!.toUpperCase() });
    expect(ids(byName.games)).toContain(c.nodeId);
    expect(
      byName.games.every((g) => [a, b, c, d, e].some((x) => x.nodeId === g.nodeId && seedMatches(x, c.displayName.zh!))),
    ).toBe(true);
    const zh = await listFavourites(db(), lucky, m, "zh", { vassalage: "PG" });
    expect(zh.games[0].name).toBe(c.displayName.zh);
    const p2 = await listFavourites(db(), lucky, m, "en", { page: 2, pageSize: 2 });
    expect(ids(p2.games)).toEqual(ids([c, b]));
    expect(p2).toMatchObject({ pageNum: 2, pageSize: 2, totalCount: 5, totalPages: 3 });
  });
});

describe(`recent games on ${TEST_ENGINE}`, () => {
  it("lists visited games most recent first; a second visit moves a game to the top", async () => {
    const m = await newMember(lucky);
    const a = seedGame((g) => g.vassalage === "FC" && g.gameType === "RNG");
    const b = seedGame((g) => g.vassalage === "JILI" && g.gameType === "FISH");
    const c = seedGame((g) => g.vassalage === "PP" && g.gameType === "LIVE");
    const t0 = Date.parse("2020-03-01T10:00:00Z");
    const at = (min: number) => new Date(t0 + min * 60_000);
    await recordGameVisit(db(), lucky, m, await gameRowId(lucky, a.nodeId), at(0));
    await recordGameVisit(db(), lucky, m, await gameRowId(lucky, b.nodeId), at(1));
    await recordGameVisit(db(), lucky, m, await gameRowId(lucky, c.nodeId), at(2));
    expect(ids((await listRecent(db(), lucky, m, "en")).games)).toEqual(ids([c, b, a]));
    await recordGameVisit(db(), lucky, m, await gameRowId(lucky, a.nodeId), at(3));
    const again = await listRecent(db(), lucky, m, "en");
    expect(ids(again.games)).toEqual(ids([a, c, b]));
    expect(again.totalCount).toBe(3);
    const [{ n }] = await db().select({ n: count() }).from(s.recentGames).where(eq(s.recentGames.memberId, m));
    expect(n).toBe(3);
    expect(ids((await listRecent(db(), lucky, m, "en", { category: "FISH" })).games)).toEqual(ids([b]));
    expect(ids((await listRecent(db(), lucky, m, "en", { category: "RNG" })).games)).toEqual(ids([a]));
    expect((await listRecent(db(), lucky, m, "en", { vassalage: "EVO" })).totalCount).toBe(0);
    // Another member's history is their own.
    expect((await listRecent(db(), lucky, await newMember(lucky), "en")).totalCount).toBe(0);
  });
});

describe(`popular games on ${TEST_ENGINE}`, () => {
  it("falls back to the hot list while nobody has played", async () => {
    const [{ n }] = await db()
      .select({ n: count() })
      .from(s.recentGames)
      .where(eq(s.recentGames.merchantCode, perlas.merchantCode));
    expect(n).toBe(0);
    const hot = await listHotGames(db(), perlas, "en");
    expect(ids(await listPopular(db(), perlas, "en", hot))).toEqual(ids(hot.slice(0, 12)));
    expect(ids(await listPopular(db(), perlas, "en", hot, 5))).toEqual(ids(hot.slice(0, 5)));
    expect(await listPopular(db(), perlas, "en", [])).toEqual([]);
  });

  it("ranks games played in the last week by players, then tops up from the hot list", async () => {
    const hot = await listHotGames(db(), lucky, "en");
    const hotIds = new Set(ids(hot));
    const notHot = seed.filter((g) => g.gameType === "RNG" && !hotIds.has(g.nodeId)).sort((a, b) => a.nodeId - b.nodeId);
    const [x, z, old] = [notHot[10], notHot[20], notHot[30]];
    const y = hot[5];
    const now = new Date("2031-06-01T12:00:00Z");
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600 * 1000);
    const players = [await newMember(lucky), await newMember(lucky), await newMember(lucky)];
    const visit = async (member: number, nodeId: number, d: number) =>
      recordGameVisit(db(), lucky, member, await gameRowId(lucky, nodeId), daysAgo(d));
    for (const p of players) await visit(p, x.nodeId, 1);
    for (const p of players.slice(0, 2)) await visit(p, y.nodeId, 2);
    await visit(players[0], z.nodeId, 6.9);
    // Played by everyone, but more than a week ago.
    for (const p of players) await visit(p, old.nodeId, 8);

    const popular = await listPopular(db(), lucky, "en", hot, 12, now);
    const expected = [x.nodeId, y.nodeId, z.nodeId, ...ids(hot).filter((id) => id !== y.nodeId)].slice(0, 12);
    expect(ids(popular)).toEqual(expected);
    expect(ids(popular)).not.toContain(old.nodeId);
    expect(new Set(ids(popular)).size).toBe(popular.length);
    expect(ids(await listPopular(db(), lucky, "en", hot, 2, now))).toEqual([x.nodeId, y.nodeId]);
    // Another brand's plays do not count.
    const perlasHot = await listHotGames(db(), perlas, "en");
    expect(ids(await listPopular(db(), perlas, "en", perlasHot, 12, now))).toEqual(ids(perlasHot.slice(0, 12)));
  });
});

describe(`brand isolation on ${TEST_ENGINE}`, () => {
  it("keeps each brand's game rows apart although they share node ids", async () => {
    const g = seedGame((x) => x.vassalage === "JILI" && x.gameType === "FISH");
    const [l, p] = [await findGame(db(), lucky, "en", g.nodeId), await findGame(db(), perlas, "en", g.nodeId)];
    expect(l!.nodeId).toBe(p!.nodeId);
    expect(l!.id).not.toBe(p!.id);
    const rows = await db()
      .select({ id: s.games.id, mc: s.games.merchantCode })
      .from(s.games)
      .where(inArray(s.games.id, [l!.id, p!.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.mc]))).toEqual({ [l!.id]: "LUCKYPESO", [p!.id]: "PERLAS" });
  });

  it("never lists or finds another brand's games", async () => {
    const renamed = seedGame((x) => x.vassalage === "PGE" && x.gameType === "RNG");
    const hidden = seedWhere((x) => x.gameType === "FISH" && x.vassalage === "CQ9").map((x) => x.nodeId);
    expect(hidden.length).toBe(8);
    const renameWhere = and(eq(s.games.merchantCode, perlas.merchantCode), eq(s.games.nodeId, renamed.nodeId));
    const [before] = await db().select({ searchText: s.games.searchText }).from(s.games).where(renameWhere);
    const hideWhere = and(eq(s.games.merchantCode, perlas.merchantCode), inArray(s.games.nodeId, hidden));
    await db().update(s.games).set({ searchText: "perlas only oyster" }).where(renameWhere);
    await db().update(s.games).set({ enabled: false }).where(hideWhere);
    try {
      expect(ids((await everything(perlas, { category: null, search: "Oyster" })).games)).toEqual([renamed.nodeId]);
      expect((await everything(lucky, { category: null, search: "Oyster" })).totalCount).toBe(0);
      // Perlas' old name no longer finds it there, while Lucky Peso still does.
      const name = renamed.gameName;
      expect(ids((await everything(lucky, { category: null, search: name })).games)).toContain(renamed.nodeId);
      expect(ids((await everything(perlas, { category: null, search: name })).games)).not.toContain(renamed.nodeId);

      const fishCount = seedWhere((x) => x.gameType === "FISH").length;
      const luckyFish = await everything(lucky, { category: "FISH" });
      const perlasFish = await everything(perlas, { category: "FISH" });
      expect(luckyFish.totalCount).toBe(fishCount);
      expect(perlasFish.totalCount).toBe(fishCount - 8);
      expect(ids(perlasFish.games).some((id) => hidden.includes(id))).toBe(false);
      expect(hidden.every((id) => ids(luckyFish.games).includes(id))).toBe(true);
      expect(await findGame(db(), perlas, "en", hidden[0])).toBeNull();
      expect(await findGame(db(), lucky, "en", hidden[0])).not.toBeNull();
      expect(await gamesByNodeIds(db(), perlas, "en", hidden)).toEqual([]);
      expect(ids(await gamesByNodeIds(db(), lucky, "en", hidden))).toEqual(hidden);
      expect((await loadVendorData(db(), perlas)).mapping.FISH.find((v) => v.vassalage === "CQ9")).toBeUndefined();
      expect((await loadVendorData(db(), lucky)).mapping.FISH.find((v) => v.vassalage === "CQ9")?.gameCount).toBe(8);
    } finally {
      await db().update(s.games).set({ searchText: before.searchText }).where(renameWhere);
      await db().update(s.games).set({ enabled: true }).where(hideWhere);
    }
  });

  it("keeps each brand's hot list apart", async () => {
    const [first] = await db()
      .select({ gameId: s.hotGames.gameId, sort: s.hotGames.sort })
      .from(s.hotGames)
      .where(and(eq(s.hotGames.merchantCode, perlas.merchantCode), eq(s.hotGames.sort, 0)));
    await db()
      .delete(s.hotGames)
      .where(and(eq(s.hotGames.merchantCode, perlas.merchantCode), eq(s.hotGames.gameId, first.gameId)));
    try {
      const luckyHot = await listHotGames(db(), lucky, "en");
      const perlasHot = await listHotGames(db(), perlas, "en");
      expect(perlasHot).toHaveLength(luckyHot.length - 1);
      expect(ids(perlasHot)).toEqual(ids(luckyHot.slice(1)));
    } finally {
      await db().insert(s.hotGames).values({ merchantCode: perlas.merchantCode, gameId: first.gameId, sort: first.sort });
    }
  });

  it("keeps favourites and recent games to the brand they were made in", async () => {
    const m = await newMember(lucky);
    const g = seedGame((x) => x.vassalage === "JILI" && x.gameType === "PVP");
    expect(await addFavourite(db(), lucky, m, g.nodeId)).toBe("added");
    await recordGameVisit(db(), lucky, m, await gameRowId(lucky, g.nodeId), new Date("2020-01-01T00:00:00Z"));
    const [fav] = await db()
      .select({ mc: s.favourites.merchantCode, gameMc: s.games.merchantCode })
      .from(s.favourites)
      .innerJoin(s.games, eq(s.games.id, s.favourites.gameId))
      .where(eq(s.favourites.memberId, m));
    expect(fav).toEqual({ mc: "LUCKYPESO", gameMc: "LUCKYPESO" });
    expect(await favouriteNodeIds(db(), lucky, m)).toEqual([g.nodeId]);
    expect(await favouriteNodeIds(db(), perlas, m)).toEqual([]);
    expect((await listFavourites(db(), perlas, m, "en")).totalCount).toBe(0);
    expect((await listRecent(db(), lucky, m, "en")).totalCount).toBe(1);
    expect((await listRecent(db(), perlas, m, "en")).totalCount).toBe(0);
  });
});
