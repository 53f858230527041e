import type { Rng } from "./rng";

/**
 * Fish shooting (FISH games): each shot costs the bet and aims at a target worth a multiple of it. A
 * target worth m is caught with probability rtpBps / (10000 × m), so every target, from the smallest
 * fish to the boss, returns exactly the brand's RTP: the choice of target changes the variance, never
 * the expected return.
 */

export const FISH_TARGETS = {
  shrimp: 2,
  clownfish: 3,
  pufferfish: 5,
  turtle: 10,
  lobster: 20,
  shark: 50,
  whale: 100,
  dragon: 300,
} as const;
export type FishTarget = keyof typeof FISH_TARGETS;

/** The boss: the rarest catch with the biggest multiple. */
export const FISH_BOSS: FishTarget = "dragon";

/** Allowed stakes per shot in centavos; multiples of 20 like every engine's. */
export const CATCH_BET_STEPS: readonly bigint[] = [100n, 200n, 500n, 1000n, 2000n, 5000n, 10000n, 20000n, 50000n];

/** The brand setting's default and the range it may take, in basis points. */
export const CATCH_DEFAULT_RTP_BPS = 9600;
export const CATCH_MIN_RTP_BPS = 8500;
export const CATCH_MAX_RTP_BPS = 9800;

/** Most shots in one volley, so a single round's debit stays bounded. */
export const CATCH_MAX_VOLLEY = 30;

export interface ShotOutcome {
  target: FishTarget;
  multiplier: number;
  caught: boolean;
  betCentavos: bigint;
  /** What the wallet credits for the shot: bet × multiplier when caught, else 0n. */
  winCentavos: bigint;
}

export interface VolleyOutcome {
  shots: ShotOutcome[];
  totalBetCentavos: bigint;
  totalWinCentavos: bigint;
}

function assertBet(betCentavos: bigint): void {
  if (typeof betCentavos !== "bigint" || !CATCH_BET_STEPS.includes(betCentavos)) {
    throw new RangeError(`a shot's bet must be one of ${CATCH_BET_STEPS.join(", ")} centavos, got ${String(betCentavos)}`);
  }
}

function assertRtp(rtpBps: number): void {
  if (!Number.isInteger(rtpBps) || rtpBps < CATCH_MIN_RTP_BPS || rtpBps > CATCH_MAX_RTP_BPS) {
    throw new RangeError(
      `a fish game's RTP must be an integer from ${CATCH_MIN_RTP_BPS} to ${CATCH_MAX_RTP_BPS} bps, got ${rtpBps}`,
    );
  }
}

function assertTarget(target: string): asserts target is FishTarget {
  if (typeof target !== "string" || !Object.hasOwn(FISH_TARGETS, target))
    throw new RangeError(`unknown fish target "${String(target)}"`);
}

function fire(betCentavos: bigint, target: FishTarget, rtpBps: number, rng: Rng): ShotOutcome {
  const multiplier = FISH_TARGETS[target];
  // One integer draw makes the catch probability exactly rtpBps / (10000 × multiplier).
  const caught = rng.int(10_000 * multiplier) < rtpBps;
  return { target, multiplier, caught, betCentavos, winCentavos: caught ? betCentavos * BigInt(multiplier) : 0n };
}

/** One shot at one target. */
export function shoot(input: { betCentavos: bigint; target: FishTarget; rtpBps?: number }, rng: Rng): ShotOutcome {
  const rtpBps = input.rtpBps ?? CATCH_DEFAULT_RTP_BPS;
  assertBet(input.betCentavos);
  assertTarget(input.target);
  assertRtp(rtpBps);
  return fire(input.betCentavos, input.target, rtpBps, rng);
}

/** A volley: one shot of the same bet at each target in turn; the round costs shots × bet. */
export function volley(input: { betCentavos: bigint; targets: readonly FishTarget[]; rtpBps?: number }, rng: Rng): VolleyOutcome {
  const rtpBps = input.rtpBps ?? CATCH_DEFAULT_RTP_BPS;
  assertBet(input.betCentavos);
  assertRtp(rtpBps);
  if (!Array.isArray(input.targets) || input.targets.length < 1 || input.targets.length > CATCH_MAX_VOLLEY) {
    throw new RangeError(`a volley is 1 to ${CATCH_MAX_VOLLEY} shots`);
  }
  // Every target is checked before the first draw, so a refused volley consumes no randomness.
  input.targets.forEach(assertTarget);
  const shots = input.targets.map((target) => fire(input.betCentavos, target, rtpBps, rng));
  return {
    shots,
    totalBetCentavos: input.betCentavos * BigInt(shots.length),
    totalWinCentavos: shots.reduce((sum, s) => sum + s.winCentavos, 0n),
  };
}
