import type {} from "~/context";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { BrandRegistry } from "~/brand/registry.server";
import { resolveBrand } from "~/brand/resolve-brand";
import type { Database } from "~/db/client.server";
import { getSession } from "~/domain/accounts/sessions.server";
import { getSiteState } from "~/domain/site/site-state.server";
import { detectLanguage } from "~/web/language.server";
import { createServices } from "~/services.server";
import { readCookie } from "~/web/cookies.server";
import { csrfFromCookies } from "~/web/csrf.server";
import type { Env } from "~/utils/env.server";
import { gateClosedBrands } from "~/web/status-gate.server";
import { artRouter } from "./art/router";
import type { Logger } from "./logger";
import { requestLog } from "./logger";
import { allowSocialSignIn, bodyLimit, sameOriginPosts, securityHeaders } from "./security";

export interface AppOptions {
  env: Env;
  registry: BrandRegistry;
  database: Database;
  logger: Logger;
  /** The built server bundle, or a loader of it (Vite dev server). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middlewares in development. */
  devMiddleware?: express.RequestHandler;
  root?: string;
  isShuttingDown?: () => boolean;
}

/** Every route of the build behind the status gate (a dev server hands a fresh build per request). */
function gated(build: AppOptions["build"]): AppOptions["build"] {
  return typeof build === "function" ? async () => gateClosedBrands(await build()) : gateClosedBrands(build);
}

export function createApp(opts: AppOptions) {
  const { env, registry, database, logger } = opts;
  const root = opts.root ?? process.cwd();
  const services = createServices(env, database.db);
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) app.set("trust proxy", true);

  app.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (opts.isShuttingDown?.()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    try {
      await Promise.race([database.ping(), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000))]);
      res.json({ status: "ready", database: database.engine });
    } catch (err) {
      logger.log("error", "readiness check failed", { error: (err as Error).message });
      res.status(503).json({ status: "database unavailable" });
    }
  });

  app.use(requestLog(logger, env.TRUST_PROXY));
  app.use(securityHeaders({ production: env.production, dev: Boolean(opts.devMiddleware) }));
  app.use(compression());

  if (opts.devMiddleware) {
    app.use(opts.devMiddleware);
  } else {
    app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(path.join(root, "build/client"), { maxAge: "1h" }));
  }
  // Brand logos and icons added after the build (npm run brand:new) are served from public/ directly.
  app.use(express.static(path.resolve(env.PUBLIC_DIR), { maxAge: "1h" }));
  app.use(artRouter(registry));
  app.use(sameOriginPosts(env.TRUST_PROXY));
  app.use(bodyLimit(1024 * 1024));

  app.all(
    "*",
    createRequestHandler({
      build: gated(opts.build),
      mode: env.production ? "production" : "development",
      getLoadContext: async (req, res): Promise<AppLoadContext> => {
        const headers = new Headers();
        for (const name of ["host", "x-forwarded-host", "cookie"]) {
          const v = req.get(name);
          if (v) headers.set(name, v);
        }
        const brand = resolveBrand(headers, registry, {
          trustProxy: env.TRUST_PROXY,
          production: env.production,
          defaultBrand: env.DEFAULT_BRAND,
        });
        res.locals.brandId = brand?.id ?? null;
        const cookies = req.get("cookie");
        const sid = brand ? readCookie(cookies, "sid", env.secureCookies) : null;
        const [{ flags, status }, lng, session] = brand
          ? await Promise.all([
              getSiteState(database.db, brand),
              detectLanguage(new Request("http://localhost/", { headers }), brand),
              sid ? getSession(database.db, brand, sid) : null,
            ])
          : [{ flags: null, status: 0 as const }, null, null];
        // Only brands with social sign-in on get the Google origins in their CSP.
        if (brand && flags) allowSocialSignIn(res, brand, flags);
        return {
          db: database.db,
          registry,
          brand,
          flags,
          lng,
          status,
          nonce: res.locals.nonce as string,
          requestId: res.locals.requestId as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "",
          production: env.production,
          secureCookies: env.secureCookies,
          session,
          csrf: csrfFromCookies(cookies, env.secureCookies),
          services,
        };
      },
    }),
  );

  app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logger.log("error", "unhandled error", { requestId: res.locals.requestId, error: err.message, stack: err.stack });
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}
