/**
 * The exact return to player of the BGS video slot's reel sets (slot.ts), from the strips and the
 * paytable alone: what the engine mixes the rich and lean sets by, and what the simulation is held to.
 */
import { SCATTER, SLOT_REELS, SLOT_ROWS, type ReelSetName, type SlotTheme } from "./slot-definition";
import { freeSpinAward, linePay, scatterPay } from "./slot-pays";

export interface SetMaths {
  /** Expected line pays of one spin per unit of total bet (equal to one line's expected pay per line bet). */
  lines: number;
  scatterProbabilities: readonly number[];
  /** Expected return per unit of total bet: lines, scatter pays and free spins. */
  rtp: number;
}

const mathsCache = new WeakMap<SlotTheme, Record<ReelSetName, SetMaths>>();

/**
 * Expected line pay of one line. Every line reads one row of each reel and, whatever the row, a
 * uniform stop shows each symbol with its frequency on the strip; reels are independent, so the
 * line's expectation is the sum over the product of the reels' symbol distributions. All 20 lines
 * share it, and 20 line bets make the total bet.
 */
function expectedLinePay(theme: SlotTheme, strips: readonly Uint8Array[]): number {
  const dists = strips.map((strip) => {
    const counts = new Map<number, number>();
    strip.forEach((s) => counts.set(s, (counts.get(s) ?? 0) + 1));
    return [...counts].map(([symbol, n]) => [symbol, n / strip.length] as const);
  });
  const line = new Uint8Array(SLOT_REELS);
  const identity = [0, 1, 2, 3, 4];
  let total = 0;
  const walk = (reel: number, p: number) => {
    if (reel === SLOT_REELS) {
      total += p * linePay(theme, identity, line, 0);
      return;
    }
    for (const [symbol, q] of dists[reel]) {
      line[reel] = symbol;
      walk(reel + 1, p * q);
    }
  };
  walk(0, 1);
  return total;
}

function setMaths(theme: SlotTheme, set: ReelSetName): SetMaths {
  const strips = theme.strips[set];
  const lines = expectedLinePay(theme, strips);
  // With scatters at least a window apart, a reel shows one in its window with probability
  // rows × count / length, independently of the other reels.
  let dist = [1];
  for (const strip of strips) {
    const p = (SLOT_ROWS * strip.filter((s) => s === SCATTER).length) / strip.length;
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k] += q * (1 - p);
      next[k + 1] += q * p;
    });
    dist = next;
  }
  let rtp = lines;
  dist.forEach((q, k) => {
    rtp += q * (scatterPay(theme, k) + freeSpinAward(theme, k) * theme.freeSpins.multiplier * lines);
  });
  return { lines, scatterProbabilities: dist, rtp };
}

/** Exact theoretical return of a reel set (1 = 100 %), from its strips alone. */
export function theoreticalRtp(theme: SlotTheme, set: ReelSetName): number {
  return slotMaths(theme)[set].rtp;
}

export function slotMaths(theme: SlotTheme): Record<ReelSetName, SetMaths> {
  let maths = mathsCache.get(theme);
  if (!maths) {
    maths = { rich: setMaths(theme, "rich"), lean: setMaths(theme, "lean") };
    mathsCache.set(theme, maths);
  }
  return maths;
}
