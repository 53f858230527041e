// The winner board: the last 7 days' biggest cash wins of this brand, names masked.
import { describe, expect, it } from "vitest";
import { loadWinners, maskUsername } from "../../app/domain/catalogue/winners.server";
import { DAY, db, lucky, manila, member, perlas, round, setUpBetRecords } from "./bet-records-fixtures";

setUpBetRecords();

describe("the winner board", () => {
  it("masks names, orders by win, keeps the top 10 of the last 7 days' cash rounds of this brand", async () => {
    expect(maskUsername("juanito24")).toBe("ju***24");
    expect(maskUsername("abcd")).toBe("a***d");
    expect(maskUsername("ab")).toBe("a***");
    expect(maskUsername("maríañ")).toBe("ma***añ");

    const brand = lucky();
    const before = await loadWinners(db(), brand, "en");
    const floor = before.length ? before[0]!.winAmount : 0n;
    const players = await Promise.all(Array.from({ length: 12 }, () => member()));
    // Wins above anything other tests left, so the top 10 are this test's.
    const big = (n: number) => floor + 1_000_000_00n + BigInt(n) * 100n;
    for (const [i, p] of players.entries()) await round(brand, p.id, { at: manila(1), bet: 10_00n, win: big(i) });
    const trial = await member(brand, 4);
    await round(brand, trial.id, { at: manila(0), win: big(100), demo: true });
    await round(brand, players[0]!.id, { at: new Date(Date.now() - 8 * DAY), win: big(101) });
    const stranger = await member(perlas());
    await round(perlas(), stranger.id, { at: manila(0), win: big(102) });

    const board = await loadWinners(db(), brand, "zh");
    expect(board).toHaveLength(10);
    expect(board.map((w) => w.winAmount)).toEqual(Array.from({ length: 10 }, (_, i) => big(11 - i)));
    expect(board[0]).toEqual({ player: maskUsername(players[11]!.username), gameName: "金水牛", winAmount: big(11) });
    for (const w of board) {
      expect(w.player).toMatch(/^.{2}\*\*\*.{2}$/);
      expect(players.map((p) => p.username)).not.toContain(w.player);
    }
    // The other brand sees its own winner, and nothing of this one.
    const theirs = await loadWinners(db(), perlas(), "en");
    expect(theirs[0]).toEqual({ player: maskUsername(stranger.username), gameName: "Golden Carabao", winAmount: big(102) });
    expect(theirs.some((w) => w.winAmount !== big(102) && w.winAmount > floor)).toBe(false);
  });
});
