import { describe, expect, it } from "vitest";
import {
  type Colour,
  COLOUR_GAME_BET_STEPS,
  COLOUR_GAME_RTP,
  COLOUR_GAME_RTP_BPS,
  COLOURS,
  playColourGame,
  settleColourBets,
} from "./colour-game";
import { recordingRng, replayRng, seededRng } from "./rng";

const ALL_ROLLS: Colour[][] = COLOURS.flatMap((a) => COLOURS.flatMap((b) => COLOURS.map((c) => [a, b, c])));

describe("colour game", () => {
  it("pays 1:1 per die showing the colour, stake back, and nothing when it does not show", () => {
    const bets = { red: 1000n, blue: 500n, green: 200n, white: 100n };
    const round = settleColourBets(bets, ["red", "red", "blue"]);
    expect(round.bets).toEqual([
      { colour: "red", stakeCentavos: 1000n, hits: 2, winCentavos: 3000n },
      { colour: "blue", stakeCentavos: 500n, hits: 1, winCentavos: 1000n },
      { colour: "green", stakeCentavos: 200n, hits: 0, winCentavos: 0n },
      { colour: "white", stakeCentavos: 100n, hits: 0, winCentavos: 0n },
    ]);
    expect(round.totalBetCentavos).toBe(1800n);
    expect(round.totalWinCentavos).toBe(4000n);
    expect(settleColourBets({ pink: 100n }, ["pink", "pink", "pink"]).totalWinCentavos).toBe(400n);
  });

  it("returns exactly 1 - 17/216 on every colour, over all 216 rolls", () => {
    expect(ALL_ROLLS).toHaveLength(216);
    for (const colour of COLOURS) {
      for (const stake of COLOUR_GAME_BET_STEPS) {
        const credited = ALL_ROLLS.reduce((sum, dice) => sum + settleColourBets({ [colour]: stake }, dice).totalWinCentavos, 0n);
        // Credited over all rolls = RTP × 216 × stake, in exact integers.
        expect(credited * BigInt(COLOUR_GAME_RTP.denominator)).toBe(BigInt(COLOUR_GAME_RTP.numerator) * 216n * stake);
      }
    }
    expect(COLOUR_GAME_RTP.denominator - COLOUR_GAME_RTP.numerator).toBe(17);
    expect(Math.abs((COLOUR_GAME_RTP.numerator / COLOUR_GAME_RTP.denominator) * 10_000 - COLOUR_GAME_RTP_BPS)).toBeLessThan(0.5);
  });

  it("rolls fair dice in a seeded simulation", () => {
    const rounds = 216_000;
    const rng = seededRng(3);
    const faces = Object.fromEntries(COLOURS.map((c) => [c, 0])) as Record<Colour, number>;
    let credited = 0n;
    for (let i = 0; i < rounds; i++) {
      const round = playColourGame({ bets: { yellow: 100n } }, rng);
      for (const die of round.dice) faces[die]++;
      credited += round.totalWinCentavos;
    }
    // Each face count is binomial(648,000, 1/6): standard deviation 300, bound four of them.
    for (const colour of COLOURS) expect(Math.abs(faces[colour] - 108_000)).toBeLessThan(1200);
    // Per-round return has a standard deviation of sqrt(451/216 - (199/216)^2) = 1.11 bets: standard
    // error 0.24 %, bound four of them.
    const rtp = Number(credited) / 100 / rounds;
    expect(Math.abs(rtp - COLOUR_GAME_RTP_BPS / 10_000)).toBeLessThan(0.0096);
  });

  it("refuses unknown colours, stakes off the steps and an empty round, drawing nothing", () => {
    const bad: unknown[] = [
      {},
      { red: undefined },
      { purple: 100n },
      { red: 150n },
      { red: 0n },
      { red: -100n },
      { red: 100 },
      null,
    ];
    for (const bets of bad) {
      const recorder = recordingRng(seededRng(1));
      expect(() => playColourGame({ bets: bets as never }, recorder)).toThrow(RangeError);
      expect(recorder.draws).toEqual([]);
    }
    expect(() => settleColourBets({ red: 100n }, ["red", "red"])).toThrow(RangeError);
    expect(() => settleColourBets({ red: 100n }, ["red", "red", "black" as Colour])).toThrow(RangeError);
  });

  it("replays a recorded round to the same outcome", () => {
    for (let seed = 0; seed < 50; seed++) {
      const recorder = recordingRng(seededRng(seed));
      const round = playColourGame({ bets: { red: 500n, green: 100n } }, recorder);
      const replay = replayRng(recorder.draws);
      expect(playColourGame({ bets: { red: 500n, green: 100n } }, replay)).toEqual(round);
      expect(replay.remaining).toBe(0);
    }
  });
});
