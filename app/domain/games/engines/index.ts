import { playBaccarat, BACCARAT_SPOTS, type BaccaratBets } from "./baccarat";
import { playBingo } from "./bingo";
import { volley, FISH_TARGETS, type FishTarget } from "./catch";
import { COLOURS, playColourGame, type Colour } from "./colour-game";
import type { Rng } from "./rng";
import { spin } from "./slot";
import { slotThemeById } from "./slot-themes";

/**
 * Every instant engine behind one signature, so a round is stored as (engine, input, draws) and can
 * be played again from those alone: `input` is plain JSON (centavos as decimal strings), checked here;
 * anything outside the engine's rules is a RangeError.
 */

export const INSTANT_ENGINES = ["slot", "bingo", "baccarat", "colour", "catch"] as const;
export type InstantEngine = (typeof INSTANT_ENGINES)[number];
export type EngineId = InstantEngine | "lottery";

export interface EngineRound {
  bet: bigint;
  win: bigint;
  /** Plain JSON: what the screen shows and the audit replays. */
  outcome: Record<string, unknown>;
}

export type EngineInput = Record<string, unknown>;

/** The engine a catalogue game plays on in the in-house server (spec §9 categories). */
export function engineFor(game: { gameType: string; gameClassify: string | null }): EngineId {
  switch (game.gameType) {
    case "RNG":
      return game.gameClassify === "BG" ? "bingo" : "slot";
    case "FISH":
      return "catch";
    case "LIVE":
      return "baccarat";
    case "LOTT":
    case "ELOTT":
      return "lottery";
    default:
      // PVP, SPORTS, ESPORTS, COCKFIGHT: a quick table round of the Philippine colour game.
      return "colour";
  }
}

function centavos(v: unknown, what: string): bigint {
  if (typeof v !== "string" || !/^\d{1,12}$/.test(v)) throw new RangeError(`${what} must be centavos as a decimal string`);
  return BigInt(v);
}

function stakes<K extends string>(v: unknown, keys: readonly K[]): Partial<Record<K, bigint>> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new RangeError("bets must be an object");
  const out: Partial<Record<K, bigint>> = {};
  for (const [k, s] of Object.entries(v)) {
    if (!(keys as readonly string[]).includes(k)) throw new RangeError(`unknown bet "${k}"`);
    out[k as K] = centavos(s, `the stake on ${k}`);
  }
  return out;
}

/** bigint → decimal string, everywhere in a value, so an outcome can be stored and sent as JSON. */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

const asRecord = (v: unknown) => jsonSafe(v) as Record<string, unknown>;

export const ENGINES: Record<InstantEngine, (input: EngineInput, rng: Rng) => EngineRound> = {
  slot(input, rng) {
    const theme = typeof input.themeId === "string" ? slotThemeById(input.themeId) : undefined;
    if (!theme) throw new RangeError("unknown slot theme");
    if (typeof input.rtpBps !== "number") throw new RangeError("rtpBps must be a number");
    const bet = centavos(input.bet, "the bet");
    const r = spin(theme, { betCentavos: bet, rtpBps: input.rtpBps }, rng);
    return { bet, win: r.totalWinCentavos, outcome: asRecord(r.outcome) };
  },
  bingo(input, rng) {
    const bet = centavos(input.bet, "the bet");
    const r = playBingo({ betCentavos: bet }, rng);
    return { bet, win: r.winCentavos, outcome: asRecord(r) };
  },
  baccarat(input, rng) {
    const r = playBaccarat({ bets: stakes(input.bets, BACCARAT_SPOTS) as BaccaratBets }, rng);
    return { bet: r.totalBetCentavos, win: r.totalWinCentavos, outcome: asRecord(r) };
  },
  colour(input, rng) {
    const r = playColourGame({ bets: stakes(input.bets, COLOURS) as Partial<Record<Colour, bigint>> }, rng);
    return { bet: r.totalBetCentavos, win: r.totalWinCentavos, outcome: asRecord(r) };
  },
  catch(input, rng) {
    if (!Array.isArray(input.targets) || !input.targets.every((t) => typeof t === "string" && Object.hasOwn(FISH_TARGETS, t)))
      throw new RangeError("targets must name fish");
    if (typeof input.rtpBps !== "number") throw new RangeError("rtpBps must be a number");
    const r = volley(
      { betCentavos: centavos(input.bet, "the bet"), targets: input.targets as FishTarget[], rtpBps: input.rtpBps },
      rng,
    );
    return { bet: r.totalBetCentavos, win: r.totalWinCentavos, outcome: asRecord(r) };
  },
};
