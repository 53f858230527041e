/**
 * What a BGS slot theme is: the grid (5 reels of 3 rows, 20 fixed paylines), the bet steps, and a theme's
 * symbols, paytable and two reel-strip sets ("rich" and "lean", whose exact returns bracket every
 * allowed RTP target; ./slot.ts evaluates and spins them).
 */
import { hashString } from "~/utils/hash";
import { seededRng } from "./rng";

export const SLOT_REELS = 5;
export const SLOT_ROWS = 3;
export const SLOT_LINE_COUNT = 20;

/** Every step is a multiple of 20 centavos, so the line bet is exact; they include the catalogue's minimum bets. */
export const SLOT_BET_STEPS_CENTAVOS: readonly bigint[] = [100n, 200n, 300n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n];

/** Basis points of the total stake returned on average; a brand chooses within this range. */
export const SLOT_RTP_RANGE_BPS = { min: 8500, max: 9800 } as const;
export const SLOT_DEFAULT_RTP_BPS = 9600;

/** Row (0 top, 2 bottom) on each reel, line 1 first: the usual 20-line layout. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

export type ReelSetName = "rich" | "lean";
export const REEL_SETS: readonly ReelSetName[] = ["rich", "lean"];

/** Pays by count of a kind, index 0..5; multiples of the line bet. */
export type LinePays = readonly [number, number, number, number, number, number];

export interface SlotThemeSpec {
  id: string;
  name: string;
  wild: { id: string; name: string; pays: LinePays };
  scatter: { id: string; name: string };
  /** Highest paying first. */
  symbols: readonly { id: string; name: string; pays: LinePays }[];
  /** Multiples of the total bet for 3, 4 and 5 scatters anywhere. */
  scatterPays: readonly [number, number, number];
  /** Free spins awarded for 3, 4 and 5 scatters, and the multiplier of their line wins. */
  freeSpins: { awards: readonly [number, number, number]; multiplier: number };
  /**
   * Per set, per reel: how many of each symbol the strip holds, in the order wild, scatter, then
   * `symbols`. The layout is derived from the counts; the RTP depends only on the counts.
   */
  reelCounts: Record<ReelSetName, readonly (readonly number[])[]>;
}

export interface SlotSymbol {
  id: string;
  name: string;
  kind: "wild" | "scatter" | "line";
}

export interface SlotTheme {
  id: string;
  name: string;
  symbols: readonly SlotSymbol[];
  scatterPays: readonly [number, number, number];
  freeSpins: { awards: readonly [number, number, number]; multiplier: number };
  /** Symbol indexes into `symbols`, per set, per reel. */
  strips: Record<ReelSetName, readonly Uint8Array[]>;
  /** Flat [symbol * 6 + count]. */
  pays: Int32Array;
  wild: number;
  scatter: number;
}

/** Symbol indexes every theme shares: the wild first, then the scatter. */
export const WILD = 0;
export const SCATTER = 1;

function checkPays(owner: string, pays: readonly number[]): void {
  if (pays.length !== 6 || pays.some((p) => !Number.isSafeInteger(p) || p < 0) || pays[0] !== 0 || pays[1] !== 0) {
    throw new Error(`${owner}: pays must be 6 non-negative integers, none for 0 or 1 of a kind`);
  }
}

/** Lays the counts out as a strip: scatters evenly spaced, the rest in a fixed shuffle per reel. */
function layStrip(themeId: string, set: ReelSetName, reel: number, counts: readonly number[]): Uint8Array {
  const length = counts.reduce((a, b) => a + b, 0);
  const strip = new Uint8Array(length);
  const scatters = counts[SCATTER];
  const isScatter = new Array<boolean>(length).fill(false);
  for (let k = 0; k < scatters; k++) isScatter[Math.floor((k * length) / scatters)] = true;
  const others: number[] = [];
  counts.forEach((n, symbol) => {
    if (symbol !== SCATTER) for (let i = 0; i < n; i++) others.push(symbol);
  });
  const rng = seededRng(hashString(`${themeId}:${set}:${reel}`));
  for (let i = others.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [others[i], others[j]] = [others[j], others[i]];
  }
  let next = 0;
  for (let p = 0; p < length; p++) strip[p] = isScatter[p] ? SCATTER : others[next++];
  return strip;
}

/** The closest two scatters on a strip, counted around the reel; Infinity with fewer than two. */
export function scatterSpacing(strip: Uint8Array): number {
  const at: number[] = [];
  strip.forEach((s, i) => s === SCATTER && at.push(i));
  if (at.length < 2) return Infinity;
  let min = at[0] + strip.length - at[at.length - 1];
  for (let i = 1; i < at.length; i++) min = Math.min(min, at[i] - at[i - 1]);
  return min;
}

export function defineSlotTheme(spec: SlotThemeSpec): SlotTheme {
  const symbols: SlotSymbol[] = [
    { id: spec.wild.id, name: spec.wild.name, kind: "wild" },
    { id: spec.scatter.id, name: spec.scatter.name, kind: "scatter" },
    ...spec.symbols.map((s) => ({ id: s.id, name: s.name, kind: "line" as const })),
  ];
  if (new Set(symbols.map((s) => s.id)).size !== symbols.length) throw new Error(`${spec.id}: duplicate symbol ids`);
  const pays = new Int32Array(symbols.length * 6);
  checkPays(`${spec.id} wild`, spec.wild.pays);
  pays.set(spec.wild.pays, WILD * 6);
  spec.symbols.forEach((s, i) => {
    checkPays(`${spec.id} ${s.id}`, s.pays);
    pays.set(s.pays, (i + 2) * 6);
  });
  const strips = {} as Record<ReelSetName, Uint8Array[]>;
  for (const set of REEL_SETS) {
    const reels = spec.reelCounts[set];
    if (reels.length !== SLOT_REELS) throw new Error(`${spec.id} ${set}: needs ${SLOT_REELS} reels`);
    strips[set] = reels.map((counts, reel) => {
      if (counts.length !== symbols.length || counts.some((n) => !Number.isInteger(n) || n < 0)) {
        throw new Error(`${spec.id} ${set} reel ${reel + 1}: one count per symbol`);
      }
      const strip = layStrip(spec.id, set, reel, counts);
      // Two scatters in one window would break the per-reel scatter probability theoreticalRtp relies on.
      if (strip.length < SLOT_ROWS || scatterSpacing(strip) < SLOT_ROWS) {
        throw new Error(`${spec.id} ${set} reel ${reel + 1}: scatters must be at least ${SLOT_ROWS} apart`);
      }
      return strip;
    });
  }
  return {
    id: spec.id,
    name: spec.name,
    symbols,
    scatterPays: spec.scatterPays,
    freeSpins: spec.freeSpins,
    strips,
    pays,
    wild: WILD,
    scatter: SCATTER,
  };
}
