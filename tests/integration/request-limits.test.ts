import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { LIMITS, takeCaptchaDraw, takeTrialStart, takeUsernameLookup } from "../../app/domain/accounts/request-limits.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let lucky: Brand;
let perlas: Brand;
beforeAll(async () => {
  database = await createTestDatabase();
  const registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
});
afterAll(() => database?.close());

const burst = <T>(n: number, hit: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => hit(i)));

describe(`limits of the public account doors on ${TEST_ENGINE}`, () => {
  it("lets an address through a burst of username lookups up to the limit, and no further", async () => {
    const hits = await burst(50, () => takeUsernameLookup(database.db, lucky, "203.0.113.10"));
    expect(hits.filter((h) => h.allowed)).toHaveLength(LIMITS.usernameLookups.limit);
    expect(Math.max(...hits.filter((h) => !h.allowed).map((h) => h.retryAfterMs))).toBeLessThanOrEqual(60_000);
    expect((await takeUsernameLookup(database.db, lucky, "203.0.113.11")).allowed).toBe(true);
    expect((await takeUsernameLookup(database.db, perlas, "203.0.113.10")).allowed).toBe(true);
  });

  it("starts three trials per address, and no more than the brand's ceiling across addresses", async () => {
    const own = await burst(20, () => takeTrialStart(database.db, lucky, "::ffff:203.0.113.20"));
    expect(own.filter((h) => h.allowed)).toHaveLength(LIMITS.trialsPerAddress.limit);
    // The same address written the IPv4 way is the same caller.
    expect((await takeTrialStart(database.db, lucky, "203.0.113.20")).allowed).toBe(false);

    const many = await burst(60, (i) => takeTrialStart(database.db, perlas, `198.51.100.${i + 1}`));
    expect(many.filter((h) => h.allowed)).toHaveLength(LIMITS.trialsPerBrand.limit);
    // Addresses refused by their own limit do not use up the brand's ceiling.
    expect((await takeTrialStart(database.db, lucky, "203.0.113.21")).allowed).toBe(true);
  });

  it("draws at most the limit of captcha pictures per address, an IPv6 /64 counting as one", async () => {
    const hits = await burst(30, (i) => takeCaptchaDraw(database.db, lucky, `2001:db8:aa:bb::${(i + 1).toString(16)}`));
    expect(hits.filter((h) => h.allowed)).toHaveLength(LIMITS.captchasPerAddress.limit);
    expect((await takeCaptchaDraw(database.db, lucky, "2001:db8:aa:bc::1")).allowed).toBe(true);
  });
});
