import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { createPglite, openDatabase, type Database } from "../../app/db/client.server";
import { withDatabase } from "./global-setup";

export const TEST_ENGINE = process.env.TEST_DB_ENGINE === "postgres" ? "postgres" : "pglite";

/** A fresh, migrated database of the engine under test, for one test file. */
export async function createTestDatabase(): Promise<Database> {
  if (TEST_ENGINE === "pglite") {
    const dump = fs.readFileSync(inject("pgliteTemplate"));
    const client = await createPglite({ loadDataDir: new Blob([dump]) });
    return openDatabase({ engine: "pglite", client, migrate: false });
  }
  const { url, drop } = await createPostgresTestDatabase();
  const database = await openDatabase({ engine: "postgres", url, migrate: false, poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

/** A fresh, migrated PostgreSQL database of its own (a copy of the template), for a test that runs the server itself. */
export async function createPostgresTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL!;
  const name = `casino_t_${process.ppid}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Two files copying the template at the same moment collide ("being accessed by other users"): retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${inject("postgresTemplate")}`);
        break;
      } catch (err) {
        if (attempt >= 30 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(url, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
