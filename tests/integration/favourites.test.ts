import { and, count, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addFavourite,
  FAVOURITES_MAX,
  favouriteNodeIds,
  listFavourites,
  listPopular,
  listRecent,
  recordGameVisit,
  removeFavourite,
} from "../../app/domain/catalogue/favourites.server";
import { listHotGames } from "../../app/domain/catalogue/games.server";
import { TEST_ENGINE } from "../setup/test-db";
import * as s from "../../app/db/schema";
import {
  lucky,
  perlas,
  seed,
  withSeededCatalogue,
  db,
  ids,
  seedGame,
  seedMatches,
  newMember,
  gameRowId,
  pause,
} from "./catalogue-fixture";

withSeededCatalogue();

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
