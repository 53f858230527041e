import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type GameSeed } from "../../app/db/seed/catalogue";
import { listFavourites, listRecent } from "../../app/domain/catalogue/favourites.server";
import {
  gamesByNodeIds,
  listGames,
  loadCatalogueSummary,
  totalFrom,
  type GameCard,
  type GamePage,
  type GameQuery,
} from "../../app/domain/catalogue/games.server";
import { TEST_ENGINE } from "../setup/test-db";
import * as s from "../../app/db/schema";
import {
  lucky,
  seed,
  withSeededCatalogue,
  db,
  ids,
  sortedIds,
  bySortThenNode,
  seedWhere,
  seedGame,
  everything,
  inCategory,
  seedMatches,
  newMember,
} from "./catalogue-fixture";

withSeededCatalogue();

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
      favouritable: true,
    });
    expect(zh[0].name).toBe(g.displayName.zh);
    expect(vi[0].name).toBe(g.displayName.vi);
    expect(ty[0].name).toBe(g.displayName.en);
    const book = (await gamesByNodeIds(db(), lucky, "en", [seedGame((x) => x.gameCode === "SABA_SPORTSBOOK").nodeId]))[0];
    expect(book.lobby).toBe(true);
    const lottery = seedGame((x) => x.gameType === "LOTT");
    expect((await gamesByNodeIds(db(), lucky, "en", [lottery.nodeId]))[0].favouritable).toBe(false);
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
    expect(p2.totalCount).toBe(expected);
    // Past the last page: no games, and still the same total (no row carries it there).
    const past = await listGames(db(), lucky, "en", { category: null, search: term, page: p1.totalPages + 1 });
    expect(past).toMatchObject({ games: [], totalCount: expected, totalPages: p1.totalPages });
    const none = await listGames(db(), lucky, "en", { category: null, search: "no game is called this" });
    expect(none).toMatchObject({ games: [], totalCount: 0, totalPages: 0 });
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
