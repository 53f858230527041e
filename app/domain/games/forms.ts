import { BACCARAT_BET_STEPS, BACCARAT_SPOTS } from "./engines/baccarat";
import { BINGO_BET_STEPS, BINGO_DRAW_SIZE, BINGO_PAYTABLE } from "./engines/bingo";
import { CATCH_BET_STEPS, CATCH_MAX_VOLLEY, FISH_TARGETS } from "./engines/catch";
import { COLOUR_GAME_BET_STEPS, COLOURS } from "./engines/colour-game";
import { engineFor, type EngineId, type EngineInput, type InstantEngine } from "./engines";
import { LOTTERY_BET_STEPS } from "./engines/lottery";
import { SLOT_BET_STEPS_CENTAVOS, SLOT_LINE_COUNT, SLOT_PAYLINES } from "./engines/slot-definition";
import { slotThemeFor } from "./engines/slot-themes";

/**
 * What an instant game's screen needs (bet steps, symbols, targets) and how its form becomes an
 * engine's input. Plain data both ways; an input the engine's rules refuse is its RangeError.
 */

export interface GameRef {
  vassalage: string;
  gameCode: string;
  gameClassify: string | null;
  gameType: string;
  /** The catalogue's minimum bet: the smallest stake of a spin, a card, a shot, a ticket or a spot's bet. */
  minBet: bigint;
}

/** Every stake each engine takes, smallest first (a spin, a card, a shot, a ticket, one spot's bet). */
const ENGINE_BET_STEPS: Record<EngineId, readonly bigint[]> = {
  slot: SLOT_BET_STEPS_CENTAVOS,
  bingo: BINGO_BET_STEPS,
  baccarat: BACCARAT_BET_STEPS,
  colour: COLOUR_GAME_BET_STEPS,
  catch: CATCH_BET_STEPS,
  lottery: LOTTERY_BET_STEPS,
};

/**
 * The engine's bet steps a game allows: those at or above its minimum bet. None when the minimum is
 * above every stake the engine takes: such a game does not open on this server.
 */
export function allowedSteps(engine: EngineId, minBet: bigint): string[] {
  return ENGINE_BET_STEPS[engine].filter((step) => step >= minBet).map(String);
}

/** Whether this server can run a catalogue game: some stake its engine takes meets the game's minimum bet. */
export function runsInHouse(game: Pick<GameRef, "gameType" | "gameClassify" | "minBet">): boolean {
  return allowedSteps(engineFor(game), game.minBet).length > 0;
}

/**
 * A posted stake below the game's minimum is a RangeError, as any stake outside the engine's rules
 * is; anything else is the engine's to judge.
 */
export function atLeastMinimum(stake: string, minBet: bigint): string {
  if (/^\d{1,18}$/.test(stake) && BigInt(stake) < minBet)
    throw new RangeError(`a stake of ${stake} centavos is below the game's minimum bet of ${minBet}`);
  return stake;
}

export function screenConfig(engine: InstantEngine, game: GameRef) {
  const betSteps = allowedSteps(engine, game.minBet);
  switch (engine) {
    case "slot": {
      const theme = slotThemeFor(game);
      return {
        engine,
        betSteps,
        lines: SLOT_LINE_COUNT,
        paylines: SLOT_PAYLINES.map((l) => [...l]),
        theme: {
          id: theme.id,
          name: theme.name,
          symbols: theme.symbols.map((s) => ({ id: s.id, name: s.name })),
          scatterPays: [...theme.scatterPays],
          freeSpins: { awards: [...theme.freeSpins.awards], multiplier: theme.freeSpins.multiplier },
        },
      };
    }
    case "bingo":
      return { engine, betSteps, paytable: [...BINGO_PAYTABLE], drawSize: BINGO_DRAW_SIZE };
    case "baccarat":
      return { engine, betSteps, spots: [...BACCARAT_SPOTS] };
    case "colour":
      return { engine, betSteps, colours: [...COLOURS] };
    case "catch":
      return {
        engine,
        betSteps,
        maxVolley: CATCH_MAX_VOLLEY,
        targets: Object.entries(FISH_TARGETS).map(([id, multiplier]) => ({ id, multiplier })),
      };
  }
}
export type ScreenConfig = ReturnType<typeof screenConfig>;

const field = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** Stakes named `bet_<option>` with a centavo amount; empty fields are no bet. */
function stakesFrom(form: FormData, options: readonly string[], minBet: bigint): Record<string, string> {
  const out: Record<string, string> = {};
  for (const o of options) {
    const v = field(form, `bet_${o}`);
    if (v !== "" && v !== "0") out[o] = atLeastMinimum(v, minBet);
  }
  return out;
}

/**
 * The engine input for a round from the screen's form: the game's minimum bet is checked here, the
 * engine itself checks every other rule.
 */
export function roundInput(engine: InstantEngine, game: GameRef, form: FormData, rtpBps: number): EngineInput {
  const bet = () => atLeastMinimum(field(form, "bet"), game.minBet);
  switch (engine) {
    case "slot":
      return { themeId: slotThemeFor(game).id, rtpBps, bet: bet() };
    case "bingo":
      return { bet: bet() };
    case "baccarat":
      return { bets: stakesFrom(form, BACCARAT_SPOTS, game.minBet) };
    case "colour":
      return { bets: stakesFrom(form, COLOURS, game.minBet) };
    case "catch":
      return {
        bet: bet(),
        rtpBps,
        targets: form
          .getAll("target")
          .slice(0, CATCH_MAX_VOLLEY + 1)
          .map((t) => (typeof t === "string" ? t : "")),
      };
  }
}
