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
 *
 * The paytable is read in slot-pays.ts, the sets' exact returns are computed in slot-maths.ts.
 */
import { type Rng } from "./rng";
import {
  SLOT_BET_STEPS_CENTAVOS,
  SLOT_LINE_COUNT,
  SLOT_REELS,
  SLOT_ROWS,
  SLOT_RTP_RANGE_BPS,
  type ReelSetName,
  type SlotTheme,
} from "./slot-definition";
import { slotMaths } from "./slot-maths";
import { fillGrid, freeSpinAward, lastLine, LINE_CELLS, linePay, scatterCount, scatterPay, toIds } from "./slot-pays";

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
      if (trace) lines.push({ line: l + 1, symbol: lastLine.symbol, count: lastLine.count, pay });
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
