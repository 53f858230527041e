/**
 * Why a page's largest contentful paint is what Lighthouse says: `npx tsx scripts/bench/lcp-graph.ts
 * [--runs N] [--graph] URL…` runs Lighthouse (mobile defaults, as `npm run bench`) on each page and
 * prints the median LCP with the two estimates Lighthouse averages (its simulation of a slow phone
 * on the page's optimistic and pessimistic dependency graphs) and the FCP; with --graph, each
 * request and main-thread task of the last run's graphs with its simulated start and end (ms), its
 * priority and its connection. A page must be served first (the built host, say); Chromium resolves
 * *.localhost to loopback. Diagnosis only: `npm run bench` measures the targets.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Lighthouse keeps each simulation's node timings here when LANTERN_DEBUG is set.
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";

interface SimulatedNode {
  type: "network" | "cpu";
  duration: number;
  request?: {
    url: string;
    priority: string;
    resourceType: string;
    transferSize: number;
    connectionId: number;
    connectionReused: boolean;
  };
  didPerformLayout(): boolean;
}
type NodeTimings = Map<SimulatedNode, { startTime: number; endTime: number }>;

const args = process.argv.slice(2);
const runsAt = args.indexOf("--runs");
const runs = runsAt === -1 ? 3 : Number(args[runsAt + 1]);
const showGraph = args.includes("--graph");
const urls = args.filter((a, i) => a.startsWith("http") && i !== runsAt + 1);
if (urls.length === 0 || !(runs >= 1)) {
  console.error("usage: tsx scripts/bench/lcp-graph.ts [--runs N] [--graph] URL…");
  process.exit(2);
}
process.env.LANTERN_DEBUG = "1";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function printGraph(label: string) {
  const timings = (
    Lantern as { Simulation: { Simulator: { allNodeTimings: Map<string, NodeTimings> } } }
  ).Simulation.Simulator.allNodeTimings.get(label);
  if (!timings) return;
  console.log(`  ${label}:`);
  for (const [node, t] of [...timings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    const r = node.request;
    const what = r
      ? `${r.priority} ${r.resourceType} ${r.transferSize} B, connection ${r.connectionId}${r.connectionReused ? " (reused)" : ""}, ${r.url.slice(-60)}`
      : `main thread ${(node.duration / 1000).toFixed(1)} ms as observed${node.didPerformLayout() ? ", with layout" : ""}`;
    console.log(`    ${Math.round(t.startTime)}–${Math.round(t.endTime)} ${what}`);
  }
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  logLevel: "silent",
});
try {
  for (const url of urls) {
    const seen: Array<Record<string, number>> = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" }, {
        extends: "lighthouse:default",
        settings: { onlyAudits: ["predictive-perf", "largest-contentful-paint"] },
        audits: ["predictive-perf"],
      } as never);
      const items = (result?.lhr.audits["predictive-perf"]?.details as { items?: Array<Record<string, number>> } | undefined)
        ?.items;
      if (!items?.[0]) throw new Error(`Lighthouse gave no estimates for ${url}`);
      seen.push(items[0]);
    }
    const m = (key: string) => Math.round(median(seen.map((s) => s[key])));
    console.log(
      `${url}: LCP ${m("roughEstimateOfLCP")} ms (optimistic ${m("optimisticLCP")}, pessimistic ${m("pessimisticLCP")}), ` +
        `FCP ${m("roughEstimateOfFCP")} ms; LCP of each run: ${seen.map((s) => Math.round(s.roughEstimateOfLCP)).join(", ")}`,
    );
    if (showGraph) {
      printGraph("optimisticLargestContentfulPaint");
      printGraph("pessimisticLargestContentfulPaint");
    }
  }
} finally {
  chrome.kill();
}
