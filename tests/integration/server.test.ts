import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import { createLogger } from "../../server/logger";
import { projectBrands } from "../setup/brands";
import { serveApp } from "../setup/test-server";
import { csrfPair, portOf, request } from "../setup/http";

const csrf = csrfPair();
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  for (const b of registry.brands) await seedBrandIfEmpty(database.db, b);
  server = await serveApp({
    database,
    registry,
    env: { LOG_LEVEL: "info" },
    logger: createLogger("info", (l) => logLines.push(l)),
  });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;

describe(`the server on ${TEST_ENGINE}`, () => {
  it("serves each brand its own lobby by host name", async () => {
    const a = await request(port, "/m/home", { host: "luckypeso.localhost:3000" });
    expect(a.status).toBe(200);
    expect(a.body).toContain('<html lang="en-PH"');
    expect(a.body).toContain("| Lucky Peso</title>");
    expect(a.body).toContain("--primary: #f5c542");
    expect(a.body).toContain("Hottest games");
    expect(a.body).toMatch(/\/art\/banner\/lucky-peso\/m_game-1\.svg/);

    const b = await request(port, "/m/home", { host: "perlas.localhost" });
    expect(b.status).toBe(200);
    expect(b.body).toContain('<html lang="en"');
    expect(b.body).toContain("| Perlas Play</title>");
    expect(b.body).toContain("--primary: #2ec5ff");
    expect(b.body).not.toContain("Lucky Peso");
  });

  it("has the lobby's main picture fetched first and the rest of its pictures after it (ADR 0032)", async () => {
    for (const [host, path] of [
      ["luckypeso.localhost", "/m/home"],
      ["perlas.localhost", "/m/home"],
      ["luckypeso.localhost", "/m/gameCenter"],
    ]) {
      const page = await request(port, path, { host });
      const pictures = page.body.match(/<img [^>]*>/g) ?? [];
      const first = pictures.filter((img) => img.includes('fetchpriority="high"'));
      expect(first, `${host}${path}`).toHaveLength(1);
      expect(first[0]).toMatch(/src="\/art\/banner\//);
      expect(first[0]).toContain('loading="eager"');
      // Game tiles, provider logos, further banners: at low priority, the brand's logo as the browser decides.
      const rest = pictures.filter((img) => img !== first[0] && !img.includes("/brands/"));
      expect(rest.length).toBeGreaterThan(5);
      for (const img of rest) expect(img, `${host}${path}`).toContain('fetchpriority="low"');
      // The translations are fetched with the page's scripts, after its load: nothing is preloaded.
      expect(page.body).toMatch(/<link id="i18n" rel="x-fetch-after-load" href="\/i18n\/[a-z]{2}\.[0-9a-f]{12}\.json"/);
      expect(page.body).not.toContain('rel="preload"');
    }
  });

  it("answers 404 for a host no brand serves, and ignores X-Forwarded-Host without TRUST_PROXY", async () => {
    const unknown = await request(port, "/m/home", { host: "casino.example" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("<title>Page not found</title>");
    expect(unknown.body).not.toContain("Lucky Peso");
    const forged = await request(port, "/m/home", {
      host: "casino.example",
      headers: { "x-forwarded-host": "perlas.localhost" },
    });
    expect(forged.status).toBe(404);
  });

  it("sends security headers with a per-request nonce on every script", async () => {
    const r1 = await request(port, "/m/home");
    const r2 = await request(port, "/m/home");
    const csp = String(r1.headers["content-security-policy"]);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(r2.headers["content-security-policy"])).not.toContain(nonce!);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = [...r1.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    expect(r1.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(r1.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(r1.headers["x-powered-by"]).toBeUndefined();
  });

  it("never sends secrets or server configuration to the browser", async () => {
    const r = await request(port, "/m/home");
    for (const secret of ["secretsEnv", "DATABASE_URL", "DATA_DIR", "registration", "bannerGroups"])
      expect(r.body).not.toContain(secret);
  });

  it("logs each request as one JSON line with id, brand, status and duration", async () => {
    const r = await request(port, "/m/home", { host: "perlas.localhost" });
    const id = r.headers["x-request-id"];
    await new Promise((res) => setTimeout(res, 20));
    const line = logLines.map((l) => JSON.parse(l)).find((l) => l.requestId === id);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/m/home",
      status: 200,
      brand: "perlas-play",
    });
    expect(typeof line.durationMs).toBe("number");
  });

  it("answers health and readiness probes", async () => {
    expect((await request(port, "/healthz", { host: "anything" })).status).toBe(200);
    const ready = await request(port, "/readyz", { host: "anything" });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: "ready", database: TEST_ENGINE });
  });

  it("switches language with a plain form post and shows a toast once", async () => {
    const r = await request(port, "/m/language", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: "http://luckypeso.localhost",
        cookie: csrf.cookie,
      },
      body: `${csrf.field}&lng=zh&redirectTo=%2Fm%2Fhome%3Fpanel%3Dinvite`,
    });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/home?panel=invite");
    const cookies = (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]);
    expect(cookies.find((c) => c.startsWith("lng="))).toBeTruthy();
    const page = await request(port, "/m/home", { headers: { cookie: cookies.join("; ") } });
    expect(page.body).toContain('<html lang="zh-CN"');
    expect(page.body).toContain("热门游戏");
    expect(page.body).toContain("简体中文");
    expect(String(page.headers["set-cookie"])).toMatch(/toast=;.*Max-Age=0/);
  });

  it("marks the language and toast cookies Secure by the same rule as the session cookie (SECURE_COOKIES)", async () => {
    const post = (p: number, secure: boolean) =>
      request(p, "/m/language", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfPair(secure).cookie },
        body: `${csrfPair(secure).field}&lng=zh`,
      });
    const secureCookies = (await post(port, true)).headers["set-cookie"] ?? [];
    expect(secureCookies.filter((c) => /^(lng|toast)=/.test(c))).toHaveLength(2);
    for (const c of secureCookies) expect(c).toMatch(/; Secure/);
    const plainServer = await serveApp({ database, registry, env: { SECURE_COOKIES: "0" } });
    try {
      const plainCookies = (await post(portOf(plainServer), false)).headers["set-cookie"] ?? [];
      expect(plainCookies.filter((c) => /^(lng|toast)=/.test(c))).toHaveLength(2);
      for (const c of plainCookies) expect(c).not.toMatch(/Secure/);
    } finally {
      await new Promise((r) => plainServer.close(r));
    }
  });

  it("refuses a language the brand does not offer, or an off-site redirect", async () => {
    const r = await request(port, "/m/language", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie },
      body: `${csrf.field}&lng=xx&redirectTo=https%3A%2F%2Fevil.example%2F`,
    });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/home");
    expect(String(r.headers["set-cookie"])).not.toContain("lng=");
  });

  it("answers hostile language posts with a clear refusal and changes nothing", async () => {
    for (const body of [
      `lng=${"z".repeat(20_000)}`,
      "lng=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "lng=zh'%3B%20drop%20table%20games%3B--",
      "lng=ja%00",
      "redirectTo=%2F%2Fevil.example",
      "",
    ]) {
      const r = await request(port, "/m/language", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookie },
        body: `${csrf.field}&${body}`,
      });
      expect(r.status, body.slice(0, 40)).toBe(302);
      expect(r.headers.location).toMatch(/^\/m\//);
      expect(String(r.headers["set-cookie"])).not.toContain("lng=");
      expect(String(r.headers["set-cookie"])).toContain("toast=");
    }
    expect((await request(port, "/m/home")).status).toBe(200);
  });

  it("refuses an oversized post, declared or streamed, before reading it", async () => {
    const body = `lng=zh&pad=${"x".repeat(2 * 1024 * 1024)}`;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const declared = await request(port, "/m/language", {
      method: "POST",
      headers: { ...form, "content-length": String(body.length) },
      body,
    });
    expect(declared.status).toBe(413);
    const streamed = await request(port, "/m/language", { method: "POST", headers: form, body });
    expect(streamed.status).toBe(413);
    expect(String(streamed.headers["set-cookie"])).not.toContain("lng=");
    expect((await request(port, "/healthz")).status).toBe(200);
  });

  it("refuses a post without the page's CSRF token, and changes nothing", async () => {
    for (const attempt of [
      { cookie: undefined, body: "lng=zh" },
      { cookie: csrf.cookie, body: "lng=zh" },
      { cookie: undefined, body: `${csrf.field}&lng=zh` },
      { cookie: csrf.cookie, body: "csrf=another-token-0123456789&lng=zh" },
      { cookie: "csrf=test-csrf-token-0123456789", body: `${csrf.field}&lng=zh` },
    ]) {
      const r = await request(port, "/m/language", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...(attempt.cookie ? { cookie: attempt.cookie } : {}) },
        body: attempt.body,
      });
      expect(r.status, JSON.stringify(attempt)).toBe(403);
      expect(String(r.headers["set-cookie"])).not.toContain("lng=");
    }
  });

  it("refuses a cross-origin post", async () => {
    const r = await request(port, "/m/language", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: "lng=zh",
    });
    expect(r.status).toBe(403);
    expect(r.headers["set-cookie"]).toBeUndefined();
  });

  it("shows a flag change on the next request", async () => {
    // The rendered link, not the translations that travel with the page data.
    const chatLink = 'href="https://perlasplay.ph/help/chat?language=en&amp;backUrl=';
    expect((await request(port, "/m/home", { host: "perlas.localhost" })).body).toContain(chatLink);
    await setFlag(database.db, perlas(), "CBS3", false, { name: "test", reason: "test" });
    expect((await request(port, "/m/home", { host: "perlas.localhost" })).body).not.toContain(chatLink);
    await setFlag(database.db, perlas(), "CBS3", null, { name: "test", reason: "test" });
  });

  it("closes one brand behind the status gate and leaves the other open", async () => {
    await setSystemStatus(database.db, lucky(), 1, { name: "test", reason: "test" });
    const closed = await request(port, "/m/home");
    expect(closed.status).toBe(503);
    expect(closed.body).toContain("System upgrading, please try again later.");
    expect(closed.body).not.toContain('data-testid="home-sections"');
    expect((await request(port, "/m/home", { host: "perlas.localhost" })).status).toBe(200);
    await setSystemStatus(database.db, lucky(), 2, { name: "test", reason: "test" });
    const region = await request(port, "/m/home");
    expect(region.status).toBe(503);
    expect(region.body).toContain("Service unavailable");
    await setSystemStatus(database.db, lucky(), 0, { name: "test", reason: "test" });
    expect((await request(port, "/m/home")).status).toBe(200);
  });

  it("draws lobby art locally", async () => {
    const home = await request(port, "/m/home");
    const tile = /src="(\/art\/game\/[^"]+)\.webp"/.exec(home.body)?.[1];
    expect(tile).toBeTruthy();
    const svg = await request(port, `${tile!}.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg/);
    // The tile the lobby loads: the same drawing as WebP, 360 px square (ADR 0043), the same bytes every time.
    const webp = await request(port, `${tile!}.webp`);
    expect(webp.status).toBe(200);
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(webp.bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(webp.bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(await sharp(webp.bytes).metadata()).toMatchObject({ format: "webp", width: 360, height: 360 });
    const again = await request(port, `${tile!}.webp`, { headers: { "if-none-match": String(webp.headers.etag) } });
    expect(again.status).toBe(304);
    expect((await request(port, `${tile!}.webp`)).bytes.equals(webp.bytes)).toBe(true);
    // A game's page shows its large icon, the drawing itself; its row of more games loads tiles.
    const page = (await request(port, "/m/game/100035")).body;
    expect(page).toMatch(/<img src="\/art\/game\/[A-Z0-9_]+\/[A-Z0-9_]+\.svg"/);
    expect(page).toMatch(/src="\/art\/game\/[A-Z0-9_]+\/[A-Z0-9_]+\.webp"/);
    expect((await request(port, "/art/game/JILI/NO_SUCH_GAME.svg")).status).toBe(404);
    expect((await request(port, "/art/game/JILI/NO_SUCH_GAME.webp")).status).toBe(404);
    expect((await request(port, "/art/game/JILI/%3Cscript%3E.webp")).status).toBe(404);
    expect((await request(port, "/art/banner/lucky-peso/m_game-1.svg")).status).toBe(200);
    expect((await request(port, "/art/vendor/JILI-white.svg")).status).toBe(200);
  });

  it("gives each brand its own web app manifest", async () => {
    const m = JSON.parse((await request(port, "/manifest.webmanifest", { host: "perlas.localhost" })).body);
    expect(m).toMatchObject({ name: "Perlas Play", theme_color: "#061a2e", display: "standalone", lang: "en" });
    // What Chromium needs to call the site installable: PNG icons of 192 and 512 px, and a maskable one.
    expect(m.icons).toEqual([
      { src: "/brands/perlas-play/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/brands/perlas-play/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/brands/perlas-play/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/brands/perlas-play/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ]);
    for (const icon of m.icons as { src: string; type: string }[]) {
      const r = await request(port, icon.src, { host: "perlas.localhost" });
      expect(r.status, icon.src).toBe(200);
      expect(r.headers["content-type"], icon.src).toMatch(new RegExp(`^${icon.type.replace("+", "\\+")}`));
    }
    const home = await request(port, "/m/home", { host: "perlas.localhost" });
    const touch = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(home.body)?.[1];
    expect(touch).toBe("/brands/perlas-play/apple-touch-icon.png");
    const png = await request(port, touch!, { host: "perlas.localhost" });
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    const luckyManifest = JSON.parse((await request(port, "/manifest.webmanifest", { host: "luckypeso.localhost" })).body);
    expect(luckyManifest).toMatchObject({ name: "Lucky Peso", lang: "en-PH" });
    expect(luckyManifest.icons[0].src).toBe("/brands/lucky-peso/icon-192.png");
  });

  it("sends the build's style sheet as brotli compressed it at build time, to a browser that takes brotli", async () => {
    const home = (await request(port, "/m/home")).body;
    const sheet = /href="(\/assets\/tailwind-[\w-]+\.css)"/.exec(home)![1];
    const packed = fs.statSync(path.resolve("build/client", `.${sheet}.br`)).size;
    const res = await request(port, sheet, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(packed);
    expect(packed).toBeLessThan(fs.statSync(path.resolve("build/client", `.${sheet}`)).size / 5);
  });

  it("gives each brand its service worker for this build, answering 304 while the build is the same", async () => {
    const sw = await request(port, "/sw.js", { host: "perlas.localhost" });
    expect(sw.status).toBe(200);
    expect(sw.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(sw.headers["cache-control"]).toBe("no-cache");
    const config = JSON.parse(/^self\.PWA = (.*);$/m.exec(sw.body)![1]) as {
      precache: string[];
      offline: Record<string, string>;
    };
    expect(config.precache).toContain("/brands/perlas-play/logo.svg");
    expect(config.precache.some((u) => /^\/assets\/entry\.client-.+\.js$/.test(u))).toBe(true);
    expect(config.precache.filter((u) => u.startsWith("/m/"))).toEqual([]);
    expect(config.offline).toMatchObject({ en: "/offline?lng=en", fil: "/offline?lng=tl" });
    for (const url of config.precache) expect((await request(port, url, { host: "perlas.localhost" })).status, url).toBe(200);
    const again = await request(port, "/sw.js", {
      host: "perlas.localhost",
      headers: { "if-none-match": sw.headers.etag as string },
    });
    expect(again.status).toBe(304);
    const lucky = await request(port, "/sw.js", { host: "luckypeso.localhost" });
    expect(lucky.body).toContain("/brands/lucky-peso/logo.svg");
    expect(lucky.body).not.toContain("perlas-play");
    expect((await request(port, "/sw.js", { host: "unknown.example" })).status).toBe(404);
  });

  it("serves the offline page in the language asked for, else the brand's default, and names each page's language", async () => {
    const tl = await request(port, "/offline?lng=tl", { host: "luckypeso.localhost" });
    expect(tl.status).toBe(200);
    expect(tl.body).toContain('<html lang="fil"');
    expect(tl.body).toContain("Walang Internet");
    expect(tl.body).toContain('<a href="">Subukang muli</a>');
    const other = await request(port, "/offline?lng=xx", { host: "luckypeso.localhost" });
    expect(other.body).toContain('<html lang="en-PH"');
    expect(other.body).toContain("No Internet");
    const page = await request(port, "/m/home", { host: "luckypeso.localhost" });
    expect(page.headers["content-language"]).toBe("en-PH");
  });
});
