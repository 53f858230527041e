import type { Rng } from "./rng";

/**
 * The number-draw lottery for LOTT and ELOTT games: a 3-digit draw like the PCSO 3D "Swertres". The
 * server schedules the draws (drawTimes, drawNumberFor) and calls drawResult at each; tickets are
 * validated when bought and settled against the result.
 */

export type LotteryResult = [number, number, number];

/** Allowed stakes per ticket in centavos; multiples of 20 so the 1.95× markets pay exactly. */
export const LOTTERY_BET_STEPS: readonly bigint[] = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n];

export const TRADITION_MODES = ["straight", "rambol"] as const;
export type TraditionMode = (typeof TRADITION_MODES)[number];
export const ENTERTAINMENT_MARKETS = ["big", "small", "odd", "even"] as const;
export type EntertainmentMarket = (typeof ENTERTAINMENT_MARKETS)[number];

export type LotteryTicket =
  | { playType: "Tradition"; pick: string; mode: TraditionMode; betCentavos: bigint }
  | { playType: "Entertainment"; market: EntertainmentMarket; betCentavos: bigint };

/** Multiples of the stake credited on a win, stake included. */
export const STRAIGHT_PAYOUT = 450n;
export const RAMBOL_DISTINCT_PAYOUT = 75n;
export const RAMBOL_PAIR_PAYOUT = 150n;
/** 1.95×, as hundredths. */
export const ENTERTAINMENT_PAYOUT_HUNDREDTHS = 195n;

/**
 * Exact theoretical return of each market, in basis points (proved in lottery.test.ts over all 1000
 * results): straight 1/1000 × 450; rambol 6/1000 × 75 for three distinct digits and 3/1000 × 150 for
 * a pair, both 45 %; each Entertainment market holds 500 of the 1000 results, so 0.5 × 1.95 = 97.5 %.
 */
export const LOTTERY_RTP_BPS: Readonly<Record<TraditionMode | EntertainmentMarket, number>> = {
  straight: 4500,
  rambol: 4500,
  big: 9750,
  small: 9750,
  odd: 9750,
  even: 9750,
};

/** One draw: three independent digits. */
export function drawResult(rng: Rng): LotteryResult {
  return [rng.int(10), rng.int(10), rng.int(10)];
}

export interface TicketInput {
  playType: unknown;
  pick?: unknown;
  mode?: unknown;
  market?: unknown;
  betCentavos: unknown;
}

function oneOf<T extends string>(allowed: readonly T[], value: unknown, what: string): T {
  const lower = typeof value === "string" ? value.toLowerCase() : value;
  const found = allowed.find((a) => a === lower);
  if (found === undefined) throw new RangeError(`unknown ${what} "${String(value)}"`);
  return found;
}

/** A ticket as bought, normalised (lower-case options, exact stake), or a RangeError naming what is wrong. */
export function validateTicket(input: TicketInput): LotteryTicket {
  if (typeof input !== "object" || input === null) throw new RangeError("a lottery ticket must be an object");
  const { betCentavos } = input;
  if (typeof betCentavos !== "bigint" || !LOTTERY_BET_STEPS.includes(betCentavos)) {
    throw new RangeError(`a lottery stake must be one of ${LOTTERY_BET_STEPS.join(", ")} centavos, got ${String(betCentavos)}`);
  }
  const playType = oneOf(["tradition", "entertainment"], input.playType, "play type");
  if (playType === "tradition") {
    if (input.market !== undefined) throw new RangeError("a Tradition ticket has no market");
    const mode = oneOf(TRADITION_MODES, input.mode, "Tradition mode");
    // ASCII digits only: \d would not do, and a number would lose leading zeros.
    if (typeof input.pick !== "string" || !/^[0-9]{3}$/.test(input.pick)) {
      throw new RangeError("a Tradition pick is three digits, 000 to 999");
    }
    if (mode === "rambol" && new Set(input.pick).size === 1) throw new RangeError("a triple cannot be played rambol");
    return { playType: "Tradition", pick: input.pick, mode, betCentavos };
  }
  if (input.pick !== undefined || input.mode !== undefined) throw new RangeError("an Entertainment ticket has no pick or mode");
  return { playType: "Entertainment", market: oneOf(ENTERTAINMENT_MARKETS, input.market, "Entertainment market"), betCentavos };
}

function assertResult(result: readonly number[]): void {
  if (!Array.isArray(result) || result.length !== 3 || !result.every((d) => Number.isInteger(d) && d >= 0 && d <= 9)) {
    throw new RangeError("a lottery result is three digits");
  }
}

const sorted = (digits: string) => [...digits].sort().join("");

/** What the wallet credits for a ticket at a draw, stake included; 0n when it lost. */
export function settleTicket(ticket: LotteryTicket, result: readonly number[]): bigint {
  // Tickets come back from storage before settling: check them again rather than trust the row.
  const valid = validateTicket(ticket);
  assertResult(result);
  const drawn = result.join("");
  if (valid.playType === "Tradition") {
    if (valid.mode === "straight") return valid.pick === drawn ? valid.betCentavos * STRAIGHT_PAYOUT : 0n;
    if (sorted(valid.pick) !== sorted(drawn)) return 0n;
    return valid.betCentavos * (new Set(valid.pick).size === 3 ? RAMBOL_DISTINCT_PAYOUT : RAMBOL_PAIR_PAYOUT);
  }
  const sum = result[0] + result[1] + result[2];
  const won = { big: sum >= 14, small: sum <= 13, odd: sum % 2 === 1, even: sum % 2 === 0 }[valid.market];
  return won ? (valid.betCentavos * ENTERTAINMENT_PAYOUT_HUNDREDTHS) / 100n : 0n;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function assertInterval(intervalMinutes: number): void {
  // Dividing the day evenly keeps draws on the clock (10:00, 10:05 …) and numbering restarting at midnight UTC.
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < 1 || 1440 % intervalMinutes !== 0) {
    throw new RangeError(`a draw interval must be a whole number of minutes dividing a day, got ${intervalMinutes}`);
  }
}

function assertDate(date: Date): void {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new RangeError("not a valid date");
}

/** The first draw at or after `date`: draws fall on multiples of the interval since midnight UTC. */
function nextDrawMs(date: Date, intervalMinutes: number): number {
  const step = intervalMinutes * MINUTE_MS;
  return Math.ceil(date.getTime() / step) * step;
}

/** The next `count` draw times at or after `from`, aligned on the clock (every 5 minutes: 10:00, 10:05 …). */
export function drawTimes(intervalMinutes: number, from: Date, count: number): Date[] {
  assertInterval(intervalMinutes);
  assertDate(from);
  if (!Number.isInteger(count) || count < 1 || count > 1440)
    throw new RangeError(`a schedule lists 1 to 1440 draws, got ${count}`);
  const first = nextDrawMs(from, intervalMinutes);
  return Array.from({ length: count }, (_, i) => new Date(first + i * intervalMinutes * MINUTE_MS));
}

/**
 * The id of the draw a ticket bought at `date` goes into (the first draw at or after it): its UTC day
 * and its 1-based number within that day, "YYYYMMDD-NNNN". The 00:00 draw is number 0001 of its day,
 * so a ticket bought at 23:58 with 5-minute draws is in the next day's 0001.
 */
export function drawNumberFor(date: Date, intervalMinutes: number): string {
  assertInterval(intervalMinutes);
  assertDate(date);
  const at = nextDrawMs(date, intervalMinutes);
  const dayStart = Math.floor(at / DAY_MS) * DAY_MS;
  const n = (at - dayStart) / (intervalMinutes * MINUTE_MS) + 1;
  const day = new Date(dayStart).toISOString().slice(0, 10).replaceAll("-", "");
  return `${day}-${String(n).padStart(4, "0")}`;
}
