import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { runAdminCommand, type AdminResult, type AdminServices } from "~/domain/support/commands.server";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Db } from "~/db/client.server";

export const ADMIN_FILE = "admin.json";
/**
 * The largest command: a restricted-persons list of 5 MB (npm run compliance -- barred import) as
 * a JSON string, where quotes and line breaks take two bytes each.
 */
export const MAX_COMMAND_BYTES = 12 * 1024 * 1024;

export interface AdminChannelInfo {
  port: number;
  token: string;
  pid: number;
}

/**
 * How long a claimed channel may take to answer. A server inside a long synchronous database
 * call (PGlite's first initdb) answers late but still owns DATA_DIR, so silence is never stale.
 */
const PROBE_TIMEOUT_MS = 3_000;

/** Who the admin file says holds DATA_DIR. */
type Claim =
  | { holder: "none"; raw: string | null }
  | { holder: "live"; info: AdminChannelInfo }
  | { holder: "silent"; info: AdminChannelInfo };

function parseInfo(raw: string): AdminChannelInfo | null {
  try {
    const v = JSON.parse(raw) as Partial<AdminChannelInfo>;
    const valid = Number.isInteger(v.pid) && v.pid! > 0 && Number.isInteger(v.port) && v.port! > 0 && typeof v.token === "string";
    return valid ? (v as AdminChannelInfo) : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether the channel's port accepts its token. The request names no command, so a server
 * (of this version or an older one) answers 200 with an error result and changes nothing.
 */
function probe(info: AdminChannelInfo): Promise<"token" | "refused" | "silent"> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: info.port,
        path: "/admin",
        method: "POST",
        headers: { authorization: `Bearer ${info.token}`, "content-type": "application/json" },
        timeout: PROBE_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) return resolve("refused");
          try {
            const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { ok?: unknown };
            resolve(typeof body.ok === "boolean" ? "token" : "refused");
          } catch {
            resolve("refused");
          }
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED" ? "refused" : "silent"));
    req.end("{}");
  });
}

/**
 * A file is stale when it names this very process (a container restarted after a crash hands
 * out the same PID), a process that is gone, or a port that does not accept its token; it is
 * live only when another running process answers with the token.
 */
async function inspectClaim(file: string): Promise<Claim> {
  let raw: string;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { holder: "none", raw: null };
    throw err;
  }
  const info = parseInfo(raw);
  if (!info || info.pid === process.pid || !isRunning(info.pid)) return { holder: "none", raw };
  const answer = await probe(info);
  if (answer === "refused") return { holder: "none", raw };
  return answer === "token" ? { holder: "live", info } : { holder: "silent", info };
}

function readIfExists(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * PGlite has one owner, so while the server runs the support CLIs speak to it
 * here: loopback only, and only with the token in DATA_DIR/admin.json (mode 0600).
 * The server claims DATA_DIR this way before it opens the database, replacing a
 * stale file and refusing to start beside a live server; until the database is
 * ready (`target()` answers null) commands are told to retry.
 */
export async function startAdminChannel(
  dataDir: string,
  target: () => { db: Db; registry: BrandRegistry; services?: AdminServices } | null,
) {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, ADMIN_FILE);
  const claim = await inspectClaim(file);
  if (claim.holder === "live")
    throw new Error(
      `another server (pid ${claim.info.pid}) holds ${dataDir}; the embedded database has one owner. Stop that server, or give this one another DATA_DIR.`,
    );
  if (claim.holder === "silent")
    throw new Error(
      `process ${claim.info.pid} holds ${dataDir} but its admin channel (127.0.0.1:${claim.info.port}) did not answer within ${PROBE_TIMEOUT_MS / 1000} s. If it is a server, wait for it or stop it; if it is not, delete ${file} and start again.`,
    );

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
      if (size <= MAX_COMMAND_BYTES) chunks.push(c);
    });
    req.on("end", async () => {
      if (size > MAX_COMMAND_BYTES) {
        res.writeHead(413).end();
        return;
      }
      let result: AdminResult;
      const ready = target();
      try {
        result = ready
          ? await runAdminCommand(
              ready.db,
              ready.registry,
              JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown,
              ready.services,
            )
          : { ok: false, error: "The server is starting; try again in a few seconds." };
      } catch (err) {
        result = { ok: false, error: `Command failed: ${(err as Error).message}` };
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const info: AdminChannelInfo = { port, token, pid: process.pid };
  // No await from here to the write: a server starting beside this one either sees the stale
  // file still in place (and leaves it alone) or this one's file (and gets EEXIST below).
  if (claim.raw !== null && readIfExists(file) === claim.raw) fs.rmSync(file, { force: true });
  try {
    fs.writeFileSync(file, JSON.stringify(info), { mode: 0o600, flag: "wx" });
  } catch (err) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    const other = parseInfo(readIfExists(file) ?? "");
    throw new Error(
      `another server${other ? ` (pid ${other.pid})` : ""} claimed ${dataDir} while this one was starting; the embedded database has one owner.`,
    );
  }
  return {
    info,
    close: async () => {
      if (parseInfo(readIfExists(file) ?? "")?.token === token) fs.rmSync(file, { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The channel of the server that holds DATA_DIR, or null when none does (no file, or a stale
 * one). A holder that is running but slow to answer counts: its commands fail with a timeout
 * rather than a second process opening the embedded database.
 */
export async function readAdminChannel(dataDir: string): Promise<AdminChannelInfo | null> {
  const claim = await inspectClaim(path.join(dataDir, ADMIN_FILE));
  return claim.holder === "none" ? null : claim.info;
}
