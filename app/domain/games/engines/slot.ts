/**
 * The BGS video slot: 5 reels of 3 rows, 20 fixed paylines, a wild, a scatter and free spins.
 *
 * Pays are integers: line pays are multiples of the line bet (bet / 20), scatter pays multiples of
 * the total bet, so every win is an exact number of centavos. The engine counts a round in line-bet
 * units and converts to centavos once, with bigint.
 *
 * Return to player: each theme has a generous ("rich") and a mean ("lean") set of reel strips whose
 * exact RTPs bracket every allowed target. A spin first picks the rich set with probability
 * w = (target - lean) / (rich - lean), so the expected return is the target, then spins that set.
 * Free spins replay the set that triggered them and cannot retrigger, which keeps the RTP of a set a
 * closed formula (theoreticalRtp) rather than a recursion.
 */
import { type Rng } from "./rng";
import {
  SCATTER,
  SLOT_BET_STEPS_CENTAVOS,
  SLOT_LINE_COUNT,
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_ROWS,
  SLOT_RTP_RANGE_BPS,
  WILD,
  type ReelSetName,
  type SlotTheme,
} from "./slot-definition";

// --- evaluation -------------------------------------------------------------------------------

const LINE_CELLS = Int8Array.from(SLOT_PAYLINES.flatMap((rows) => rows.map((row, reel) => row * SLOT_REELS + reel)));

let lastSymbol = 0;
let lastCount = 0;

/**
 * The pay of the five symbols on a line, left to right from reel 1, the highest win only: the run of
 * leading wilds paid as wilds, or the first other symbol with the wilds before and after it. The
 * scatter breaks a line and is never substituted. Leaves the paying symbol and count in
 * lastSymbol/lastCount, which keeps the simulation free of allocations.
 */
function linePay(theme: SlotTheme, cells: ArrayLike<number>, grid: ArrayLike<number>, base: number): number {
  const pays = theme.pays;
  let wilds = 0;
  while (wilds < SLOT_REELS && grid[cells[base + wilds]] === WILD) wilds++;
  let best = pays[WILD * 6 + wilds];
  lastSymbol = WILD;
  lastCount = wilds;
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
        lastSymbol = target;
        lastCount = n;
      }
    }
  }
  return best;
}

function scatterCount(grid: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] === SCATTER) n++;
  return n;
}

function scatterPay(theme: SlotTheme, count: number): number {
  return count >= 3 ? theme.scatterPays[Math.min(count, 5) - 3] : 0;
}

function freeSpinAward(theme: SlotTheme, count: number): number {
  return count >= 3 ? theme.freeSpins.awards[Math.min(count, 5) - 3] : 0;
}

/** Fills grid (row * 5 + reel) from one stop per reel; the stop shows on the top row. */
function fillGrid(strips: readonly Uint8Array[], stops: ArrayLike<number>, grid: Uint8Array): void {
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
  return pay > 0 ? { symbol: theme.symbols[lastSymbol].id, count: lastCount, pay } : null;
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
    if (pay > 0) lines.push({ line: l + 1, symbol: theme.symbols[lastSymbol].id, count: lastCount, pay });
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

function toIds(theme: SlotTheme, cells: Uint8Array): string[][] {
  return Array.from({ length: SLOT_ROWS }, (_, row) =>
    Array.from({ length: SLOT_REELS }, (_, reel) => theme.symbols[cells[row * SLOT_REELS + reel]].id),
  );
}

// --- exact return to player -------------------------------------------------------------------

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

const TWO_32 = 2 ** 32;

/** Out of 2**32: the chance a spin uses the rich set for a target. */
function richThreshold(theme: SlotTheme, rtpBps: number): number {
  const { rich, lean } = slotMaths(theme);
  const w = (rtpBps / 10_000 - lean.rtp) / (rich.rtp - lean.rtp);
  if (!(w >= 0 && w <= 1)) throw new Error(`${theme.id}: its reel sets cannot reach ${rtpBps} bps`);
  return Math.round(w * TWO_32);
}

function checkRtp(rtpBps: number): void {
  if (!Number.isInteger(rtpBps) || rtpBps < SLOT_RTP_RANGE_BPS.min || rtpBps > SLOT_RTP_RANGE_BPS.max) {
    throw new RangeError(`rtpBps must be an integer in [${SLOT_RTP_RANGE_BPS.min}, ${SLOT_RTP_RANGE_BPS.max}]`);
  }
}

// --- rounds -----------------------------------------------------------------------------------

interface RoundTrace {
  set: ReelSetName;
  spins: { stops: number[]; cells: Uint8Array; lines: { line: number; symbol: number; count: number; pay: number }[] }[];
  scatterCount: number;
}

const scratchStops = new Int32Array(SLOT_REELS);
const scratchGrid = new Uint8Array(SLOT_ROWS * SLOT_REELS);

/** Line pays of one spin of a set, in line-bet units; draws one stop per reel. */
function spinLines(theme: SlotTheme, strips: readonly Uint8Array[], rng: Rng, trace: RoundTrace | null): number {
  for (let reel = 0; reel < SLOT_REELS; reel++) scratchStops[reel] = rng.int(strips[reel].length);
  fillGrid(strips, scratchStops, scratchGrid);
  let units = 0;
  const lines: RoundTrace["spins"][number]["lines"] = [];
  for (let l = 0; l < SLOT_LINE_COUNT; l++) {
    const pay = linePay(theme, LINE_CELLS, scratchGrid, l * SLOT_REELS);
    if (pay > 0) {
      units += pay;
      if (trace) lines.push({ line: l + 1, symbol: lastSymbol, count: lastCount, pay });
    }
  }
  trace?.spins.push({ stops: Array.from(scratchStops), cells: scratchGrid.slice(), lines });
  return units;
}

interface RoundUnits {
  /** Everything won, in line-bet units (the free spins' multiplier applied). */
  units: number;
  lineUnits: number;
  scatterUnits: number;
  freeSpinUnits: number;
  freeSpins: number;
  set: ReelSetName;
}

/**
 * One paid spin and its free spins. Draw order, which replays rely on: the reel set (one draw of
 * 2**32), the five stops, then five stops per free spin.
 */
function playRound(theme: SlotTheme, threshold: number, rng: Rng, trace: RoundTrace | null): RoundUnits {
  const set: ReelSetName = rng.int(TWO_32) < threshold ? "rich" : "lean";
  const strips = theme.strips[set];
  const lineUnits = spinLines(theme, strips, rng, trace);
  const scatters = scatterCount(scratchGrid);
  const scatterUnits = scatterPay(theme, scatters) * SLOT_LINE_COUNT;
  const freeSpins = freeSpinAward(theme, scatters);
  let freeSpinUnits = 0;
  for (let i = 0; i < freeSpins; i++) freeSpinUnits += spinLines(theme, strips, rng, trace);
  freeSpinUnits *= theme.freeSpins.multiplier;
  if (trace) {
    trace.set = set;
    trace.scatterCount = scatters;
  }
  return { units: lineUnits + scatterUnits + freeSpinUnits, lineUnits, scatterUnits, freeSpinUnits, freeSpins, set };
}

export interface SlotLineWin {
  line: number;
  symbol: string;
  count: number;
  winCentavos: string;
}

export interface SlotFreeSpin {
  stops: number[];
  grid: string[][];
  lineWins: SlotLineWin[];
  winCentavos: string;
}

/** What a round stores: plain JSON, centavos as decimal strings. */
export interface SlotOutcome {
  engine: "slot";
  themeId: string;
  rtpBps: number;
  betCentavos: string;
  lineBetCentavos: string;
  reelSet: ReelSetName;
  stops: number[];
  grid: string[][];
  lineWins: SlotLineWin[];
  scatter: { count: number; winCentavos: string };
  freeSpins: { awarded: number; multiplier: number; spins: SlotFreeSpin[]; winCentavos: string };
  totalWinCentavos: string;
}

export interface SlotSpinResult {
  totalWinCentavos: bigint;
  outcome: SlotOutcome;
}

export interface SpinOptions {
  betCentavos: bigint;
  rtpBps: number;
}

function checkBet(betCentavos: bigint): void {
  if (typeof betCentavos !== "bigint" || !SLOT_BET_STEPS_CENTAVOS.includes(betCentavos)) {
    throw new RangeError(`the bet must be one of ${SLOT_BET_STEPS_CENTAVOS.join(", ")} centavos`);
  }
}

export function spin(theme: SlotTheme, { betCentavos, rtpBps }: SpinOptions, rng: Rng): SlotSpinResult {
  checkBet(betCentavos);
  checkRtp(rtpBps);
  const lineBet = betCentavos / BigInt(SLOT_LINE_COUNT);
  const trace: RoundTrace = { set: "lean", spins: [], scatterCount: 0 };
  const round = playRound(theme, richThreshold(theme, rtpBps), rng, trace);
  const centavos = (units: number) => BigInt(units) * lineBet;
  const lineWins = (lines: RoundTrace["spins"][number]["lines"], multiplier: number): SlotLineWin[] =>
    lines.map((w) => ({
      line: w.line,
      symbol: theme.symbols[w.symbol].id,
      count: w.count,
      winCentavos: centavos(w.pay * multiplier).toString(),
    }));
  const [base, ...free] = trace.spins;
  const multiplier = theme.freeSpins.multiplier;
  const total = centavos(round.units);
  return {
    totalWinCentavos: total,
    outcome: {
      engine: "slot",
      themeId: theme.id,
      rtpBps,
      betCentavos: betCentavos.toString(),
      lineBetCentavos: lineBet.toString(),
      reelSet: trace.set,
      stops: base.stops,
      grid: toIds(theme, base.cells),
      lineWins: lineWins(base.lines, 1),
      scatter: { count: trace.scatterCount, winCentavos: centavos(round.scatterUnits).toString() },
      freeSpins: {
        awarded: round.freeSpins,
        multiplier,
        spins: free.map((s) => ({
          stops: s.stops,
          grid: toIds(theme, s.cells),
          lineWins: lineWins(s.lines, multiplier),
          winCentavos: centavos(s.lines.reduce((a, w) => a + w.pay, 0) * multiplier).toString(),
        })),
        winCentavos: centavos(round.freeSpinUnits).toString(),
      },
      totalWinCentavos: total.toString(),
    },
  };
}

export interface SlotSimulation {
  spins: number;
  /** Everything won, counted in line bets (an exact integer; a twentieth of a bet each). */
  wonLineBets: number;
  /** Total won over total staked. */
  rtp: number;
  /** Share of paid spins that won anything. */
  hitFrequency: number;
  /** Standard deviation of one spin's win divided by its bet. */
  stdDev: number;
  freeSpinTriggers: number;
  richSpins: number;
}

/**
 * Plays rounds through the same code as spin, without building outcomes, and measures them. The
 * bet does not matter (every win is a multiple of the line bet), so it counts in line-bet units.
 */
export function simulateSlot(theme: SlotTheme, rtpBps: number, spins: number, rng: Rng): SlotSimulation {
  checkRtp(rtpBps);
  if (!Number.isSafeInteger(spins) || spins < 1) throw new RangeError("spins must be a positive integer");
  const threshold = richThreshold(theme, rtpBps);
  let richSpins = 0;
  let won = 0;
  let squares = 0;
  let hits = 0;
  let triggers = 0;
  for (let i = 0; i < spins; i++) {
    const r = playRound(theme, threshold, rng, null);
    won += r.units;
    const x = r.units / SLOT_LINE_COUNT;
    squares += x * x;
    if (r.units > 0) hits++;
    if (r.freeSpins > 0) triggers++;
    if (r.set === "rich") richSpins++;
  }
  const mean = won / SLOT_LINE_COUNT / spins;
  return {
    spins,
    wonLineBets: won,
    rtp: mean,
    hitFrequency: hits / spins,
    stdDev: Math.sqrt(Math.max(0, squares / spins - mean * mean)),
    freeSpinTriggers: triggers,
    richSpins,
  };
}
