import { sql } from "drizzle-orm";
import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../app/db/client.server";
import { TEST_ENGINE } from "../setup/test-db";

/**
 * A pool whose connections carry `name` (to be found in pg_stat_activity), through `port` when
 * given, with the connections it loses collected; and a client of the test's own beside it.
 */
async function watchedPool(name: string, port?: number) {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  if (port) url.host = `127.0.0.1:${port}`;
  url.searchParams.set("application_name", name);
  const lost: Error[] = [];
  const database = await openDatabase({
    engine: "postgres",
    url: url.toString(),
    migrate: false,
    onIdleError: (err) => lost.push(err),
  });
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const terminate = () =>
    admin.query("select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1", [name]);
  return { database, lost, admin, terminate };
}

// PGlite has no server to lose; the PostgreSQL run (.ci/run) exercises this.
describe.skipIf(TEST_ENGINE !== "postgres")("the PostgreSQL pool", () => {
  it("survives the server dropping an idle connection and reconnects on the next query", async () => {
    const { database, lost, admin, terminate } = await watchedPool(`pool_test_${process.pid}`);
    try {
      await database.ping();
      expect((await terminate()).rows.length).toBeGreaterThan(0);
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      expect(lost[0].message).toMatch(/terminating connection/);
      await expect(database.ping()).resolves.toBeUndefined();
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it("has closed every connection when close answers, so a forced drop right after ends none", async () => {
    // The server hears the pool's goodbyes late, as under load: close must wait for them.
    const proxy = await slowProxy(new URL(process.env.TEST_DATABASE_URL!));
    const name = `pool_close_${process.pid}`;
    const { database, lost, admin, terminate } = await watchedPool(name, proxy.port);
    try {
      // Several connections at once, all idle when the pool closes.
      await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
      const open = async () =>
        (await admin.query("select pid from pg_stat_activity where application_name = $1", [name])).rows.length;
      expect(await open()).toBe(4);
      proxy.slow = true;
      await database.close();
      expect(await open()).toBe(0);
      // What a forced drop of the database would end: nothing is left to report as lost.
      await terminate();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(lost).toEqual([]);
    } finally {
      await admin.end();
      proxy.close();
    }
  });

  it("closes while a connection is still being made, and that connection then fails", async () => {
    // A server that takes the connection, says nothing, and drops it 200 ms later.
    const silent = net.createServer((socket) => void setTimeout(() => socket.destroy(), 200));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.host = `127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const database = await openDatabase({ engine: "postgres", url: url.toString(), migrate: false, onIdleError: () => {} });
    try {
      const query = database.ping().catch((err: Error) => err);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await database.close();
      expect(await query).toBeInstanceOf(Error);
    } finally {
      silent.close();
    }
  });
});

/** A TCP relay to PostgreSQL that, once `slow` is set, passes what the clients send 200 ms late. */
async function slowProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const state = { slow: false };
  // Half-open allowed: a side that has said goodbye waits for the other's, as a real server does.
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ port: Number(target.port || 5432), host: target.hostname, allowHalfOpen: true });
    sockets.add(client).add(upstream);
    const later = (fn: () => void) => (state.slow ? setTimeout(fn, 200) : fn());
    client.on("data", (chunk) => later(() => upstream.write(chunk)));
    client.on("end", () => later(() => upstream.end()));
    upstream.on("data", (chunk) => client.write(chunk));
    upstream.on("end", () => client.end());
    for (const s of [client, upstream]) s.on("error", () => s.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    set slow(on: boolean) {
      state.slow = on;
    },
    close() {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
