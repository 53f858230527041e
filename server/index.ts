import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import { BrandFileError, loadBrandRegistry, type BrandRegistry } from "~/brand/registry.server";
import type { Database } from "~/db/client.server";
import { purgeExpired } from "~/domain/accounts/housekeeping.server";
import type { Payments } from "~/domain/payments/ports";
import { reconcileBrands } from "~/domain/payments/reconcile.server";
import { runGameJobs } from "~/domain/games/jobs.server";
import { sandboxWebhookSecret } from "~/integrations/payments/index.server";
import { startSandboxDelivery, webhookTargets } from "~/integrations/payments/sandbox-delivery.server";
import type { AdminServices } from "~/domain/support/commands.server";
import { createServices, type Services } from "~/services.server";
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

const GAMES_EVERY_MS = 15 * 1000;

/**
 * Every 15 s, the in-house game server's background work (rounds left unsettled are finished, due
 * lottery draws drawn and paid),
 * calling the wallet API on this very server as each brand.
 */
function startGameJobs(db: Database["db"], registry: BrandRegistry, services: Services, selfUrl: string, logger: Logger) {
  let running: Promise<void> | null = null;
  const holder = `server:${os.hostname()}:${process.pid}`;
  const run = () => {
    if (running) return;
    running = runGameJobs(db, registry.brands, (brand) => services.inHouseWallet(selfUrl, brand.hosts[0]!), holder)
      .then((runs) => {
        for (const r of runs)
          if (r.finished > 0) logger.log("info", "game rounds finished", { brand: r.brand.id, rounds: r.finished });
      })
      .catch((err: Error) => logger.log("error", "game jobs failed", { error: err.message }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, GAMES_EVERY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

const RECONCILE_EVERY_MS = 60 * 1000;

/**
 * Once a minute, deposits whose webhook never came are settled from the gateway's own status
 * (unpaid ones expire), and payouts left without an answer are sent again or looked up. Each
 * brand's run holds a lease in the database, so several server processes (and the CLI) never
 * reconcile one brand at the same time.
 */
function startReconciler(db: Database["db"], registry: BrandRegistry, payments: Payments, logger: Logger) {
  let running: Promise<void> | null = null;
  const holder = `server:${os.hostname()}:${process.pid}`;
  const run = () => {
    if (running) return;
    running = reconcileBrands(db, registry.brands, payments, holder)
      .then((runs) => {
        for (const r of runs) {
          if (r.ran && r.report.checked + r.payouts.sent + r.payouts.settled + r.payouts.waiting > 0)
            logger.log("info", "payments reconciled", { brand: r.brand.id, deposits: r.report, payouts: r.payouts });
        }
      })
      .catch((err: Error) => logger.log("error", "payment reconciliation failed", { error: err.message }))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, RECONCILE_EVERY_MS);
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
  // The heap is collected once it has grown by this share of what it kept, not up to four times (ADR 0030).
  if (env.HEAP_GROWING_PERCENT > 0) v8.setFlagsFromString(`--heap-growing-percent=${env.HEAP_GROWING_PERCENT}`);
  const logger = createLogger(env.LOG_LEVEL);
  const dev = process.argv.includes("--dev");

  let registry: BrandRegistry;
  let database: Database;
  let services: Services;
  let ready: { db: Database["db"]; registry: BrandRegistry; services: AdminServices } | null = null;
  let admin: Awaited<ReturnType<typeof startAdminChannel>> | null = null;
  try {
    registry = await loadBrandRegistry(env.BRANDS_DIR, env.THEMES_DIR);
    if (!env.DATABASE_URL) {
      admin = await startAdminChannel(env.dataDir, () => ready);
    }
    database = await openAndSeed(env, registry, logger);
    // Support commands that reach the outside (a withdrawal's payout) use the same gateways as requests.
    services = createServices(env, database.db, registry);
    ready = { db: database.db, registry, services: { payments: services.payments, providers: services.providers } };
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
    build = (await import(pathToFileURL(path.resolve(env.BUILD_DIR, "server/index.js")).href)) as ServerBuild;
  }

  let shuttingDown = false;
  let app: ReturnType<typeof createApp>;
  try {
    app = createApp({ env, registry, database, logger, build, devMiddleware, isShuttingDown: () => shuttingDown });
  } catch (err) {
    // A brand naming a gateway this server cannot run (PaymentsConfigurationError): plain words for the operator.
    process.stderr.write(`Start-up failed: ${(err as Error).message}\n`);
    await admin?.close();
    await database.close();
    process.exit(1);
  }
  const housekeeping = startHousekeeping(database.db, logger);
  const reconciler = startReconciler(database.db, registry, ready.services.payments!, logger);
  let sandboxDelivery: ReturnType<typeof startSandboxDelivery> | null = null;
  let gameJobs: ReturnType<typeof startGameJobs> | null = null;
  const server = app.listen(env.PORT, env.HOST, () => {
    const port = (server.address() as { port: number }).port;
    // The sandbox gateway's webhooks come back to this very server, over loopback.
    sandboxDelivery = startSandboxDelivery(database.db, {
      targetFor: webhookTargets(registry.brands, port),
      secretFor: (merchantCode) => sandboxWebhookSecret(env.cookieSecret, merchantCode),
      logger,
    });
    const loopback = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
    gameJobs = startGameJobs(
      database.db,
      registry,
      services,
      `http://${loopback.includes(":") ? `[${loopback}]` : loopback}:${port}`,
      logger,
    );
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
    // A step of the orderly stop that never finishes (a stuck database connection) must not keep the process up.
    const hard = setTimeout(
      () => {
        logger.log("error", "shutdown did not finish; exiting");
        process.exit(1);
      },
      (env.SHUTDOWN_GRACE_SECONDS + 15) * 1000,
    );
    hard.unref();
    // No more webhooks into a server that is closing; the sandbox retries them after the restart.
    const deliveryStopped = sandboxDelivery?.stop();
    server.close(async () => {
      await housekeeping.stop();
      await reconciler?.stop();
      await gameJobs?.stop();
      await deliveryStopped;
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
