import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rawRows } from "../../app/db/client.server";
import { parseEnv, type Env } from "../../app/utils/env.server";
import { openConfiguredDatabase } from "../../server/boot";
import { TEST_ENGINE } from "../setup/test-db";

let root = "";

/** Every path under `dir` that group or others may use, with its mode. */
function exposed(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    const mode = fs.lstatSync(p).mode & 0o777;
    if (!entry.isSymbolicLink() && mode & 0o077) found.push(`${path.relative(root, p)} ${mode.toString(8)}`);
    if (entry.isDirectory()) found.push(...exposed(p));
  }
  return found;
}

function loosen(dir: string) {
  fs.chmodSync(dir, 0o777);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) loosen(p);
    else if (entry.isFile()) fs.chmodSync(p, 0o666);
  }
}

// PostgreSQL's own data folder, settings and fsync are the operator's (ADR 0013); this is PGlite's.
describe.skipIf(TEST_ENGINE === "postgres")("the embedded database in DATA_DIR, opened as the server opens it", () => {
  let dataDir = "";
  let env: Env;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-data-dir-"));
    dataDir = path.join(root, "data");
    env = parseEnv({ DATA_DIR: dataDir });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("is private from the first start: the folder 0700, nothing in it open to group or others", async () => {
    const database = await openConfiguredDatabase(env);
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(exposed(dataDir)).toEqual([]);
      await database.db.execute(sql`create table durability_probe (id int)`);
    } finally {
      await database.close();
    }
    expect(exposed(dataDir)).toEqual([]);
  }, 300_000);

  it("runs with fsync on and has each commit's WAL on disk before the commit returns", async () => {
    const database = await openConfiguredDatabase(env);
    try {
      const settings = await rawRows<{ name: string; setting: string }>(
        database.db,
        sql`select name, setting from pg_settings
            where name in ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes') order by name`,
      );
      expect(settings).toEqual([
        { name: "fsync", setting: "on" },
        { name: "full_page_writes", setting: "on" },
        { name: "synchronous_commit", setting: "on" },
        { name: "wal_sync_method", setting: "fsync" },
      ]);

      const fsyncSync = fs.fsyncSync;
      const synced: string[] = [];
      const spy = vi.spyOn(fs, "fsyncSync").mockImplementation((fd) => {
        synced.push(fs.readlinkSync(`/proc/self/fd/${fd}`));
        fsyncSync(fd);
      });
      try {
        await database.db.execute(sql`insert into durability_probe values (1)`);
      } finally {
        spy.mockRestore();
      }
      expect(synced.filter((p) => p.startsWith(path.join(dataDir, "pg_wal") + path.sep))).not.toEqual([]);
    } finally {
      await database.close();
    }
  }, 300_000);

  it("takes an older install's 0666 files back to 0600 and its folders to 0700 when it opens", async () => {
    loosen(dataDir);
    expect(exposed(dataDir)).not.toEqual([]);
    const database = await openConfiguredDatabase(env);
    try {
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(exposed(dataDir)).toEqual([]);
      const rows = await rawRows<{ id: number }>(database.db, sql`select id from durability_probe`);
      expect(rows).toEqual([{ id: 1 }]);
    } finally {
      await database.close();
    }
    expect(exposed(dataDir)).toEqual([]);
  }, 300_000);
});
