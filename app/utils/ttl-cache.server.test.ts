import { describe, expect, it } from "vitest";
import { createTtlCache } from "./ttl-cache.server";

describe("createTtlCache", () => {
  it("serves a value until it expires, then loads again", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    clock = 99;
    expect(await cache.get("k", load)).toBe(1);
    clock = 100;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("shares one load between concurrent misses", async () => {
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 10 });
    const slow = () => new Promise<number>((r) => setTimeout(() => r(++loads), 10));
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get("k", slow)));
    expect(new Set(values)).toEqual(new Set([1]));
    expect(loads).toBe(1);
  });

  it("forgets failures and stays within its size", async () => {
    const cache = createTtlCache({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get("bad", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    expect(await cache.get("bad", async () => "recovered")).toBe("recovered");
    let loads = 0;
    await cache.get("a", async () => ++loads);
    await cache.get("b", async () => ++loads);
    await cache.get("a", async () => ++loads);
    expect(loads).toBe(2);
    await cache.get("c", async () => ++loads); // evicts the oldest
    expect(loads).toBe(3);
  });
});

describe("createTtlCache with a stale window", () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));

  it("serves the old value while one reload runs, then the new one", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 100, staleMs: 100, maxEntries: 10, now: () => clock });
    let release!: () => void;
    const load = () => (++loads === 1 ? Promise.resolve(1) : new Promise<number>((r) => (release = () => r(loads))));
    expect(await cache.get("k", load)).toBe(1);
    clock = 150;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    expect(loads).toBe(2); // one background reload, not one per request
    release();
    await tick();
    expect(await cache.get("k", load)).toBe(2);
    clock = 249; // fresh for 100 ms from the reload
    expect(await cache.get("k", load)).toBe(2);
    expect(loads).toBe(2);
  });

  it("loads in the foreground once the stale window has passed", async () => {
    let clock = 0;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 100, staleMs: 50, maxEntries: 10, now: () => clock });
    const load = async () => ++loads;
    await cache.get("k", load);
    clock = 150;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("keeps the stale value when a reload fails, and tries again on a later request", async () => {
    let clock = 0;
    let fail = false;
    let loads = 0;
    const cache = createTtlCache({ ttlMs: 100, staleMs: 100, maxEntries: 10, now: () => clock });
    const load = () => (++loads, fail ? Promise.reject(new Error("db down")) : Promise.resolve(loads));
    expect(await cache.get("k", load)).toBe(1);
    clock = 120;
    fail = true;
    expect(await cache.get("k", load)).toBe(1);
    await tick();
    expect(await cache.get("k", load)).toBe(1);
    await tick();
    expect(loads).toBe(3);
    fail = false;
    expect(await cache.get("k", load)).toBe(1);
    await tick();
    expect(await cache.get("k", load)).toBe(4);
  });
});
