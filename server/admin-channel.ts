import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { runAdminCommand, type AdminResult } from "~/domain/support/commands.server";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";

export const ADMIN_FILE = "admin.json";

export interface AdminChannelInfo {
  port: number;
  token: string;
  pid: number;
}

/**
 * PGlite has one owner, so while the server runs the support CLIs speak to it
 * here: loopback only, and only with the token in DATA_DIR/admin.json (mode 0600).
 * The server claims DATA_DIR this way before it opens the database; until the
 * database is ready (`target()` answers null) commands are told to retry.
 */
export async function startAdminChannel(dataDir: string, target: () => { db: Db; registry: BrandRegistry } | null) {
  const token = crypto.randomBytes(32).toString("hex");
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((req, res) => {
    const auth = Buffer.from(req.headers.authorization ?? "");
    if (
      req.method !== "POST" ||
      req.url !== "/admin" ||
      auth.length !== expected.length ||
      !crypto.timingSafeEqual(auth, expected)
    ) {
      res.writeHead(403).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) req.destroy();
      else chunks.push(c);
    });
    req.on("end", async () => {
      let result: AdminResult;
      const ready = target();
      try {
        result = ready
          ? await runAdminCommand(ready.db, ready.registry, JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown)
          : { ok: false, error: "The server is starting; try again in a few seconds." };
      } catch (err) {
        result = { ok: false, error: `Command failed: ${(err as Error).message}` };
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result));
    });
  });
  fs.mkdirSync(dataDir, { recursive: true });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const file = path.join(dataDir, ADMIN_FILE);
  const info: AdminChannelInfo = { port, token, pid: process.pid };
  fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return {
    close: async () => {
      try {
        fs.unlinkSync(file);
      } catch {
        /* already gone */
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The live server's channel, or null when no server holds DATA_DIR. */
export function readAdminChannel(dataDir: string): AdminChannelInfo | null {
  let info: AdminChannelInfo;
  try {
    info = JSON.parse(fs.readFileSync(path.join(dataDir, ADMIN_FILE), "utf8")) as AdminChannelInfo;
  } catch {
    return null;
  }
  try {
    process.kill(info.pid, 0);
    return info;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM" ? info : null;
  }
}
