/**
 * How the BGS video slot's paytable reads a grid (slot.ts): the pays of a line, the scatters and the
 * free spins they award. The hot paths (linePay) work on symbol indexes in flat arrays.
 */
import {
  SCATTER,
  SLOT_LINE_COUNT,
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_ROWS,
  WILD,
  type ReelSetName,
  type SlotTheme,
} from "./slot-definition";

export const LINE_CELLS = Int8Array.from(SLOT_PAYLINES.flatMap((rows) => rows.map((row, reel) => row * SLOT_REELS + reel)));

/** The paying symbol and count of the last line linePay read: the simulation allocates nothing per line. */
export const lastLine = { symbol: 0, count: 0 };

/**
 * The pay of the five symbols on a line, left to right from reel 1, the highest win only: the run of
 * leading wilds paid as wilds, or the first other symbol with the wilds before and after it. The
 * scatter breaks a line and is never substituted. Leaves the paying symbol and count in
 * lastLine.
 */
export function linePay(theme: SlotTheme, cells: ArrayLike<number>, grid: ArrayLike<number>, base: number): number {
  const pays = theme.pays;
  let wilds = 0;
  while (wilds < SLOT_REELS && grid[cells[base + wilds]] === WILD) wilds++;
  let best = pays[WILD * 6 + wilds];
  lastLine.symbol = WILD;
  lastLine.count = wilds;
  if (wilds < SLOT_REELS) {
    const target = grid[cells[base + wilds]];
    if (target !== SCATTER) {
      let n = wilds + 1;
      while (n < SLOT_REELS) {
        const s = grid[cells[base + n]];
        if (s !== target && s !== WILD) break;
        n++;
      }
      const pay = pays[target * 6 + n];
      if (pay > best) {
        best = pay;
        lastLine.symbol = target;
        lastLine.count = n;
      }
    }
  }
  return best;
}

export function scatterCount(grid: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] === SCATTER) n++;
  return n;
}

export function scatterPay(theme: SlotTheme, count: number): number {
  return count >= 3 ? theme.scatterPays[Math.min(count, 5) - 3] : 0;
}

export function freeSpinAward(theme: SlotTheme, count: number): number {
  return count >= 3 ? theme.freeSpins.awards[Math.min(count, 5) - 3] : 0;
}

/** Fills grid (row * 5 + reel) from one stop per reel; the stop shows on the top row. */
export function fillGrid(strips: readonly Uint8Array[], stops: ArrayLike<number>, grid: Uint8Array): void {
  for (let reel = 0; reel < SLOT_REELS; reel++) {
    const strip = strips[reel];
    for (let row = 0; row < SLOT_ROWS; row++) grid[row * SLOT_REELS + reel] = strip[(stops[reel] + row) % strip.length];
  }
}

function symbolIndex(theme: SlotTheme, id: string): number {
  const i = theme.symbols.findIndex((s) => s.id === id);
  if (i === -1) throw new RangeError(`${theme.id} has no symbol ${id}`);
  return i;
}

export interface LineEvaluation {
  symbol: string;
  count: number;
  /** Multiple of the line bet. */
  pay: number;
}

/** One line of five symbol ids, or null when it pays nothing. */
export function evaluateLine(theme: SlotTheme, symbolIds: readonly string[]): LineEvaluation | null {
  if (symbolIds.length !== SLOT_REELS) throw new RangeError(`a line has ${SLOT_REELS} symbols`);
  const syms = symbolIds.map((id) => symbolIndex(theme, id));
  const pay = linePay(theme, [0, 1, 2, 3, 4], syms, 0);
  return pay > 0 ? { symbol: theme.symbols[lastLine.symbol].id, count: lastLine.count, pay } : null;
}

export interface GridEvaluation {
  /** line is 1-based; pay a multiple of the line bet. */
  lines: { line: number; symbol: string; count: number; pay: number }[];
  scatterCount: number;
  /** Multiple of the total bet. */
  scatterPay: number;
  freeSpins: number;
}

/** A 3×5 grid of symbol ids (grid[row][reel]) as the paytable reads it. */
export function evaluateGrid(theme: SlotTheme, grid: readonly (readonly string[])[]): GridEvaluation {
  if (grid.length !== SLOT_ROWS || grid.some((row) => row.length !== SLOT_REELS)) {
    throw new RangeError(`a grid is ${SLOT_ROWS} rows of ${SLOT_REELS}`);
  }
  const cells = Uint8Array.from(grid.flatMap((row) => row.map((id) => symbolIndex(theme, id))));
  const lines: GridEvaluation["lines"] = [];
  for (let l = 0; l < SLOT_LINE_COUNT; l++) {
    const pay = linePay(theme, LINE_CELLS, cells, l * SLOT_REELS);
    if (pay > 0) lines.push({ line: l + 1, symbol: theme.symbols[lastLine.symbol].id, count: lastLine.count, pay });
  }
  const count = scatterCount(cells);
  return { lines, scatterCount: count, scatterPay: scatterPay(theme, count), freeSpins: freeSpinAward(theme, count) };
}

/** The symbol ids a set shows for the given stops, grid[row][reel]. */
export function gridAt(theme: SlotTheme, set: ReelSetName, stops: readonly number[]): string[][] {
  const cells = new Uint8Array(SLOT_ROWS * SLOT_REELS);
  fillGrid(theme.strips[set], stops, cells);
  return toIds(theme, cells);
}

export function toIds(theme: SlotTheme, cells: Uint8Array): string[][] {
  return Array.from({ length: SLOT_ROWS }, (_, row) =>
    Array.from({ length: SLOT_REELS }, (_, reel) => theme.symbols[cells[row * SLOT_REELS + reel]].id),
  );
}
