import type { AppLoadContext } from "@remix-run/node";
import { writeReadableStreamToWritable } from "@remix-run/node";
import type express from "express";
import { csrfCookie } from "~/web/csrf.server";
import { fromTemplate, keepable, toTemplate, type PageTemplate } from "./page-cache";
import { bufferedBody } from "./security";

/**
 * Between Express and Remix: the Fetch request Remix handles for an Express request, and Remix's
 * answer sent back, as it is or kept for the page cache (ADR 0019, ADR 0023). server/app.ts decides
 * which; a page that carries someone's data is never kept by a shared cache.
 */

/** The Fetch request Remix handles, with the body bodyLimit read whole (never the live stream). */
export function remixRequest(req: express.Request, res: express.Response): Request {
  // req.hostname respects "trust proxy"; the port comes from the header it was read from.
  const port = /:(\d+)$/.exec(req.get("x-forwarded-host") ?? req.get("host") ?? "")?.[1];
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Loaders and actions stop once nobody can receive the answer.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : bufferedBody(req);
  return new Request(url, { method: req.method, headers, body, signal: controller.signal });
}

/**
 * A page carrying someone's data (their name, balance, CSRF token) must not be
 * kept by a shared cache or the browser's back-forward cache, whatever the
 * route said, unless it already said no-store.
 */
function cacheControl(response: Response, personal: boolean): string | null {
  const own = response.headers.get("cache-control");
  if (!personal || (own && /(^|,)\s*no-store\s*(,|$)/i.test(own))) return own;
  return "private, no-store";
}

/** A page from the page cache, with this request's nonce and CSRF token (and its cookie when new). */
export function sendKept(res: express.Response, kept: PageTemplate, context: AppLoadContext) {
  res.status(kept.status);
  for (const [name, value] of kept.headers) res.append(name, value);
  if (context.csrf.fresh) res.append("Set-Cookie", csrfCookie(context.csrf.token, context.secureCookies));
  res.setHeader("X-Page-Cache", "hit");
  res.end(fromTemplate(kept, { nonce: context.nonce, csrf: context.csrf.token }));
}

/** Sends a rendered page and answers its template, or null when it is not to be kept (sent as it is). */
export async function renderToKeep(
  res: express.Response,
  response: Response,
  context: AppLoadContext,
  personal: boolean,
): Promise<PageTemplate | null> {
  if (!keepable(response)) {
    await sendResponse(res, response, personal);
    return null;
  }
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "cache-control");
  const cache = cacheControl(response, personal);
  if (cache) headers.push(["cache-control", cache]);
  sendHead(res, response, personal);
  res.setHeader("X-Page-Cache", "miss");
  res.end(body);
  return toTemplate(body, { nonce: context.nonce, csrf: context.csrf.token }, response.status, headers);
}

function sendHead(res: express.Response, response: Response, personal: boolean) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "cache-control") res.append(name, value);
  }
  const cache = cacheControl(response, personal);
  if (cache) res.setHeader("Cache-Control", cache);
}

export async function sendResponse(res: express.Response, response: Response, personal: boolean) {
  sendHead(res, response, personal);
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
