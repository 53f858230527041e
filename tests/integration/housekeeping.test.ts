import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { rawRows, type Database } from "../../app/db/client.server";
import * as s from "../../app/db/schema";
import { purgeExpired, RETENTION_MS } from "../../app/domain/accounts/housekeeping.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { takeHit } from "../../app/domain/site/rate-limit.server";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let brand: Brand;
beforeAll(async () => {
  database = await createTestDatabase();
  brand = (await projectBrands()).byId.get("lucky-peso")!;
});
afterAll(() => database?.close());

const HOUR = 60 * 60 * 1000;
/** Still live; expired but within the retention (pages still say "expired"); long gone. */
const AGES = { live: HOUR, recent: -HOUR, old: -RETENTION_MS - HOUR } as const;
type Age = keyof typeof AGES;
const at = (age: Age) => new Date(Date.now() + AGES[age]);

let seq = 0;
async function seedRows(age: Age) {
  const tag = `${age}-${++seq}`;
  const member = await createMember(database.db, brand, { username: `house${TEST_ENGINE}${tag}` });
  const base = { merchantCode: brand.merchantCode, expiresAt: at(age) };
  await database.db.insert(s.sessions).values({ ...base, id: `s-${tag}`, memberId: member.id });
  await database.db.insert(s.rememberTokens).values({ ...base, id: `r-${tag}`, memberId: member.id });
  await database.db.insert(s.captchas).values({ ...base, id: `c-${tag}`, answerHash: "x" });
  await database.db.insert(s.verificationCodes).values({
    ...base,
    purpose: "login",
    destination: `+63917${seq}`,
    codeHash: "x",
    createdAt: new Date(at(age).getTime() - 5 * 60_000),
  });
  await database.db.insert(s.passwordResets).values({ ...base, id: `p-${tag}`, memberId: member.id });
  await takeHit(database.db, brand, `house:${tag}`, { limit: 5, windowMs: HOUR });
  if (age === "old") {
    await rawRows(
      database.db,
      sql`update rate_limits set window_start = now() - interval '2 days' where key = ${`house:${tag}`}`,
    );
  }
}

const TABLES = {
  sessions: "sessions",
  rememberTokens: "remember_tokens",
  captchas: "captchas",
  verificationCodes: "verification_codes",
  passwordResets: "password_resets",
  rateLimits: "rate_limits",
} as const;

async function remaining(): Promise<Record<keyof typeof TABLES, number>> {
  const counts = {} as Record<keyof typeof TABLES, number>;
  for (const [key, table] of Object.entries(TABLES) as [keyof typeof TABLES, string][]) {
    const [row] = await rawRows<{ n: number | string }>(database.db, sql`select count(*) as n from ${sql.identifier(table)}`);
    counts[key] = Number(row!.n);
  }
  return counts;
}

describe(`housekeeping on ${TEST_ENGINE}`, () => {
  it("deletes rows a day past their expiry and nothing else", async () => {
    for (const age of ["live", "recent", "old", "old", "live"] as const) await seedRows(age);
    const before = await remaining();
    const deleted = await purgeExpired(database.db);
    expect(deleted).toEqual({
      sessions: 2,
      rememberTokens: 2,
      captchas: 2,
      verificationCodes: 2,
      passwordResets: 2,
      rateLimits: 2,
    });
    const after = await remaining();
    for (const [table, n] of Object.entries(before)) expect(after[table as keyof typeof after], table).toBe(n - 2);
    // Nothing left to do: a second run deletes nothing.
    expect(Object.values(await purgeExpired(database.db))).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("deletes each row once when two runs meet", async () => {
    for (const age of ["old", "old", "old", "live"] as const) await seedRows(age);
    const runs = await Promise.all([purgeExpired(database.db), purgeExpired(database.db)]);
    for (const table of Object.keys(runs[0]) as (keyof (typeof runs)[0])[]) {
      expect(runs[0][table] + runs[1][table], table).toBe(3);
    }
  });
});
