import type {} from "~/context";
import path from "node:path";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import { precompressedAssets } from "./precompressed";
import express from "express";
import type { Brand } from "~/brand/schema";
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
import { isLanguageId, LANGUAGES, type LanguageId } from "~/utils/languages";
import { resourcesJson } from "~/web/locales.server";
import { memberPageFigures } from "~/web/header-figures.server";
import type { BrandContext } from "~/web/guards.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { gateClosedBrands } from "~/web/status-gate.server";
import { artRouter } from "./art/router";
import type { Logger } from "./logger";
import { requestLog } from "./logger";
import { allowSocialSignIn, bodyLimit, sameOriginPosts, securityHeaders } from "./security";
import { sandboxGatewayRouter } from "./sandbox-gateway";
import { pwaRouter } from "./pwa/router";
import { seamlessApi, seamlessPathUnknown } from "./seamless-api";
import { renderStatusPage, statusOf, type StatusPageKind } from "./status-page";
import { cacheKeyFor, createPageCache, type PageTemplate } from "./page-cache";
import { remixRequest, renderToKeep, sendKept, sendResponse } from "./remix-bridge";

/** Members' kept pages take at most this much memory (about a hundred lobby pages); the oldest go first. */
const MEMBER_PAGES_BYTES = 20 * 1024 * 1024;

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

/** A database that did not answer while the request's context was built. */
class ServiceUnavailable extends Error {}

/** The request headers the brand and language are read from. */
function brandHeaders(req: express.Request): Headers {
  const headers = new Headers();
  for (const name of ["host", "x-forwarded-host", "cookie"]) {
    const v = req.get(name);
    if (v) headers.set(name, v);
  }
  return headers;
}

/** The site's own paths: pages, in-house games and APIs, never a file of the build or of public/. */
const SITE_PATHS = /^\/(m|bgs|api)\//;

/** A folder's files, without looking on disk for the site's own paths (each look is a stat call per page). */
function staticFiles(dir: string, opts: Parameters<typeof express.static>[1]): express.RequestHandler {
  const serve = express.static(dir, opts);
  return (req, res, next) => (SITE_PATHS.test(req.path) ? next() : serve(req, res, next));
}

/** This server as reached over the socket a request came in on: the in-house games call the wallet API there. */
function selfUrl(address: string | undefined, port: number | undefined): string {
  const host = !address || address === "::" || address === "0.0.0.0" ? "127.0.0.1" : address.replace(/^::ffff:/, "");
  return `http://${host.includes(":") ? `[${host}]` : host}:${port ?? 0}`;
}

export function createApp(opts: AppOptions) {
  const { env, registry, database, logger } = opts;
  const root = opts.root ?? process.cwd();
  const services = createServices(env, database.db, registry);
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

  const brandOf = (req: express.Request) =>
    resolveBrand(brandHeaders(req), registry, {
      trustProxy: env.TRUST_PROXY,
      production: env.production,
      defaultBrand: env.DEFAULT_BRAND,
    });

  /** One of the host's own pages, in the brand's colours and the player's language. */
  async function statusPage(
    req: express.Request,
    res: express.Response,
    kind: StatusPageKind,
    brand = brandOf(req),
    language?: LanguageId,
  ) {
    res.locals.brandId = brand?.id ?? null;
    const lng =
      language ?? (brand ? await detectLanguage(new Request("http://localhost/", { headers: brandHeaders(req) }), brand) : "en");
    const html = renderStatusPage({
      kind,
      brand,
      themeCss: brand ? (registry.themes.get(brand.theme) ?? "") : "",
      lng,
      nonce: res.locals.nonce as string,
      href: kind === "offline" ? "" : kind === "outage" && req.method === "GET" ? safeRedirectPath(req.originalUrl) : "/m/home",
    });
    res.setHeader("Cache-Control", kind === "offline" ? "no-cache" : "no-store");
    if (kind === "outage") res.setHeader("Retry-After", "30");
    res.status(statusOf(kind)).type("html").send(html);
  }
  const answerWith = (kind: StatusPageKind) => (req: express.Request, res: express.Response) =>
    void statusPage(req, res, kind).catch((err: Error) => {
      logger.log("error", "status page failed", { requestId: res.locals.requestId, error: err.message });
      if (!res.headersSent)
        res
          .status(statusOf(kind))
          .type("text/plain")
          .send(String(statusOf(kind)));
    });

  /** What the database says about this request: the brand's flags and status, and the session. */
  async function siteState(req: express.Request, res: express.Response, brand: Brand) {
    const sid = readCookie(req.get("cookie"), "sid", env.secureCookies);
    try {
      const [{ flags, status, version }, session] = await Promise.all([
        getSiteState(database.db, brand),
        sid ? getSession(database.db, brand, sid) : null,
      ]);
      return { flags, status, version, session };
    } catch (err) {
      logger.log("error", "database unavailable", { requestId: res.locals.requestId, error: (err as Error).message });
      throw new ServiceUnavailable((err as Error).message);
    }
  }

  async function loadContext(req: express.Request, res: express.Response, brand: Brand | null): Promise<AppLoadContext> {
    const cookies = req.get("cookie");
    const { flags, status, version, session } = brand
      ? await siteState(req, res, brand)
      : { flags: null, status: 0 as const, version: "0", session: null };
    const lng = brand ? await detectLanguage(new Request("http://localhost/", { headers: brandHeaders(req) }), brand) : null;
    // Only brands with social sign-in on get the Google origins in their CSP.
    if (brand && flags) allowSocialSignIn(res, brand, flags);
    return {
      db: database.db,
      registry,
      brand,
      flags,
      lng,
      status,
      siteVersion: version,
      nonce: res.locals.nonce as string,
      requestId: res.locals.requestId as string,
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
      selfUrl: selfUrl(req.socket.localAddress, req.socket.localPort),
      production: env.production,
      secureCookies: env.secureCookies,
      cookieSecret: env.cookieSecret,
      session,
      csrf: csrfFromCookies(cookies, env.secureCookies),
      services,
    };
  }

  app.use(requestLog(logger, env.TRUST_PROXY));
  app.use(securityHeaders({ production: env.production, dev: Boolean(opts.devMiddleware) }));
  // Routers decode the path; a broken %-escape would throw there and answer 500.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
    } catch {
      answerWith("badRequest")(req, res);
      return;
    }
    next();
  });
  // Game providers' calls, on the hot path of every bet: answered here, before the page machinery.
  app.all("/api/seamless/:provider/:action", seamlessApi({ db: database.db, services, brandOf }));
  app.all(["/api/seamless", "/api/seamless/*"], seamlessPathUnknown);
  // A build file of a few hundred bytes is worth compressing too: a phone pays for every byte.
  app.use(compression({ threshold: 256 }));

  if (opts.devMiddleware) {
    app.use(opts.devMiddleware);
  } else {
    const client = path.resolve(root, env.BUILD_DIR, "client");
    // Content-hashed and immutable: validators and byte ranges would only add bytes to each answer.
    app.use("/assets", precompressedAssets(path.join(client, "assets")));
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), {
        immutable: true,
        maxAge: "1y",
        etag: false,
        lastModified: false,
        acceptRanges: false,
      }),
    );
    // A build file that is not there is no page: a plain 404, never the app (whose pages need the policies).
    app.use("/assets", (_req, res) => void res.status(404).type("text/plain").send("Not found"));
    app.use(staticFiles(client, { maxAge: "1h" }));
  }
  // The installable app: each brand's service worker and the offline page it keeps (server/pwa).
  if (!opts.devMiddleware && typeof opts.build !== "function")
    app.use(
      pwaRouter(opts.build, path.resolve(root, env.BUILD_DIR, "client"), brandOf, (req, res, brand, lng) =>
        statusPage(req, res, "offline", brand, lng),
      ),
    );
  // Each language's translations, one file a browser keeps across pages (root.tsx links it, ~/web/locales.server).
  app.get("/i18n/:file", (req, res, next) => {
    const m = /^([a-z]{2})\.([0-9a-f]{12})\.json$/.exec(req.params.file);
    if (!m || !isLanguageId(m[1])) return next();
    const { body, version } = resourcesJson(m[1]);
    // An older release's address gets today's text, checked again next time.
    res.setHeader("Cache-Control", version === m[2] ? "public, max-age=31536000, immutable" : "no-cache");
    res.type("application/json").send(body);
  });
  // Brand logos and icons added after the build (npm run brand:new) are served from public/ directly.
  app.use(staticFiles(path.resolve(env.PUBLIC_DIR), { maxAge: "1h" }));
  app.use(artRouter(registry));
  app.use(sameOriginPosts(env.TRUST_PROXY));
  // Posts are 1 MB, except the forms that carry images: a promotion application (3 images of 5 MB),
  // the avatar, and the identity verification (an ID photo and a selfie of 8 MB each). Single fetch
  // posts the same form to the path with ".data".
  const uploadLimits: Record<string, number> = {
    "/m/activityDetail": 16 * 1024 * 1024,
    "/m/set": 6 * 1024 * 1024,
    "/m/verify": 17 * 1024 * 1024,
  };
  const limits = new Map<string, ReturnType<typeof bodyLimit>>(
    Object.entries(uploadLimits).flatMap(([p, max]) => {
      const limit = bodyLimit(max, answerWith("tooLarge"));
      return [
        [p, limit],
        [`${p}.data`, limit],
      ];
    }),
  );
  const defaultLimit = bodyLimit(1024 * 1024, answerWith("tooLarge"));
  app.use((req, res, next) => (limits.get(req.path) ?? defaultLimit)(req, res, next));
  // The sandbox payment gateway's own pages: a stand-in provider, outside Remix and the brands' status gate.
  app.use("/sandbox-gateway", sandboxGatewayRouter({ db: database.db, trustProxy: env.TRUST_PROXY }));

  const handleRequest = createRequestHandler(gated(opts.build), env.production ? "production" : "development");
  // Visitors' lobby pages, rendered once per site version and language (ADR 0019), and a member's,
  // once per session and what of theirs the page shows (ADR 0023); neither while developing.
  const pageCache = opts.devMiddleware ? null : createPageCache();
  const memberPageCache = opts.devMiddleware ? null : createPageCache({ maxBytes: MEMBER_PAGES_BYTES });
  app.all("*", async (req, res, next) => {
    try {
      // Single fetch asks for `.data`; Remix answers the old `?_data=` protocol with a 500.
      if (new URLSearchParams(req.originalUrl.split("?")[1] ?? "").has("_data")) return answerWith("badRequest")(req, res);
      const brand = brandOf(req);
      res.locals.brandId = brand?.id ?? null;
      let context: AppLoadContext;
      try {
        context = await loadContext(req, res, brand);
      } catch (err) {
        if (err instanceof ServiceUnavailable) return await statusPage(req, res, "outage", brand);
        throw err;
      }
      // The service worker shows the offline page in the language of the last page it passed on.
      if (context.lng) res.setHeader("Content-Language", LANGUAGES[context.lng].tag);
      const member = context.session;
      const cache = member ? memberPageCache : pageCache;
      const key =
        cache && brand && context.lng && context.status === 0
          ? cacheKeyFor(req, { brandId: brand.id, lng: context.lng, member })
          : null;
      if (!cache || !key) return await sendResponse(res, await handleRequest(remixRequest(req, res), context), member !== null);
      // A member's page is kept for what of theirs it shows: the header's figures, read here once and
      // shown as read (context.headerFigures), and their favourites, read again after the rendering.
      const own = member ? await memberPageFigures(context as BrandContext) : null;
      if (own) context.headerFigures = own.figures;
      const version = own ? `${context.siteVersion}\n${own.stamp}` : context.siteVersion;
      const slot = cache.open(key, version);
      const kept = "template" in slot ? slot.template : "pending" in slot ? await slot.pending : null;
      if (kept) return sendKept(res, kept, context);
      let template: PageTemplate | null = null;
      try {
        template = await renderToKeep(res, await handleRequest(remixRequest(req, res), context), context, member !== null);
        if (template && own && (await memberPageFigures(context as BrandContext)).stamp !== own.stamp) template = null;
      } finally {
        if ("fill" in slot) slot.fill(template);
      }
    } catch (err) {
      next(err);
    }
  });

  app.use((err: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logger.log("error", "unhandled error", { requestId: res.locals.requestId, error: err.message, stack: err.stack });
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
  });
  return app;
}
