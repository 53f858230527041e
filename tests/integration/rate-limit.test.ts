import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRows, type Database } from "../../app/db/client.server";
import { clearHits, peekHits, purgeRateLimits, returnHit, takeHit } from "../../app/domain/site/rate-limit.server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const brand = { merchantCode: "RLTEST" };
const other = { merchantCode: "RLOTHER" };

describe(`rate limits on ${TEST_ENGINE}`, () => {
  it("lets exactly the limit through a burst of parallel hits, and counts the refused ones", async () => {
    const hits = await Promise.all(
      Array.from({ length: 60 }, () => takeHit(database.db, brand, "burst", { limit: 7, windowMs: 60_000 })),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(7);
    expect(hits.map((h) => h.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const refused = hits.find((h) => !h.allowed)!;
    expect(refused.retryAfterMs).toBeGreaterThan(55_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await peekHits(database.db, brand, "burst", { limit: 7, windowMs: 60_000 })).toBe(60);
  });

  it("keeps brands and keys apart", async () => {
    await takeHit(database.db, brand, "apart", { limit: 1, windowMs: 60_000 });
    expect((await takeHit(database.db, brand, "apart", { limit: 1, windowMs: 60_000 })).allowed).toBe(false);
    expect((await takeHit(database.db, other, "apart", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
    expect((await takeHit(database.db, brand, "apart-2", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
  });

  it("starts a new window once the old one has ended, and forgets a cleared key", async () => {
    for (let i = 0; i < 3; i++) await takeHit(database.db, brand, "window", { limit: 2, windowMs: 60_000 });
    await rawRows(database.db, sql`update rate_limits set window_start = now() - interval '61 seconds' where key = 'window'`);
    expect(await peekHits(database.db, brand, "window", { limit: 2, windowMs: 60_000 })).toBe(0);
    expect(await takeHit(database.db, brand, "window", { limit: 2, windowMs: 60_000 })).toMatchObject({ allowed: true, hits: 1 });
    await clearHits(database.db, brand, "window");
    expect(await peekHits(database.db, brand, "window", { limit: 2, windowMs: 60_000 })).toBe(0);
  });

  it("gives back a hit of the current window, never below zero", async () => {
    const limit = { limit: 2, windowMs: 60_000 };
    for (let i = 0; i < 3; i++) await takeHit(database.db, brand, "give-back", limit);
    await Promise.all(Array.from({ length: 5 }, () => returnHit(database.db, brand, "give-back", limit)));
    expect(await takeHit(database.db, brand, "give-back", limit)).toMatchObject({ allowed: true, hits: 1 });
    await rawRows(database.db, sql`update rate_limits set window_start = now() - interval '61 seconds' where key = 'give-back'`);
    await returnHit(database.db, brand, "give-back", limit);
    const [row] = await rawRows<{ hits: number }>(database.db, sql`select hits from rate_limits where key = 'give-back'`);
    expect(Number(row!.hits)).toBe(1);
  });

  it("purges counters whose window ended long ago", async () => {
    await takeHit(database.db, brand, "old", { limit: 2, windowMs: 60_000 });
    await rawRows(database.db, sql`update rate_limits set window_start = now() - interval '2 days' where key = 'old'`);
    await purgeRateLimits(database.db);
    const [row] = await rawRows<{ n: number | string }>(
      database.db,
      sql`select count(*) as n from rate_limits where key = 'old'`,
    );
    expect(Number(row!.n)).toBe(0);
  });
});
