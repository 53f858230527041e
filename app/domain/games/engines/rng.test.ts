import { describe, expect, it } from "vitest";
import { recordingRng, replayRng, ReplayMismatchError, type Rng, seededRng } from "./rng";
import { cryptoRng } from "./rng.server";

function chiSquare(rng: Rng, buckets: number, draws: number): number {
  const seen = new Array<number>(buckets).fill(0);
  for (let i = 0; i < draws; i++) seen[rng.int(buckets)]++;
  const expected = draws / buckets;
  return seen.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

// Upper quantiles of chi-square with 49 degrees of freedom (Wilson-Hilferty): p = 0.001 and p = 1e-6.
const CHI2_49_P001 = 85.4;
const CHI2_49_P1E6 = 111.5;

describe("seededRng", () => {
  it("repeats its sequence for a seed and differs between seeds", () => {
    const take = (rng: Rng) => Array.from({ length: 20 }, () => rng.int(1000));
    expect(take(seededRng(42))).toEqual(take(seededRng(42)));
    expect(take(seededRng(42))).not.toEqual(take(seededRng(43)));
  });

  it("is uniform by a chi-square test over 50 buckets", () => {
    expect(chiSquare(seededRng(2024), 50, 500_000)).toBeLessThan(CHI2_49_P001);
  });

  it("has no modulo bias on a bound that does not divide 2**32", () => {
    // With u % n, values below 2**32 - n (a third of the range here) would come up half the time.
    const n = 3 * 2 ** 30;
    const rng = seededRng(7);
    let low = 0;
    const draws = 300_000;
    for (let i = 0; i < draws; i++) if (rng.int(n) < 2 ** 30) low++;
    expect(Math.abs(low / draws - 1 / 3)).toBeLessThan(0.005);
  });

  it("covers the edges of the allowed bounds", () => {
    const rng = seededRng(1);
    expect(rng.int(1)).toBe(0);
    const big = rng.int(2 ** 32);
    expect(Number.isInteger(big) && big >= 0 && big < 2 ** 32).toBe(true);
  });

  it.each([0, -1, 1.5, 2 ** 32 + 1, Number.NaN, Infinity])("refuses the bound %s", (n) => {
    expect(() => seededRng(1).int(n)).toThrow(RangeError);
  });
});

describe("cryptoRng", () => {
  it("stays in range and is uniform by a loose chi-square test", () => {
    const rng = cryptoRng();
    for (let i = 0; i < 1000; i++) {
      const v = rng.int(7);
      expect(v >= 0 && v < 7 && Number.isInteger(v)).toBe(true);
    }
    expect(chiSquare(rng, 50, 200_000)).toBeLessThan(CHI2_49_P1E6);
    expect(() => rng.int(0)).toThrow(RangeError);
  });
});

describe("recordingRng and replayRng", () => {
  it("replays recorded draws in order and tells when all were used", () => {
    const recorder = recordingRng(seededRng(9));
    const bounds = [6, 52, 2 ** 32, 1, 1000, 37];
    const values = bounds.map((n) => recorder.int(n));
    expect(recorder.draws).toEqual(values);
    const replay = replayRng(recorder.draws);
    expect(replay.remaining).toBe(bounds.length);
    expect(bounds.map((n) => replay.int(n))).toEqual(values);
    expect(replay.remaining).toBe(0);
  });

  it("refuses to run past the recorded draws", () => {
    const replay = replayRng([3]);
    replay.int(10);
    expect(() => replay.int(10)).toThrow(ReplayMismatchError);
  });

  it("refuses a recorded value outside the bound asked for (another game's draws)", () => {
    expect(() => replayRng([12]).int(10)).toThrow(ReplayMismatchError);
    expect(() => replayRng([-1]).int(10)).toThrow(ReplayMismatchError);
    expect(() => replayRng([1.5]).int(10)).toThrow(ReplayMismatchError);
  });
});
