/**
 * A PostgreSQL database for the catalogue benchmark. The server is the one BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL) points at, or else a throwaway cluster started as .ci/run does
 * (initdb and pg_ctl from /usr/lib/postgresql/<version>/bin, as the postgres account or nobody when
 * run as root, on a free loopback port). Either way the benchmark works in a database of its own,
 * created for the run and dropped afterwards.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./util";

export interface BenchPostgres {
  url: string;
  /** Where the server came from, for the report. */
  source: string;
  /** CPU seconds the server's processes have used so far (a throwaway cluster on this machine only). */
  cpuSeconds: (() => number) | null;
  stop(): Promise<void>;
}

export type PostgresOutcome = BenchPostgres | { skipped: string };

function findPgBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const bin = path.join(root, v, "bin");
    if (["initdb", "pg_ctl"].every((t) => fs.existsSync(path.join(bin, t)))) return bin;
  }
  return null;
}

function idOf(user: string, flag: "-u" | "-g"): number | null {
  const r = spawnSync("id", [flag, user], { encoding: "utf8" });
  return r.status === 0 ? Number(r.stdout.trim()) : null;
}

/** initdb refuses to run as root: run the cluster as postgres (or nobody), as .ci/run does. */
function runAsPrefix(): { prefix: string[]; uid?: number; gid?: number } | { skipped: string } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const user = idOf("postgres", "-u") !== null ? "postgres" : "nobody";
  const uid = idOf(user, "-u");
  const gid = idOf(user, "-g");
  if (uid === null || gid === null)
    return { skipped: `running as root and there is no "postgres" or "nobody" account for initdb` };
  if (spawnSync("runuser", ["--help"], { stdio: "ignore" }).error)
    return { skipped: "running as root, and runuser (needed to run initdb as another account) is missing" };
  return { prefix: ["runuser", "-u", user, "--"], uid, gid };
}

/**
 * CPU seconds of a postmaster and its processes, from /proc: its own time, the time of the children
 * it has reaped (backends that ended), and the time of those alive (the pool's backends, the
 * background writers). Clock ticks are 100 a second on Linux.
 */
function clusterCpuSeconds(postmaster: number): number {
  const fields = (pid: string) => {
    // The command name (field 2) is in parentheses and may hold spaces: the fields follow the last ")".
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  // After the name: state(3) ppid(4) … utime(14) stime(15) cutime(16) cstime(17), so index = field - 3.
  const own = fields(String(postmaster));
  let ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(own[i]), 0);
  for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const f = fields(pid);
      if (Number(f[1]) === postmaster) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // The process ended while the list was read.
    }
  }
  return ticks / 100;
}

async function startCluster(): Promise<PostgresOutcome> {
  const bin = findPgBin();
  if (!bin) return { skipped: "no initdb/pg_ctl under /usr/lib/postgresql/*/bin; set BENCH_DATABASE_URL to measure PostgreSQL" };
  const runAs = runAsPrefix();
  if ("skipped" in runAs) return runAs;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pg."));
  if (runAs.uid !== undefined) fs.chownSync(dir, runAs.uid, runAs.gid!);
  const exec = (tool: string, args: string[]) => {
    const [cmd, ...pre] = [...runAs.prefix, path.join(bin, tool)];
    return spawnSync(cmd, [...pre, ...args], { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  };
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const cleanup = () => fs.rmSync(dir, { recursive: true, force: true });

  const init = exec("initdb", ["-D", data, "-U", "bench", "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]);
  if (init.status !== 0) {
    cleanup();
    throw new Error(`initdb failed:\n${init.stdout}${init.stderr}`);
  }
  const port = await freePort();
  // PostgreSQL's durable defaults (fsync, synchronous_commit and full_page_writes on), unlike .ci/run's
  // test cluster: the ledger, webhook and seamless-wallet benchmarks time commits, and a deployment's
  // commits reach the disk before they are answered.
  const serverOpts = `-p ${port} -h 127.0.0.1 -k ${dir}`;
  const started = exec("pg_ctl", ["-D", data, "-l", log, "-w", "-t", "60", "-o", serverOpts, "start"]);
  if (started.status !== 0) {
    const serverLog = fs.existsSync(log) ? fs.readFileSync(log, "utf8") : "";
    cleanup();
    throw new Error(`pg_ctl start failed:\n${started.stderr}${serverLog}`);
  }
  // Stopped by `stop`, or at the latest when the process exits (an interrupted run included).
  const stopNow = () => {
    process.off("exit", stopNow);
    exec("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
    cleanup();
  };
  process.on("exit", stopNow);
  return {
    url: `postgres://bench@127.0.0.1:${port}/postgres`,
    source: `throwaway cluster (${bin}, port ${port})`,
    cpuSeconds: () => clusterCpuSeconds(Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0])),
    stop: async () => stopNow(),
  };
}

/** A fresh database on the configured or throwaway server; `stop` drops it (and stops a throwaway server). */
export async function benchPostgres(): Promise<PostgresOutcome> {
  const configured = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const server: PostgresOutcome = configured
    ? {
        url: configured,
        source: process.env.BENCH_DATABASE_URL ? "BENCH_DATABASE_URL" : "TEST_DATABASE_URL",
        cpuSeconds: null,
        stop: async () => {},
      }
    : await startCluster();
  if ("skipped" in server) return server;

  const name = `casino_bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: server.url });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (err) {
    await server.stop();
    throw new Error(`cannot create a database for the benchmark on ${server.source}: ${(err as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    source: server.source,
    cpuSeconds: server.cpuSeconds,
    stop: async () => {
      const c = new pg.Client({ connectionString: server.url });
      try {
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
      } catch (err) {
        console.warn(`could not drop benchmark database ${name}: ${(err as Error).message}`);
      } finally {
        await c.end().catch(() => {});
        await server.stop();
      }
    },
  };
}
