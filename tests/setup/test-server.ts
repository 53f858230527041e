import type http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { games } from "../../app/db/schema";
import { sandboxWebhookSecret } from "../../app/integrations/payments/index.server";
import { startSandboxDelivery, webhookTargets } from "../../app/integrations/payments/sandbox-delivery.server";
import { parseEnv } from "../../app/utils/env.server";
import { createApp } from "../../server/app";
import { createLogger, type Logger } from "../../server/logger";
import { afterAll, beforeAll } from "vitest";
import { projectBrands } from "./brands";
import { portOf, TEST_COOKIE_SECRET } from "./http";
import { createTestDatabase } from "./test-db";

/**
 * The built app (build/server, made by the global setup) served as production
 * serves it, on a free loopback port: what the HTTP tests talk to.
 */
export async function serveApp(opts: {
  database: Database;
  registry: BrandRegistry;
  /** Environment beyond the defaults (production, error logs, a fixed cookie secret). */
  env?: Record<string, string>;
  logger?: Logger;
  /**
   * Runs the sandbox gateway's webhook sender against this server, as server/index.ts does;
   * closing the server stops it (the close callback waits for its tick in progress).
   */
  sandboxDelivery?: boolean | { duplicateRate?: number; payoutDelayMs?: number };
}): Promise<http.Server> {
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const env = parseEnv({ COOKIE_SECRET: TEST_COOKIE_SECRET, NODE_ENV: "production", LOG_LEVEL: "error", ...opts.env });
  const app = createApp({
    env,
    registry: opts.registry,
    database: opts.database,
    build,
    logger: opts.logger ?? createLogger("error", () => {}),
  });
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  if (opts.sandboxDelivery) {
    const tuning = opts.sandboxDelivery === true ? {} : opts.sandboxDelivery;
    const delivery = startSandboxDelivery(opts.database.db, {
      ...tuning,
      targetFor: webhookTargets(opts.registry.brands, (server.address() as AddressInfo).port),
      secretFor: (merchantCode) => sandboxWebhookSecret(env.cookieSecret, merchantCode),
    });
    const close = server.close.bind(server);
    server.close = ((callback?: (err?: Error) => void) => {
      const stopped = delivery.stop();
      return close((err) => void stopped.then(() => callback?.(err)));
    }) as typeof server.close;
  }
  return server;
}

/** What a test file's servedApp() holds once its beforeAll has run. */
export interface ServedApp {
  database: Database;
  registry: BrandRegistry;
  server: http.Server;
  port: number;
}

/**
 * A test file's own database (cloned, migrated), the project's brands and the app served over them:
 * made before the file's tests, closed after them. Read the fields inside tests and hooks. `seed`
 * adds what the file's tests need to the database before the app is served (catalogue games, say).
 */
export function servedApp(
  opts: Pick<Parameters<typeof serveApp>[0], "env" | "logger" | "sandboxDelivery"> & {
    seed?: (app: Pick<ServedApp, "database" | "registry">) => Promise<void>;
  } = {},
): ServedApp {
  const { seed, ...serveOpts } = opts;
  const app = {} as ServedApp;
  beforeAll(async () => {
    app.database = await createTestDatabase();
    app.registry = await projectBrands();
    await seed?.(app);
    app.server = await serveApp({ database: app.database, registry: app.registry, ...serveOpts });
    app.port = portOf(app.server);
  });
  afterAll(async () => {
    if (app.server) await new Promise((r) => app.server.close(r));
    await app.database?.close();
  });
  return app;
}

/**
 * A seed step (for servedApp) that lists one in-house slot of the game server (vendor BGS) in the
 * catalogue of each brand named, so a test can open its page and launch it.
 */
export function inHouseSlot(game: { nodeId: number; code: string; name: string; brands?: string[] }) {
  return async ({ database, registry }: Pick<ServedApp, "database" | "registry">) => {
    for (const brand of registry.brands) {
      if (game.brands && !game.brands.includes(brand.id)) continue;
      await database.db.insert(games).values({
        merchantCode: brand.merchantCode,
        nodeId: game.nodeId,
        gameId: game.code,
        gameCode: game.code,
        gameName: game.name,
        displayName: { en: game.name },
        gameType: "RNG",
        vassalage: "BGS",
        gameClassify: "SLOT",
        iconUrl: "/icons/none.png",
      });
    }
  };
}
