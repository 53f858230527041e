import { randomFillSync } from "node:crypto";
import { type Rng, uniformBelow } from "./rng";

const POOL_WORDS = 1024;

// Words come from the operating system's CSPRNG a pool at a time, because a spin takes several draws
// and a system call per draw would dominate a simulation. Each word is used once and the pool is
// never exposed, so sharing it between rounds leaks nothing about one round to another.
const pool = new Uint32Array(POOL_WORDS);
let next = POOL_WORDS;

function nextU32(): number {
  if (next === POOL_WORDS) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++];
}

/** The source of live rounds. */
export function cryptoRng(): Rng {
  return { int: (n) => uniformBelow(n, nextU32) };
}
