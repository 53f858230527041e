import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createPglite, openDatabase, perDatabase, rawRows, type Database, type Db } from "./client.server";

let database: Database | undefined;
afterAll(async () => {
  await database?.close();
});

describe("the embedded database through drizzle", () => {
  it("reads dates, times and intervals as text and everything else as PGlite parses it, with or without drizzle's parsers", async () => {
    const client = await createPglite();
    database = await openDatabase({ engine: "pglite", client, migrate: false });
    const query = sql`select
      timestamptz '2026-11-27 10:00:00+00' as tz, timestamp '2026-11-27 10:00:00' as ts, date '2026-11-27' as d,
      interval '90 minutes' as i, array[timestamp '2026-01-01 00:00:00'] as tsa, array[1.5::numeric] as na,
      42::int4 as n, '{"a":1}'::jsonb as j, true as b`;
    const [row] = await rawRows<Record<string, unknown>>(database.db, query);
    expect(row).toEqual({
      tz: "2026-11-27 10:00:00+00",
      ts: "2026-11-27 10:00:00",
      d: "2026-11-27",
      i: "01:30:00",
      tsa: '{"2026-01-01 00:00:00"}',
      na: "{1.5}",
      n: 42,
      j: { a: 1 },
      b: true,
    });
    // A query of PGlite's own, without drizzle: the same types as text, the rest parsed.
    const own = await client.query<Record<string, unknown>>("select date '2026-11-27' as d, 7::int4 as n");
    expect(own.rows[0]).toEqual({ d: "2026-11-27", n: 7 });
    // Parsers a caller gives that do more than keep text are applied.
    const parsed = await client.query<Record<string, unknown>>("select date '2026-11-27' as d", [], {
      parsers: { 1082: (v: string) => `day ${v}` },
    });
    expect(parsed.rows[0]).toEqual({ d: "day 2026-11-27" });
  });
});

describe("values kept per database", () => {
  it("are built once per database and key, an absent value (null) included", () => {
    const memo = perDatabase<string | null>();
    const [a, b] = [{}, {}] as unknown as [Db, Db];
    let builds = 0;
    const build = (v: string | null) => () => (builds++, v);
    expect(memo(a, "k", build("first"))).toBe("first");
    expect(memo(a, "k", build("second"))).toBe("first");
    expect(memo(b, "k", build("other db"))).toBe("other db");
    expect(memo(a, "none", build(null))).toBeNull();
    expect(memo(a, "none", build("late"))).toBeNull();
    expect(builds).toBe(3);
  });
});
