/**
 * npm run bench: the product's /m/home against the bare Remix lobby of ../shared/bench, in the
 * same run on the same machine, reported as ratios (absolute figures drift on shared machines).
 *   - gzip size of the JavaScript a first visit loads (module scripts and modulepreloads);
 *   - server-rendered requests per second and latency (autocannon, 50 connections, 10 s).
 * Writes bench/results.json. Options: --duration <s> --connections <n>.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { parseArgs } from "../lib/admin-client";

const { options } = parseArgs(process.argv.slice(2));
const DURATION = Number(options.duration ?? 10);
const CONNECTIONS = Number(options.connections ?? 50);
const ROOT = process.cwd();
const WORK = path.join(ROOT, "bench/.work");
const BASELINE_SRC = path.resolve(ROOT, options.baseline ?? "../shared/bench/baseline-lobby");
const children: ChildProcess[] = [];

function run(cmd: string, args: string[], cwd: string) {
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
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

/** Every module the first visit loads: entry scripts, modulepreloads and inline dynamic imports. */
async function firstLoadJs(origin: string, pagePath: string, headers: Record<string, string>) {
  const html = await (await fetch(origin + pagePath, { headers })).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\(\s*"([^"]+\.js)"\s*\)/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s+"([^"]+\.js)"/g)) urls.add(m[1]);
  let raw = 0;
  let gzip = 0;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(new URL(u, origin), { headers })).arrayBuffer());
    raw += body.length;
    gzip += zlib.gzipSync(body).length;
  }
  return { files: urls.size, rawBytes: raw, gzipBytes: gzip };
}

async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, headers, connections: 10, duration: 2 }); // warm-up
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx answers and ${r.errors} errors under load`);
  return {
    requestsPerSecond: Math.round(r.requests.average),
    latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
    requests: r.requests.total,
  };
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  if (!fs.existsSync(BASELINE_SRC)) throw new Error(`baseline lobby not found at ${BASELINE_SRC} (use --baseline <dir>)`);

  console.log("Building the product…");
  run("npx", ["remix", "vite:build", "--logLevel", "warn"], ROOT);

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

  start("npx", ["remix-serve", "./build/server/index.js"], baseDir, { PORT: String(basePort), NODE_ENV: "production" });
  start(process.execPath, ["--import", "tsx", "server/index.ts"], ROOT, {
    PORT: String(productPort),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  });
  const host = { host: "luckypeso.localhost" };
  const baseOrigin = `http://127.0.0.1:${basePort}`;
  const productOrigin = `http://127.0.0.1:${productPort}`;
  await waitFor(baseOrigin + "/", {});
  await waitFor(productOrigin + "/readyz", {});

  console.log("Measuring first-load JavaScript…");
  const baselineJs = await firstLoadJs(baseOrigin, "/", {});
  const productJs = await firstLoadJs(productOrigin, "/m/home", host);

  console.log(`Load: ${CONNECTIONS} connections, ${DURATION} s each…`);
  const baselineLoad = await load(baseOrigin + "/", {});
  const productLoad = await load(productOrigin + "/m/home", host);

  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, platform: `${os.platform()} ${os.arch()}` },
    settings: {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      productPage: "/m/home (lucky-peso, PGlite)",
      baselinePage: "/",
    },
    baseline: { firstLoadJs: baselineJs, ssr: baselineLoad },
    product: { firstLoadJs: productJs, ssr: productLoad },
    ratios: {
      firstLoadJsGzip: ratio(productJs.gzipBytes, baselineJs.gzipBytes),
      requestsPerSecond: ratio(productLoad.requestsPerSecond, baselineLoad.requestsPerSecond),
      latencyP99: ratio(productLoad.latencyMs.p99, baselineLoad.latencyMs.p99),
    },
  };
  fs.mkdirSync(path.join(ROOT, "bench"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench/results.json"), JSON.stringify(results, null, 2) + "\n");
  console.log(
    [
      "",
      `first-load JS (gzip): product ${(productJs.gzipBytes / 1024).toFixed(1)} KB, baseline ${(baselineJs.gzipBytes / 1024).toFixed(1)} KB, ratio ${results.ratios.firstLoadJsGzip}`,
      `SSR req/s:            product ${productLoad.requestsPerSecond}, baseline ${baselineLoad.requestsPerSecond}, ratio ${results.ratios.requestsPerSecond}`,
      `p99 latency (ms):     product ${productLoad.latencyMs.p99}, baseline ${baselineLoad.latencyMs.p99}, ratio ${results.ratios.latencyP99}`,
      "written to bench/results.json",
    ].join("\n"),
  );
}

main()
  .catch((err) => {
    console.error(`bench failed: ${(err as Error).message}`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) {
      try {
        process.kill(-c.pid!, "SIGTERM");
      } catch {
        /* already gone */
      }
    }
  });
