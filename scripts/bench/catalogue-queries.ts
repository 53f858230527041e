/**
 * The catalogue query shapes the benchmark times, the SQL each one runs, and its plans.
 * The SQL is captured from the domain functions themselves (on a scratch in-memory PGlite), so
 * EXPLAIN always sees exactly what listGames and friends send, whatever their code becomes.
 */
import { and, eq } from "drizzle-orm";
import type { LanguageId } from "~/utils/languages";
import type { Brand } from "~/brand/schema";
import { createPglite, openDatabase, type Db } from "~/db/client.server";
import { games } from "~/db/schema";
import { listGames, loadCatalogueSummary, totalFrom, type CatalogueStat } from "~/domain/catalogue/games.server";

export interface RunContext {
  /**
   * The cached catalogue summary's stats, as the lobby keeps them (5 minutes): list totals come
   * from them. Undefined: the call loads the summary first, as the first request after expiry does.
   */
  stats?: CatalogueStat[];
  term: string;
}

export interface Shape {
  id: string;
  label: string;
  /** list: timed with the summary cached (warm) and reloaded (cold); search: per term; aggregate: as is. */
  kind: "list" | "search" | "aggregate";
  /** Counts towards the 20 ms target and the no-full-scan rule. */
  gated: boolean;
  run(db: Db, ctx: RunContext): Promise<unknown>;
}

/** The lobby's calls (app/web/lobby.server.ts loadGamePage): unsearched lists take their total from the summary. */
export function catalogueShapes(brand: Brand, classify: { common: string; rare: string }): Shape[] {
  const lng = brand.languages.default as LanguageId;
  const list = (id: string, label: string, q: Parameters<typeof totalFrom>[1] & { page?: number }): Shape => ({
    id,
    label,
    kind: "list",
    gated: true,
    run: async (db, { stats }) => {
      const s = stats ?? (await loadCatalogueSummary(db, brand)).stats;
      return listGames(db, brand, lng, q, totalFrom(s, q));
    },
  });
  const search = (id: string, label: string, category: string | null): Shape => ({
    id,
    label,
    kind: "search",
    gated: true,
    run: (db, { term }) => listGames(db, brand, lng, { category, search: term }),
  });
  return [
    list("rng-page1", "RNG, all vendors, page 1", { category: "RNG", page: 1 }),
    list("rng-page20", "RNG, all vendors, page 20", { category: "RNG", page: 20 }),
    list("rng-jili", "RNG, vendor JILI, page 1", { category: "RNG", vassalage: "JILI", page: 1 }),
    list("rng-classify-common", `RNG, classification ${classify.common}, page 1`, { category: "RNG", classify: classify.common }),
    list("rng-classify-rare", `RNG, classification ${classify.rare}, page 1`, { category: "RNG", classify: classify.rare }),
    list("bingo-page1", "BINGO (RNG + BG), page 1", { category: "BINGO", page: 1 }),
    list("rng-new", "RNG, new games only, page 1", { category: "RNG", newOnly: true }),
    search("search-all", "name search, all categories", null),
    search("search-rng", "name search within RNG", "RNG"),
    {
      id: "catalogue-summary",
      label: "loadCatalogueSummary (cached 5 min)",
      kind: "aggregate",
      gated: false,
      run: (db) => loadCatalogueSummary(db, brand),
    },
  ];
}

export interface Statement {
  text: string;
  params: unknown[];
}

/** The statements each call sends, in the order sent, captured on a scratch migrated in-memory PGlite. */
export async function captureStatements(calls: Array<(db: Db) => Promise<unknown>>): Promise<Statement[][]> {
  const client = await createPglite({ dataDir: "memory://" });
  const database = await openDatabase({ engine: "pglite", client });
  let sink: Statement[] = [];
  const original = client.query.bind(client) as (text: string, params?: unknown[], opts?: unknown) => Promise<unknown>;
  Object.assign(client, {
    query: (text: string, params?: unknown[], opts?: unknown) => {
      sink.push({ text, params: params ?? [] });
      return original(text, params, opts);
    },
  });
  try {
    const out: Statement[][] = [];
    for (const call of calls) {
      sink = [];
      // A call that fails still shows what it sent; the timing reports the failure.
      await call(database.db).catch(() => {});
      out.push(sink);
    }
    return out;
  } finally {
    await database.close();
  }
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PlanNode[];
}

export interface PlanSummary {
  statement: string;
  term?: string;
  plan: string;
  executionMs: number;
  seqScanOnGames: boolean;
  /** EXPLAIN (ANALYZE, BUFFERS) text, kept for statements of shapes that missed the target. */
  text?: string[];
}

function describe(node: PlanNode): string {
  let s = node["Node Type"];
  if (node["Index Name"]) s += ` using ${node["Index Name"]}`;
  if (node["Relation Name"]) s += ` on ${node["Relation Name"]}`;
  const kids = node.Plans ?? [];
  if (kids.length === 1) return `${s} > ${describe(kids[0])}`;
  if (kids.length > 1) return `${s} (${kids.map(describe).join("; ")})`;
  return s;
}

function hasSeqScanOnGames(node: PlanNode): boolean {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] === "games") return true;
  return (node.Plans ?? []).some(hasSeqScanOnGames);
}

export function statementKind(text: string): string {
  if (/^select count\(/i.test(text)) return "count";
  if (/group by/i.test(text)) return "aggregate";
  return "rows";
}

export type RawQuery = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

export async function explain(query: RawQuery, st: Statement, withText: boolean): Promise<PlanSummary> {
  const [row] = await query(`explain (analyze, format json) ${st.text}`, st.params);
  const value = Object.values(row)[0];
  const doc = (typeof value === "string" ? JSON.parse(value) : value) as Array<{ Plan: PlanNode; "Execution Time": number }>;
  const summary: PlanSummary = {
    statement: statementKind(st.text),
    plan: describe(doc[0].Plan),
    executionMs: Math.round(doc[0]["Execution Time"] * 100) / 100,
    seqScanOnGames: hasSeqScanOnGames(doc[0].Plan),
  };
  if (withText || summary.seqScanOnGames) {
    const rows = await query(`explain (analyze, buffers) ${st.text}`, st.params);
    summary.text = rows.map((r) => String(Object.values(r)[0]));
  }
  return summary;
}

export interface SearchTerm {
  term: string;
  why: string;
  matches: number;
}

/**
 * Search terms of 3 to 6 letters taken from the catalogue's own words: the most frequent word,
 * a middling one, a rare one, a piece from inside a long word, a 3-letter prefix, and a Tagalog
 * display-name word when the brand has localised titles.
 */
export async function pickSearchTerms(db: Db, brand: Brand): Promise<SearchTerm[]> {
  const rows = await db
    .select({ name: games.gameName })
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.enabled, true)));
  const freq = new Map<string, number>();
  for (const r of rows) for (const w of r.name.toLowerCase().match(/[a-z]+/g) ?? []) freq.set(w, (freq.get(w) ?? 0) + 1);
  const words = [...freq.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const sized = (min: number, max: number) => words.filter(([w]) => w.length >= min && w.length <= max);
  const fourToSix = sized(4, 6);
  const long = sized(6, 99);
  const candidates: Array<[string, string]> = [
    [fourToSix[0][0], "most frequent word"],
    [fourToSix[Math.floor(fourToSix.length / 2)][0], "middling word"],
    [fourToSix[fourToSix.length - 1][0], "rarest word"],
    [long[0][0].slice(1, 5), `inside "${long[0][0]}"`],
    [fourToSix[Math.floor(fourToSix.length / 4)][0].slice(0, 3), "3-letter prefix"],
    ["ginto", "Tagalog display name"],
  ];
  const out: SearchTerm[] = [];
  for (const [term, why] of candidates) {
    if (out.some((t) => t.term === term)) continue;
    const page = await listGames(db, brand, brand.languages.default as LanguageId, { category: null, search: term });
    if (page.totalCount > 0) out.push({ term, why, matches: page.totalCount });
  }
  return out;
}
