/**
 * The build's scripts and style sheets, compressed once when the client is built (the
 * `precompressAssets` plugin of vite.config.ts writes `<file>.br` beside each, at brotli's highest
 * quality), instead of at every request at the quality a request can afford. On a phone the style
 * sheet and the page's scripts arrive about a sixth smaller, and the host compresses none of them
 * again. Held in memory (a few hundred kilobytes); a browser that does not take brotli gets the
 * file from the static middleware after this one, compressed as any answer is.
 */
import fs from "node:fs";
import path from "node:path";
import type express from "express";

export const PRECOMPRESSED_SUFFIX = ".br";

/** Serves `dir`'s files that have a `.br` beside them, compressed, to a browser that takes brotli. */
export function precompressedAssets(dir: string): express.RequestHandler {
  const files = new Map<string, Buffer>();
  if (fs.existsSync(dir))
    for (const name of fs.readdirSync(dir)) {
      if (!name.endsWith(PRECOMPRESSED_SUFFIX)) continue;
      const original = name.slice(0, -PRECOMPRESSED_SUFFIX.length);
      if (fs.existsSync(path.join(dir, original))) files.set(`/${original}`, fs.readFileSync(path.join(dir, name)));
    }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const body = files.get(req.path);
    if (!body) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br", "identity") !== "br") return next();
    res.setHeader("Content-Encoding", "br");
    res.type(path.extname(req.path));
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };
}
