import { describe, expect, it } from "vitest";
import {
  BACCARAT_BET_STEPS,
  BACCARAT_RTP_BPS,
  BACCARAT_SPOTS,
  type BaccaratSpot,
  type Card,
  cardPoints,
  dealCoup,
  playBaccarat,
  RANKS,
} from "./baccarat";
import { recordingRng, replayRng, seededRng } from "./rng";

/** A card worth `points` (0 is a king). */
const worth = (points: number, suit: Card["suit"] = "H"): Card => ({ rank: points === 0 ? "K" : RANKS[points - 1], suit });

function from(cards: Card[]): () => Card {
  let i = 0;
  return () => {
    if (i >= cards.length) throw new Error("the coup asked for more cards than the test dealt");
    return cards[i++];
  };
}

// The banker's drawing table as printed on every baccarat layout: banker two-card total (rows 0–7)
// against the player's third card (columns 0–9); D draws, S stands.
const BANKER_CHART = [
  "DDDDDDDDDD",
  "DDDDDDDDDD",
  "DDDDDDDDDD",
  "DDDDDDDDSD",
  "SSDDDDDDSS",
  "SSSSDDDDSS",
  "SSSSSSDDSS",
  "SSSSSSSSSS",
];

describe("baccarat", () => {
  it("counts points: ace one, tens and pictures nothing", () => {
    expect(RANKS.map((rank) => cardPoints({ rank, suit: "S" }))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
  });

  it("follows the third-card rules for every two-card total and every player third card", () => {
    for (let p = 0; p <= 9; p++) {
      for (let b = 0; b <= 9; b++) {
        for (let third = 0; third <= 9; third++) {
          // Deal order is P, B, P, B, then the player's third, then the banker's.
          const coup = dealCoup(from([worth(p), worth(b, "S"), worth(0, "D"), worth(0, "C"), worth(third), worth(5, "S")]));
          expect(coup.natural).toBe(p >= 8 || b >= 8);
          if (p >= 8 || b >= 8) {
            expect([coup.player.length, coup.banker.length]).toEqual([2, 2]);
          } else if (p >= 6) {
            expect(coup.player).toHaveLength(2);
            expect(coup.banker).toHaveLength(b <= 5 ? 3 : 2);
            // The banker's third card is then the fifth card dealt.
            if (b <= 5) expect(coup.banker[2]).toEqual(worth(third));
          } else {
            expect(coup.player).toHaveLength(3);
            expect(coup.player[2]).toEqual(worth(third));
            expect(coup.banker).toHaveLength(BANKER_CHART[b][third] === "D" ? 3 : 2);
          }
          const playerTotal = coup.player.reduce((s, c) => s + cardPoints(c), 0) % 10;
          const bankerTotal = coup.banker.reduce((s, c) => s + cardPoints(c), 0) % 10;
          expect([coup.playerTotal, coup.bankerTotal]).toEqual([playerTotal, bankerTotal]);
          expect(coup.result).toBe(playerTotal > bankerTotal ? "player" : bankerTotal > playerTotal ? "banker" : "tie");
        }
      }
    }
  });

  it("spots pairs by rank on the first two cards of each side", () => {
    const coup = dealCoup(from([{ rank: "Q", suit: "S" }, worth(3), { rank: "Q", suit: "H" }, worth(4), worth(2), worth(0)]));
    expect(coup.playerPair).toBe(true);
    expect(coup.bankerPair).toBe(false);
    // Ten and king are both worth nothing, but are not a pair.
    const mixed = dealCoup(from([worth(9), { rank: "10", suit: "S" }, worth(0), { rank: "K", suit: "S" }]));
    expect(mixed.bankerPair).toBe(false);
  });

  it("deals from the shoe without replacement", () => {
    // Always taking the last undealt slot: each time it holds the card swapped in from the front.
    const round = playBaccarat({ bets: { tie: 100n } }, replayRng([415, 414, 413, 412, 411, 410]));
    expect(round.player[0]).toEqual({ rank: "K", suit: "C" });
    expect(round.banker[0]).toEqual({ rank: "A", suit: "S" });
    expect(round.player[1]).toEqual({ rank: "2", suit: "S" });
    expect(round.banker[1]).toEqual({ rank: "3", suit: "S" });
  });

  it("pays each bet exactly, stake included, and pushes player and banker on a tie", () => {
    const stakes = { player: 1000n, banker: 2000n, tie: 500n, playerPair: 200n, bankerPair: 100n };
    // Player 9 (K, 9) against banker 8 (4, 4): a natural, banker pair.
    const playerWins = playBaccarat({ bets: stakes }, replayRng([12, 2, 6, 13]));
    expect([playerWins.playerTotal, playerWins.bankerTotal, playerWins.result]).toEqual([9, 8, "player"]);
    expect(playerWins.bankerPair).toBe(true);
    const credits = (round: typeof playerWins) => Object.fromEntries(round.bets.map((b) => [b.spot, [b.outcome, b.winCentavos]]));
    expect(credits(playerWins)).toEqual({
      player: ["win", 2000n],
      banker: ["lose", 0n],
      tie: ["lose", 0n],
      playerPair: ["lose", 0n],
      bankerPair: ["win", 1200n],
    });
    expect(playerWins.totalBetCentavos).toBe(3800n);
    expect(playerWins.totalWinCentavos).toBe(3200n);

    const rounds = Array.from({ length: 3000 }, (_, seed) => playBaccarat({ bets: stakes }, seededRng(seed)));
    const bankerWin = rounds.find((r) => r.result === "banker");
    const tie = rounds.find((r) => r.result === "tie");
    expect(credits(bankerWin!).banker).toEqual(["win", 3900n]);
    expect(credits(bankerWin!).player).toEqual(["lose", 0n]);
    expect(credits(tie!).player).toEqual(["push", 1000n]);
    expect(credits(tie!).banker).toEqual(["push", 2000n]);
    expect(credits(tie!).tie).toEqual(["win", 4500n]);
  });

  it("keeps the banker commission exact on every allowed stake", () => {
    for (const stake of BACCARAT_BET_STEPS) expect((stake * 95n) % 100n).toBe(0n);
  });

  it("refuses unknown bets, stakes off the steps, and an empty round", () => {
    const bad: unknown[] = [
      {},
      { player: undefined },
      { sidePot: 100n },
      { player: 150n },
      { banker: 0n },
      { tie: -100n },
      { player: 100 },
      { player: 100000n },
      null,
    ];
    for (const bets of bad) {
      expect(() => playBaccarat({ bets: bets as never }, seededRng(1))).toThrow(RangeError);
    }
  });

  it("replays a recorded round to the same outcome", () => {
    for (let seed = 0; seed < 50; seed++) {
      const recorder = recordingRng(seededRng(seed));
      const round = playBaccarat({ bets: { banker: 500n, playerPair: 100n } }, recorder);
      const replay = replayRng(recorder.draws);
      expect(playBaccarat({ bets: { banker: 500n, playerPair: 100n } }, replay)).toEqual(round);
      expect(replay.remaining).toBe(0);
    }
  });

  it("returns the known house edges in a seeded simulation", () => {
    // Each bet's per-round return is measured on the sample; the bound is four standard errors, at
    // 500,000 rounds about 0.5 % for player and banker, 1.5 % for tie and 1.8 % for the pairs.
    const rounds = 500_000;
    const rng = seededRng(8);
    const bets = Object.fromEntries(BACCARAT_SPOTS.map((spot) => [spot, 100n])) as Record<BaccaratSpot, bigint>;
    const sum = Object.fromEntries(BACCARAT_SPOTS.map((spot) => [spot, 0])) as Record<BaccaratSpot, number>;
    const sumSq = { ...sum };
    for (let i = 0; i < rounds; i++) {
      for (const bet of playBaccarat({ bets }, rng).bets) {
        const ret = Number(bet.winCentavos) / 100;
        sum[bet.spot] += ret;
        sumSq[bet.spot] += ret * ret;
      }
    }
    for (const spot of BACCARAT_SPOTS) {
      const mean = sum[spot] / rounds;
      const standardError = Math.sqrt((sumSq[spot] / rounds - mean * mean) / rounds);
      expect(Math.abs(mean - BACCARAT_RTP_BPS[spot] / 10_000), spot).toBeLessThan(4 * standardError);
    }
  });
});
