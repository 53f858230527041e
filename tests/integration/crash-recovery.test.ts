import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "../setup/http";
import { Jar } from "../setup/jar";
import { registrationFields } from "../setup/registration";
import { createPostgresTestDatabase, TEST_ENGINE } from "../setup/test-db";
import { freePort } from "../../scripts/bench/util";

/**
 * The server killed with SIGKILL in the middle of deposits, sandbox payments (whose
 * webhooks it delivers to itself) and withdrawals, then started again on the same data:
 * every operation it acknowledged is there, every paid checkout is credited once its
 * webhook is delivered again, and `npm run ledger -- verify` finds the books exact.
 */
const HOST = "luckypeso.localhost";
const COOKIE_SECRET = "crash-recovery-test-cookie-secret-0123456789abcdef";
const PLAYERS = 4;

let work: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;
let server: ChildProcess | undefined;
let port = 0;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "crash-recovery-"));
  // Lucky Peso as it is, but without its turnover requirement and its identity verification
  // before deposits: this test is about what a crash keeps, and its players withdraw what they
  // deposit without playing (turnover has its own tests in bet-records.test.ts, verification in
  // kyc-http.test.ts).
  const brands = path.join(work, "brands");
  fs.mkdirSync(brands);
  fs.writeFileSync(
    path.join(brands, "lucky-peso.ts"),
    `import brand from ${JSON.stringify(path.resolve("brands/lucky-peso.ts"))};\n` +
      "export default { ...brand, play: { ...brand.play, turnoverMultiplier: 0 },\n" +
      "  compliance: { ...brand.compliance, kyc: { ...brand.compliance?.kyc, deposit: false } } };\n",
  );
  env = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "data"),
    BRANDS_DIR: brands,
    COOKIE_SECRET,
    LOG_LEVEL: "info",
  };
  if (TEST_ENGINE === "postgres") {
    const created = await createPostgresTestDatabase();
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill("SIGKILL");
  await dropDatabase?.();
  fs.rmSync(work, { recursive: true, force: true });
});

async function startServer(): Promise<ChildProcess> {
  port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, ...env, PORT: String(port) },
    // The server's own log (JSON lines), printed if the test fails.
    stdio: ["ignore", fs.openSync(path.join(work, "server.log"), "a"), "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    const ready = await request(port, "/readyz", { host: `${HOST}:${port}`, timeoutMs: 5_000 }).catch(() => null);
    if (ready?.status === 200) return child;
    if (Date.now() > until) throw new Error(`the server did not become ready: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The last lines the servers logged, other than request lines. */
function serverLog(): string {
  const lines = fs.readFileSync(path.join(work, "server.log"), "utf8").split("\n");
  return lines
    .filter((l) => !l.includes('"msg":"request"'))
    .slice(-30)
    .join("\n");
}

function jar() {
  return new Jar(port, `${HOST}:${port}`);
}

interface Player {
  username: string;
  /** Orders whose sandbox payment was acknowledged (the checkout page answered "paid, back to the shop"). */
  paid: string[];
  /** Withdrawals the server acknowledged (redirect with the success toast), in centavos. */
  withdrawn: number;
}

async function register(username: string): Promise<Jar> {
  const j = jar();
  await j.get("/m/register");
  const r = await j.post("/m/register", registrationFields(username));
  expect(r.status, r.body.slice(0, 300)).toBe(302);
  await j.get("/m/withdraw");
  expect((await j.post("/m/withdraw", { intent: "set-pin", pin: "135790", confirmPin: "135790" })).status).toBe(302);
  const bound = await j.post("/m/withdraw", {
    intent: "bind-account",
    method: "gcash",
    accountNumber: "09171234567",
    holderName: "Juan Dela Cruz",
  });
  expect(bound.status).toBe(302);
  return j;
}

/** Relogs a player on the restarted server (sessions live in the database, so the cookie still works). */
async function signIn(j: Jar, username: string) {
  const again = new Jar(port, `${HOST}:${port}`);
  again.cookies = j.cookies;
  const home = await again.get("/m/withdraw");
  if (home.status === 200) return again;
  await again.get("/m/login");
  await again.post("/m/login", { username, password: "goodpass12" });
  return again;
}

/** One deposit paid on the sandbox's page; resolves with the order id once the sandbox acknowledged the payment. */
async function depositAndPay(j: Jar): Promise<string | null> {
  const order = await j.post("/m/voucherCenter", { channel: "gcash", amount: "500" });
  if (order.status !== 303) return null;
  const checkout = new URL(order.headers.location!);
  const paid = await request(port, `${checkout.pathname}/pay`, {
    method: "POST",
    host: `${HOST}:${port}`,
    headers: { origin: `http://${HOST}:${port}`, "content-type": "application/x-www-form-urlencoded" },
    body: "",
  });
  if (paid.status !== 303) return null;
  return /\/m\/deposit\/(D[A-Z2-7]{16})/.exec(paid.headers.location ?? "")?.[1] ?? null;
}

/** Waits for the server to exit; a server that does not within `ms` fails the test with its log. */
async function exited(child: ChildProcess, ms: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not exit within ${ms} ms; log:\n${serverLog()}`)), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe(`a server killed mid-load (SIGKILL) on ${TEST_ENGINE}`, () => {
  it("keeps every acknowledged deposit, payment and withdrawal, and the ledger verifies", { timeout: 300_000 }, async () => {
    server = await startServer();
    const players: (Player & { jar: Jar })[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const username = `crash${i}${Date.now().toString(36).slice(-5)}`;
      players.push({ username, jar: await register(username), paid: [], withdrawn: 0 });
    }

    // Load: each player deposits and pays, then withdraws part of it, again and again, until the kill.
    let killed = false;
    const loops = players.map(async (p) => {
      while (!killed) {
        try {
          const id = await depositAndPay(p.jar);
          if (id && !killed) p.paid.push(id);
          const w = await p.jar.post("/m/withdraw", { intent: "withdraw", amount: "200", paymentPassword: "135790" });
          if (w.status === 302 && !killed) p.withdrawn += 200_00;
        } catch {
          // A request cut by the kill was never acknowledged.
        }
      }
    });
    // Kill once the load is well under way, with requests in flight.
    const deadline = Date.now() + 30_000;
    const busy = () => players.reduce((n, p) => n + p.paid.length, 0) < 8 || players.every((p) => p.withdrawn === 0);
    while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    server.kill("SIGKILL");
    killed = true;
    await exited(server, 10_000);
    await Promise.all(loops);
    const acknowledged = players.reduce((n, p) => n + p.paid.length, 0);
    expect(acknowledged).toBeGreaterThanOrEqual(8);
    expect(players.reduce((n, p) => n + p.withdrawn, 0)).toBeGreaterThan(0);

    server = await startServer();
    // Webhooks claimed by the killed process are due again 30 s after their claim; then retried with backoff.
    const recoveredBy = Date.now() + 120_000;
    for (const p of players) {
      const j = await signIn(p.jar, p.username);
      // Every payment the sandbox acknowledged reaches us after the restart (its webhooks are retried) and is credited.
      for (const id of p.paid) {
        let state = "";
        while (Date.now() < recoveredBy) {
          const page = await j.get(`/m/deposit/${id}`);
          state = /data-state="(\w+)"/.exec(page.body)?.[1] ?? `HTTP ${page.status}`;
          if (state === "paid") break;
          await new Promise((r) => setTimeout(r, 500));
        }
        expect(state, `order ${id} of ${p.username}; server log:\n${serverLog()}`).toBe("paid");
      }
      // Every acknowledged withdrawal is there (held, waiting for review).
      const history = await j.get("/m/transactions?kind=withdrawals");
      const held = [...history.body.matchAll(/W[A-Z2-7]{16}/g)].map((m) => m[0]);
      expect(new Set(held).size * 200_00, p.username).toBeGreaterThanOrEqual(p.withdrawn);
    }

    server.kill("SIGTERM");
    await exited(server, 40_000);
    const verify = spawnSync(process.execPath, ["--import", "tsx", "scripts/ledger.ts", "verify"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(verify.stderr).toBe("");
    expect(verify.status, verify.stdout).toBe(0);
    expect(verify.stdout).toMatch(/^lucky-peso: \d+ transfers.*\n {2}OK: every transfer sums to zero/m);
  });
});
