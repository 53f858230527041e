/**
 * npm run bench: the product's pages against the bare Remix lobby of ../shared/bench, in the
 * same run on the same machine, reported as ratios with their targets (absolute figures drift on
 * shared machines; pages.ts):
 *   - gzip size of the JavaScript a first visit loads (module scripts and modulepreloads);
 *   - server-rendered requests per second and p99 latency of /m/home, /m/gameCenter and a category
 *     page, for a visitor and for a signed-in member (autocannon, 50 connections, 10 s each), and
 *     the server's RSS after that load;
 *   - Lighthouse (mobile, median of --lighthouse-runs, default 3) on /m/home, /m/gameCenter,
 *     /m/login, /m/activity and a game's page: performance, CLS, LCP against the bare lobby's, and
 *     the scripts /m/home loads as Lighthouse counts them;
 *   - with --games N, the catalogue benchmark (catalogue.ts): list and search timings and plans
 *     with N games, on PGlite and on PostgreSQL;
 *   - the ledger benchmark (ledger.ts): transfers per second and p99 on both engines, one account
 *     and 1,000 accounts (--ledger N transfers per shape, default 2000; --ledger 0 skips it and
 *     the next), and webhook-to-credit latency (webhooks.ts) on both engines;
 *   - the seamless-wallet benchmark (seamless.ts): bet+win pairs per second and p50/p99 per call
 *     over HTTP from 50 players at once (--seamless-players N), and `ledger verify` after the run, on
 *     both engines (--seamless N pairs, default 2000; 0 skips it). `--only seamless` builds the product and runs
 *     that part alone, adding its figures to bench/results.json (--engine pglite|postgres: one engine).
 * Writes bench/results.json, and exits non-zero if a page shifts (CLS > 0), Lighthouse fails, or the
 * catalogue misses its targets; the page targets are printed as met or NOT MET.
 * Options: --duration <s> --connections <n> --games <n> --iterations <n> --lighthouse-runs <n> --ledger <n>
 * --seamless <n> --seamless-players <n> --only seamless [--engine pglite|postgres].
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildHost, HOST_ENTRY, hostEnv } from "../build-host";
import { loadBrandRegistry } from "~/brand/registry.server";
import { parseArgs } from "../lib/admin-client";
import { formatCatalogue, runCatalogueBench } from "./catalogue";
import { formatLedger, runLedgerBench } from "./ledger";
import { formatWebhooks, runWebhookBench } from "./webhooks";
import { formatSeamless, runSeamlessBench, seamlessFailures } from "./seamless";
import { measurePage, type ClsResult } from "./lighthouse";
import {
  absoluteFigure,
  firstLoadJs,
  formatFigures,
  loadPage,
  pageHtml,
  ratioFigure,
  rssMb,
  signUpMember,
  type Figure,
  type Load,
} from "./pages";
import { freePort } from "./util";

const { options } = parseArgs(process.argv.slice(2));
const DURATION = Number(options.duration ?? 10);
const CONNECTIONS = Number(options.connections ?? 50);
const GAMES = options.games ? Number(options.games) : 0;
const ITERATIONS = Math.max(200, Number(options.iterations ?? 200));
const LIGHTHOUSE_RUNS = Number(options["lighthouse-runs"] ?? 3);
/** Server-rendered pages loaded for a visitor and for a signed-in member: the lobby, the game centre and a category. */
const SSR_PAGES = ["/m/home", "/m/gameCenter", "/m/gameCenter?category=FISH"];
/** Pages Lighthouse scores (and a game's page, found on /m/home). */
const LIGHTHOUSE_PAGES = ["/m/home", "/m/gameCenter", "/m/login", "/m/activity"];
/** The bare lobby's label among the Lighthouse results. */
const BARE = "bare lobby /";
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const LEDGER_TRANSFERS = Number(options.ledger ?? 2000);
const SEAMLESS_PAIRS = Number(options.seamless ?? 2000);
/** Players calling at once, each waiting for its answer before its next call: the p50 and p99 follow from it. */
const SEAMLESS_PLAYERS = Number(options["seamless-players"] ?? 50);
/** Paid checkouts whose webhooks are timed, per engine. */
const WEBHOOKS = 300;
/** Catalogue target: p95 of list pages and name search on the server, per engine. */
const TARGET_MS = 20;
const ROOT = process.cwd();
const WORK = path.join(ROOT, "bench/.work");
const BASELINE_SRC = path.resolve(ROOT, options.baseline ?? "../shared/bench/baseline-lobby");
const children: ChildProcess[] = [];

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production", ...env },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}`);
}

async function waitFor(url: string, headers: Record<string, string>, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url, { headers });
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in ${timeoutMs / 1000} s`);
}

function start(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  // A process group of its own, so stopping it also stops what npx started.
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  children.push(child);
  return child;
}

function stopChildren() {
  for (const c of children.splice(0)) {
    try {
      process.kill(-c.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
}

/** Lighthouse on each page, the bare lobby first; a failure is reported for that page and the rest go on. */
async function lighthouseAll(pages: Array<{ label: string; url: string }>) {
  const out: Record<string, ClsResult | { error: string }> = {};
  for (const p of pages) {
    console.log(`Lighthouse on ${p.label}, ${LIGHTHOUSE_RUNS} run(s)…`);
    out[p.label] = await measurePage(p.url, LIGHTHOUSE_RUNS).catch((err: Error) => {
      console.error(`  ${err.message}`);
      return { error: err.message };
    });
  }
  return out;
}

/** `--only seamless`: the seamless-wallet figures alone, merged into the last full run's results. */
async function seamlessOnly() {
  console.log("Building the product…");
  run("npx", ["remix", "vite:build", "--logLevel", "warn"], ROOT);
  const registry = await loadBrandRegistry(path.join(ROOT, "brands"), path.join(ROOT, "themes"));
  const engines = options.engine === undefined ? undefined : [options.engine];
  if (engines && !engines.every((e): e is "pglite" | "postgres" => e === "pglite" || e === "postgres"))
    throw new Error("--engine takes: pglite, postgres");
  const seamless = await runSeamlessBench(registry, SEAMLESS_PAIRS, SEAMLESS_PLAYERS, engines);
  const file = path.join(ROOT, "bench/results.json");
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...previous, seamlessMeasuredAt: new Date().toISOString(), seamless }, null, 2) + "\n");
  console.log(
    ["", `Seamless wallet, ${SEAMLESS_PAIRS} bet+win pairs:`, formatSeamless(seamless), "written to bench/results.json"].join(
      "\n",
    ),
  );
  const failures = seamlessFailures(seamless);
  if (failures.length) {
    console.error(`\nbench FAILED:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

async function main() {
  if (!(Number.isInteger(SEAMLESS_PAIRS) && SEAMLESS_PAIRS >= 0)) throw new Error("--seamless needs a whole number");
  if (!(Number.isInteger(SEAMLESS_PLAYERS) && SEAMLESS_PLAYERS >= 1))
    throw new Error("--seamless-players needs a whole number from 1");
  if (options.only !== undefined) {
    if (options.only !== "seamless") throw new Error("--only takes: seamless");
    if (SEAMLESS_PAIRS === 0) throw new Error("--only seamless needs --seamless above 0");
    return seamlessOnly();
  }
  if (options.games !== undefined && !(Number.isInteger(GAMES) && GAMES > 0))
    throw new Error("--games needs a positive whole number");
  if (!(Number.isInteger(LEDGER_TRANSFERS) && LEDGER_TRANSFERS >= 0)) throw new Error("--ledger needs a whole number");
  fs.mkdirSync(WORK, { recursive: true });
  if (!fs.existsSync(BASELINE_SRC)) throw new Error(`baseline lobby not found at ${BASELINE_SRC} (use --baseline <dir>)`);

  console.log("Building the product…");
  run("npx", ["remix", "vite:build", "--logLevel", "warn"], ROOT);
  await buildHost();

  console.log("Building the baseline lobby…");
  const baseDir = path.join(WORK, "baseline-lobby");
  fs.rmSync(path.join(baseDir, "app"), { recursive: true, force: true });
  fs.cpSync(BASELINE_SRC, baseDir, {
    recursive: true,
    filter: (src) => !src.includes("node_modules") && !src.includes("/build"),
  });
  if (!fs.existsSync(path.join(baseDir, "node_modules/@remix-run/serve")))
    run("npm", ["install", "--no-audit", "--no-fund"], baseDir);
  run("npx", ["remix", "vite:build", "--logLevel", "warn"], baseDir);

  const [basePort, productPort] = [await freePort(), await freePort()];
  const dataDir = path.join(WORK, "data");
  fs.rmSync(dataDir, { recursive: true, force: true });

  // As `npm start` does: the database is migrated and seeded before the server starts (scripts/db-setup.ts).
  run(process.execPath, ["--import", "tsx", "scripts/db-setup.ts"], ROOT, { DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  start("npx", ["remix-serve", "./build/server/index.js"], baseDir, { PORT: String(basePort), NODE_ENV: "production" });
  // As `npm start` and `npm run serve` serve it: the built host on plain node, in the host's environment.
  const product = start(
    process.execPath,
    [HOST_ENTRY],
    ROOT,
    hostEnv({ PORT: String(productPort), HOST: "127.0.0.1", NODE_ENV: "production", DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
  );
  const host = "luckypeso.localhost";
  const baseOrigin = `http://127.0.0.1:${basePort}`;
  const productOrigin = `http://127.0.0.1:${productPort}`;
  await waitFor(baseOrigin + "/", {});
  await waitFor(productOrigin + "/readyz", {});

  console.log("Measuring first-load JavaScript…");
  const baselineJs = await firstLoadJs(baseOrigin, "/", null);
  const productJs = await firstLoadJs(productOrigin, "/m/home", host);
  const member = await signUpMember(productOrigin, host, `bm${Date.now() % 1_000_000}`);
  const gameId = /href="\/m\/game\/(\d+)"/.exec(await pageHtml(productOrigin, "/m/home", host))?.[1];
  if (!gameId) throw new Error("/m/home links no game");

  console.log(`Load: ${CONNECTIONS} connections, ${DURATION} s per page…`);
  const opts = { connections: CONNECTIONS, duration: DURATION };
  const baselineLoad = await loadPage(baseOrigin + "/", {}, opts);
  const productLoads: Record<string, Load> = {};
  for (const who of ["visitor", "member"] as const) {
    for (const page of SSR_PAGES) {
      const headers: Record<string, string> = who === "member" ? { host, cookie: member } : { host };
      productLoads[`${page} (${who})`] = await loadPage(productOrigin + page, headers, opts);
    }
  }
  const rss = rssMb(product.pid!);

  const lighthouse =
    LIGHTHOUSE_RUNS > 0
      ? await lighthouseAll([
          { label: BARE, url: `http://localhost:${basePort}/` },
          ...[...LIGHTHOUSE_PAGES, `/m/game/${gameId}`].map((p) => ({ label: p, url: `http://${host}:${productPort}${p}` })),
        ])
      : {};
  // The servers are done: stop them so they do not compete with the in-process catalogue timings.
  stopChildren();

  const figures: Figure[] = [
    ratioFigure("first-load JS gzip (KB, modulepreloads)", kb(productJs.gzipBytes), kb(baselineJs.gzipBytes), { atMost: 1.3 }),
  ];
  for (const [label, l] of Object.entries(productLoads)) {
    const visitor = label.endsWith("(visitor)");
    figures.push(
      ratioFigure(`SSR req/s ${label}`, l.requestsPerSecond, baselineLoad.requestsPerSecond, { atLeast: visitor ? 1.0 : 0.5 }),
      ratioFigure(`p99 ms ${label}`, l.latencyMs.p99, baselineLoad.latencyMs.p99, { atMost: 2 }),
    );
  }
  if (rss !== null) figures.push(absoluteFigure("server RSS after the load (MB)", rss, { atMost: 300 }));
  const bare = lighthouse[BARE];
  for (const [label, r] of Object.entries(lighthouse)) {
    if (label === BARE || "error" in r) continue;
    if (label === "/m/home" && bare && !("error" in bare))
      figures.push(ratioFigure("Lighthouse scripts /m/home (KB)", kb(r.scriptBytes), kb(bare.scriptBytes), { atMost: 1.3 }));
    if (r.performance !== null) figures.push(absoluteFigure(`Lighthouse performance ${label}`, r.performance, { atLeast: 97 }));
    figures.push(absoluteFigure(`Lighthouse CLS ${label}`, r.cls, { atMost: 0 }));
    if (bare && !("error" in bare))
      figures.push(ratioFigure(`Lighthouse LCP ms ${label}`, r.lcpMs, bare.lcpMs, { atMost: 1.25 }));
  }

  const registry = await loadBrandRegistry(path.join(ROOT, "brands"), path.join(ROOT, "themes"));
  const brand = registry.byId.get("lucky-peso");
  if (!brand) throw new Error("brand lucky-peso not found in brands/");
  let catalogue: Awaited<ReturnType<typeof runCatalogueBench>> | undefined;
  if (GAMES) {
    catalogue = await runCatalogueBench(brand, { games: GAMES, iterations: ITERATIONS, warmup: 20, targetMs: TARGET_MS });
  }
  const ledger = LEDGER_TRANSFERS > 0 ? await runLedgerBench(brand, LEDGER_TRANSFERS) : undefined;
  const webhooks = LEDGER_TRANSFERS > 0 ? await runWebhookBench(registry, WEBHOOKS) : undefined;
  const seamless = SEAMLESS_PAIRS > 0 ? await runSeamlessBench(registry, SEAMLESS_PAIRS, SEAMLESS_PLAYERS) : undefined;

  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      productPages: SSR_PAGES,
      brand: "lucky-peso on PGlite",
      baselinePage: "/",
      lighthouseRuns: LIGHTHOUSE_RUNS,
    },
    baseline: { firstLoadJs: baselineJs, ssr: baselineLoad },
    product: { firstLoadJs: productJs, ssr: productLoads, rssMb: rss },
    lighthouse,
    figures,
    catalogue: catalogue
      ? {
          games: GAMES,
          targetP95Ms: TARGET_MS,
          iterations: ITERATIONS,
          ...catalogue,
        }
      : null,
    ledger: ledger ?? null,
    webhooks: webhooks ?? null,
    seamless: seamless ?? null,
  };
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/results.json"), JSON.stringify(results, null, 2) + "\n");
  const failures: string[] = [];
  for (const [label, r] of Object.entries(lighthouse)) {
    if ("error" in r) failures.push(`Lighthouse on ${label} failed: ${r.error}`);
    // The bare lobby's own shifts are its business; the product's pages must not shift at all.
    else if (r.cls > 0 && label !== BARE) failures.push(`CLS ${r.cls} on ${label} (must be 0): ${r.layoutShifts.join(" | ")}`);
  }
  for (const r of Object.values(catalogue ?? {})) if ("failures" in r) failures.push(...r.failures);
  for (const [engine, r] of Object.entries(ledger ?? {})) if ("error" in r) failures.push(`ledger on ${engine}: ${r.error}`);
  for (const [engine, r] of Object.entries(webhooks ?? {})) if ("error" in r) failures.push(`webhooks on ${engine}: ${r.error}`);
  if (seamless) failures.push(...seamlessFailures(seamless));
  console.log(
    [
      "",
      `Pages, lucky-peso on PGlite against the bare lobby (${CONNECTIONS} connections, ${DURATION} s per page; Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}):`,
      formatFigures(figures),
      `not met: ${figures.filter((f) => !f.met).length} of ${figures.length}`,
      "p99 is over each connection's answers after its first (scripts/bench/pages.ts, loadPage); with the first answers too:",
      `  bare lobby ${baselineLoad.rawP99Ms} ms; ${Object.entries(productLoads)
        .map(([label, l]) => `${label} ${l.rawP99Ms} ms`)
        .join("; ")}`,
      ...(catalogue
        ? [
            "",
            `Catalogue, ${GAMES} games, target p95 < ${TARGET_MS} ms on each engine (lists with the summary cached, and name search):`,
            formatCatalogue(catalogue, TARGET_MS),
          ]
        : []),
      ...(ledger
        ? [
            "",
            `Ledger, ${LEDGER_TRANSFERS} transfers per shape (bets of 1 centavo, every database rule on):`,
            formatLedger(ledger),
          ]
        : []),
      ...(webhooks
        ? ["", "Webhook-to-credit (the route answers 2xx once the credit is committed):", formatWebhooks(webhooks)]
        : []),
      ...(seamless ? ["", `Seamless wallet, ${SEAMLESS_PAIRS} bet+win pairs:`, formatSeamless(seamless)] : []),
      "written to bench/results.json",
    ].join("\n"),
  );
  if (failures.length) {
    console.error(`\nbench FAILED:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error(`bench failed: ${(err as Error).message}`);
    process.exitCode = 1;
  })
  .finally(stopChildren);

// Ctrl-C: stop the servers; a throwaway PostgreSQL stops on exit (see postgres.ts).
process.once("SIGINT", () => {
  stopChildren();
  process.exit(130);
});
