import type { PGlite } from "@electric-sql/pglite";
import { afterEach, describe, expect, it } from "vitest";
import { createPglite } from "./client.server";
import { keepStatementsPrepared } from "./pglite-statements.server";

let client: PGlite | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function kept(capacity?: number): Promise<PGlite> {
  client = await createPglite();
  await client.exec(`create table t (id int primary key, name text not null, born date, score numeric, meta jsonb)`);
  keepStatementsPrepared(client, capacity);
  return client;
}

/** The statements this session holds prepared, by their text (read through PGlite's `exec`, which keeps nothing). */
async function prepared(db: PGlite): Promise<string[]> {
  const [result] = await db.exec(
    `select statement from pg_prepared_statements where name like 'kept\\_%' order by substr(name, 6)::int`,
  );
  return result!.rows.map((r) => String((r as { statement: string }).statement));
}

describe("statements kept prepared on the embedded database", () => {
  it("are parsed once per text and give each call's own values and rows", async () => {
    const db = await kept();
    const insert = "insert into t (id, name, born, score, meta) values ($1, $2, $3, $4, $5) returning id";
    await db.query(insert, [1, "Ana", "1994-06-15", "12.50", JSON.stringify({ vip: true })]);
    await db.query(insert, [2, "Ben", null, null, null]);
    await db.query(insert, [3, "O'Hara; drop table t --", new Date("2001-02-03T00:00:00Z"), 7, { x: [1, 2] }]);
    const select = "select id, name, born, score, meta from t where id = $1";
    const rows = [];
    for (const id of [1, 2, 3, 4]) rows.push((await db.query(select, [id])).rows);
    expect(rows).toEqual([
      [{ id: 1, name: "Ana", born: new Date("1994-06-15T00:00:00.000Z"), score: "12.50", meta: { vip: true } }],
      [{ id: 2, name: "Ben", born: null, score: null, meta: null }],
      [{ id: 3, name: "O'Hara; drop table t --", born: new Date("2001-02-03T00:00:00.000Z"), score: "7", meta: { x: [1, 2] } }],
      [],
    ]);
    const arrays = await db.query<unknown[]>(select, [1], { rowMode: "array" });
    expect(arrays.rows).toEqual([[1, "Ana", new Date("1994-06-15T00:00:00.000Z"), "12.50", { vip: true }]]);
    expect(arrays.fields.map((f) => f.name)).toEqual(["id", "name", "born", "score", "meta"]);
    const update = await db.query("update t set name = upper(name) where id > $1", [1]);
    expect(update.affectedRows).toBe(2);
    expect(await prepared(db)).toEqual([insert, select, "update t set name = upper(name) where id > $1"]);
  });

  it("keep only the most recently run texts, and a text dropped is prepared again when it comes back", async () => {
    const db = await kept(2);
    const texts = [1, 2, 3].map((n) => `select ${n} + $1::int as v`);
    for (const text of texts) expect((await db.query(text, [10])).rows).toEqual([{ v: Number(text[7]) + 10 }]);
    expect(await prepared(db)).toEqual([texts[1], texts[2]]);
    // The second is run again, so the third is now the older of the two.
    await db.query(texts[1]!, [0]);
    expect((await db.query(texts[0]!, [5])).rows).toEqual([{ v: 6 }]);
    expect(await prepared(db)).toEqual([texts[1], texts[0]]);
  });

  it("throw the database's error, keep no statement that failed to parse, and go on working", async () => {
    const db = await kept();
    const insert = "insert into t (id, name) values ($1, $2)";
    await db.query(insert, [1, "Ana"]);
    const duplicate = await db.query(insert, [1, "Ana again"]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: "23505", constraint: "t_pkey", query: insert, params: [1, "Ana again"] });
    const missing = await db.query(insert, [2, null]).catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: "23502" });
    const bad = await db.query("selec id from t where id = $1", [1]).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: "42601" });
    const badType = await db.query("select id from t where id = $1", ["not a number"]).catch((e: unknown) => e);
    expect(badType).toMatchObject({ code: "22P02" });
    expect((await db.query("select id, name from t where id = $1", [1])).rows).toEqual([{ id: 1, name: "Ana" }]);
    expect(await prepared(db)).toEqual([insert, "select id from t where id = $1", "select id, name from t where id = $1"]);
  });

  it("never run inside another caller's transaction", async () => {
    const db = await kept();
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values (1, 'uncommitted')");
      inside();
      await held;
      await tx.rollback();
    });
    await begun;
    let counted: unknown = null;
    const count = db.query("select count(*)::int as n from t where id = $1", [1]).then((r) => (counted = r.rows));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counted, "the query waits for the transaction").toBeNull();
    release();
    await transaction;
    await count;
    expect(counted).toEqual([{ n: 0 }]);
  });

  it("are given up when a table changes their rows' shape, and the query is answered all the same", async () => {
    const db = await kept();
    await db.query("insert into t (id, name) values ($1, $2)", [1, "Ana"]);
    const star = "select * from t where id = $1";
    expect(Object.keys((await db.query<object>(star, [1])).rows[0]!)).toEqual(["id", "name", "born", "score", "meta"]);
    await db.exec("alter table t add column level int default 3");
    expect((await db.query(star, [1])).rows).toEqual([{ id: 1, name: "Ana", born: null, score: null, meta: null, level: 3 }]);
    expect((await db.query(star, [1])).rows).toEqual([{ id: 1, name: "Ana", born: null, score: null, meta: null, level: 3 }]);
  });
});
