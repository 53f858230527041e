import { AsyncResource } from "node:async_hooks";
import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Flags } from "~/brand/flags";
import type { FirebaseWebConfig } from "~/brand/schema";
import { socialProviders } from "~/brand/social";

/** Origins added to the base policy for one response; each must be a bare https origin. */
export interface CspExtras {
  connect?: readonly string[];
  frame?: readonly string[];
  script?: readonly string[];
}

// A source list is space-separated and directives end at ";": an origin must not be able to add either.
const ORIGIN = /^https:\/\/[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:\d{1,5})?$/;

function sources(base: string, extra: readonly string[] = []): string {
  for (const origin of extra) {
    if (!ORIGIN.test(origin)) throw new Error(`CSP source must be a bare https origin, got ${JSON.stringify(origin)}`);
  }
  return [base, ...new Set(extra)].join(" ");
}

/** The whole Content-Security-Policy value; the base allows our own origin only. */
export function contentSecurityPolicy(opts: { nonce: string; dev: boolean; extra?: CspExtras }): string {
  const { nonce, dev, extra = {} } = opts;
  const script = dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
  const style = dev ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${sources(script, extra.script)}`,
    `style-src ${style}`,
    // React and the banner carousel set element styles; attributes cannot carry a nonce.
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${sources(`'self'${dev ? " ws: wss:" : ""}`, extra.connect)}`,
    `frame-src ${sources("'self'", extra.frame)}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join("; ");
}

/**
 * What Firebase's popup sign-in loads into our page: its REST APIs, the auth iframe on the
 * brand's authDomain and Google's gapi loader for that iframe. null when the brand shows
 * no social button, so every other brand keeps the 'self'-only policy.
 */
export function socialSignInCsp(
  brand: { firebase?: FirebaseWebConfig | null },
  flags: Pick<Flags, "GOOGLELOGIN3" | "FACEBOOKLOGIN3">,
): CspExtras | null {
  if (!brand.firebase || socialProviders(brand, flags).length === 0) return null;
  return {
    connect: ["https://identitytoolkit.googleapis.com", "https://securetoken.googleapis.com", "https://www.googleapis.com"],
    frame: [`https://${brand.firebase.authDomain}`],
    script: ["https://apis.google.com"],
  };
}

/**
 * Widens this response's policy when the brand shows a social sign-in button; returns
 * whether it did. The brand and its flags are known only in getLoadContext, after
 * securityHeaders ran; Remix has written nothing yet, so the headers can still change.
 * The opener policy is loosened too: under same-origin the browser cuts the page off
 * from the sign-in popup and Firebase reports every sign-in as "popup closed by user".
 */
export function allowSocialSignIn(
  res: Response,
  brand: { firebase?: FirebaseWebConfig | null },
  flags: Pick<Flags, "GOOGLELOGIN3" | "FACEBOOKLOGIN3">,
): boolean {
  const extra = socialSignInCsp(brand, flags);
  const base = res.locals.csp as { nonce: string; dev: boolean } | undefined;
  if (!extra || !base || res.headersSent) return false;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy({ ...base, extra }));
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  return true;
}

/**
 * The identity verification's page takes a selfie with the front camera (app/routes/m.verify.tsx):
 * that document, and no other, may use it. A page keeps the policy of the document it was loaded
 * as, so links to it load a whole document.
 */
const CAMERA_PAGES = new Set(["/m/verify"]);

/** Every powerful feature off, except the camera on the pages that need it (on our own origin only). */
export function permissionsPolicy(path: string): string {
  const camera = CAMERA_PAGES.has(path) ? "(self)" : "()";
  return `camera=${camera}, microphone=(), geolocation=(), payment=()`;
}

/** The seamless-wallet API's calls (server/seamless-api.ts): JSON for a provider's server, never a document. */
const MACHINE_API = "/api/seamless/";

/** The build's content-hashed scripts and stylesheets (served from /assets, immutable; a missing one is a plain 404). */
const BUILD_CODE = /^\/assets\/[^/]+\.(?:js|css)$/;

/** A fresh nonce per response: only our own inline scripts and styles run. */
export function securityHeaders(opts: { production: boolean; dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (opts.production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    // A script or stylesheet of the build is never a document: the policies that govern a page
    // (CSP, framing, referrer, opener, permissions) do nothing on it, and on a phone's first
    // visit they would cost some 700 bytes on each of the page's two dozen files. Nor is a game
    // provider's call, answered in JSON to its server a thousand times a second.
    if (BUILD_CODE.test(req.path) || req.path.startsWith(MACHINE_API)) return next();
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.locals.csp = { nonce, dev: opts.dev };
    res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, dev: opts.dev }));
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", permissionsPolicy(req.path));
    next();
  };
}

/**
 * A state-changing request must come from a page of the same host. (Forms also
 * carry CSRF tokens once sessions exist; brands may share a parent domain.)
 */
export function sameOriginPosts(trustProxy: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const origin = req.get("origin");
    const host = (trustProxy && req.get("x-forwarded-host")?.split(",")[0]?.trim()) || req.get("host");
    if (origin !== undefined) {
      let originHost: string | null = null;
      try {
        originHost = origin === "null" ? null : new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (!originHost || originHost.toLowerCase() !== host?.toLowerCase()) {
        res.status(403).type("text/plain").send("Forbidden: cross-origin request");
        return;
      }
    }
    next();
  };
}

/** The whole body of a request that may carry one, read by bodyLimit. */
export function bufferedBody(req: Request): Buffer<ArrayBuffer> | undefined {
  // Buffer.concat below always allocates a plain ArrayBuffer.
  return Buffer.isBuffer(req.body) ? (req.body as Buffer<ArrayBuffer>) : undefined;
}

/**
 * Forms here are small; a huge body must not be buffered by formData(). The
 * body is read here, whole, before anything else sees it: a declared size over
 * the limit is refused at once, a streamed one when it passes the limit, and
 * either way no route runs. Only a complete body within the limit goes on, as
 * `req.body` (see bufferedBody).
 */
export function bodyLimit(maxBytes: number, refuse: (req: Request, res: Response) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const tooLarge = () => {
      // Answer first, then drop the connection: no more of the body is read.
      res.setHeader("Connection", "close");
      res.on("finish", () => req.destroy());
      refuse(req, res);
    };
    if (Number(req.get("content-length") ?? 0) > maxBytes) return tooLarge();
    const chunks: Buffer[] = [];
    let seen = 0;
    const stop = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", stop);
    };
    // Bound, so what runs after the body (the route) keeps this request's async context (its log id).
    const onData = AsyncResource.bind((chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      chunks.length = 0;
      tooLarge();
    });
    const onEnd = AsyncResource.bind(() => {
      stop();
      req.body = Buffer.concat(chunks, seen);
      next();
    });
    req.on("data", onData);
    req.on("end", onEnd);
    // The client went away mid-body: there is nobody to answer and nothing to run.
    req.on("error", stop);
  };
}
