import type express from "express";
import { describe, expect, it } from "vitest";
import {
  cacheKeyFor,
  createPageCache,
  fromTemplate,
  keepable,
  toTemplate,
  TTL_MS,
  type PageCache,
  type PageTemplate,
  type Slot,
} from "./page-cache";

const secrets = { nonce: "n0nce+/AB==", csrf: "csrf_token-1" };

function request(path: string, opts: { method?: string; cookie?: string; query?: string } = {}): express.Request {
  const headers: Record<string, string | undefined> = { host: "luckypeso.localhost", cookie: opts.cookie };
  return {
    method: opts.method ?? "GET",
    path,
    originalUrl: path + (opts.query ?? ""),
    get: (name: string) => headers[name.toLowerCase()],
  } as unknown as express.Request;
}

const page = { brandId: "lucky-peso", lng: "en", member: null };
const ana = { id: "session-of-ana", memberId: 7, username: "ana", nickname: null, avatarUrl: null, type: 0 };
const forAna = { ...page, member: ana };

describe("page templates", () => {
  it("cut out every nonce and CSRF token and put the next request's back", () => {
    const body = `<script nonce="${secrets.nonce}">x</script><input value="${secrets.csrf}"/>"csrf":"${secrets.csrf}"<style nonce="${secrets.nonce}">`;
    const t = toTemplate(body, secrets, 200, [["content-type", "text/html"]])!;
    expect(t.slots).toEqual(["nonce", "csrf", "csrf", "nonce"]);
    expect(Buffer.concat(t.parts).toString()).not.toContain(secrets.nonce);
    expect(Buffer.concat(t.parts).toString()).not.toContain(secrets.csrf);
    const next = { nonce: "other==", csrf: "tok2" };
    expect(fromTemplate(t, next).toString()).toBe(body.replaceAll(secrets.nonce, next.nonce).replaceAll(secrets.csrf, next.csrf));
    expect(fromTemplate(t, secrets).toString()).toBe(body);
  });

  it("keep text around the cuts byte for byte, multi-byte characters included", () => {
    const body = `₱1,000 ไทย 中文 ${secrets.csrf}🎰`;
    const t = toTemplate(body, secrets, 200, [])!;
    expect(fromTemplate(t, { nonce: "a", csrf: "b" }).toString()).toBe("₱1,000 ไทย 中文 b🎰");
  });

  it("are refused without both secrets", () => {
    expect(toTemplate("x", { nonce: "", csrf: "t" }, 200, [])).toBeNull();
    expect(toTemplate("x", { nonce: "same", csrf: "same" }, 200, [])).toBeNull();
  });
});

describe("which requests the cache may answer", () => {
  it("a visitor's GET of a lobby page with at most the CSRF and language cookies", () => {
    expect(cacheKeyFor(request("/m/home"), page)).not.toBeNull();
    expect(cacheKeyFor(request("/m/game/100035"), page)).not.toBeNull();
    expect(cacheKeyFor(request("/m/home", { cookie: "__Host-csrf=abc; lng=tl" }), page)).not.toBeNull();
    expect(cacheKeyFor(request("/m/gameCenter", { query: "?category=FISH" }), page)).not.toBeNull();
  });

  it("never another method, another page, another cookie or a huge query", () => {
    expect(cacheKeyFor(request("/m/home", { method: "POST" }), page)).toBeNull();
    expect(cacheKeyFor(request("/m/home", { method: "HEAD" }), page)).toBeNull();
    for (const p of ["/m/login", "/m/register", "/m/member/home", "/m/download", "/m/home.data", "/m/game/abc"])
      expect(cacheKeyFor(request(p), page), p).toBeNull();
    for (const cookie of ["__Host-sid=x", "toast=y", "popups=z", "csrf=a; remember=b", "balanceHidden=1"])
      expect(cacheKeyFor(request("/m/home", { cookie }), page), cookie).toBeNull();
    expect(cacheKeyFor(request("/m/home", { query: `?q=${"x".repeat(400)}` }), page)).toBeNull();
  });

  it("keys by brand, host, language and the whole address", () => {
    const keys = new Set([
      cacheKeyFor(request("/m/home"), page),
      cacheKeyFor(request("/m/home"), { ...page, brandId: "perlas-play" }),
      cacheKeyFor(request("/m/home"), { ...page, lng: "tl" }),
      cacheKeyFor(request("/m/home", { query: "?category=FISH" }), page),
    ]);
    expect(keys.size).toBe(4);
  });
});

describe("which requests of a member the cache may answer (ADR 0023)", () => {
  const sid = "__Host-sid=abc; __Host-csrf=def";
  it("a GET of the lobby or the game centre with the session's, language, pop-up mark and balance mask cookies", () => {
    expect(cacheKeyFor(request("/m/home", { cookie: sid }), forAna)).not.toBeNull();
    expect(cacheKeyFor(request("/m/gameCenter", { cookie: sid, query: "?category=FISH&page=2" }), forAna)).not.toBeNull();
    expect(
      cacheKeyFor(request("/m/home", { cookie: `${sid}; lng=tl; popups=x; balance_hidden=1; __Host-remember=r` }), forAna),
    ).not.toBeNull();
  });

  it("not the pages that read more of the member, nor a toast, nor another method", () => {
    for (const p of ["/m/game/100035", "/m/activity", "/m/notice", "/m/member/home", "/m/transactions"])
      expect(cacheKeyFor(request(p, { cookie: sid }), forAna), p).toBeNull();
    for (const query of ["?type=RECENT", "?type=FAV", "?panel=invite", "?category=HOT&refresh=hot", "?cp=dividend"])
      expect(cacheKeyFor(request("/m/gameCenter", { cookie: sid, query }), forAna), query).toBeNull();
    expect(cacheKeyFor(request("/m/home", { cookie: `${sid}; toast=y` }), forAna)).toBeNull();
    expect(cacheKeyFor(request("/m/home", { cookie: sid, method: "POST" }), forAna)).toBeNull();
  });

  it("keys by the session's row and the cookies the page reads, apart from every visitor's key", () => {
    const key = (cookie: string, member: object = ana) => cacheKeyFor(request("/m/home", { cookie }), { ...page, member });
    const keys = [
      key(sid),
      key(sid, { ...ana, id: "another-session" }),
      key(sid, { ...ana, nickname: "Ana B" }),
      key(sid, { ...ana, avatarUrl: "/m/avatar/7-abc.webp" }),
      key(`${sid}; popups=x`),
      key(`${sid}; balance_hidden=1`),
      cacheKeyFor(request("/m/home"), page),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    // Cookies the page does not read do not split it.
    expect(key(`${sid}; lng=tl`)).toBe(key(sid));
    // A cookie sent twice is keyed by the value the page reads, its first.
    expect(key(`${sid}; balance_hidden=1; balance_hidden=0`)).toBe(key(`${sid}; balance_hidden=1`));
  });
});

describe("which answers are kept", () => {
  const html = (init: ResponseInit & { cookies?: string[] } = {}) => {
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", ...(init.headers as Record<string, string>) });
    for (const c of init.cookies ?? []) headers.append("set-cookie", c);
    return new Response("<html>", { status: init.status ?? 200, headers });
  };
  it("200 HTML setting at most the CSRF cookie", () => {
    expect(keepable(html())).toBe(true);
    expect(keepable(html({ cookies: ["__Host-csrf=abc; Path=/"] }))).toBe(true);
  });
  it("not other statuses, types, cookies, variants or private answers", () => {
    expect(keepable(html({ status: 404 }))).toBe(false);
    expect(keepable(html({ status: 302 }))).toBe(false);
    expect(keepable(new Response("{}", { headers: { "content-type": "application/json" } }))).toBe(false);
    expect(keepable(html({ cookies: ["__Host-csrf=abc", "toast=; Max-Age=0"] }))).toBe(false);
    expect(keepable(html({ headers: { vary: "User-Agent" } }))).toBe(false);
    expect(keepable(html({ headers: { "cache-control": "private, no-store" } }))).toBe(false);
  });
});

describe("the cache", () => {
  const t = toTemplate(`a${secrets.nonce}b`, secrets, 200, [])!;
  /** Fills the key's page for this version, as the request that renders it does. */
  const keep = (cache: PageCache, key: string, version: string, template: PageTemplate | null) => {
    const slot = cache.open(key, version);
    if (!("fill" in slot)) throw new Error(`${key} is not this request's to render`);
    slot.fill(template);
  };
  const kept = (slot: Slot) => ("template" in slot ? slot.template : null);

  it("answers for the version and the time it was kept for", async () => {
    let clock = 1_000;
    const cache = createPageCache({ now: () => clock });
    keep(cache, "k", "1", t);
    expect(kept(cache.open("k", "1"))).toBe(t);
    // Another version renders afresh, and the old version's entry is gone even for a late request of it.
    keep(cache, "k", "2", t);
    expect("fill" in cache.open("k", "1")).toBe(true);
    expect(kept(cache.open("k", "2"))).toBeNull();
    const fresh = createPageCache({ now: () => clock });
    keep(fresh, "k", "2", t);
    clock += TTL_MS;
    expect("fill" in fresh.open("k", "2")).toBe(true);
  });

  it("answers a page past its time, of the same version only, while its next rendering is under way", async () => {
    let clock = 1_000;
    const cache = createPageCache({ now: () => clock });
    keep(cache, "k", "1", t);
    clock += TTL_MS;
    const renewing = cache.open("k", "1");
    expect("fill" in renewing).toBe(true);
    expect(kept(cache.open("k", "1"))).toBe(t);
    // Never for another version: that one waits for its own rendering.
    expect("fill" in cache.open("k", "2")).toBe(true);
    expect("pending" in cache.open("k", "2")).toBe(true);
    const t2 = toTemplate(`c${secrets.nonce}d`, secrets, 200, [])!;
    const again = createPageCache({ now: () => clock });
    keep(again, "k", "1", t);
    clock += TTL_MS;
    const next = again.open("k", "1");
    if ("fill" in next) next.fill(t2);
    expect(kept(again.open("k", "1"))).toBe(t2);
    // A renewal that keeps nothing lets the old page go: the next request renders.
    clock += TTL_MS;
    const failing = again.open("k", "1");
    expect(kept(again.open("k", "1"))).toBe(t2);
    if ("fill" in failing) failing.fill(null);
    expect("fill" in again.open("k", "1")).toBe(true);
  });

  it("lets requests that come during a rendering wait for it, for the same version only", async () => {
    const cache = createPageCache();
    const first = cache.open("k", "1");
    // Requests arriving together: only the first renders, the others wait for its page.
    const waiting = [cache.open("k", "1"), cache.open("k", "1")];
    const other = cache.open("k", "2");
    expect("fill" in first).toBe(true);
    expect(waiting.every((w) => "pending" in w)).toBe(true);
    expect("fill" in other).toBe(true);
    if ("fill" in first) first.fill(t);
    for (const w of waiting) expect("pending" in w ? await w.pending : null).toBe(t);
    expect(kept(cache.open("k", "1"))).toBe(t);
  });

  it("keeps nothing when the rendering was not keepable, and waiters render themselves", async () => {
    const cache = createPageCache();
    const first = cache.open("k", "1");
    const waiting = cache.open("k", "1");
    if ("fill" in first) first.fill(null);
    expect("pending" in waiting ? await waiting.pending : "no wait").toBeNull();
    expect(cache.size).toBe(0);
    expect("fill" in cache.open("k", "1")).toBe(true);
  });

  it("keeps at most maxBytes and maxEntries, letting the oldest go first", async () => {
    const page = (n: number) => toTemplate("x".repeat(n), secrets, 200, [])!;
    const cache = createPageCache({ maxBytes: 250, maxEntries: 3 });
    for (const key of ["a", "b", "c"]) keep(cache, key, "1", page(100));
    expect(kept(cache.open("b", "1"))).not.toBeNull();
    expect(cache.bytes).toBe(200);
    expect("fill" in cache.open("a", "1")).toBe(true);
    const cache2 = createPageCache({ maxBytes: 250, maxEntries: 3 });
    for (const key of ["b", "c", "d", "e"]) keep(cache2, key, "1", page(key < "d" ? 100 : 10));
    expect(cache2.size).toBe(3);
    expect(cache2.bytes).toBe(120);
    expect(kept(cache2.open("c", "1"))).not.toBeNull();
    // A page larger than the bound is not kept at all.
    keep(cache2, "f", "1", page(300));
    expect(kept(cache2.open("f", "1"))).toBeNull();
    expect(cache2.bytes).toBe(120);
  });
});
