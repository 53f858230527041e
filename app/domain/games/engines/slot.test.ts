import { describe, expect, it } from "vitest";
import { recordingRng, replayRng, ReplayMismatchError, seededRng } from "./rng";
import { simulateSlot, spin, type SlotOutcome } from "./slot";
import { slotMaths, theoreticalRtp } from "./slot-maths";
import { evaluateGrid, evaluateLine, gridAt } from "./slot-pays";
import {
  defineSlotTheme,
  type LinePays,
  REEL_SETS,
  scatterSpacing,
  SLOT_BET_STEPS_CENTAVOS,
  SLOT_DEFAULT_RTP_BPS,
  SLOT_LINE_COUNT,
  SLOT_PAYLINES,
  SLOT_RTP_RANGE_BPS,
  type SlotTheme,
} from "./slot-definition";
import { hashString } from "~/utils/hash";
import { SLOT_THEMES, slotThemeById, slotThemeFor } from "./slot-themes";

const fortune = slotThemeById("fortune")!;

describe("line evaluation (fortune: dragon is wild, lantern the scatter)", () => {
  it("substitutes the wild for a line symbol", () => {
    expect(evaluateLine(fortune, ["ingot", "dragon", "ingot", "koi", "ten"])).toEqual({
      symbol: "ingot",
      count: 3,
      pay: 30,
    });
    expect(evaluateLine(fortune, ["dragon", "koi", "dragon", "koi", "koi"])).toEqual({
      symbol: "koi",
      count: 5,
      pay: 600,
    });
  });

  it("pays a line of wilds alone as wilds", () => {
    expect(evaluateLine(fortune, ["dragon", "dragon", "dragon", "dragon", "dragon"])).toEqual({
      symbol: "dragon",
      count: 5,
      pay: 2000,
    });
    expect(evaluateLine(fortune, ["dragon", "dragon", "dragon", "lantern", "ten"])).toEqual({
      symbol: "dragon",
      count: 3,
      pay: 50,
    });
  });

  it("never substitutes the wild for the scatter, which breaks a line", () => {
    expect(evaluateLine(fortune, ["lantern", "lantern", "lantern", "lantern", "lantern"])).toBeNull();
    expect(evaluateLine(fortune, ["dragon", "lantern", "koi", "koi", "koi"])).toBeNull();
    expect(evaluateLine(fortune, ["ingot", "ingot", "lantern", "ingot", "ingot"])).toEqual({
      symbol: "ingot",
      count: 2,
      pay: 2,
    });
  });

  it("pays only the highest win of a line", () => {
    // Three wilds (50) beat five tens (40); four wilds (375) beat five tens too.
    expect(evaluateLine(fortune, ["dragon", "dragon", "dragon", "ten", "ten"])).toEqual({
      symbol: "dragon",
      count: 3,
      pay: 50,
    });
    expect(evaluateLine(fortune, ["dragon", "dragon", "dragon", "dragon", "ten"])).toEqual({
      symbol: "dragon",
      count: 4,
      pay: 375,
    });
    // Two wilds pay nothing, the four ingots they complete do.
    expect(evaluateLine(fortune, ["dragon", "dragon", "ingot", "ingot", "ten"])).toEqual({
      symbol: "ingot",
      count: 4,
      pay: 180,
    });
  });

  it("counts left to right from reel 1 only", () => {
    expect(evaluateLine(fortune, ["ten", "koi", "koi", "koi", "koi"])).toBeNull();
    expect(evaluateLine(fortune, ["koi", "ten", "koi", "koi", "koi"])).toBeNull();
    expect(evaluateLine(fortune, ["koi", "koi", "ten", "koi", "koi"])).toBeNull();
    expect(evaluateLine(fortune, ["koi", "koi", "koi", "ten", "koi"])).toEqual({ symbol: "koi", count: 3, pay: 25 });
  });

  it("evaluates a whole grid: paylines by number, scatters anywhere, free spins", () => {
    const grid = [
      ["koi", "ace", "lantern", "jack", "queen"],
      ["ace", "koi", "ace", "lantern", "ten"],
      ["lantern", "fan", "koi", "ace", "envelope"],
    ];
    const result = evaluateGrid(fortune, grid);
    // Line 4 (rows 0,1,2,1,0) reads koi koi koi lantern queen; line 12 (1,0,1,2,1) ace ace ace ace ten.
    // Every other line either starts on the bottom-left lantern or breaks before a third match.
    expect(result.lines).toEqual([
      { line: 4, symbol: "koi", count: 3, pay: 25 },
      { line: 12, symbol: "ace", count: 4, pay: 30 },
    ]);
    expect(result.scatterCount).toBe(3);
    expect(result.scatterPay).toBe(2);
    expect(result.freeSpins).toBe(8);
  });
});

describe("the themes", () => {
  it("has 20 distinct paylines over 3 rows", () => {
    expect(SLOT_PAYLINES).toHaveLength(SLOT_LINE_COUNT);
    expect(new Set(SLOT_PAYLINES.map((l) => l.join())).size).toBe(SLOT_LINE_COUNT);
    for (const line of SLOT_PAYLINES) expect(line.every((row) => row >= 0 && row <= 2)).toBe(true);
  });

  it("offers at least six themes whose reel sets bracket every allowed RTP", () => {
    expect(SLOT_THEMES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(SLOT_THEMES.map((t) => t.id)).size).toBe(SLOT_THEMES.length);
    for (const theme of SLOT_THEMES) {
      expect(theoreticalRtp(theme, "lean"), theme.id).toBeLessThan(SLOT_RTP_RANGE_BPS.min / 10_000);
      expect(theoreticalRtp(theme, "rich"), theme.id).toBeGreaterThan(SLOT_RTP_RANGE_BPS.max / 10_000);
      for (const set of REEL_SETS) {
        for (const strip of theme.strips[set]) expect(scatterSpacing(strip)).toBeGreaterThanOrEqual(3);
      }
      expect(theme.symbols.every((s) => s.name.length > 0)).toBe(true);
    }
  });

  it("keeps the strip layout stable, since stored rounds name their stops", () => {
    const layout = SLOT_THEMES.map((t) => REEL_SETS.map((s) => t.strips[s].map((strip) => strip.join(",")).join("|")));
    expect(hashString(JSON.stringify(layout))).toBe(293599205);
  });

  it("picks a theme per catalogue game: fish under the sea, classics on fruit, the rest stable by hash", () => {
    expect(slotThemeFor({ vassalage: "JILI", gameCode: "JILI_ANY", gameClassify: null, gameType: "FISH" }).id).toBe("ocean");
    expect(slotThemeFor({ vassalage: "PG", gameCode: "PG_X", gameClassify: "CLASSIC", gameType: "RNG" }).id).toBe("fruit");
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const game = { vassalage: "BGS", gameCode: `BGS_GAME_${i}`, gameClassify: "VIDEO", gameType: "RNG" };
      expect(slotThemeFor(game)).toBe(slotThemeFor({ ...game }));
      ids.add(slotThemeFor(game).id);
    }
    expect(ids.size).toBe(SLOT_THEMES.length);
  });
});

const tinyPays = (three: number, four: number, five: number): LinePays => [0, 0, 0, three, four, five];

// Strips of four, scatters on most reels so that 3+ scatters and free spins happen often enough
// to matter in the sum.
const tiny: SlotTheme = defineSlotTheme({
  id: "tiny",
  name: "Tiny",
  wild: { id: "W", name: "Wild", pays: tinyPays(5, 20, 100) },
  scatter: { id: "S", name: "Scatter" },
  symbols: [
    { id: "A", name: "A", pays: [0, 0, 1, 4, 10, 40] },
    { id: "B", name: "B", pays: tinyPays(2, 5, 20) },
  ],
  scatterPays: [2, 10, 50],
  freeSpins: { awards: [3, 5, 8], multiplier: 2 },
  reelCounts: {
    rich: [
      [1, 1, 1, 1],
      [1, 1, 2, 0],
      [0, 1, 2, 1],
      [1, 0, 1, 2],
      [2, 1, 0, 1],
    ],
    lean: [
      [0, 1, 1, 2],
      [1, 0, 2, 1],
      [0, 1, 1, 2],
      [1, 1, 0, 2],
      [0, 0, 2, 2],
    ],
  },
});

/** Every combination of stops, each grid evaluated through its 20 lines and its scatters. */
function bruteForceRtp(theme: SlotTheme, set: "rich" | "lean"): number {
  const lengths = theme.strips[set].map((s) => s.length);
  const outcomes: { lines: number; scatterPay: number; freeSpins: number }[] = [];
  const stops = [0, 0, 0, 0, 0];
  const walk = (reel: number) => {
    if (reel === 5) {
      const g = evaluateGrid(theme, gridAt(theme, set, stops));
      const lines = g.lines.reduce((a, l) => a + l.pay, 0) / SLOT_LINE_COUNT;
      outcomes.push({ lines, scatterPay: g.scatterPay, freeSpins: g.freeSpins });
      return;
    }
    for (let s = 0; s < lengths[reel]; s++) {
      stops[reel] = s;
      walk(reel + 1);
    }
  };
  walk(0);
  const meanLines = outcomes.reduce((a, o) => a + o.lines, 0) / outcomes.length;
  const total = outcomes.reduce((a, o) => a + o.lines + o.scatterPay + o.freeSpins * theme.freeSpins.multiplier * meanLines, 0);
  return total / outcomes.length;
}

describe("defineSlotTheme", () => {
  const spec = (reel: number[]) => ({
    id: "bad",
    name: "Bad",
    wild: { id: "W", name: "Wild", pays: tinyPays(5, 20, 100) },
    scatter: { id: "S", name: "Scatter" },
    symbols: [{ id: "A", name: "A", pays: tinyPays(2, 5, 20) }],
    scatterPays: [2, 10, 50] as const,
    freeSpins: { awards: [3, 5, 8] as const, multiplier: 2 },
    reelCounts: { rich: [reel, reel, reel, reel, reel], lean: [reel, reel, reel, reel, reel] },
  });

  it("refuses strips where one window could show two scatters, which the RTP formula excludes", () => {
    expect(() => defineSlotTheme(spec([1, 1, 3]))).not.toThrow();
    expect(() => defineSlotTheme(spec([1, 2, 2]))).toThrow(/scatters must be at least 3 apart/);
  });

  it("refuses a fractional or negative pay and a count per symbol missing", () => {
    const withPay = (pays: LinePays) => ({ ...spec([1, 1, 3]), symbols: [{ id: "A", name: "A", pays }] });
    expect(() => defineSlotTheme(withPay([0, 0, 0, 1.5, 5, 20]))).toThrow(/pays/);
    expect(() => defineSlotTheme(withPay([0, 0, 0, -1, 5, 20]))).toThrow(/pays/);
    expect(() => defineSlotTheme(spec([1, 3]))).toThrow(/one count per symbol/);
  });
});

describe("theoreticalRtp", () => {
  it.each(REEL_SETS)("equals brute-force enumeration of every stop on a tiny theme (%s)", (set) => {
    const exact = bruteForceRtp(tiny, set);
    expect(exact).toBeGreaterThan(0.5);
    expect(slotMaths(tiny)[set].scatterProbabilities[3]).toBeGreaterThan(0.1);
    expect(theoreticalRtp(tiny, set)).toBeCloseTo(exact, 12);
  });
});

const bet = 1000n;

function sumOutcome(o: SlotOutcome): bigint {
  const lines = (wins: { winCentavos: string }[]) => wins.reduce((a, w) => a + BigInt(w.winCentavos), 0n);
  return lines(o.lineWins) + BigInt(o.scatter.winCentavos) + o.freeSpins.spins.reduce((a, s) => a + lines(s.lineWins), 0n);
}

/** The first seed whose round matches, searched in order so the test is the same on every run. */
function seedWhere(theme: SlotTheme, match: (o: SlotOutcome) => boolean): number {
  for (let seed = 1; seed < 100_000; seed++) {
    if (match(spin(theme, { betCentavos: bet, rtpBps: SLOT_DEFAULT_RTP_BPS }, seededRng(seed)).outcome)) return seed;
  }
  throw new Error("no seed found");
}

describe("spin", () => {
  it.each([0n, -100n, 150n, 110n, 100_000n])("refuses the bet %s centavos", (betCentavos) => {
    expect(() => spin(fortune, { betCentavos, rtpBps: 9600 }, seededRng(1))).toThrow(RangeError);
  });

  it.each([8499, 9801, 9600.5, Number.NaN])("refuses an RTP of %s bps", (rtpBps) => {
    expect(() => spin(fortune, { betCentavos: bet, rtpBps }, seededRng(1))).toThrow(RangeError);
  });

  it("takes every bet step, each an exact number of line bets", () => {
    for (const step of SLOT_BET_STEPS_CENTAVOS) {
      expect(step % BigInt(SLOT_LINE_COUNT)).toBe(0n);
      const { outcome } = spin(fortune, { betCentavos: step, rtpBps: 9600 }, seededRng(3));
      expect(BigInt(outcome.lineBetCentavos) * 20n).toBe(step);
    }
  });

  it("returns a JSON outcome whose parts add up to the total and whose grid is the one its stops show", () => {
    for (let seed = 1; seed <= 300; seed++) {
      const { totalWinCentavos, outcome } = spin(fortune, { betCentavos: bet, rtpBps: 9600 }, seededRng(seed));
      expect(JSON.parse(JSON.stringify(outcome))).toEqual(outcome);
      expect(BigInt(outcome.totalWinCentavos)).toBe(totalWinCentavos);
      expect(sumOutcome(outcome)).toBe(totalWinCentavos);
      expect(outcome.grid).toEqual(gridAt(fortune, outcome.reelSet, outcome.stops));
      const g = evaluateGrid(fortune, outcome.grid);
      expect(outcome.lineWins.map((w) => w.line)).toEqual(g.lines.map((l) => l.line));
      expect(outcome.lineWins.map((w) => BigInt(w.winCentavos))).toEqual(g.lines.map((l) => BigInt(l.pay) * 50n));
      expect(outcome.scatter.count).toBe(g.scatterCount);
    }
  });

  it("plays the awarded free spins on the triggering set, line wins multiplied, without retrigger", () => {
    const seed = seedWhere(fortune, (o) => o.freeSpins.awarded > 0);
    const { outcome } = spin(fortune, { betCentavos: bet, rtpBps: 9600 }, seededRng(seed));
    expect(outcome.scatter.count).toBeGreaterThanOrEqual(3);
    expect(outcome.freeSpins.spins).toHaveLength(outcome.freeSpins.awarded);
    expect(outcome.freeSpins.awarded).toBe(fortune.freeSpins.awards[Math.min(outcome.scatter.count, 5) - 3]);
    for (const free of outcome.freeSpins.spins) {
      expect(free.grid).toEqual(gridAt(fortune, outcome.reelSet, free.stops));
      const g = evaluateGrid(fortune, free.grid);
      expect(free.lineWins.map((w) => BigInt(w.winCentavos))).toEqual(
        g.lines.map((l) => BigInt(l.pay) * 50n * BigInt(fortune.freeSpins.multiplier)),
      );
    }
    const freeTotal = outcome.freeSpins.spins.reduce((a, s) => a + BigInt(s.winCentavos), 0n);
    expect(BigInt(outcome.freeSpins.winCentavos)).toBe(freeTotal);
  });

  it("replays a recorded round to the identical outcome, and refuses draws that do not fit", () => {
    const seed = seedWhere(fortune, (o) => o.freeSpins.awarded > 0 && o.lineWins.length > 0);
    const recorder = recordingRng(seededRng(seed));
    const played = spin(fortune, { betCentavos: bet, rtpBps: 9600 }, recorder);
    const replay = replayRng(recorder.draws);
    expect(spin(fortune, { betCentavos: bet, rtpBps: 9600 }, replay)).toEqual(played);
    expect(replay.remaining).toBe(0);
    // A stop past the end of its strip, or a round cut short, is not this game's round.
    const tampered = [...recorder.draws];
    tampered[1] = fortune.strips[played.outcome.reelSet][0].length;
    expect(() => spin(fortune, { betCentavos: bet, rtpBps: 9600 }, replayRng(tampered))).toThrow(ReplayMismatchError);
    expect(() => spin(fortune, { betCentavos: bet, rtpBps: 9600 }, replayRng(recorder.draws.slice(0, -1)))).toThrow(
      ReplayMismatchError,
    );
  });

  it("simulates through the same rounds as spin", () => {
    const spins = 2000;
    const rng = seededRng(77);
    let won = 0n;
    for (let i = 0; i < spins; i++) won += spin(fortune, { betCentavos: bet, rtpBps: 9000 }, rng).totalWinCentavos;
    const sim = simulateSlot(fortune, 9000, spins, seededRng(77));
    expect(won).toBeGreaterThan(0n);
    expect(BigInt(sim.wonLineBets) * (bet / BigInt(SLOT_LINE_COUNT))).toBe(won);
  });
});

describe("return to player by simulation", () => {
  const TOLERANCE = 0.005;

  it.each([
    ["fortune", SLOT_DEFAULT_RTP_BPS, 3_000_000, 101],
    ["jungle", SLOT_DEFAULT_RTP_BPS, 3_000_000, 202],
    ["ocean", 9000, 3_000_000, 303],
  ] as const)("%s at %i bps over %i spins of seed %i lands within half a percentage point", (id, rtpBps, spins, seed) => {
    const theme = slotThemeById(id)!;
    const sim = simulateSlot(theme, rtpBps, spins, seededRng(seed));
    // The tolerance is at least 2.5 standard errors, so passing is not the luck of a seed.
    expect(2.5 * (sim.stdDev / Math.sqrt(spins))).toBeLessThan(TOLERANCE);
    expect(sim.stdDev).toBeGreaterThan(2.5);
    expect(sim.stdDev).toBeLessThan(6);
    expect(Math.abs(sim.rtp - rtpBps / 10_000)).toBeLessThan(TOLERANCE);
  });
});
