import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, types, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { keepStatementsPrepared } from "./pglite-statements.server";

/** The one handle the domain functions take: both engines speak the same Postgres dialect. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Engine = "pglite" | "postgres";

export interface Database {
  db: Db;
  engine: Engine;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));

/** Every embedded instance carries the extensions the migrations create (pg_trgm for name search). */
export function createPglite(opts: Omit<PGliteOptions, "extensions"> = {}): Promise<PGlite> {
  return PGlite.create({ ...opts, extensions: { pg_trgm } });
}

/** The parts of Emscripten's NODEFS driver (one per PGlite instance) that PrivateDurableNodeFS changes. */
interface NodeFsDriver {
  tryFSOperation<T>(op: () => T): T;
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: {
    setattr(stream: unknown, attr: { mode?: number }): void;
    fsync?(stream: { nfd: number }): number;
  };
}

const GROUP_AND_OTHERS = 0o077;

function ownerOnly<A extends { mode?: number }>(attr: A): A {
  return attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHERS };
}

/**
 * PGlite's Node filesystem as shipped drops Postgres's fsync calls (the driver has no fsync, and
 * fdatasync is a no-op in the syscall layer) and copies initdb's files in with mode 0666 whatever
 * the umask. Here fsync reaches the disk, and no file or folder it creates or chmods gets a group
 * or others bit: the WAL holds password hashes and e-mail addresses.
 */
class PrivateDurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS["init"]>) {
    const { emscriptenOpts } = await super.init(...args);
    const harden = (mod: { NODEFS: unknown }) => {
      const driver = mod.NODEFS as NodeFsDriver;
      const { mknod, setattr } = driver.node_ops;
      const setStreamAttr = driver.stream_ops.setattr;
      driver.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHERS, dev);
      driver.node_ops.setattr = (node, attr) => setattr(node, ownerOnly(attr));
      driver.stream_ops.setattr = (stream, attr) => setStreamAttr(stream, ownerOnly(attr));
      driver.stream_ops.fsync = (stream) => {
        driver.tryFSOperation(() => fs.fsyncSync(stream.nfd));
        return 0;
      };
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), harden] } };
  }
}

/** Shared buffers of the embedded database on disk (see DURABLE_START_PARAMS). */
export const EMBEDDED_SHARED_BUFFERS = "16MB";

/**
 * PGlite's defaults start Postgres with `-F` (fsync off): an OS crash or power cut could lose
 * commits it had acknowledged. fsync=on makes each commit wait for its WAL to reach the disk;
 * `wal_sync_method=fsync` because fdatasync, the Linux default, never leaves PGlite.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
  // Postgres' default 128 MB of shared buffers is most of the server's memory; the embedded
  // database is small (a larger one belongs on PostgreSQL), and pages it evicts are read back
  // from the operating system's file cache. 16 MB keeps the catalogue and the hot rows.
  "-c",
  `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`,
];

/** Owner-only modes for a data folder and all in it, so an install made before this rule is fixed at start. */
function restrictToOwner(dir: string) {
  fs.chmodSync(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictToOwner(p);
    else if (entry.isFile()) fs.chmodSync(p, 0o600);
  }
}

function fsyncTree(p: string) {
  const stat = fs.lstatSync(p);
  if (stat.isDirectory()) for (const name of fs.readdirSync(p)) fsyncTree(path.join(p, name));
  else if (!stat.isFile()) return;
  const fd = fs.openSync(p, "r");
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * PGlite on disk (DATA_DIR): the folder 0700 and its files 0600, commits durable (ADR 0013).
 * PGlite writes a new cluster's initdb files without fsync, so they are synced once here.
 */
export async function createDiskPglite(dataDir: string): Promise<PGlite> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictToOwner(dataDir);
  const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"));
  const client = await createPglite({ fs: new PrivateDurableNodeFS(dataDir), startParams: DURABLE_START_PARAMS });
  if (fresh) fsyncTree(dataDir);
  return client;
}

export type OpenOptions =
  | {
      engine: "pglite";
      /** A folder on disk; without one (and without a client) the database lives in memory. */
      dataDir?: string;
      client?: PGlite;
      migrate?: boolean;
    }
  | {
      engine: "postgres";
      url: string;
      poolSize?: number;
      migrate?: boolean;
      /** An idle pooled connection was lost (a restart, a failover): the pool replaces it on the next query. */
      onIdleError?: (err: Error) => void;
    };

/** The types drizzle has PGlite leave as text (dates, times, intervals and their arrays). */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (value: string) => value;

/**
 * Drizzle hands PGlite, with every query, parsers that leave TEXT_TYPES as text, and PGlite merges
 * them into a copy of its own table of some 380 parsers, query by query: on a short statement that
 * copy costs more than the statement (0.8 ms against 0.15). With those types left as text by the
 * instance's own table, a query whose parsers only do that needs none of its own: same rows, no copy.
 */
function parseTextTypesOnce(client: PGlite): void {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
  const query = client.query.bind(client);
  const textOnly = (parsers: Record<number, (value: string) => unknown>) =>
    Object.entries(parsers).every(([type, parse]) => TEXT_TYPES.has(Number(type)) && parse("1") === "1");
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite["query"]>[2]) =>
    query(
      text,
      params,
      options?.parsers && textOnly(options.parsers) ? { ...options, parsers: undefined } : options,
    )) as PGlite["query"];
}

/**
 * Opens PGlite (embedded, one process owns DATA_DIR) or PostgreSQL and runs the
 * migrations, so every entry point starts on the current schema.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.engine === "pglite") {
    const client = opts.client ?? (opts.dataDir ? await createDiskPglite(opts.dataDir) : await createPglite());
    keepStatementsPrepared(client);
    parseTextTypesOnce(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db,
      engine: "pglite",
      ping: async () => {
        await client.query("select 1");
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
  // Without a listener, an idle connection the server drops would throw out of the event loop.
  pool.on("error", opts.onIdleError ?? ((err) => console.error(`postgres: idle connection lost: ${err.message}`)));
  // The connections open now. pool.end() answers once they are told to close, not once they have:
  // close waits for each, so that what follows (the database dropped, the process gone) finds none
  // still open and no server-side end of one is reported as an idle connection lost.
  const open = new Set<pg.Client>();
  let allClosed = () => {};
  pool.on("connect", (client) => open.add(client));
  pool.on("remove", (client) => {
    open.delete(client);
    if (open.size === 0) allClosed();
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  try {
    if (opts.migrate !== false) await migratePg(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    db,
    engine: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      const closed = new Promise<void>((resolve) => (allClosed = resolve));
      await pool.end();
      if (open.size > 0) await closed;
    },
  };
}

/**
 * A memo of values built once per database and key, such as statements compiled by drizzle (a
 * handful per process): dropped with the database.
 */
export function perDatabase<V>(): (db: Db, key: string, build: () => V) => V {
  const byDb = new WeakMap<Db, Map<string, V>>();
  return (db, key, build) => {
    let byKey = byDb.get(db);
    if (!byKey) byDb.set(db, (byKey = new Map()));
    if (byKey.has(key)) return byKey.get(key)!;
    const value = build();
    byKey.set(key, value);
    return value;
  };
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function rawRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** int8 from raw SQL is a number on PGlite and a string on pg: convert here, nowhere else. */
export function toBigInt(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" || typeof v === "string") return BigInt(v);
  throw new TypeError(`not an integer: ${String(v)}`);
}
