/**
 * Lighthouse (the lighthouse devDependency, mobile defaults) on a product page in the local
 * Chromium: cumulative layout shift and the performance score, plus the audits that explain a
 * shift (layout shifts, images without a size, offscreen images that are not lazy).
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
  /** Elements Lighthouse blames, from the worst run. */
  layoutShifts: string[];
  unsizedImages: string[];
  offscreenImagesNotLazy: string[];
}

type Details = { items?: Array<Record<string, unknown>> } | undefined;

function snippets(details: Details): string[] {
  return (details?.items ?? []).map((item) => {
    const node = (item.node ?? item) as { snippet?: string; selector?: string; url?: string };
    const what = node.snippet ?? node.selector ?? String(item.url ?? JSON.stringify(item)).slice(0, 200);
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

export async function measureCls(url: string, runs: number): Promise<ClsResult> {
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
      out.runs.push({ cls, clsDisplay, performance: typeof score === "number" ? Math.round(score * 100) : null });
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
    out.performance = scores.length ? scores[Math.floor(scores.length / 2)] : null;
    return out;
  } finally {
    chrome.kill();
  }
}
