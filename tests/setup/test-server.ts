import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { parseEnv } from "../../app/utils/env.server";
import { createApp } from "../../server/app";
import { createLogger, type Logger } from "../../server/logger";
import { TEST_COOKIE_SECRET } from "./http";

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
  return new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
}
