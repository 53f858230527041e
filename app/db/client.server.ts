import { fileURLToPath } from "node:url";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

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

export type OpenOptions =
  | { engine: "pglite"; dataDir?: string; client?: PGlite; migrate?: boolean }
  | {
      engine: "postgres";
      url: string;
      poolSize?: number;
      migrate?: boolean;
      /** An idle pooled connection was lost (a restart, a failover): the pool replaces it on the next query. */
      onIdleError?: (err: Error) => void;
    };

/**
 * Opens PGlite (embedded, one process owns DATA_DIR) or PostgreSQL and runs the
 * migrations, so every entry point starts on the current schema.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.engine === "pglite") {
    const client = opts.client ?? (await createPglite({ dataDir: opts.dataDir ?? "memory://" }));
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
    close: () => pool.end(),
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
