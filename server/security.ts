import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";

/** A fresh nonce per response: only our own inline scripts and styles run. */
export function securityHeaders(opts: { production: boolean; dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const script = opts.dev ? "'self' 'unsafe-inline' 'unsafe-eval'" : `'self' 'nonce-${nonce}'`;
    const style = opts.dev ? "'self' 'unsafe-inline'" : `'self' 'nonce-${nonce}'`;
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src ${script}`,
        `style-src ${style}`,
        // React and Swiper set element styles; attributes cannot carry a nonce.
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
        "frame-src 'self'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
        "manifest-src 'self'",
        "worker-src 'self'",
      ].join("; "),
    );
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (opts.production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
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

/**
 * Forms here are small; a huge body must not be buffered by formData(). Declared
 * sizes over the limit are refused at once, streamed ones are cut off when they pass it.
 */
export function bodyLimit(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > maxBytes) {
      res.status(413).type("text/plain").send("Payload Too Large");
      return;
    }
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes && !res.headersSent) {
        // Answer first, then drop the connection: no more of the body is read.
        res.setHeader("Connection", "close");
        res.on("finish", () => req.destroy());
        res.status(413).type("text/plain").send("Payload Too Large");
      }
    });
    next();
  };
}
