import fs from "node:fs";
import { loadBrandRegistry, type BrandRegistry } from "~/brand/registry.server";
import { openDatabase, type Database } from "~/db/client.server";
import { seedBrandIfEmpty } from "~/db/seed/load.server";
import type { Env } from "~/utils/env.server";
import { readAdminChannel } from "./admin-channel";
import type { Logger } from "./logger";

/** Opens the configured engine (PGlite unless DATABASE_URL) and runs the migrations. */
export async function openConfiguredDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ engine: "postgres", url: env.DATABASE_URL });
  fs.mkdirSync(env.dataDir, { recursive: true });
  return openDatabase({ engine: "pglite", dataDir: env.dataDir });
}

/** Everything a server needs before it listens: brands, database, demo content. */
export async function boot(env: Env, logger: Logger): Promise<{ registry: BrandRegistry; database: Database }> {
  const registry = await loadBrandRegistry(env.BRANDS_DIR, env.THEMES_DIR);
  if (!env.DATABASE_URL) {
    const other = readAdminChannel(env.dataDir);
    if (other) throw new Error(`Another server (pid ${other.pid}) holds ${env.dataDir}; the embedded database has one owner.`);
  }
  const started = Date.now();
  const database = await openConfiguredDatabase(env);
  logger.log("info", "database ready", { engine: database.engine, ms: Date.now() - started });
  for (const brand of registry.brands) {
    const r = await seedBrandIfEmpty(database.db, brand);
    if (r.seeded) logger.log("info", "seeded brand", { brand: brand.id, games: r.games });
  }
  return { registry, database };
}
