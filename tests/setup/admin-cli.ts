import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { startAdminChannel } from "../../server/admin-channel";
import { projectBrands } from "./brands";
import { createTestDatabase } from "./test-db";

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface AdminCliBench {
  /** The file's own database and the project's brands (read them inside tests and hooks). */
  database: Database;
  registry: BrandRegistry;
  /** The admin channel, as a running server opens it (its port and token, for tests that speak to it directly). */
  channel: Awaited<ReturnType<typeof startAdminChannel>>;
  /** A folder of the file's own, for files the CLI reads or writes; removed after the file's tests. */
  dir: string;
  /** Runs a support CLI (scripts/<name>.ts) in a process of its own, as `npm run …` starts it. */
  run(script: string, ...args: string[]): Promise<CliResult>;
}

/**
 * A support CLI's test bench: a database, the admin channel a running server would open on its
 * DATA_DIR, and a runner that starts the CLI without DATABASE_URL, so it finds the channel as it
 * does beside a running server.
 */
export function adminCliBench(prefix: string): AdminCliBench {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const dataDir = path.join(dir, "data");
  const bench = {
    dir,
    run: (script: string, ...args: string[]) =>
      new Promise<CliResult>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
          env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
        child.stderr.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
        child.on("close", (status) => resolve({ status, stdout, stderr }));
      }),
  } as AdminCliBench;
  beforeAll(async () => {
    bench.database = await createTestDatabase();
    bench.registry = await projectBrands();
    bench.channel = await startAdminChannel(dataDir, () => ({ db: bench.database.db, registry: bench.registry }));
  });
  afterAll(async () => {
    await bench.channel?.close();
    await bench.database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return bench;
}
