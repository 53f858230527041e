import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { ART_LIMIT, precacheList, serviceWorkerScript } from "./service-worker";

const brand = { id: "lucky-peso", languages: { default: "ty" as const, enabled: ["ty" as const, "tl" as const] } };
const assets = ["/assets/entry.client-A.js", "/assets/root-C.js", "/assets/tailwind-H.css"];

describe("the service worker's precache", () => {
  it("holds the build's files, the brand's files and its offline pages, and no page", () => {
    expect(precacheList(brand, assets)).toEqual([
      "/assets/entry.client-A.js",
      "/assets/root-C.js",
      "/assets/tailwind-H.css",
      "/brands/lucky-peso/logo.svg",
      "/brands/lucky-peso/icon.svg",
      "/offline?lng=ty",
      "/offline?lng=tl",
    ]);
  });

  it("changes with the build, so the browser installs the new worker", () => {
    expect(serviceWorkerScript("v1", brand, assets)).not.toBe(serviceWorkerScript("v2", brand, assets));
  });
});

/** A Cache Storage in memory, enough of it for the worker: entries keyed by URL. */
type CacheKey = string | { url: string };
const keyOf = (req: CacheKey) => (typeof req === "string" ? new URL(req, ORIGIN).href : req.url);

class MemoryCache {
  entries = new Map<string, Response>();
  async match(req: CacheKey) {
    return this.entries.get(keyOf(req))?.clone();
  }
  async put(req: CacheKey, res: Response) {
    this.entries.delete(keyOf(req));
    this.entries.set(keyOf(req), res);
  }
  async addAll(reqs: Request[]) {
    for (const r of reqs) await this.put(r, await fromNetwork(r));
  }
  async keys() {
    return [...this.entries.keys()].map((url) => ({ url }));
  }
  async delete(req: CacheKey) {
    return this.entries.delete(keyOf(req));
  }
}

const ORIGIN = "http://luckypeso.localhost";
let network: "up" | "down" = "up";

async function fromNetwork(req: { url: string }): Promise<Response> {
  if (network === "down") throw new TypeError("Failed to fetch");
  const url = new URL(req.url);
  if (url.pathname === "/offline") return new Response(`offline ${url.searchParams.get("lng")}`);
  if (url.pathname.startsWith("/m/")) return new Response(`page ${url.pathname}`, { headers: { "content-language": "fil" } });
  return new Response(`file ${url.pathname}`);
}

/** In a worker, a Request's relative URL is read against the worker's origin. */
class WorkerRequest extends Request {
  constructor(input: string, init?: RequestInit) {
    super(new URL(input, ORIGIN), init);
  }
}

/** Runs the worker's script in a scope of its own over the given storage, installed and active. */
async function startWorker(version: string, stores = new Map<string, MemoryCache>()) {
  const handlers = new Map<string, (event: unknown) => void>();
  const caches = {
    open: async (name: string) => stores.get(name) ?? stores.set(name, new MemoryCache()).get(name)!,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
    skipWaiting: async () => {},
    clients: { claim: async () => {} },
  };
  const script = serviceWorkerScript(version, brand, assets);
  vm.runInNewContext(script, { self, caches, fetch: fromNetwork, Request: WorkerRequest, Response, URL });
  const dispatch = async (type: string, event: Record<string, unknown> = {}) => {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  await dispatch("install");
  await dispatch("activate");
  /** What the worker answers, or null when it leaves the request to the network. */
  async function request(path: string, init: { method?: string; mode?: string } = {}) {
    let answer: Promise<Response> | null = null;
    const req = { url: new URL(path, ORIGIN).href, method: init.method ?? "GET", mode: init.mode ?? "cors" };
    await dispatch("fetch", { request: req, respondWith: (p: Promise<Response>) => (answer = p) });
    return answer ? await (answer as Promise<Response>) : null;
  }
  return { request, stores, caches };
}

describe("the service worker", () => {
  it("never answers a page from a cache while the network is up, and leaves data and posts alone", async () => {
    network = "up";
    const sw = await startWorker("v1");
    expect(await (await sw.request("/m/member/home", { mode: "navigate" }))!.text()).toBe("page /m/member/home");
    expect(await sw.request("/m/member/home.data")).toBeNull();
    expect(await sw.request("/m/set", { method: "POST", mode: "navigate" })).toBeNull();
    expect(await sw.request("/api/seamless/BGS/bet")).toBeNull();
    const kept = [...sw.stores.values()].flatMap((c) => [...c.entries.keys()]);
    expect(kept.filter((u) => new URL(u).pathname.startsWith("/m/"))).toEqual([]);
  });

  it("shows the offline page in the language of the last page when the network is gone", async () => {
    network = "up";
    const sw = await startWorker("v1");
    network = "down";
    // Nothing seen yet: the brand's default language.
    expect(await (await sw.request("/m/home", { mode: "navigate" }))!.text()).toBe("offline ty");
    network = "up";
    await sw.request("/m/home", { mode: "navigate" }); // answered in Tagalog (fil)
    network = "down";
    expect(await (await sw.request("/m/gameCenter", { mode: "navigate" }))!.text()).toBe("offline tl");
  });

  it("answers the build's files from the cache and keeps at most ART_LIMIT pictures of game art", async () => {
    network = "up";
    const sw = await startWorker("v1");
    network = "down";
    expect(await (await sw.request("/assets/root-C.js"))!.text()).toBe("file /assets/root-C.js");
    await expect(sw.request("/art/game/JILI/1.svg")).rejects.toThrow("Failed to fetch");
    network = "up";
    for (let i = 0; i < ART_LIMIT + 5; i++) await sw.request(`/art/game/JILI/${i}.svg`);
    const art = (await sw.caches.open("art-v1")) as MemoryCache;
    expect(art.entries.size).toBe(ART_LIMIT);
    expect(art.entries.has(`${ORIGIN}/art/game/JILI/0.svg`)).toBe(false);
    expect(art.entries.has(`${ORIGIN}/art/game/JILI/${ART_LIMIT + 4}.svg`)).toBe(true);
    network = "down";
    expect(await (await sw.request(`/art/game/JILI/${ART_LIMIT}.svg`))!.text()).toBe(`file /art/game/JILI/${ART_LIMIT}.svg`);
  });

  it("drops the shell of the build before once the next build's worker is active", async () => {
    network = "up";
    const before = await startWorker("v1");
    expect(await before.caches.keys()).toContain("shell-v1");
    const after = await startWorker("v2", before.stores);
    expect(await after.caches.keys()).toContain("shell-v2");
    expect(await after.caches.keys()).not.toContain("shell-v1");
  });
});
