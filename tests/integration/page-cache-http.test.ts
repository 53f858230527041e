import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../app/db/client.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { retireContent } from "../../app/domain/content/manage.server";
import { announcements } from "../../app/db/schema";
import { setFlag } from "../../app/domain/site/flags.server";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import type { Reply } from "../setup/http";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

/**
 * The visitor page cache and the site version (ADR 0019): visitors share one rendering of a lobby
 * page, each with their own nonce and CSRF token; members never get it or fill it; and a change
 * support staff make shows on the very next request.
 */
const app = servedApp();
const lucky = () => app.registry.byId.get("lucky-peso")!;
const staff = { name: "Ana (support)", reason: "page cache test" };

const nonceOf = (r: Reply) => /'nonce-([^']+)'/.exec(String(r.headers["content-security-policy"]))?.[1] ?? "";
const csrfFields = (r: Reply) => [...r.body.matchAll(/name="csrf" value="([^"]+)"/g)].map((m) => m[1]);
const cacheState = (r: Reply) => r.headers["x-page-cache"] ?? "none";
const version = async () =>
  String((await rawRows<{ version: string | number }>(app.database.db, sql`select version from site_version`))[0]!.version);

/** Asks until the page comes from the cache (a rendering of another test's version may be in flight). */
async function cachedHome(jar: Jar, path = "/m/home"): Promise<Reply> {
  for (let i = 0; i < 5; i++) {
    const r = await jar.get(path);
    if (cacheState(r) === "hit") return r;
  }
  throw new Error(`${path} never came from the cache`);
}

let seq = 0;
async function member() {
  const m = await createMember(app.database.db, lucky(), { username: `pcache${++seq}x`, password: "goodpass12" });
  const jar = new Jar(app.port);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, lucky(), m.id));
  return { username: m.username, jar };
}

describe(`the visitor page cache on ${TEST_ENGINE}`, () => {
  it("gives each visitor the shared page with their own nonce and CSRF token, and nothing of the visitor before", async () => {
    const first = await new Jar(app.port).get("/m/home");
    expect(first.status).toBe(200);
    const ana = new Jar(app.port);
    const page = await cachedHome(ana);
    const nonce = nonceOf(page);
    expect(nonce).not.toBe("");
    // Every script and style of the page carries this response's nonce, and only it.
    const nonces = [...page.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(2);
    expect(new Set(nonces)).toEqual(new Set([nonce]));
    // Rendered and kept alike, the page preloads no module and starts its scripts once loaded (ADR 0028).
    for (const r of [first, page]) {
      expect(r.body).not.toContain('rel="modulepreload"');
      expect(r.body).toMatch(/<link rel="x-modulepreload" href="\/assets\/[^"]+\.js"\/>/);
      const script = /<script nonce="[^"]+" type="module"[^>]*>([\s\S]*?)<\/script>/.exec(r.body)?.[1] ?? "";
      expect(script).toContain('addEventListener("load"');
      expect(script).not.toMatch(/^\s*import\s/m);
    }
    // The token in the forms is the one of the cookie this answer sets.
    const token = ana.csrf();
    expect(token).not.toBe("");
    expect(new Set(csrfFields(page))).toEqual(new Set([token]));
    expect(page.body).not.toContain(nonceOf(first));
    expect(page.body).not.toContain(csrfFields(first)[0]);

    // A visitor who has a token keeps it: the page carries it and no new cookie is set.
    const again = await cachedHome(ana);
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(new Set(csrfFields(again))).toEqual(new Set([token]));
    expect(nonceOf(again)).not.toBe(nonce);
    // The kept page's token works for a form post (the language switch).
    const switched = await ana.post("/m/language", { lng: "tl", redirectTo: "/m/home" });
    expect(switched.status).toBe(302);
    const tagalog = await cachedHome(ana);
    expect(tagalog.body).toContain('lang="fil"');
  });

  it("never answers or fills from a member's page", async () => {
    const ben = await member();
    const own = await ben.jar.get("/m/home");
    expect(own.status).toBe(200);
    expect(cacheState(own)).toBe("none");
    expect(own.body).toContain(ben.username);
    expect(String(own.headers["cache-control"])).toContain("no-store");
    const visitor = await cachedHome(new Jar(app.port));
    expect(visitor.body).not.toContain(ben.username);
    // A cookie the cache does not know (here a toast) also means a rendering of one's own.
    const withToast = new Jar(app.port);
    withToast.cookies.set("toast", "x");
    expect(cacheState(await withToast.get("/m/home"))).toBe("none");
  });

  it("renders afresh on the next request after a flag, a status or a content change", async () => {
    const jar = new Jar(app.port);
    expect((await cachedHome(jar)).body).toContain('href="/m/register"');

    const before = await version();
    await setFlag(app.database.db, lucky(), "REG3", false, staff);
    expect(await version()).not.toBe(before);
    const closed = await jar.get("/m/home");
    expect(cacheState(closed)).toBe("miss");
    expect(closed.body).not.toContain('href="/m/register"');
    await setFlag(app.database.db, lucky(), "REG3", null, staff);
    expect((await jar.get("/m/home")).body).toContain('href="/m/register"');

    await setSystemStatus(app.database.db, lucky(), 1, staff);
    const maintenance = await jar.get("/m/home");
    expect(maintenance.status).toBe(503);
    expect(cacheState(maintenance)).toBe("none");
    await setSystemStatus(app.database.db, lucky(), 0, staff);
    expect((await jar.get("/m/home")).status).toBe(200);

    // The header marquee lists announcements: a new one is on the next page, and gone once retired.
    expect(cacheState(await jar.get("/m/home"))).toBe("hit");
    const title = "Cashback weekend starts now";
    await app.database.db.insert(announcements).values({
      merchantCode: lucky().merchantCode,
      contentType: "A",
      title,
      content: "<p>Cashback</p>",
      startDate: new Date(Date.now() - 60_000),
      key: "page-cache-test",
      language: lucky().languages.default,
    });
    const published = await jar.get("/m/home");
    expect(cacheState(published)).toBe("miss");
    expect(published.body).toContain(title);
    expect(cacheState(await jar.get("/m/home"))).toBe("hit");
    await retireContent(app.database.db, lucky(), "announcement", "page-cache-test", staff);
    const retired = await jar.get("/m/home");
    expect(cacheState(retired)).toBe("miss");
    expect(retired.body).not.toContain(title);
  });

  it("answers many visitors at once, each page with its own nonce and token", async () => {
    const jars = Array.from({ length: 24 }, () => new Jar(app.port));
    const pages = await Promise.all(jars.map((j) => j.get("/m/gameCenter?category=FISH")));
    for (const [i, p] of pages.entries()) {
      expect(p.status).toBe(200);
      const nonce = nonceOf(p);
      expect(new Set([...p.body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([nonce]));
      expect(new Set(csrfFields(p))).toEqual(new Set([jars[i]!.csrf()]));
    }
    expect(new Set(pages.map(nonceOf)).size).toBe(pages.length);
    // Rendered once at most, however many ask together; the others wait for it.
    expect(pages.filter((p) => cacheState(p) === "miss").length).toBeLessThanOrEqual(1);
    expect(pages.filter((p) => cacheState(p) === "hit").length).toBeGreaterThanOrEqual(pages.length - 1);
  });

  it("moves the site version on every table support staff publish to", async () => {
    const rows = await rawRows<{ name: string }>(
      app.database.db,
      sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname like '%_site_version' order by 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(
      [
        "announcements",
        "banners",
        "content_images",
        "download_links",
        "flag_overrides",
        "games",
        "help_items",
        "hot_games",
        "promotion_categories",
        "promotion_intake",
        "promotions",
        "registration_rule_overrides",
        "system_status",
        "vendors",
      ].sort(),
    );
  });
});
