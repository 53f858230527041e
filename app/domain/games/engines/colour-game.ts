import type { Rng } from "./rng";

/**
 * The Philippine perya colour game (for the PVP, SPORTS, ESPORTS and COCKFIGHT-style entries): three
 * dice, each face one of six colours. A bet on a colour pays 1:1 for every die showing it, the stake
 * coming back when it shows at least once; otherwise the stake is lost.
 */

export const COLOURS = ["yellow", "white", "pink", "blue", "red", "green"] as const;
export type Colour = (typeof COLOURS)[number];

export const COLOUR_GAME_DICE = 3;

/** Allowed stakes per colour in centavos; multiples of 20 like every engine's. */
export const COLOUR_GAME_BET_STEPS: readonly bigint[] = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n];

/**
 * Theoretical return of any colour bet, exactly 199/216 = 1 - 17/216: per unit staked, one die of the
 * colour (75 of 216 rolls) returns 2, two dice (15) return 3, three dice (1) return 4. colour-game.test.ts
 * proves it by enumerating all 216 rolls.
 */
export const COLOUR_GAME_RTP = { numerator: 199, denominator: 216 } as const;
/** The same, in basis points, rounded: 92.13 %. */
export const COLOUR_GAME_RTP_BPS = 9213;

export interface ColourBetOutcome {
  colour: Colour;
  stakeCentavos: bigint;
  /** How many dice showed the colour. */
  hits: number;
  /** What the wallet credits for this colour, stake included; 0n when it did not show. */
  winCentavos: bigint;
}

export interface ColourGameOutcome {
  dice: Colour[];
  bets: ColourBetOutcome[];
  totalBetCentavos: bigint;
  totalWinCentavos: bigint;
}

function validateBets(bets: Partial<Record<Colour, bigint>>): [Colour, bigint][] {
  if (typeof bets !== "object" || bets === null) throw new RangeError("colour game bets must be an object");
  const placed: [Colour, bigint][] = [];
  for (const [colour, stake] of Object.entries(bets)) {
    if (!(COLOURS as readonly string[]).includes(colour)) throw new RangeError(`unknown colour "${colour}"`);
    if (stake === undefined) continue;
    if (typeof stake !== "bigint" || !COLOUR_GAME_BET_STEPS.includes(stake)) {
      throw new RangeError(`a colour stake must be one of ${COLOUR_GAME_BET_STEPS.join(", ")} centavos, got ${String(stake)}`);
    }
    placed.push([colour as Colour, stake]);
  }
  if (placed.length === 0) throw new RangeError("a colour game round needs at least one bet");
  return placed;
}

/** Settles bets against a roll; exported so a stored roll can be re-settled and every roll enumerated. */
export function settleColourBets(bets: Partial<Record<Colour, bigint>>, dice: readonly Colour[]): ColourGameOutcome {
  const placed = validateBets(bets);
  if (dice.length !== COLOUR_GAME_DICE || !dice.every((d) => (COLOURS as readonly string[]).includes(d))) {
    throw new RangeError("a colour game roll is three colours");
  }
  const outcomes = placed.map(([colour, stake]) => {
    const hits = dice.filter((d) => d === colour).length;
    return { colour, stakeCentavos: stake, hits, winCentavos: hits === 0 ? 0n : stake * BigInt(1 + hits) };
  });
  return {
    dice: [...dice],
    bets: outcomes,
    totalBetCentavos: outcomes.reduce((sum, b) => sum + b.stakeCentavos, 0n),
    totalWinCentavos: outcomes.reduce((sum, b) => sum + b.winCentavos, 0n),
  };
}

/** One round: validate the bets, roll three dice, settle. */
export function playColourGame(input: { bets: Partial<Record<Colour, bigint>> }, rng: Rng): ColourGameOutcome {
  // Validate before drawing so a refused round consumes no randomness.
  validateBets(input.bets);
  const dice = Array.from({ length: COLOUR_GAME_DICE }, () => COLOURS[rng.int(COLOURS.length)]);
  return settleColourBets(input.bets, dice);
}
