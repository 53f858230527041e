import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "./precompressed";

const script = "export const greeting = 'Mabuhay';\n".repeat(40);
const sheet = ".tile { color: gold }\n".repeat(40);
let dir: string;
let server: http.Server;
let port: number;

/** The answer as it crossed the wire: headers and the bytes, not decoded. */
function get(file: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: `/assets/${file}`, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "precompressed-"));
  fs.writeFileSync(path.join(dir, "entry-a1.js"), script);
  fs.writeFileSync(path.join(dir, "entry-a1.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "tailwind-b2.css"), sheet);
  // A compressed file whose original is gone is never served.
  fs.writeFileSync(path.join(dir, "gone-c3.js.br"), zlib.brotliCompressSync("gone"));
  // As server/app.ts mounts it: after compression, before the static files.
  const app = express();
  app.use(compression({ threshold: 256 }));
  app.use("/assets", precompressedAssets(dir));
  app.use("/assets", express.static(dir));
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed build files", () => {
  it("are sent as written at build time to a browser that takes brotli, not compressed again", async () => {
    const res = await get("entry-a1.js", { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    // The type the static files give the file.
    const plainType = (await get("entry-a1.js", { "accept-encoding": "identity" })).headers["content-type"];
    expect(res.headers["content-type"]?.toLowerCase()).toBe(plainType?.toLowerCase());
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.body.equals(fs.readFileSync(path.join(dir, "entry-a1.js.br")))).toBe(true);
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("leave a browser without brotli to the static files, compressed as any answer", async () => {
    const gzip = await get("entry-a1.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    const refused = await get("entry-a1.js", { "accept-encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
    const plain = await get("entry-a1.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("answer HEAD with the headers alone, and leave other methods, other files and orphans alone", async () => {
    const head = await get("entry-a1.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    // No .br beside it: the static files answer, compressed on the way.
    const css = await get("tailwind-b2.css", { "accept-encoding": "br" });
    expect(css.status).toBe(200);
    expect(zlib.brotliDecompressSync(css.body).toString()).toBe(sheet);
    expect((await get("gone-c3.js", { "accept-encoding": "br" })).status).toBe(404);
    expect((await get("entry-a1.js.br", { "accept-encoding": "identity" })).status).toBe(200);
    expect((await get("entry-a1.js", { "accept-encoding": "br" }, "POST")).status).toBe(404);
  });
});
