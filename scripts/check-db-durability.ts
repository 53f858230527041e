/**
 * Checks on this machine what the embedded database promises (docs/decisions/0013): a child
 * process opens a data folder as the server does, commits rows one by one and prints each id
 * only once its commit has returned; it is killed with SIGKILL mid-stream, and every printed id
 * must be there when the folder is reopened. SIGKILL is a process crash, not a power cut, so
 * under strace it also checks that every acknowledgement came after an fsync of the WAL.
 *
 *   npx tsx scripts/check-db-durability.ts [--dir <a folder on DATA_DIR's disk>] [--rows 300]
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import { openDatabase, rawRows } from "~/db/client.server";
import { parseArgs } from "./lib/admin-client";

const self = process.argv[1];
const { positional, options } = parseArgs(process.argv.slice(2));

async function child(dataDir: string) {
  const database = await openDatabase({ engine: "pglite", dataDir, migrate: false });
  await database.db.execute(sql`create table if not exists durability_check (id int primary key)`);
  fs.writeSync(1, `pid ${process.pid}\n`);
  for (let id = 1; ; id++) {
    const started = performance.now();
    await database.db.execute(sql`insert into durability_check values (${id})`);
    fs.writeSync(1, `ack ${id} ${(performance.now() - started).toFixed(2)}\n`);
  }
}

/** Acknowledgements (writes to the child's stdout) not preceded by an fsync of a WAL file since the one before. */
function acksWithoutWalFsync(straceLog: string): { acks: number; unsynced: number } {
  let synced = false;
  let acks = 0;
  let unsynced = 0;
  for (const line of fs.readFileSync(straceLog, "utf8").split("\n")) {
    if (/\bfsync\(\d+<[^>]*\/pg_wal\/[^>]*>\) = 0/.test(line)) synced = true;
    else if (/\bwrite\(1<[^>]*>, "ack /.test(line)) {
      acks++;
      if (!synced) unsynced++;
      synced = false;
    }
  }
  return { acks, unsynced };
}

async function parent() {
  const rows = Number(options.rows ?? 300);
  const work = fs.mkdtempSync(path.join(options.dir ?? os.tmpdir(), "durability-check-"));
  const dataDir = path.join(work, "data");
  const straceLog = path.join(work, "strace.log");
  const traced = process.platform === "linux" && spawnSync("strace", ["-V"]).status === 0;
  const node = [process.execPath, ...process.execArgv, self, "--child", dataDir];
  const [cmd, ...args] = traced ? ["strace", "-f", "-y", "-e", "trace=fsync,fdatasync,write", "-o", straceLog, ...node] : node;
  const proc = spawn(cmd, args, { stdio: ["ignore", "pipe", "inherit"] });
  let pid = 0;
  let lastAck = 0;
  const latencies: number[] = [];
  for await (const line of readline.createInterface({ input: proc.stdout })) {
    const [kind, value, ms] = line.split(" ");
    if (kind === "pid") pid = Number(value);
    if (kind !== "ack") continue;
    lastAck = Number(value);
    latencies.push(Number(ms));
    if (lastAck >= rows) {
      process.kill(pid, "SIGKILL");
      break;
    }
  }
  await new Promise((resolve) => (proc.exitCode === null ? proc.once("exit", resolve) : resolve(null)));

  const database = await openDatabase({ engine: "pglite", dataDir, migrate: false });
  const [found] = await rawRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from durability_check where id <= ${lastAck}`,
  );
  const settings = await rawRows<{ name: string; setting: string }>(
    database.db,
    sql`select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'wal_sync_method') order by name`,
  );
  await database.close();

  latencies.sort((a, b) => a - b);
  const lost = lastAck - found.n;
  console.log(`settings: ${settings.map((s) => `${s.name}=${s.setting}`).join(" ")}`);
  console.log(
    `commit latency: p50 ${latencies[latencies.length >> 1]} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]} ms`,
  );
  console.log(`SIGKILL after ${lastAck} acknowledged commits: ${found.n} found after reopening, ${lost} lost`);
  let unsynced = 0;
  if (traced) {
    const r = acksWithoutWalFsync(straceLog);
    unsynced = r.unsynced;
    console.log(`strace: ${r.acks} acknowledgements, ${r.unsynced} without an fsync of the WAL before them`);
  } else console.log("strace not available: the fsync-before-acknowledgement check was skipped");
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(lost === 0 && unsynced === 0 ? 0 : 1);
}

if (positional.length === 0 && options.child) await child(options.child);
else await parent();
