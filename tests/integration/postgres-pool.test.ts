import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { TEST_ENGINE } from "../setup/test-db";

// PGlite has no server to lose; the PostgreSQL run (.ci/run) exercises this.
describe.skipIf(TEST_ENGINE !== "postgres")("the PostgreSQL pool", () => {
  it("survives the server dropping an idle connection and reconnects on the next query", async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    const appName = `pool_test_${process.pid}`;
    url.searchParams.set("application_name", appName);
    const lost: Error[] = [];
    const database = await openDatabase({
      engine: "postgres",
      url: url.toString(),
      migrate: false,
      onIdleError: (err) => lost.push(err),
    });
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await database.ping();
      const killed = await admin.query(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where application_name = $1",
        [appName],
      );
      expect(killed.rows.length).toBeGreaterThan(0);
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      expect(lost[0].message).toMatch(/terminating connection/);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
