import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import type { Brand } from "~/brand/schema";
import { isLanguageId, type LanguageId } from "~/utils/languages";
import { scriptEtag, serviceWorkerScript } from "./service-worker";

/** Answers with the host's offline page (server/status-page.ts) in the brand's colours and the given language. */
type OfflinePage = (req: express.Request, res: express.Response, brand: Brand, lng: LanguageId) => Promise<void>;

/**
 * GET /sw.js, the brand's service worker for this build, and GET /offline?lng=…, the page it keeps
 * for when the network is gone. Only for a built app: the development server has no worker.
 */
export function pwaRouter(
  build: ServerBuild,
  clientDir: string,
  brandOf: (req: express.Request) => Brand | null,
  offlinePage: OfflinePage,
) {
  // The build's scripts and stylesheets, as the browser asks for them.
  const assetsDir = path.join(clientDir, "assets");
  const assets = fs.existsSync(assetsDir)
    ? fs
        .readdirSync(assetsDir)
        .filter((f) => f.endsWith(".js") || f.endsWith(".css"))
        .sort()
        .map((f) => `/assets/${f}`)
    : [];
  const scripts = new Map<string, { body: string; etag: string }>();
  const router = express.Router();

  router.get("/sw.js", (req, res) => {
    const brand = brandOf(req);
    if (!brand) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    let script = scripts.get(brand.id);
    if (!script) {
      const body = serviceWorkerScript(build.assets.version, brand, assets);
      script = { body, etag: scriptEtag(body) };
      scripts.set(brand.id, script);
    }
    // The browser asks again on every navigation's update check; an unchanged build answers 304.
    res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", script.etag);
    if (req.get("if-none-match") === script.etag) {
      res.status(304).end();
      return;
    }
    res.type("application/javascript").send(script.body);
  });

  router.get("/offline", (req, res, next) => {
    const brand = brandOf(req);
    if (!brand) return next();
    const asked = req.query.lng;
    const lng = isLanguageId(asked) && brand.languages.enabled.includes(asked) ? asked : brand.languages.default;
    offlinePage(req, res, brand, lng).catch(next);
  });
  return router;
}
