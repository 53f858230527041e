/**
 * The seamless-wallet benchmark (npm run bench -- --seamless N; issue 13's figures): the built app
 * served in this process on each engine, as the webhook benchmark serves it; players with cash whose
 * launch tokens the in-house provider (BGS) exchanged at authenticate; then N bet+win pairs over
 * HTTP, signed as a provider signs them, from `connections` players at once (one keep-alive
 * connection and one player each, every pair a bet then its win). Reports pairs per second, p50/p99
 * per call, and whether the ledger verifies afterwards. The calls come from a load generator in a
 * process of its own (seamless-load.ts), whose CPU is counted apart; it shares the machine's two
 * cores with the server and the database, so the figures are a floor for a provider calling from
 * another machine.
 */
import crypto from "node:crypto";
import { fork } from "node:child_process";
import type http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand } from "~/brand/schema";
import { sql } from "drizzle-orm";
import type { Db, Engine } from "~/db/client.server";
import { members } from "~/db/schema";
import { postTransfer } from "~/domain/wallet/ledger.server";
import { createLaunchToken } from "~/domain/wallet/seamless.server";
import { verifyLedger } from "~/domain/wallet/verify.server";
import { IN_HOUSE_PROVIDER, inHouseSecret } from "~/integrations/providers/index.server";
import { parseEnv } from "~/utils/env.server";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { errorText, openEngine } from "./engines";
import { caller, type Caller, type LoadPlan, type LoadResult, type LoadSession } from "./seamless-load";

interface Latency {
  p50: number;
  p99: number;
  max: number;
}

export type SeamlessEngineResult =
  | {
      source: string;
      pairs: number;
      connections: number;
      pairsPerSecond: number;
      latencyMs: { bet: Latency; win: Latency; all: Latency };
      /**
       * CPU milliseconds per call during the run: the server (this process; PGlite too, which runs
       * in it), the load generator's process, and the PostgreSQL server's processes (null when the
       * server is not a throwaway cluster on this machine). On two cores, 1,000 pairs a second
       * (2,000 calls) leave 1 ms of CPU per call for the three together.
       */
      cpuMsPerCall: { server: number; loadGenerator: number; database: number | null };
      /** `ledger verify` of the brand after the run. */
      ledgerClean: boolean;
      problems: string[];
    }
  | { skipped: string }
  | { error: string };

export const SEAMLESS_TARGETS = { p99Ms: 50, pairsPerSecond: 1000 };

const COOKIE_SECRET = "bench-seamless-cookie-secret-0123456789abcdef";
const BET = 100n;
const WIN = 50n;
const WARMUP_PAIRS = 200;
const GAME_CODE = "BGS_BENCH_SLOT";
const round2 = (x: number) => Math.round(x * 100) / 100;

function latency(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round2(s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!);
  return { p50: at(0.5), p99: at(0.99), max: round2(s[s.length - 1]!) };
}

async function openSessions(db: Db, brand: Brand, call: Caller, n: number, cash: bigint): Promise<LoadSession[]> {
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: n }, (_, i) => ({
        merchantCode: brand.merchantCode,
        username: `seamlessbench${i}`,
        usernameKey: `seamlessbench${i}`,
        inviteCode: `SWB${i.toString(36).toUpperCase().padStart(5, "0")}`,
      })),
    )
    .returning({ id: members.id, username: members.username });
  const sessions: LoadSession[] = [];
  for (const m of rows) {
    await postTransfer(db, brand, {
      key: `bench-seamless-fund:${m.id}`,
      kind: "deposit",
      reference: "bench",
      legs: [
        { account: { house: "house:clearing:sandbox" }, amount: -cash },
        { account: { memberId: m.id, kind: "cash" }, amount: cash },
      ],
    });
    const grant = await createLaunchToken(db, brand, {
      memberId: m.id,
      demo: false,
      provider: IN_HOUSE_PROVIDER,
      gameCode: GAME_CODE,
    });
    const auth = await call("authenticate", {
      request_uuid: crypto.randomUUID(),
      timestamp: Math.floor(Date.now() / 1000),
      token: grant.launchToken,
    });
    if (auth.status !== "RS_OK") throw new Error(`authenticate answered ${JSON.stringify(auth)}`);
    sessions.push({ user: m.username, token: String(auth.token) });
  }
  return sessions;
}

/** A load generator in a process of its own (seamless-load.ts), driven one plan at a time. */
function loadProcess() {
  const child = fork(fileURLToPath(new URL("./seamless-load.ts", import.meta.url)), ["--seamless-load"], {
    execArgv: process.execArgv,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const run = (plan: LoadPlan) =>
    new Promise<LoadResult>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load generator exited (code ${code})`));
      child.once("exit", onExit);
      child.once("message", (m: { result?: LoadResult; error?: string }) => {
        child.off("exit", onExit);
        if (m.result) resolve(m.result);
        else reject(new Error(`the load generator failed: ${m.error}`));
      });
      child.send(plan);
    });
  return { run, close: () => child.connected && child.disconnect() };
}

async function benchEngine(
  engine: Engine,
  registry: BrandRegistry,
  pairs: number,
  connections: number,
): Promise<SeamlessEngineResult> {
  const opened = await openEngine(engine);
  if ("skipped" in opened) return opened;
  let server: http.Server | undefined;
  let client: ReturnType<typeof caller> | undefined;
  let load: ReturnType<typeof loadProcess> | undefined;
  try {
    const db = opened.database.db;
    const brand = registry.byId.get("lucky-peso")!;
    const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
    const env = parseEnv({ COOKIE_SECRET, NODE_ENV: "production", LOG_LEVEL: "error" });
    const app = createApp({ env, registry, database: opened.database, build, logger: createLogger("error", () => {}) });
    server = await new Promise<http.Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    const port = (server.address() as { port: number }).port;
    const secret = inHouseSecret(COOKIE_SECRET);
    client = caller(port, brand.hosts[0]!, secret, connections);
    // Every pair costs BET - WIN; each player holds enough for every pair of the run and the warm-up.
    const cash = BigInt(pairs + WARMUP_PAIRS) * (BET - WIN) + 1_000_00n;
    const sessions = await openSessions(db, brand, client.call, connections, cash);
    load = loadProcess();
    const plan = (n: number, tag: string): LoadPlan => ({
      port,
      host: brand.hosts[0]!,
      secret,
      currency: brand.currency,
      gameCode: GAME_CODE,
      bet: Number(BET),
      win: Number(WIN),
      sessions,
      pairs: n,
      tag,
    });
    await load.run(plan(WARMUP_PAIRS, "warm"));
    // A live database has statistics (autovacuum analyses a table within a minute of its first rows);
    // without them the planner may pick a brand-wide index over the unique one for a lookup by id.
    await db.execute(sql`analyze`);
    const cpuBefore = { process: process.cpuUsage(), database: opened.serverCpuSeconds?.() };
    const run = await load.run(plan(pairs, "run"));
    const processCpu = process.cpuUsage(cpuBefore.process);
    const databaseCpu = cpuBefore.database === undefined ? null : opened.serverCpuSeconds!() - cpuBefore.database;
    const calls = 2 * pairs;
    const report = await verifyLedger(db, brand.merchantCode);
    return {
      source: opened.source,
      pairs,
      connections,
      pairsPerSecond: Math.round(pairs / run.seconds),
      latencyMs: { bet: latency(run.bets), win: latency(run.wins), all: latency([...run.bets, ...run.wins]) },
      cpuMsPerCall: {
        server: round2((processCpu.user + processCpu.system) / 1000 / calls),
        loadGenerator: round2(run.cpuMs / calls),
        database: databaseCpu === null ? null : round2((databaseCpu * 1000) / calls),
      },
      ledgerClean: report.problems.length === 0,
      problems: report.problems.map((p) => `${p.check}: ${p.detail}`),
    };
  } finally {
    load?.close();
    client?.close();
    await new Promise((r) => (server ? server.close(r) : r(null)));
    await opened.close();
  }
}

export async function runSeamlessBench(
  registry: BrandRegistry,
  pairs: number,
  connections = 50,
  engines: readonly Engine[] = ["pglite", "postgres"],
): Promise<Record<Engine, SeamlessEngineResult>> {
  const out = {} as Record<Engine, SeamlessEngineResult>;
  for (const engine of engines) {
    console.log(`Seamless-wallet benchmark on ${engine} (${pairs} bet+win pairs, ${connections} players at once)…`);
    try {
      out[engine] = await benchEngine(engine, registry, pairs, connections);
    } catch (err) {
      out[engine] = { error: errorText(err as Error) };
    }
  }
  return out;
}

/** What misses the issue's targets (PostgreSQL only: PGlite runs one query at a time by design). */
export function seamlessFailures(results: Record<Engine, SeamlessEngineResult>): string[] {
  const failures: string[] = [];
  for (const [engine, r] of Object.entries(results)) {
    if ("error" in r) failures.push(`seamless on ${engine}: ${r.error}`);
    else if ("source" in r && !r.ledgerClean) failures.push(`seamless on ${engine}: ledger verify not clean: ${r.problems[0]}`);
  }
  return failures;
}

export function formatSeamless(results: Record<Engine, SeamlessEngineResult>): string {
  const line = (label: string, l: Latency) => `  ${label.padEnd(10)} p50 ${l.p50} ms   p99 ${l.p99} ms   max ${l.max} ms`;
  return Object.entries(results)
    .map(([engine, r]) => {
      if ("skipped" in r) return `${engine}: not measured: ${r.skipped}`;
      if ("error" in r) return `${engine}: FAILED: ${r.error}`;
      const target =
        engine === "postgres"
          ? ` (target ≥ ${SEAMLESS_TARGETS.pairsPerSecond} pairs/s, p99 < ${SEAMLESS_TARGETS.p99Ms} ms: ${
              r.pairsPerSecond >= SEAMLESS_TARGETS.pairsPerSecond && r.latencyMs.all.p99 < SEAMLESS_TARGETS.p99Ms
                ? "met"
                : "MISSED"
            })`
          : "";
      return [
        `${engine}: ${r.source}`,
        `  ${r.pairsPerSecond} pairs/s over ${r.pairs} pairs from ${r.connections} players${target}`,
        line("bet", r.latencyMs.bet),
        line("win", r.latencyMs.win),
        line("any call", r.latencyMs.all),
        `  CPU per call: ${r.cpuMsPerCall.server} ms in the server${engine === "pglite" ? " (PGlite included)" : ""}, ${r.cpuMsPerCall.loadGenerator} ms in the load generator${
          r.cpuMsPerCall.database === null ? "" : `, ${r.cpuMsPerCall.database} ms in PostgreSQL`
        }`,
        `  ledger verify after the run: ${r.ledgerClean ? "clean" : `NOT CLEAN (${r.problems.length} problems: ${r.problems[0]})`}`,
      ].join("\n");
    })
    .join("\n");
}
