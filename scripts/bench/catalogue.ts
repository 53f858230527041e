/**
 * Catalogue benchmark (npm run bench -- --games N): on PGlite and on PostgreSQL, grows the
 * lucky-peso catalogue to N games, times the game-list and name-search domain calls in process
 * (p50/p95/max over at least 200 calls after a warm-up), and EXPLAINs the SQL they send.
 * Fails when a gated call misses the p95 target or a gated plan scans the games table in full.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import type { Brand } from "~/brand/schema";
import { BINGO_CLASSIFY } from "~/brand/categories";
import type { Db, Engine } from "~/db/client.server";
import type { CatalogueStat } from "~/domain/catalogue/games.server";
import { classificationsFrom, loadCatalogueSummary } from "~/domain/catalogue/games.server";
import {
  captureStatements,
  catalogueShapes,
  explain,
  pickSearchTerms,
  statementKind,
  type PlanSummary,
  type SearchTerm,
  type Shape,
  type Statement,
} from "./catalogue-queries";
import { seedCatalogue, type SeedReport } from "./catalogue-seed";
import { errorText, openEngine, type EngineHandle } from "./engines";
import { percentiles, type Stats } from "./util";

export interface CatalogueOptions {
  games: number;
  iterations: number;
  warmup: number;
  targetMs: number;
}

export interface ShapeResult {
  label: string;
  gated: boolean;
  /** list shapes: the catalogue summary cached, so the total is known, as the lobby serves most pages. */
  warm?: Stats;
  /** list shapes: the summary loaded in the same call, as on the first request after it expires. */
  cold?: Stats;
  /** search and aggregate shapes: nothing cached. */
  uncached?: Stats;
  perTerm?: Record<string, Stats>;
  /** PGlite only: the same calls in CPU time of this process, which other load on the machine does not inflate. */
  cpuMs?: { warm?: Stats; cold?: Stats; uncached?: Stats };
  plans: PlanSummary[];
  /** The call failed: nothing was timed. */
  error?: string;
}

export type EngineResult =
  | { skipped: string }
  | { error: string; failures: string[] }
  | {
      source: string;
      /** 1-minute load average when the timings started and ended: other work skews them. */
      loadAverage1m: { before: number; after: number };
      seed: SeedReport;
      searchTerms: SearchTerm[];
      shapes: Record<string, ShapeResult>;
      failures: string[];
    };

interface Samples {
  wall: number[];
  /** CPU time of this process: for PGlite, the database's own work, whatever else the machine runs. */
  cpu: number[];
}

async function timeCalls(n: number, warmup: number, call: (i: number) => Promise<unknown>): Promise<Samples> {
  for (let i = 0; i < warmup; i++) await call(i);
  const out: Samples = { wall: [], cpu: [] };
  for (let i = 0; i < n; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    await call(i);
    out.wall.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    out.cpu.push((used.user + used.system) / 1000);
  }
  return out;
}

const termsOf = (shape: Shape, terms: SearchTerm[]) => (shape.kind === "search" ? terms.map((t) => t.term) : [""]);

async function timeShape(
  h: EngineHandle,
  shape: Shape,
  terms: SearchTerm[],
  stats: CatalogueStat[],
  opts: CatalogueOptions,
  result: ShapeResult,
) {
  const db = h.database.db;
  const record = (key: "warm" | "cold" | "uncached", samples: Samples) => {
    result[key] = percentiles(samples.wall);
    if (h.database.engine === "pglite") (result.cpuMs ??= {})[key] = percentiles(samples.cpu);
  };
  if (shape.kind === "list") {
    record("warm", await timeCalls(opts.iterations, opts.warmup, () => shape.run(db, { stats, term: "" })));
    record("cold", await timeCalls(opts.iterations, opts.warmup, () => shape.run(db, { term: "" })));
  } else if (shape.kind === "aggregate") {
    record("uncached", await timeCalls(opts.iterations, opts.warmup, () => shape.run(db, { term: "" })));
  } else {
    // Rotate through the terms; every call is a fresh, counted search, as in the app.
    const rounds = Math.max(50, Math.ceil(opts.iterations / terms.length));
    const byTerm = new Map<string, number[]>(terms.map((t) => [t.term, []]));
    const all = await timeCalls(rounds * terms.length, opts.warmup, async (i) => {
      const term = terms[i % terms.length].term;
      const t = performance.now();
      await shape.run(db, { term });
      byTerm.get(term)!.push(performance.now() - t);
    });
    record("uncached", all);
    result.perTerm = Object.fromEntries([...byTerm].map(([term, samples]) => [term, percentiles(samples.slice(-rounds))]));
  }
}

/** Times the shape, then EXPLAINs (ANALYZE) the statements it sends, per search term; `sent[i]` is for term i. */
async function measureShape(
  h: EngineHandle,
  shape: Shape,
  terms: SearchTerm[],
  stats: CatalogueStat[],
  sent: Statement[][],
  opts: CatalogueOptions,
): Promise<ShapeResult> {
  const result: ShapeResult = { label: shape.label, gated: shape.gated, plans: [] };
  try {
    await timeShape(h, shape, terms, stats, opts, result);
  } catch (err) {
    result.error = errorText(err as Error);
  }
  const slow = [result.warm, result.cold, result.uncached].some((s) => s && s.p95 >= opts.targetMs);
  const shapeTerms = termsOf(shape, terms);
  for (const [i, statements] of sent.entries()) {
    for (const st of statements) {
      const term = shape.kind === "search" ? { term: shapeTerms[i] } : {};
      try {
        result.plans.push({ ...(await explain(h.query, st, slow || !!result.error)), ...term });
      } catch (err) {
        const plan = `EXPLAIN failed: ${errorText(err as Error)}`;
        result.plans.push({ statement: statementKind(st.text), plan, executionMs: NaN, seqScanOnGames: false, ...term });
      }
    }
  }
  return result;
}

async function benchEngine(engine: Engine, brand: Brand, opts: CatalogueOptions): Promise<EngineResult> {
  const opened = await openEngine(engine);
  if ("skipped" in opened) return opened;
  try {
    console.log(`  ${engine}: ${opened.source}`);
    const seed = await seedCatalogue(opened.database.db, brand, opts.games);
    console.log(`  ${engine}: ${seed.totalGames} games (${seed.syntheticGames} synthetic) in ${seed.seconds} s, ANALYZE done`);
    const db = opened.database.db;
    const terms = await pickSearchTerms(db, brand);
    const { stats } = await loadCatalogueSummary(db, brand);
    const tabs = classificationsFrom(stats, "RNG", null).filter((c) => c !== BINGO_CLASSIFY);
    const shapes = catalogueShapes(brand, { common: tabs[0], rare: tabs[tabs.length - 1] });
    // The SQL each call sends as the lobby makes it (summary cached), captured from the domain functions.
    const calls = shapes.flatMap((shape) => termsOf(shape, terms).map((term) => ({ shape, term })));
    const sent = await captureStatements(calls.map((c) => (scratch: Db) => c.shape.run(scratch, { stats: [], term: c.term })));
    const results: Record<string, ShapeResult> = {};
    const failures: string[] = [];
    const loadBefore = os.loadavg()[0];
    for (const shape of shapes) {
      const mine = sent.filter((_, i) => calls[i].shape === shape);
      const r = await measureShape(opened, shape, terms, stats, mine, opts);
      results[shape.id] = r;
      if (r.error) console.warn(`  ${engine}: ${shape.label} FAILED: ${r.error}`);
      if (!shape.gated) continue;
      if (r.error) failures.push(`${engine}: ${shape.label}: ${r.error}`);
      const p95 = (r.warm ?? r.uncached)?.p95 ?? Infinity;
      if (!r.error && p95 >= opts.targetMs) failures.push(`${engine}: ${shape.label}: p95 ${p95} ms >= ${opts.targetMs} ms`);
      for (const p of r.plans.filter((p) => p.seqScanOnGames))
        failures.push(
          `${engine}: ${shape.label}${p.term ? ` "${p.term}"` : ""}: ${p.statement} query scans games in full (${p.plan})`,
        );
    }
    const loadAverage1m = { before: round2(loadBefore), after: round2(os.loadavg()[0]) };
    return { source: opened.source, loadAverage1m, seed, searchTerms: terms, shapes: results, failures };
  } finally {
    await opened.close();
  }
}

export async function runCatalogueBench(brand: Brand, opts: CatalogueOptions): Promise<Record<Engine, EngineResult>> {
  const out = {} as Record<Engine, EngineResult>;
  for (const engine of ["pglite", "postgres"] as const) {
    console.log(`Catalogue benchmark on ${engine} (${opts.games} games)…`);
    try {
      out[engine] = await benchEngine(engine, brand, opts);
    } catch (err) {
      const error = errorText(err as Error);
      out[engine] = { error, failures: [`${engine}: catalogue benchmark failed: ${error}`] };
    }
    const r = out[engine];
    if ("skipped" in r) console.warn(`  ${engine}: SKIPPED: ${r.skipped}`);
    if ("error" in r) console.error(`  ${engine}: FAILED: ${r.error}`);
  }
  return out;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const fmt = (s: Stats | undefined) => (s ? `${s.p50.toFixed(2)} / ${s.p95.toFixed(2)} / ${s.max.toFixed(2)}` : "-");

/** The printed table: one block per engine, then the plans' top nodes. */
export function formatCatalogue(results: Record<Engine, EngineResult>, targetMs: number): string {
  const lines: string[] = [];
  for (const [engine, r] of Object.entries(results)) {
    if ("skipped" in r || "error" in r) {
      lines.push(`${engine}: not measured: ${"skipped" in r ? r.skipped : r.error}`);
      continue;
    }
    const load = `load average ${r.loadAverage1m.before} → ${r.loadAverage1m.after} on ${os.cpus().length} CPUs`;
    lines.push(`${engine}: ${r.seed.totalGames} games; ${r.source}; ${load}`);
    lines.push(`  search terms: ${r.searchTerms.map((t) => `"${t.term}" (${t.why}, ${t.matches} matches)`).join(", ")}`);
    lines.push(`  ms p50 / p95 / max${" ".repeat(30)}warm (summary cached)   cold (summary load) / uncached`);
    for (const s of Object.values(r.shapes)) {
      if (s.error) {
        lines.push(`  ${s.gated ? "FAIL" : "info"} ${s.label.padEnd(44)} error: ${s.error}`);
        continue;
      }
      const main = s.warm ?? s.uncached;
      const flag = s.gated ? (main!.p95 < targetMs ? "ok  " : "MISS") : "info";
      lines.push(`  ${flag} ${s.label.padEnd(44)} ${(s.warm ? fmt(s.warm) : "").padEnd(24)}${fmt(s.cold ?? s.uncached)}`);
      if (s.cpuMs) {
        const { warm, cold, uncached } = s.cpuMs;
        lines.push(`         CPU time${" ".repeat(37)}${(warm ? fmt(warm) : "").padEnd(24)}${fmt(cold ?? uncached)}`);
      }
      if (s.perTerm)
        lines.push(
          `         per term p95: ${Object.entries(s.perTerm)
            .map(([t, st]) => `${t} ${st.p95.toFixed(2)}`)
            .join(", ")}`,
        );
    }
    lines.push("  plans:");
    for (const s of Object.values(r.shapes)) {
      const seen = new Set<string>();
      for (const p of s.plans) {
        const key = `${p.statement}|${p.plan}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const where = p.term !== undefined ? ` "${p.term}"` : "";
        lines.push(`    ${p.seqScanOnGames ? "SEQ " : ""}${s.label}${where} [${p.statement}]: ${p.plan} (${p.executionMs} ms)`);
      }
    }
  }
  return lines.join("\n");
}
