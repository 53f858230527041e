import type { BrandRegistry } from "~/brand/registry.server";
import { openDatabase, type Database } from "~/db/client.server";
import { seedBrandIfEmpty } from "~/db/seed/load.server";
import type { Env } from "~/utils/env.server";
import type { Logger } from "./logger";

/** Opens the configured engine (PGlite in DATA_DIR, private and durable, unless DATABASE_URL) and runs the migrations. */
export async function openConfiguredDatabase(env: Env, logger?: Logger): Promise<Database> {
  if (env.DATABASE_URL)
    return openDatabase({
      engine: "postgres",
      url: env.DATABASE_URL,
      onIdleError: logger && ((err) => logger.log("warn", "postgres idle connection lost", { error: err.message })),
    });
  return openDatabase({ engine: "pglite", dataDir: env.dataDir });
}

/** The database, migrated, with every brand's demo content loaded once. */
export async function openAndSeed(env: Env, registry: BrandRegistry, logger: Logger): Promise<Database> {
  const started = Date.now();
  const database = await openConfiguredDatabase(env, logger);
  logger.log("info", "database ready", { engine: database.engine, ms: Date.now() - started });
  for (const brand of registry.brands) {
    const r = await seedBrandIfEmpty(database.db, brand);
    if (r.seeded) logger.log("info", "seeded brand", { brand: brand.id, games: r.games });
  }
  return database;
}
