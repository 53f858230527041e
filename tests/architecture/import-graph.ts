import fs from "node:fs";
import path from "node:path";
import { partOf, resolveImport } from "../../eslint-rules/part-boundaries.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SOURCE = /\.(ts|tsx|js)$/;
const SKIP = /(\.test\.tsx?$|\/node_modules\/|\/build\/)/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCE.test(entry.name) && !SKIP.test(full)) yield full;
  }
}

function existing(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}.js`, path.join(target, "index.ts")])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The source files of the product (not tests) and the project files each imports. */
export function importGraph(roots = ["app", "server", "scripts", "brands"]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const root of roots)
    for (const file of sourceFiles(path.join(ROOT, root))) {
      const src = fs.readFileSync(file, "utf8");
      const targets: string[] = [];
      for (const m of src.matchAll(IMPORT)) {
        const resolved = resolveImport(m[1] ?? m[2], file);
        const hit = resolved ? existing(resolved) : null;
        if (hit) targets.push(hit);
      }
      graph.set(file, targets);
    }
  return graph;
}

export const folderOf = (file: string) => path.relative(ROOT, path.dirname(file)).split(path.sep).join("/");
export { partOf };

/** Cycles between nodes of a directed graph (each strongly connected component with more than one node). */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return out;
}
