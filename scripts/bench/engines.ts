/** The two engines the benchmarks measure: a fresh PGlite data dir, and a PostgreSQL database of their own. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDiskPglite, openDatabase, type Database, type Engine } from "~/db/client.server";
import type { RawQuery } from "./catalogue-queries";
import { benchPostgres } from "./postgres";

export interface EngineHandle {
  database: Database;
  source: string;
  query: RawQuery;
  /** CPU seconds the database server's processes have used so far, when they run apart on this machine. */
  serverCpuSeconds: (() => number) | null;
  close(): Promise<void>;
}

async function openPglite(): Promise<EngineHandle> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pglite."));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  // Opened as the product opens DATA_DIR: durable commits (ADR 0013).
  const client = await createDiskPglite(dir);
  const database = await openDatabase({ engine: "pglite", client }).catch(async (err: Error) => {
    await client.close();
    removeDir();
    throw err;
  });
  const query: RawQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
  return {
    database,
    source: `PGlite (PostgreSQL ${await setting(query, "server_version")}), fresh data dir, ${await durability(query)}`,
    query,
    // In this process: its CPU is the process's own.
    serverCpuSeconds: null,
    close: async () => {
      await database.close();
      removeDir();
    },
  };
}

async function openPostgres(): Promise<EngineHandle | { skipped: string }> {
  const server = await benchPostgres();
  if ("skipped" in server) return server;
  let database: Database | undefined;
  const explainClient = new pg.Client({ connectionString: server.url });
  try {
    database = await openDatabase({ engine: "postgres", url: server.url });
    await explainClient.connect();
  } catch (err) {
    await database?.close();
    await server.stop();
    throw err;
  }
  const db = database;
  const query: RawQuery = async (text, params) => (await explainClient.query(text, params)).rows;
  return {
    database: db,
    source: `PostgreSQL ${await setting(query, "server_version")}, ${server.source}, ${await durability(query)}`,
    query,
    serverCpuSeconds: server.cpuSeconds,
    close: async () => {
      await explainClient.end().catch(() => {});
      await db.close();
      await server.stop();
    },
  };
}

const setting = async (query: RawQuery, name: string) => String((await query(`show ${name}`, []))[0]?.[name]);

/** Whether a commit waits for the disk: figures of an engine that does not are not a deployment's. */
const durability = async (query: RawQuery) =>
  `fsync ${await setting(query, "fsync")}, synchronous_commit ${await setting(query, "synchronous_commit")}`;

/** A migrated database of the engine, or why PostgreSQL was skipped. */
export function openEngine(engine: Engine): Promise<EngineHandle | { skipped: string }> {
  return engine === "pglite" ? openPglite() : openPostgres();
}

export /** Drizzle wraps driver errors: keep the database's own message, which says what is wrong. */
function errorText(err: Error): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? `${cause.message} in: ${err.message.split("\n")[0]}` : err.message;
}
