/**
 * The seamless-wallet benchmark (npm run bench -- --seamless N; issue 13's figures): the built app
 * served in this process on each engine, as the webhook benchmark serves it; players with cash whose
 * launch tokens the in-house provider (BGS) exchanged at authenticate; then N bet+win pairs over
 * HTTP, signed as a provider signs them, from `connections` players at once (one keep-alive
 * connection and one player each, every pair a bet then its win). Reports pairs per second, p50/p99
 * per call, and whether the ledger verifies afterwards. The client shares the process (and so the
 * CPU) with the server: the figures are a floor for a provider calling from another machine.
 */
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import type { BrandRegistry } from "~/brand/registry.server";
import type { Brand } from "~/brand/schema";
import { sql } from "drizzle-orm";
import type { Db, Engine } from "~/db/client.server";
import { members } from "~/db/schema";
import { postTransfer } from "~/domain/wallet/ledger.server";
import { createLaunchToken } from "~/domain/wallet/seamless.server";
import { verifyLedger } from "~/domain/wallet/verify.server";
import { sign } from "~/integrations/providers/canonical.server";
import { IN_HOUSE_PROVIDER, inHouseSecret } from "~/integrations/providers/index.server";
import { parseEnv } from "~/utils/env.server";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { errorText, openEngine } from "./engines";

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
       * CPU milliseconds per call during the run: this process (the server and the benchmark's
       * client; PGlite too, which runs in it) and the PostgreSQL server's processes (null when the
       * server is not a throwaway cluster on this machine). On two cores, 1,000 pairs a second
       * (2,000 calls) leave 1 ms of CPU per call in all.
       */
      cpuMsPerCall: { process: number; database: number | null };
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
const round2 = (x: number) => Math.round(x * 100) / 100;

function latency(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => round2(s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!);
  return { p50: at(0.5), p99: at(0.99), max: round2(s[s.length - 1]!) };
}

type Caller = (action: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** fetch cannot set Host, which names the brand: node:http on keep-alive connections to the loopback server. */
function caller(port: number, host: string, secret: string, connections: number): { call: Caller; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const call: Caller = (action, fields) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify(fields);
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          agent,
          path: `/api/seamless/${IN_HOUSE_PROVIDER}/${action}`,
          method: "POST",
          headers: {
            host,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-signature": sign(secret, body),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            if (res.statusCode !== 200) return reject(new Error(`${action} answered HTTP ${res.statusCode}: ${text}`));
            resolve(JSON.parse(text) as Record<string, unknown>);
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  return { call, close: () => agent.destroy() };
}

interface Session {
  user: string;
  token: string;
}

async function openSessions(db: Db, brand: Brand, call: Caller, n: number, cash: bigint): Promise<Session[]> {
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
  const sessions: Session[] = [];
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
      gameCode: "BGS_BENCH_SLOT",
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

/** `pairs` bet+win pairs, one worker per session; answers the seconds taken and each call's latency. */
async function drive(call: Caller, brand: Brand, sessions: Session[], pairs: number, tag: string) {
  const bets: number[] = [];
  const wins: number[] = [];
  let next = 0;
  const timed = async (into: number[], action: string, body: Record<string, unknown>) => {
    const t = performance.now();
    const answer = await call(action, body);
    into.push(performance.now() - t);
    if (answer.status !== "RS_OK") throw new Error(`${action} answered ${JSON.stringify(answer)}`);
  };
  const started = performance.now();
  await Promise.all(
    sessions.map(async (s) => {
      while (next < pairs) {
        const i = next++;
        const round = `${tag}-${i}`;
        const common = {
          timestamp: Math.floor(Date.now() / 1000),
          token: s.token,
          user: s.user,
          currency: brand.currency,
          game_code: "BGS_BENCH_SLOT",
          round,
        };
        await timed(bets, "bet", {
          ...common,
          request_uuid: crypto.randomUUID(),
          round_closed: false,
          transaction_uuid: `${round}:bet`,
          amount: Number(BET),
        });
        await timed(wins, "win", {
          ...common,
          request_uuid: crypto.randomUUID(),
          round_closed: true,
          transaction_uuid: `${round}:win`,
          reference_transaction_uuid: `${round}:bet`,
          amount: Number(WIN),
        });
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, bets, wins };
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
    client = caller(port, brand.hosts[0]!, inHouseSecret(COOKIE_SECRET), connections);
    // Every pair costs BET - WIN; each player holds enough for every pair of the run and the warm-up.
    const cash = BigInt(pairs + WARMUP_PAIRS) * (BET - WIN) + 1_000_00n;
    const sessions = await openSessions(db, brand, client.call, connections, cash);
    await drive(client.call, brand, sessions, WARMUP_PAIRS, "warm");
    // A live database has statistics (autovacuum analyses a table within a minute of its first rows);
    // without them the planner may pick a brand-wide index over the unique one for a lookup by id.
    await db.execute(sql`analyze`);
    const cpuBefore = { process: process.cpuUsage(), database: opened.serverCpuSeconds?.() };
    const run = await drive(client.call, brand, sessions, pairs, "run");
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
        process: round2((processCpu.user + processCpu.system) / 1000 / calls),
        database: databaseCpu === null ? null : round2((databaseCpu * 1000) / calls),
      },
      ledgerClean: report.problems.length === 0,
      problems: report.problems.map((p) => `${p.check}: ${p.detail}`),
    };
  } finally {
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
        `  CPU per call: ${r.cpuMsPerCall.process} ms in this process (server and client${engine === "pglite" ? ", PGlite" : ""})${
          r.cpuMsPerCall.database === null ? "" : `, ${r.cpuMsPerCall.database} ms in PostgreSQL`
        }`,
        `  ledger verify after the run: ${r.ledgerClean ? "clean" : `NOT CLEAN (${r.problems.length} problems: ${r.problems[0]})`}`,
      ].join("\n");
    })
    .join("\n");
}
