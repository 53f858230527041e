import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import { BrandFileError, loadBrandRegistry, type BrandRegistry } from "~/brand/registry.server";
import type { Database } from "~/db/client.server";
import { purgeExpired } from "~/domain/accounts/housekeeping.server";
import { parseEnv, type Env } from "~/utils/env.server";
import { startAdminChannel } from "./admin-channel";
import { createApp } from "./app";
import { openAndSeed } from "./boot";
import { createLogger, routeConsole, type Logger } from "./logger";

const HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000;

/**
 * Purges expired secrets at start and then every hour. A run still going when
 * the next is due makes that one skip, so runs never overlap; `stop` waits for
 * the one in progress, so the database is not closed under it.
 */
function startHousekeeping(db: Database["db"], logger: Logger) {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    const started = Date.now();
    running = purgeExpired(db)
      .then((deleted) => logger.log("info", "housekeeping", { deleted, ms: Date.now() - started }))
      .catch((err: Error) => logger.log("error", "housekeeping failed", { error: err.message }))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, HOUSEKEEPING_EVERY_MS);
  // The schedule alone must not keep the process alive.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

async function main() {
  // What the server writes (the embedded database, its admin token, the cookie secret) is its user's alone.
  process.umask(0o077);
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

  // Start-up problems above go to stderr as plain words for the operator; from here on stdout carries one
  // JSON object per line, whoever writes (Remix and React warn in several lines).
  routeConsole(logger);

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
  const housekeeping = startHousekeeping(database.db, logger);
  const server = app.listen(env.PORT, env.HOST, () => {
    const port = (server.address() as { port: number }).port;
    logger.log("info", "listening", { port, engine: database.engine, brands: registry.brands.map((b) => b.id) });
    // For the person who started the server; on stderr, so stdout stays JSON.
    const lines = registry.brands.map((b) => {
      const host = b.hosts.find((h) => h.endsWith(".localhost")) ?? b.hosts[0];
      return `  ${b.displayName.padEnd(16)} http://${host}:${port}/m/home`;
    });
    process.stderr.write(`\nServing ${registry.brands.length} brands on port ${port}:\n${lines.join("\n")}\n\n`);
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
      await housekeeping.stop();
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
