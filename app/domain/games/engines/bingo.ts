import type { Rng } from "./rng";

/**
 * 75-ball bingo for the catalogue's BG games: one card, a fixed draw of BINGO_DRAW_SIZE balls, paid
 * by how many lines the draw completes. A fixed draw (rather than "play until someone wins") keeps a
 * round single-player and settled in one call, which is what the seamless-wallet bet+win pair needs.
 */

export const BINGO_BALLS = 75;

/** 40 of 75 balls: about 45 % of rounds complete at least one line, so a line pays a modest win often. */
export const BINGO_DRAW_SIZE = 40;

/** Allowed stakes in centavos; multiples of 20 like every engine's, so any fractional prize stays exact. */
export const BINGO_BET_STEPS: readonly bigint[] = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n];

/**
 * Multiple of the bet paid for the number of lines completed (index = lines, of the 12 rows, columns
 * and diagonals). Completing all 12 lines is the full card (blackout), which pays the last entry.
 */
export const BINGO_PAYTABLE: readonly number[] = [0, 1, 3, 10, 15, 50, 100, 100, 100, 100, 100, 100, 5000];

/**
 * Theoretical return of BINGO_PAYTABLE with a draw of BINGO_DRAW_SIZE, in basis points: 95.490 %,
 * computed exactly in bingo.test.ts by enumerating every subset of the card's 24 numbers that a draw
 * can mark (weighted by the hypergeometric law of how many the draw hits), and confirmed there by a
 * seeded simulation of the engine itself.
 */
export const BINGO_RTP_BPS = 9549;

/** The card's column headings, left to right. */
export const BINGO_COLUMNS = ["B", "I", "N", "G", "O"] as const;
const SIZE = 5;
const CENTRE = 2;

export type BingoLineKind = "row" | "column" | "diagonal";

export interface BingoLine {
  kind: BingoLineKind;
  /** Row or column index 0–4; for diagonals 0 runs top-left to bottom-right, 1 top-right to bottom-left. */
  index: number;
  /** [row, column] of each cell of the line. */
  cells: [number, number][];
  /** The ball that completed the line. */
  ball: number;
  /** Its position in the draw, 1-based: the line was complete after this many balls. */
  drawnAt: number;
}

export interface BingoOutcome {
  betCentavos: bigint;
  /** The card by row then column (columns BINGO_COLUMNS); null is the free centre. */
  card: (number | null)[][];
  /** The balls in the order drawn. */
  balls: number[];
  /** Which cells the draw marked, by row then column; the free centre is always marked. */
  marked: boolean[][];
  /** Completed lines in the order they completed. */
  lines: BingoLine[];
  blackout: boolean;
  /** Multiple of the bet paid (from BINGO_PAYTABLE). */
  multiplier: number;
  /** What the wallet credits for the round; 0n when no line completed. */
  winCentavos: bigint;
}

function assertBet(betCentavos: bigint): void {
  if (typeof betCentavos !== "bigint" || !BINGO_BET_STEPS.includes(betCentavos)) {
    throw new RangeError(`a bingo bet must be one of ${BINGO_BET_STEPS.join(", ")} centavos, got ${String(betCentavos)}`);
  }
}

/** `count` distinct numbers of first..first+span-1, in the order drawn (a partial Fisher–Yates shuffle). */
function drawDistinct(rng: Rng, first: number, span: number, count: number): number[] {
  const pool: number[] = [];
  for (let i = 0; i < span; i++) pool.push(first + i);
  for (let i = 0; i < count; i++) {
    const j = i + rng.int(span - i);
    const picked = pool[j];
    pool[j] = pool[i];
    pool[i] = picked;
  }
  pool.length = count;
  return pool;
}

function dealCard(rng: Rng): (number | null)[][] {
  const columns = BINGO_COLUMNS.map((_, col) => {
    const numbers: (number | null)[] = drawDistinct(rng, col * 15 + 1, 15, col === CENTRE ? SIZE - 1 : SIZE);
    if (col === CENTRE) numbers.splice(CENTRE, 0, null);
    return numbers;
  });
  return Array.from({ length: SIZE }, (_, row) => columns.map((column) => column[row]));
}

const LINES: { kind: BingoLineKind; index: number; cells: [number, number][] }[] = [
  ...Array.from({ length: SIZE }, (_, r) => ({
    kind: "row" as const,
    index: r,
    cells: Array.from({ length: SIZE }, (_, c): [number, number] => [r, c]),
  })),
  ...Array.from({ length: SIZE }, (_, c) => ({
    kind: "column" as const,
    index: c,
    cells: Array.from({ length: SIZE }, (_, r): [number, number] => [r, c]),
  })),
  { kind: "diagonal", index: 0, cells: Array.from({ length: SIZE }, (_, i): [number, number] => [i, i]) },
  { kind: "diagonal", index: 1, cells: Array.from({ length: SIZE }, (_, i): [number, number] => [i, SIZE - 1 - i]) },
];

/** One round: deal a card, draw the balls, mark, and pay by the lines completed. */
export function playBingo(input: { betCentavos: bigint }, rng: Rng): BingoOutcome {
  assertBet(input.betCentavos);
  const card = dealCard(rng);
  const balls = drawDistinct(rng, 1, BINGO_BALLS, BINGO_DRAW_SIZE);

  // 1-based draw position of each ball; 0 = not drawn.
  const drawnAt = new Array<number>(BINGO_BALLS + 1).fill(0);
  balls.forEach((ball, i) => (drawnAt[ball] = i + 1));

  const marked = card.map((row) => row.map((n) => n === null || drawnAt[n] > 0));
  const lines: BingoLine[] = [];
  for (const line of LINES) {
    let last = 0;
    for (const [r, c] of line.cells) {
      const n = card[r][c];
      if (n === null) continue;
      if (drawnAt[n] === 0) {
        last = -1;
        break;
      }
      last = Math.max(last, drawnAt[n]);
    }
    if (last < 0) continue;
    lines.push({
      kind: line.kind,
      index: line.index,
      cells: line.cells.map(([r, c]) => [r, c]),
      ball: balls[last - 1],
      drawnAt: last,
    });
  }
  // Stable sort: lines completed by the same ball keep rows, columns, diagonals order.
  lines.sort((a, b) => a.drawnAt - b.drawnAt);

  const blackout = marked.every((row) => row.every(Boolean));
  const multiplier = BINGO_PAYTABLE[lines.length];
  return {
    betCentavos: input.betCentavos,
    card,
    balls,
    marked,
    lines,
    blackout,
    multiplier,
    winCentavos: input.betCentavos * BigInt(multiplier),
  };
}
