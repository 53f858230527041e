import { PassThrough, type Transform } from "node:stream";
import vm from "node:vm";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferScripts, scriptsAfterLoad, SCRIPTS_START_AT_LATEST_MS, withoutViewPadding } from "./scripts-after-load.server";
import { FETCH_AFTER_LOAD, FETCHES_KEY } from "~/utils/fetch-after-load";

/** Everything a stream gives out when `chunks` go in, as one string. */
async function through(chunks: Array<string | Uint8Array>): Promise<string> {
  const stream = scriptsAfterLoad();
  const out: Buffer[] = [];
  stream.on("data", (b: Buffer) => out.push(b));
  const ended = new Promise((resolve, reject) => {
    stream.on("end", resolve);
    stream.on("error", reject);
  });
  for (const c of chunks) stream.write(typeof c === "string" ? Buffer.from(c) : c);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

// The shape Remix 2.17's <Scripts /> writes (lazy route discovery, single fetch), trimmed.
const MODULE_BODY =
  ';\nimport * as route0 from "/assets/root-1.js";\nimport * as route1 from "/assets/m.home-2.js";\n' +
  'window.__remixManifest = {\n  "entry": {\n    "module": "/assets/entry.client-3.js",\n    "imports": ["/assets/shell-4.js"]\n  }\n};\n' +
  'window.__remixRouteModules = {"root":route0,"routes/m.home":route1};\n\nimport("/assets/entry.client-3.js");';
const SCRIPTS =
  '<link rel="modulepreload" href="/assets/entry.client-3.js"/><link rel="modulepreload" href="/assets/shell-4.js"/>' +
  '<link rel="modulepreload" href="/assets/root-1.js"/><link rel="modulepreload" href="/assets/m.home-2.js"/>' +
  '<script nonce="n0nce">window.__remixContext = {"basename":"/"};</script>' +
  `<script nonce="n0nce" type="module" async="">${MODULE_BODY}</script>`;
const PAGE =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/t.css"/><title>Lucky Peso ₱ 🎰</title></head>' +
  `<body><main>Maligayang pagdating 🎰</main>${SCRIPTS}<script nonce="n0nce">window.__remixContext.streamController.enqueue("₱");</script></body></html>`;

/** Runs a rewritten module script with the browser's timing functions and `import()` recorded. */
function runDeferred(script: string, readyState: "loading" | "complete", opts: { offline?: boolean } = {}) {
  const body = /<script[^>]* type="module"[^>]*>([\s\S]*?)<\/script>/.exec(script)![1];
  const imported: string[] = [];
  const timers: Array<() => void> = [];
  const frames: Array<() => void> = [];
  const listeners: Record<string, () => void> = {};
  const window: Record<string, unknown> = {};
  const fetched: string[] = [];
  const links = [`https://luckypeso.ph/i18n/tl.0123456789ab.json`];
  const context = vm.createContext({
    window,
    document: {
      readyState,
      querySelectorAll: (selector: string) =>
        selector === `link[rel="${FETCH_AFTER_LOAD}"]` ? links.map((href) => ({ href })) : [],
    },
    fetch: (href: string, init: { credentials: string }) => {
      fetched.push(`${href} ${init.credentials}`);
      return opts.offline ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve({ href });
    },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
    __import: (href: string) => {
      imported.push(href);
      return Promise.resolve({ href });
    },
  });
  vm.runInContext(body.replace(/\bimport\(/g, "__import("), context);
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { imported, fetched, timers, frames, listeners, window, settle };
}

describe("deferScripts", () => {
  const out = deferScripts(SCRIPTS);

  it("keeps every element Remix wrote, so hydration finds the same tree, but preloads nothing", () => {
    expect(out).not.toContain('rel="modulepreload"');
    expect(out.match(/<link rel="x-modulepreload" href="[^"]+"\/>/g)).toHaveLength(4);
    expect(out.match(/<script/g)).toHaveLength(2);
    expect(out).toContain('<script nonce="n0nce">window.__remixContext = {"basename":"/"};</script>');
    expect(out).toContain('<script nonce="n0nce" type="module" async="">');
    // No static import is left: a browser would fetch it at once.
    expect(out).not.toMatch(/^\s*import\s/m);
  });

  it("imports nothing until the page has loaded and painted, then every module at once and the entry last", async () => {
    const page = runDeferred(out, "loading");
    // The frame after the parse and its task fetch the linked files, and import nothing.
    page.frames.shift()!();
    page.timers.pop()!();
    await page.settle();
    expect(page.imported).toEqual([]);
    page.listeners.load();
    expect(page.imported).toEqual([]);
    page.frames.shift()!();
    // The frame's task comes after the paint; the timer standing in for the load event's latest start waits too.
    expect(page.timers).toHaveLength(2);
    page.timers.pop()!();
    expect(page.imported).toEqual(["/assets/root-1.js", "/assets/m.home-2.js", "/assets/shell-4.js"]);
    await page.settle();
    expect(page.imported.at(-1)).toBe("/assets/entry.client-3.js");
    expect(page.window.__remixRouteModules).toEqual({
      root: { href: "/assets/root-1.js" },
      "routes/m.home": { href: "/assets/m.home-2.js" },
    });
    expect((page.window.__remixManifest as { entry: { module: string } }).entry.module).toBe("/assets/entry.client-3.js");
    // The latest-start timer then finds the modules started and starts nothing twice.
    page.timers.shift()!();
    await page.settle();
    expect(page.imported).toHaveLength(4);
  });

  it("starts after the next frame when the page had already loaded, and at the latest after a fixed time", async () => {
    const loaded = runDeferred(out, "complete");
    // The files' frame, then the modules'.
    expect(loaded.frames).toHaveLength(2);
    expect(loaded.listeners.load).toBeUndefined();

    const slow = runDeferred(out, "loading");
    expect(out).toContain(`setTimeout(start, ${SCRIPTS_START_AT_LATEST_MS})`);
    slow.timers[0]();
    await slow.settle();
    expect(slow.imported.at(-1)).toBe("/assets/entry.client-3.js");
    expect(slow.imported).toHaveLength(4);
    slow.listeners.load();
    slow.frames.shift()!();
    slow.timers.pop()!();
    await slow.settle();
    expect(slow.imported).toHaveLength(4);
  });

  it("fetches the files linked to be fetched after the first paint once, after the frame that follows the parse", async () => {
    const page = runDeferred(out, "loading");
    expect(page.fetched).toEqual([]);
    // The first frame after the script ran, then its task: the files, not the modules.
    page.frames.shift()!();
    expect(page.fetched).toEqual([]);
    page.timers.pop()!();
    expect(page.fetched).toEqual(["https://luckypeso.ph/i18n/tl.0123456789ab.json same-origin"]);
    expect(page.imported).toEqual([]);
    const kept = page.window[FETCHES_KEY] as Record<string, Promise<{ href: string }>>;
    expect(await kept["https://luckypeso.ph/i18n/tl.0123456789ab.json"]).toEqual({
      href: "https://luckypeso.ph/i18n/tl.0123456789ab.json",
    });
    // The modules start after the load event and fetch nothing again.
    page.listeners.load();
    page.frames.shift()!();
    page.timers.pop()!();
    expect(page.imported).toHaveLength(3);
    expect(page.fetched).toHaveLength(1);
  });

  it("leaves no unhandled rejection when the network is gone before anything awaits the fetch", async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      const page = runDeferred(out, "loading", { offline: true });
      page.frames.shift()!();
      page.timers.pop()!();
      expect(page.fetched).toHaveLength(1);
      await page.settle();
      await page.settle();
      expect(unhandled).toEqual([]);
      // The module that awaits it later still learns that it failed.
      const kept = page.window[FETCHES_KEY] as Record<string, Promise<unknown>>;
      await expect(kept["https://luckypeso.ph/i18n/tl.0123456789ab.json"]).rejects.toThrow("Failed to fetch");
    } finally {
      process.off("unhandledRejection", note);
    }
  });

  it("fetches the files with the modules when the latest start comes before any frame", async () => {
    const page = runDeferred(out, "loading");
    page.timers[0]!();
    await page.settle();
    expect(page.fetched).toHaveLength(1);
    expect(page.imported.at(-1)).toBe("/assets/entry.client-3.js");
  });

  it("leaves a script it does not recognise as it was", () => {
    const bare = SCRIPTS.replace("import * as route0", 'import "/assets/manifest-5.js";\nimport * as route0');
    expect(deferScripts(bare)).toBe(bare);
    expect(deferScripts(SCRIPTS.replace('import("/assets/entry.client-3.js");', ""))).toBe(
      SCRIPTS.replace('import("/assets/entry.client-3.js");', ""),
    );
    expect(deferScripts("<p>no scripts</p>")).toBe("<p>no scripts</p>");
  });
});

describe("scriptsAfterLoad", () => {
  const expected = PAGE.replace(SCRIPTS, deferScripts(SCRIPTS));

  it("rewrites Remix's scripts in a page and passes everything else through", async () => {
    expect(await through([PAGE])).toBe(expected);
    expect(expected).not.toBe(PAGE);
  });

  it("gives the same page however the stream is cut, characters cut between chunks kept whole", async () => {
    const bytes = Buffer.from(PAGE);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected);
    }
    expect(await through([...bytes].map((b) => Uint8Array.of(b)))).toBe(expected);
  });

  it("sends what comes before the scripts at once, and a page without them as it came", async () => {
    const stream = scriptsAfterLoad();
    const out: string[] = [];
    stream.on("data", (b: Buffer) => out.push(b.toString()));
    stream.write(Buffer.from("<body><main>first screen</main>"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.join("")).toBe("<body><main>first screen</main>");
    stream.end();

    expect(await through(["<p>x</p>", "<link rel=", '"module'])).toBe('<p>x</p><link rel="module');
    const unfinished = '<p>x</p><link rel="modulepreload" href="/a.js"/><script type="module">import';
    expect(await through([unfinished])).toBe(unfinished);
  });
});

describe("React's padding of a full buffer", () => {
  /** A page of ASCII text whose last words are Chinese, the ASCII `lead` bytes long, as React streams it into `into`. */
  const streamed = (lead: number, into: Transform): Promise<string> =>
    new Promise((resolve, reject) => {
      const out: Buffer[] = [];
      into.on("data", (b: Buffer) => out.push(b));
      into.on("end", () => resolve(Buffer.concat(out).toString("utf8")));
      const spans = Array.from({ length: 3 }, (_, i) => createElement("span", { key: i }, "a".repeat(500)));
      const page = createElement("p", null, ...spans, "a".repeat(lead), createElement("b", null, "开始日期不能晚于结束日期。₱"));
      const { pipe } = renderToPipeableStream(page, { onAllReady: () => pipe(into), onShellError: reject });
    });

  it("drops the zeros React sends at the end of a full buffer, and nothing else", () => {
    const padded = new Uint8Array(2048).fill(0x61);
    padded.fill(0, 2046);
    expect(withoutViewPadding(padded).byteLength).toBe(2046);
    const full = new Uint8Array(2048).fill(0x61);
    expect(withoutViewPadding(full)).toBe(full);
    const short = Uint8Array.of(0x61, 0);
    expect(withoutViewPadding(short)).toBe(short);
  });

  it("leaves no NUL in a page whose character straddles the end of React's buffer, wherever it falls", async () => {
    let padded = 0;
    // The Chinese text starts some 1,545 + lead bytes in: across the buffer's end for a lead about 500.
    for (let lead = 460; lead < 520; lead++) {
      // React alone: at some places it pads (this test would pass without the fix otherwise).
      if ((await streamed(lead, new PassThrough())).includes("\0")) padded++;
      const page = await streamed(lead, scriptsAfterLoad());
      expect(page.includes("\0"), `lead ${lead}`).toBe(false);
      expect(page).toContain("开始日期不能晚于结束日期。₱");
    }
    expect(padded).toBeGreaterThan(0);
  });
});
