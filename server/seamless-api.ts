import type express from "express";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { getSystemStatus, SiteClosedError } from "~/domain/site/system-status.server";
import type { SeamlessAnswer } from "~/domain/wallet/seamless-port";
import { handleSeamlessCall } from "~/domain/wallet/seamless.server";
import type { Services } from "~/services.server";
import { siteClosedAnswer } from "~/web/status-gate.server";

/**
 * The seamless-wallet API a game provider calls (docs/providers.md):
 * POST /api/seamless/{provider}/{authenticate|balance|bet|win|rollback}. No session and no CSRF
 * token: the provider proves itself by its signature over the exact bytes received, in the way
 * its protocol says. Every answer is the protocol's JSON; nothing here names a secret.
 *
 * Served by the host itself, ahead of compression, the page middlewares and Remix (ADR 0017):
 * a provider calls it for every bet and win of every player, and it needs none of what a page
 * does (session, language, CSP nonce, route matching). A closed brand answers 503 as every
 * machine route does (web/status-gate.server.ts).
 */

const MAX_BODY_BYTES = 16 * 1024;
const JSON_NO_STORE = { "Cache-Control": "no-store", "Content-Type": "application/json; charset=utf-8" };

/** The body, or null when it passes the limit (no more of it is read). */
function readBody(req: express.Request): Promise<string | null> {
  if (Number(req.get("content-length") ?? 0) > MAX_BODY_BYTES) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > MAX_BODY_BYTES) {
        req.removeAllListeners("data");
        req.pause();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** Written as it is: Express's send would also hash every answer for an ETag no provider uses. */
function send(res: express.Response, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { ...JSON_NO_STORE, "Content-Length": String(Buffer.byteLength(body)), ...headers }).end(body);
}

/** Any other path under /api/seamless (no action, a segment too many): JSON as well, never a page. */
export function seamlessPathUnknown(_req: express.Request, res: express.Response) {
  send(res, 404, JSON.stringify({ error: "not_found" }));
}

export function seamlessApi(deps: { db: Db; services: Services; brandOf(req: express.Request): Brand | null }) {
  const { db, services } = deps;

  async function answer(req: express.Request, res: express.Response) {
    const brand = deps.brandOf(req);
    if (!brand) return send(res, 404, JSON.stringify({ error: "unknown_brand" }));
    res.locals.brandId = brand.id;
    if (req.method !== "POST") return send(res, 405, JSON.stringify({ error: "method_not_allowed" }), { Allow: "POST" });
    const provider = services.providers.byCode(String(req.params.provider));
    if (!provider) return send(res, 404, JSON.stringify({ error: "unknown_provider" }));
    const closed = (status: number) => {
      const answer = siteClosedAnswer(status);
      send(res, answer.status, JSON.stringify(answer.body), answer.headers);
    };
    const reply = (a: SeamlessAnswer) => {
      const out = provider.protocol.write(a);
      send(res, out.status, out.body);
    };
    const rawBody = await readBody(req);
    const read =
      rawBody === null
        ? null
        : provider.protocol.read(String(req.params.action), rawBody, (name) => req.get(name) ?? null, provider.secret);
    if (read?.ok) {
      // The brand's status is read in the call's own statement (ADR 0031): one round trip per call.
      try {
        return reply(await handleSeamlessCall(db, brand, provider.code, read.call));
      } catch (err) {
        if (err instanceof SiteClosedError) return closed(err.status);
        throw err;
      }
    }
    if (!read) {
      // Answer first, then drop the connection: the rest of the body is not read.
      res.setHeader("Connection", "close");
      res.on("finish", () => req.destroy());
    }
    // Anything else a closed brand answers with its status first, as every machine route does.
    const status = await getSystemStatus(db, brand);
    if (status !== 0) return closed(status);
    reply(read ? read.answer : { status: "RS_ERROR_UNKNOWN", requestUuid: null });
  }

  return (req: express.Request, res: express.Response, next: express.NextFunction) => {
    answer(req, res).catch(next);
  };
}
