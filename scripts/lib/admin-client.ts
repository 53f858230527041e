import http from "node:http";
import { runAdminCommand, type AdminRequest, type AdminResult, type AdminResultOf } from "~/domain/support/commands.server";
import { loadBrandRegistry } from "~/brand/registry.server";
import { createServices } from "~/services.server";
import { parseEnv } from "~/utils/env.server";
import { MAX_COMMAND_BYTES, readAdminChannel, type AdminChannelInfo } from "../../server/admin-channel";
import { openConfiguredDatabase } from "../../server/boot";
import { formatAdminResult } from "./format";

/** A restricted-persons list of 100,000 rows takes seconds to upsert on the embedded database. */
const timeoutOf = (req: AdminRequest) => (req.command === "barred.import" ? 120_000 : 15_000);

function post(ch: AdminChannelInfo, req: AdminRequest): Promise<AdminResult> {
  const timeout = timeoutOf(req);
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(req);
    const r = http.request(
      {
        host: "127.0.0.1",
        port: ch.port,
        path: "/admin",
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Content-Length": Buffer.byteLength(body),
          Authorization: `Bearer ${ch.token}`,
        },
        timeout,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode === 413)
            return reject(
              new Error(`the command is larger than the admin channel takes (${MAX_COMMAND_BYTES / 1024 / 1024} MB)`),
            );
          if (res.statusCode !== 200) return reject(new Error(`the server refused the command (HTTP ${res.statusCode})`));
          resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as AdminResult);
        });
      },
    );
    r.on("timeout", () => r.destroy(new Error(`the server did not answer in ${timeout / 1000} s`)));
    r.on("error", reject);
    r.end(body);
  });
}

/**
 * Runs a support command where the data is: through the running server when it
 * holds the embedded database, otherwise directly against the database.
 */
export async function runAdmin<R extends AdminRequest>(req: R): Promise<AdminResultOf<R["command"]>>;
export async function runAdmin(req: AdminRequest): Promise<AdminResult> {
  const env = parseEnv();
  if (!env.DATABASE_URL) {
    const ch = await readAdminChannel(env.dataDir);
    if (ch) return post(ch, req);
  }
  const registry = await loadBrandRegistry(env.BRANDS_DIR, env.THEMES_DIR);
  const database = await openConfiguredDatabase(env);
  try {
    const services = createServices(env, database.db, registry);
    return await runAdminCommand(database.db, registry, req, { payments: services.payments, providers: services.providers });
  } finally {
    await database.close();
  }
}

/** `--name value` options after the positional words. */
export function parseArgs(argv: string[]): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      if (eq !== -1) options[a.slice(2, eq)] = a.slice(eq + 1);
      else options[a.slice(2)] = argv[++i] ?? "";
    } else positional.push(a);
  }
  return { positional, options };
}

/** Prints a command's answer as text (stdout on success, stderr on failure) and exits 0 or 1. */
export async function finish(result: Promise<AdminResult>) {
  try {
    const r = formatAdminResult(await result);
    (r.ok ? process.stdout : process.stderr).write(r.text + "\n");
    process.exit(r.ok ? 0 : 1);
  } catch (err) {
    console.error(`Error: ${(err as Error).message}`);
    process.exit(1);
  }
}
