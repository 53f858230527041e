/**
 * The random source every game engine draws from. An engine asks only for uniform integers, so a
 * round can be stored as the list of values it drew and replayed draw for draw when it is audited.
 */
export interface Rng {
  /** A uniform integer in [0, n), n a positive safe integer up to 2**32. */
  int(n: number): number;
}

const TWO_32 = 2 ** 32;

/** Refuses a bound no generator here can honour uniformly. */
export function assertDrawBound(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1 || n > TWO_32) {
    throw new RangeError(`a draw bound must be an integer in [1, 2**32], got ${n}`);
  }
}

/**
 * Maps uniform 32-bit words onto [0, n) without modulo bias: words at or above the largest multiple
 * of n below 2**32 are thrown away and another is drawn.
 */
export function uniformBelow(n: number, nextU32: () => number): number {
  assertDrawBound(n);
  const limit = TWO_32 - (TWO_32 % n);
  for (;;) {
    const u = nextU32();
    if (u < limit) return u % n;
  }
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): passes PractRand, runs on 32-bit
 * integer arithmetic only, which keeps million-spin simulations fast. Not for live rounds; those
 * use cryptoRng.
 */
export function seededRng(seed: number): Rng {
  if (!Number.isFinite(seed)) throw new RangeError(`a seed must be a finite number, got ${seed}`);
  // splitmix32 spreads a small or sequential seed over all four words of state.
  let s = seed >>> 0;
  const split = () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = split();
  let b = split();
  let c = split();
  let d = split();
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // The first outputs still carry the structure of the seed; discard them as the reference does.
  for (let i = 0; i < 12; i++) next();
  return { int: (n) => uniformBelow(n, next) };
}

/** Passes draws through and keeps them, in order, for storing with the round. */
export function recordingRng(inner: Rng): Rng & { readonly draws: number[] } {
  const draws: number[] = [];
  return {
    draws,
    int(n) {
      const v = inner.int(n);
      draws.push(v);
      return v;
    },
  };
}

/** A stored round whose draws do not fit the engine replaying it: tampered, or another game's. */
export class ReplayMismatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ReplayMismatchError";
  }
}

/** Gives back recorded draws in order; `remaining` lets an auditor check that all were used. */
export function replayRng(draws: readonly number[]): Rng & { readonly remaining: number } {
  let i = 0;
  return {
    get remaining() {
      return draws.length - i;
    },
    int(n) {
      assertDrawBound(n);
      if (i >= draws.length) {
        throw new ReplayMismatchError(`the replay asked for draw ${i + 1} of a round that recorded ${draws.length}`);
      }
      const v = draws[i];
      if (!Number.isInteger(v) || v < 0 || v >= n) {
        throw new ReplayMismatchError(`recorded draw ${i + 1} is ${v}, outside [0, ${n})`);
      }
      i++;
      return v;
    },
  };
}
