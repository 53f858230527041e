import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildHotGameCodes, gameCategory, type GameSeed } from "../../app/db/seed/catalogue";
import { VENDOR_DEFS } from "../../app/db/seed/vendors";
import {
  addFavourite,
  favouriteNodeIds,
  listFavourites,
  listRecent,
  recordGameVisit,
} from "../../app/domain/catalogue/favourites.server";
import {
  filterHot,
  findGame,
  gamesByNodeIds,
  listClassifications,
  listHotGames,
  loadVendorData,
  type GameCard,
} from "../../app/domain/catalogue/games.server";
import { TEST_ENGINE } from "../setup/test-db";
import * as s from "../../app/db/schema";
import {
  lucky,
  perlas,
  seed,
  withSeededCatalogue,
  db,
  ids,
  seedWhere,
  seedGame,
  everything,
  newMember,
  gameRowId,
} from "./catalogue-fixture";

withSeededCatalogue();

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
