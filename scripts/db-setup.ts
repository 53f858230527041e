/**
 * `npm run db:setup`: migrates the configured database and loads every brand's demo content once, in
 * a process of its own. The server does the same at boot (a no-op on a ready database), but a fresh
 * seed run inside it would leave its memory high for the rest of its life: the embedded database's
 * WebAssembly memory only grows. `npm start` and `npm run bench` run this first.
 */
import { loadBrandRegistry } from "~/brand/registry.server";
import { parseEnv } from "~/utils/env.server";
import { readAdminChannel } from "../server/admin-channel";
import { openAndSeed } from "../server/boot";
import { createLogger } from "../server/logger";

process.umask(0o077);
const env = parseEnv();
if (!env.DATABASE_URL && (await readAdminChannel(env.dataDir))) {
  // A running server holds the embedded database, and it set it up when it started.
  console.log("A server is running on this data folder: its database is ready.");
} else {
  const registry = await loadBrandRegistry(env.BRANDS_DIR, env.THEMES_DIR);
  const database = await openAndSeed(env, registry, createLogger(env.LOG_LEVEL));
  await database.close();
  console.log(`Database ready (${database.engine}).`);
}
