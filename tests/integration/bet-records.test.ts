// The bet record: rounds the wallet kept, filtered, totalled and paged; only the member's own of this brand.
import { describe, expect, it } from "vitest";
import {
  BET_RECORD_PAGE_SIZE,
  getBetRound,
  listBetRecords,
  parseBetRecordFilter,
} from "../../app/domain/wallet/bet-records.server";
import { liveSession, uid } from "../setup/seamless-client";
import { client, dayOf, db, filter, list, lucky, manila, member, perlas, round, setUpBetRecords } from "./bet-records-fixtures";

setUpBetRecords();

describe("the bet record", () => {
  it("shows a round played through the seamless-wallet API, in the player's language, with bet, win and net", async () => {
    const s = await liveSession(db(), lucky(), client(lucky()), { cash: 10_000_00n, gameCode: "BRT_SLOT", prefix: "brapi" });
    const r = uid("round");
    const bet = uid("bet");
    expect((await s.bet(bet, 250_00n, r)).json.status).toBe("RS_OK");
    const open = await listBetRecords(db(), lucky(), s.memberId, filter({ range: "today" }), "zh");
    expect(open.rounds).toHaveLength(1);
    expect(open.rounds[0]).toMatchObject({
      round: r,
      gameName: "金水牛",
      vendor: "JILI",
      bet: 250_00n,
      win: 0n,
      net: -250_00n,
      closed: false,
      demo: false,
    });
    expect((await s.win(uid("win"), 1_000_00n, r, bet)).json.status).toBe("RS_OK");
    const closed = await list({ id: s.memberId }, { range: "today" });
    expect(closed.rounds[0]).toMatchObject({
      gameName: "Golden Carabao",
      bet: 250_00n,
      win: 1_000_00n,
      net: 750_00n,
      closed: true,
    });
    expect(closed.totals).toEqual({ bet: 250_00n, win: 1_000_00n, net: 750_00n });
    const detail = await getBetRound(db(), lucky(), s.memberId, closed.rounds[0]!.id, "en");
    expect(detail).toMatchObject({ round: r, provider: "BGS", net: 750_00n });
  });

  it("filters by Manila day ranges (at most 90 days back) and by lobby game type, totals the whole filter", async () => {
    const m = await member();
    await round(lucky(), m.id, { at: manila(0, 1), bet: 1_00n, win: 5_00n, game: "BRT_SLOT" });
    await round(lucky(), m.id, { at: manila(0, 23 * 60 + 59), bet: 2_00n, game: "BRT_BINGO" });
    // 23:59 yesterday in Manila is 15:59 UTC: a UTC day would count it as today.
    await round(lucky(), m.id, { at: manila(1, 23 * 60 + 59), bet: 4_00n, game: "BRT_FISH" });
    await round(lucky(), m.id, { at: manila(6), bet: 8_00n, win: 20_00n, game: "BRT_LIVE" });
    await round(lucky(), m.id, { at: manila(7, 600), bet: 16_00n, game: "BRT_SLOT" });
    await round(lucky(), m.id, { at: manila(29), bet: 32_00n, game: "BRT_FISH" });
    await round(lucky(), m.id, { at: manila(89), bet: 64_00n, game: "BRT_SLOT" });
    await round(lucky(), m.id, { at: manila(95), bet: 128_00n, game: "BRT_SLOT" });

    const bets = async (q: Record<string, string>) => (await list(m, q)).rounds.map((r) => r.bet);
    expect(await bets({ range: "today" })).toEqual([2_00n, 1_00n]);
    expect(await bets({ range: "yesterday" })).toEqual([4_00n]);
    expect(await bets({ range: "7d" })).toEqual([2_00n, 1_00n, 4_00n, 8_00n]);
    expect(await bets({ range: "30d" })).toEqual([2_00n, 1_00n, 4_00n, 8_00n, 16_00n, 32_00n]);
    expect(await bets({ from: dayOf(89), to: dayOf(7) })).toEqual([16_00n, 32_00n, 64_00n]);
    expect(await bets({ range: "custom", from: dayOf(1), to: dayOf(1) })).toEqual([4_00n]);
    // The default is the last 7 days, every type.
    expect(await bets({})).toEqual([2_00n, 1_00n, 4_00n, 8_00n]);

    // Slots keep bingo rooms, as the lobby's slot list does; bingo is only them.
    expect(await bets({ range: "30d", type: "RNG" })).toEqual([2_00n, 1_00n, 16_00n]);
    expect(await bets({ range: "30d", type: "BINGO" })).toEqual([2_00n]);
    expect(await bets({ range: "30d", type: "FISH" })).toEqual([4_00n, 32_00n]);
    expect(await bets({ range: "30d", type: "LIVE" })).toEqual([8_00n]);
    expect(await bets({ range: "30d", type: "SPORTS" })).toEqual([]);

    const week = await list(m, { range: "7d" });
    expect(week.totals).toEqual({ bet: 15_00n, win: 25_00n, net: 10_00n });
    expect(week.total).toBe(4);
  });

  it("refuses filters it cannot answer with the message to show", () => {
    const refused = (q: Record<string, string>) => {
      const r = parseBetRecordFilter(new URLSearchParams(q), new Date());
      return r.ok ? "ok" : r.error;
    };
    expect(refused({ range: "year" })).toBe("betRecord.errors.range");
    expect(refused({ type: "CASINO" })).toBe("betRecord.errors.type");
    expect(refused({ from: "2025-02-30" })).toBe("betRecord.errors.date");
    expect(refused({ from: "yesterday" })).toBe("betRecord.errors.date");
    expect(refused({ from: dayOf(1), to: dayOf(2) })).toBe("betRecord.errors.order");
    expect(refused({ from: dayOf(90), to: dayOf(0) })).toBe("betRecord.errors.tooOld");
    expect(refused({ from: dayOf(89), to: dayOf(0) })).toBe("ok");
    expect(refused({ from: dayOf(0), to: dayOf(-1) })).toBe("betRecord.errors.future");
    for (const page of ["0", "-1", "1.5", "99999", "abc"]) expect(refused({ page })).toBe("betRecord.errors.page");
  });

  it("pages 20 at a time, newest first, with the totals of every page", async () => {
    const m = await member();
    for (let i = 0; i < 45; i++) await round(lucky(), m.id, { at: manila(1, i), bet: BigInt(i + 1), win: i % 2 ? 3n : 0n });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(m, { range: "7d", page: String(page) })));
    expect(pages.map((p) => p.rounds.length)).toEqual([BET_RECORD_PAGE_SIZE, BET_RECORD_PAGE_SIZE, 5, 0]);
    expect(pages.map((p) => p.pages)).toEqual([3, 3, 3, 3]);
    const all = pages.flatMap((p) => p.rounds.map((r) => r.bet));
    expect(all).toEqual(Array.from({ length: 45 }, (_, i) => BigInt(45 - i)));
    for (const p of pages) expect(p.totals).toEqual({ bet: 1035n, win: 66n, net: 66n - 1035n });
  });

  it("shows only the member's own rounds of this brand", async () => {
    const me = await member();
    const other = await member();
    const elsewhere = await member(perlas());
    const mine = await round(lucky(), me.id, { at: manila(0), bet: 1_00n });
    const theirs = await round(lucky(), other.id, { at: manila(0), bet: 2_00n });
    // The same member id under the other brand's merchant code is not this member's round.
    const otherBrand = await round(perlas(), me.id, { at: manila(0), bet: 4_00n });
    await round(perlas(), elsewhere.id, { at: manila(0), bet: 8_00n });

    expect((await list(me, { range: "today" })).rounds.map((r) => r.id)).toEqual([mine]);
    expect((await list(me, { range: "today" })).totals.bet).toBe(1_00n);
    expect(await getBetRound(db(), lucky(), me.id, theirs, "en")).toBeNull();
    expect(await getBetRound(db(), lucky(), me.id, otherBrand, "en")).toBeNull();
    expect(await getBetRound(db(), perlas(), me.id, mine, "en")).toBeNull();
    expect(await getBetRound(db(), lucky(), me.id, 2 ** 40, "en")).toBeNull();
  });

  it("marks a trial player's demo rounds as demo", async () => {
    const s = await liveSession(db(), lucky(), client(lucky()), { trial: true, gameCode: "BRT_FISH", prefix: "brtry" });
    const r = uid("round");
    const bet = uid("bet");
    expect((await s.bet(bet, 50_00n, r)).json.status).toBe("RS_OK");
    const page = await list({ id: s.memberId }, { range: "today" });
    expect(page.rounds).toMatchObject([{ round: r, demo: true, gameName: "Ocean King", bet: 50_00n }]);
  });
});
