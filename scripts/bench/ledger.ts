/**
 * The ledger benchmark (npm run bench -- --ledger N): transfers per second and latency of
 * postTransfer on each engine, with every database rule on (entry trigger, no-overdraft
 * CHECK, balanced-at-commit trigger), in two shapes:
 *   - one account: N bets from a single player's cash (every transfer waits for that row's lock);
 *   - 1,000 accounts: N bets spread at random over 1,000 players.
 * Bets go to one provider settlement account, as real play does, so that row is shared in both.
 */
import { performance } from "node:perf_hooks";
import type { Brand } from "~/brand/schema";
import type { Db, Engine } from "~/db/client.server";
import { members } from "~/db/schema";
import { postTransfer } from "~/domain/wallet/ledger.server";
import { errorText, openEngine } from "./engines";

export interface LedgerShape {
  transfers: number;
  concurrency: number;
  transfersPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
}

export type LedgerEngineResult =
  { source: string; oneAccount: LedgerShape; thousandAccounts: LedgerShape } | { skipped: string } | { error: string };

const ACCOUNTS = 1000;
const round2 = (x: number) => Math.round(x * 100) / 100;

function pct(sorted: number[], q: number): number {
  return round2(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
}

async function players(db: Db, brand: Brand, n: number): Promise<number[]> {
  const rows = await db
    .insert(members)
    .values(
      Array.from({ length: n }, (_, i) => ({
        merchantCode: brand.merchantCode,
        username: `benchplayer${i}`,
        usernameKey: `benchplayer${i}`,
        inviteCode: `BENCH${i.toString(36).toUpperCase().padStart(4, "0")}`,
      })),
    )
    .returning({ id: members.id });
  return rows.map((r) => r.id);
}

async function fund(db: Db, brand: Brand, ids: number[], amount: bigint) {
  for (const id of ids) {
    await postTransfer(db, brand, {
      key: `bench-fund:${id}`,
      kind: "deposit",
      reference: "bench",
      legs: [
        { account: { house: "house:clearing:sandbox" }, amount: -amount },
        { account: { memberId: id, kind: "cash" }, amount },
      ],
    });
  }
}

async function drive(n: number, concurrency: number, post: (i: number) => Promise<unknown>): Promise<LedgerShape> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await post(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    transfers: n,
    concurrency,
    transfersPerSecond: Math.round(n / seconds),
    latencyMs: { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), max: round2(latencies[latencies.length - 1]) },
  };
}

const bet = (memberId: number, key: string) => ({
  key,
  kind: "bet" as const,
  reference: `bench-round:${key}`,
  legs: [
    { account: { memberId, kind: "cash" as const }, amount: -1n },
    { account: { house: "house:provider:BGS" as const }, amount: 1n },
  ],
});

async function benchEngine(engine: Engine, brand: Brand, n: number, concurrency: number): Promise<LedgerEngineResult> {
  const opened = await openEngine(engine);
  if ("skipped" in opened) return opened;
  try {
    const db = opened.database.db;
    const ids = await players(db, brand, ACCOUNTS);
    await fund(db, brand, ids, BigInt(n) + 100n);
    // Warm-up: plans cached, accounts created.
    await drive(50, concurrency, (i) => postTransfer(db, brand, bet(ids[i % ids.length], `warm:${i}`)));
    const oneAccount = await drive(n, concurrency, (i) => postTransfer(db, brand, bet(ids[0], `one:${i}`)));
    const thousandAccounts = await drive(n, concurrency, (i) =>
      postTransfer(db, brand, bet(ids[Math.floor(Math.random() * ids.length)], `spread:${i}`)),
    );
    return { source: opened.source, oneAccount, thousandAccounts };
  } finally {
    await opened.close();
  }
}

export async function runLedgerBench(brand: Brand, n: number, concurrency = 16): Promise<Record<Engine, LedgerEngineResult>> {
  const out = {} as Record<Engine, LedgerEngineResult>;
  for (const engine of ["pglite", "postgres"] as const) {
    console.log(`Ledger benchmark on ${engine} (${n} transfers per shape, ${concurrency} at a time)…`);
    try {
      out[engine] = await benchEngine(engine, brand, n, concurrency);
    } catch (err) {
      out[engine] = { error: errorText(err as Error) };
    }
  }
  return out;
}

export function formatLedger(results: Record<Engine, LedgerEngineResult>): string {
  const line = (label: string, s: LedgerShape) =>
    `  ${label.padEnd(14)} ${String(s.transfersPerSecond).padStart(6)} transfers/s   p50 ${s.latencyMs.p50} ms   p99 ${s.latencyMs.p99} ms   max ${s.latencyMs.max} ms`;
  return Object.entries(results)
    .map(([engine, r]) => {
      if ("skipped" in r) return `${engine}: not measured: ${r.skipped}`;
      if ("error" in r) return `${engine}: FAILED: ${r.error}`;
      return [`${engine}: ${r.source}`, line("one account", r.oneAccount), line("1,000 accounts", r.thousandAccounts)].join("\n");
    })
    .join("\n");
}
