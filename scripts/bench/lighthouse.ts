/**
 * Lighthouse (the lighthouse devDependency, mobile defaults) on a page in the local Chromium:
 * cumulative layout shift, the performance score, largest contentful paint and the bytes of script
 * the page loaded, plus the audits that explain a shift (layout shifts, images without a size,
 * offscreen images that are not lazy).
 * Chromium resolves *.localhost to loopback, so a brand's host name reaches the local server.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseRun {
  /** numericValue, unrounded: any shift at all counts. */
  cls: number;
  /** What the report shows ("0" also for a shift below 0.0005). */
  clsDisplay: string;
  performance: number | null;
  /** Largest contentful paint, ms. */
  lcpMs: number;
  /** Bytes of script the page loaded, as Lighthouse counts them (resource-summary, transfer size). */
  scriptBytes: number;
}

export interface ClsResult {
  url: string;
  lighthouse: string;
  runs: LighthouseRun[];
  /** The worst run's layout shift (numericValue): any shift at all fails. */
  cls: number;
  clsDisplay: string;
  /** Median performance score (0–100). */
  performance: number | null;
  /** Medians of the runs. */
  lcpMs: number;
  scriptBytes: number;
  /** Elements Lighthouse blames, from the worst run. */
  layoutShifts: string[];
  unsizedImages: string[];
  offscreenImagesNotLazy: string[];
}

type Details = { items?: Array<Record<string, unknown>> } | undefined;

function snippets(details: Details): string[] {
  return (details?.items ?? []).map((item) => {
    const node = (item.node ?? item) as { snippet?: string; selector?: string; url?: string };
    // The snippet names the element; the selector says where it is (a bare "<li>" says little).
    const where = node.snippet && node.selector ? ` at ${node.selector}` : "";
    const what = (node.snippet ?? node.selector ?? String(item.url ?? JSON.stringify(item)).slice(0, 200)) + where;
    return typeof item.score === "number" ? `${what} (shift ${item.score})` : what;
  });
}

/** One Lighthouse run; a failed trace (NO_NAVSTART and the like, seen on loaded machines) is retried twice. */
async function lighthouseRun(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error("Lighthouse returned no report");
    if (!lhr.runtimeError) return lhr;
    if (attempt === 3) throw new Error(`Lighthouse: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    console.warn(`  Lighthouse run failed (${lhr.runtimeError.code}), trying again…`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** `runs` Lighthouse runs of one page: the worst layout shift, and the median score, LCP and script bytes. */
export async function measurePage(url: string, runs: number): Promise<ClsResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
    handleSIGINT: false,
    logLevel: "silent",
  });
  try {
    const out: ClsResult = {
      url,
      lighthouse: "",
      runs: [],
      cls: 0,
      clsDisplay: "",
      performance: null,
      lcpMs: 0,
      scriptBytes: 0,
      layoutShifts: [],
      unsizedImages: [],
      offscreenImagesNotLazy: [],
    };
    for (let i = 0; i < runs; i++) {
      const lhr = await lighthouseRun(url, chrome.port);
      const audit = lhr.audits["cumulative-layout-shift"];
      const cls = audit?.numericValue;
      if (typeof cls !== "number") throw new Error("Lighthouse reported no cumulative-layout-shift");
      const clsDisplay = audit.displayValue ?? String(cls);
      const score = lhr.categories.performance?.score;
      out.lighthouse = lhr.lighthouseVersion;
      const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
      const summary = (lhr.audits["resource-summary"]?.details as Details)?.items ?? [];
      const scripts = summary.find((item) => item.resourceType === "script")?.transferSize;
      if (typeof lcp !== "number" || typeof scripts !== "number")
        throw new Error("Lighthouse reported no LCP or resource summary");
      out.runs.push({
        cls,
        clsDisplay,
        performance: typeof score === "number" ? Math.round(score * 100) : null,
        lcpMs: Math.round(lcp),
        scriptBytes: scripts,
      });
      if (i === 0 || cls > out.cls) {
        out.cls = cls;
        out.clsDisplay = clsDisplay;
        out.layoutShifts = snippets(lhr.audits["layout-shifts"]?.details as Details);
        out.unsizedImages = snippets(lhr.audits["unsized-images"]?.details as Details);
        out.offscreenImagesNotLazy = snippets(lhr.audits["offscreen-images"]?.details as Details);
      }
    }
    const scores = out.runs
      .map((r) => r.performance)
      .filter((s): s is number => s !== null)
      .sort((a, b) => a - b);
    out.performance = scores.length ? median(scores) : null;
    out.lcpMs = median(out.runs.map((r) => r.lcpMs));
    out.scriptBytes = median(out.runs.map((r) => r.scriptBytes));
    return out;
  } finally {
    chrome.kill();
  }
}
