import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import { BrandFileError, loadBrandRegistry, type BrandRegistry } from "~/brand/registry.server";
import type { Database } from "~/db/client.server";
import { parseEnv, type Env } from "~/utils/env.server";
import { readAdminChannel, startAdminChannel } from "./admin-channel";
import { createApp } from "./app";
import { openAndSeed } from "./boot";
import { createLogger } from "./logger";

async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const logger = createLogger(env.LOG_LEVEL);
  const dev = process.argv.includes("--dev");

  let registry: BrandRegistry;
  let database: Database;
  let ready: { db: Database["db"]; registry: BrandRegistry } | null = null;
  let admin: Awaited<ReturnType<typeof startAdminChannel>> | null = null;
  try {
    registry = await loadBrandRegistry(env.BRANDS_DIR, env.THEMES_DIR);
    if (!env.DATABASE_URL) {
      const other = readAdminChannel(env.dataDir);
      if (other) throw new Error(`another server (pid ${other.pid}) holds ${env.dataDir}; the embedded database has one owner`);
      admin = await startAdminChannel(env.dataDir, () => ready);
    }
    database = await openAndSeed(env, registry, logger);
    ready = { db: database.db, registry };
  } catch (err) {
    await admin?.close();
    if (err instanceof BrandFileError) console.error(`Brand configuration error: ${err.message}`);
    else console.error(`Start-up failed: ${(err as Error).message}`);
    process.exit(1);
  }

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let devMiddleware: express.RequestHandler | undefined;
  if (dev) {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    devMiddleware = server.middlewares;
    build = () => server.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  }

  let shuttingDown = false;
  const app = createApp({ env, registry, database, logger, build, devMiddleware, isShuttingDown: () => shuttingDown });
  const server = app.listen(env.PORT, env.HOST, () => {
    const port = (server.address() as { port: number }).port;
    logger.log("info", "listening", { port, engine: database.engine, brands: registry.brands.map((b) => b.id) });
    console.log(`\nServing ${registry.brands.length} brands on port ${port}:`);
    for (const b of registry.brands) {
      const host = b.hosts.find((h) => h.endsWith(".localhost")) ?? b.hosts[0];
      console.log(`  ${b.displayName.padEnd(16)} http://${host}:${port}/m/home`);
    }
    console.log("");
  });

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.log("info", "shutting down", { signal });
    const force = setTimeout(() => {
      logger.log("warn", "grace period over; closing open connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_GRACE_SECONDS * 1000);
    force.unref();
    server.close(async () => {
      await admin?.close();
      await database.close();
      logger.log("info", "stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
