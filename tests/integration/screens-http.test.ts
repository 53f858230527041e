import type http from "node:http";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { loadCatalogueSummary } from "../../app/domain/catalogue/games.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { projectBrands } from "../setup/brands";
import { serveApp } from "../setup/test-server";
import { csrfPair, portOf, request, type Reply } from "../setup/http";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";
import { games, launchTokens } from "../../app/db/schema";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
let lucky: Brand;
let perlas: Brand;
const csrf = csrfPair();
const staff = { name: "test", reason: "screens test" };

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
  await seedBrandIfEmpty(database.db, lucky);
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

const get = (p: string, cookie = "", host = "luckypeso.localhost") => request(port, p, { host, headers: { cookie } });
const post = (p: string, cookie: string, fields: Record<string, string>) =>
  request(port, p, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `${csrf.cookie}; ${cookie}` },
    body: `${csrf.field}&${new URLSearchParams(fields)}`,
  });

/** The cookies a reply sets, as one Cookie header for the next request. */
const cookiesOf = (r: Reply) =>
  (r.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

async function signedIn(brand: Brand, username: string): Promise<string> {
  const m = await createMember(database.db, brand, { username });
  return `__Host-sid=${await createSession(database.db, brand, m.id)}`;
}

describe(`screens of the spec, over HTTP on ${TEST_ENGINE}`, () => {
  // Every screen with a title is built now (the agent pages were the last): the coming-soon page of
  // routes/$.tsx waits for the next screen the spec names before it is built.
  it.each([
    ["/m/agent/home?from=banner", "/m/login?redirectTo=%2Fm%2Fagent%2Fhome%3Ffrom%3Dbanner"],
    ["/m/member/agent/getSalaryContract", "/m/login?redirectTo=%2Fm%2Fmember%2Fagent%2FgetSalaryContract"],
  ])("an old link to %s opens the built screen, which asks a visitor to sign in first", async (link, login) => {
    const r = await get(link);
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe(login);
    expect(r.body).not.toContain('data-testid="coming-soon"');
  });

  it("a built screen whose module is off for the brand is not there; any unknown path still goes home", async () => {
    // The reward centre guards itself with requireFlag (REWCEN3 is off for Perlas Play).
    expect((await get("/m/rewardCenter", "", "perlas.localhost")).status).toBe(404);
    for (const [p, host] of [
      ["/m/no-such-page?x=1", "luckypeso.localhost"],
      ["/m/voucher-centre", "luckypeso.localhost"],
    ] as const) {
      const r = await get(p, "", host);
      expect(r.status, p).toBe(302);
      expect(r.headers.location, p).toBe("/m/home");
    }
  });
});

describe(`pages React takes over in one pass, over HTTP on ${TEST_ENGINE}`, () => {
  // A Suspense boundary the server draws (<!--$-->) is hydrated apart, after everything else the page
  // does; an update reaching it first makes React throw its HTML away (React error 421). The deferred
  // parts (ui/deferred.tsx: the member chip, the menu, the pop-ups, a category's list) draw none.
  it("hold no Suspense boundary, for a visitor or a member, with the deferred parts drawn", async () => {
    const member = await signedIn(lucky, "onepass1");
    const pages = ["/m/home", "/m/home?panel=menu", "/m/home?category=FISH", "/m/gameCenter", "/m/activity"];
    for (const cookie of ["", member]) {
      for (const p of cookie ? pages : [...pages, "/m/login"]) {
        const r = await get(p, cookie);
        expect(r.status, p).toBe(200);
        if (p.endsWith("panel=menu")) expect(r.body, p).toContain('<template data-part="side-menu">');
        if (cookie) expect(r.body, p).toContain('<template data-part="member-chip">');
        // After </html> only the page's data, streamed in a boundary React in the browser does not hydrate.
        const page = r.body.slice(0, r.body.indexOf("</html>"));
        expect(page, `${p} ${cookie ? "member" : "visitor"}`).not.toMatch(/<!--\$[!?]?-->/);
      }
    }
  });
});

describe(`the bet record (spec §2), over HTTP on ${TEST_ENGINE}`, () => {
  it("sends a visitor to sign in first", async () => {
    const r = await get("/m/gameRecord");
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/login?redirectTo=%2Fm%2FgameRecord");
  });

  it("with TRANSBETREPMEM3 off, sends the member home with the contact_service toast", async () => {
    const sid = await signedIn(perlas, "betrecord1");
    await setFlag(database.db, perlas, "TRANSBETREPMEM3", false, staff);
    try {
      const r = await get("/m/gameRecord", sid, "perlas.localhost");
      expect(r.status).toBe(302);
      expect(r.headers.location).toBe("/m/home");
      const home = await get("/m/home", `${sid}; ${cookiesOf(r)}`, "perlas.localhost");
      expect(home.status).toBe(200);
      expect(home.body).toMatch(/<span>Please contact customer service to use this function\.<\/span>/);
    } finally {
      await setFlag(database.db, perlas, "TRANSBETREPMEM3", null, staff);
    }
  });

  it("with TRANSBETREPMEM3 on, opens the member's bet record", async () => {
    const r = await get("/m/gameRecord", await signedIn(lucky, "betrecord2"));
    expect(r.status).toBe(200);
    expect(r.body).toContain("No bets in this period.");
    expect(r.body).not.toContain('data-testid="coming-soon"');
  });
});

describe(`remembered sign-in (spec §4), over HTTP on ${TEST_ENGINE}`, () => {
  it("after logout the login form comes back with the remembered username", async () => {
    await createMember(database.db, lucky, { username: "remembered7", password: "goodpass12" });
    const login = await post("/m/login", "", {
      intent: "password",
      username: "remembered7",
      password: "goodpass12",
      remember: "on",
    });
    expect(login.status).toBe(302);
    const session = cookiesOf(login);
    expect(session).toContain("__Host-remember=");
    const logout = await post("/m/logout", session, {});
    expect(logout.status).toBe(302);
    const remember = session.split("; ").find((c) => c.startsWith("__Host-remember="))!;
    const page = await get("/m/login", remember);
    expect(page.status).toBe(200);
    const username = page.body.match(/<input[^>]*name="username"[^>]*>/)?.[0] ?? "";
    expect(username).toContain('value="remembered7"');
    expect(page.body).not.toContain("goodpass12");
    const checkbox = page.body.match(/<input[^>]*name="remember"[^>]*>/)?.[0] ?? "";
    expect(checkbox).toContain("checked");
    // A device that remembers nobody gets an empty form.
    const fresh = await get("/m/login");
    expect(fresh.body.match(/<input[^>]*name="username"[^>]*>/)?.[0]).not.toContain("value=");
  });
});

describe(`the game centre (spec §2), over HTTP on ${TEST_ENGINE}`, () => {
  /** The vendors a page's vendor menu offers. */
  const menuVendors = (body: string) => {
    const menu = body.match(/data-testid="vendor-menu"[\s\S]*?<\/nav>/)?.[0] ?? "";
    return [...menu.matchAll(/data-vendor="([^"]+)"/g)].map((m) => m[1]!).filter((v) => v !== "ALL");
  };

  it("the provider strip leaves out lottery, e-lottery and sports vendors", async () => {
    const { vendors } = await loadCatalogueSummary(database.db, lucky);
    const inStrip = new Set(
      vendors.sorting
        .filter((c) => !["LOTT", "ELOTT", "SPORTS", "ESPORTS", "COCKFIGHT"].includes(c))
        .flatMap((c) => vendors.mapping[c]!.map((v) => v.vassalage)),
    );
    const offStrip = ["LOTT", "ELOTT", "SPORTS"]
      .flatMap((c) => (vendors.mapping[c] ?? []).map((v) => v.vassalage))
      .filter((v) => !inStrip.has(v));
    expect(offStrip.length).toBeGreaterThan(0);
    for (const page of ["/m/provider?vassalage=JILI", "/m/gameCenter"]) {
      const r = await get(page);
      expect(r.status, page).toBe(200);
      const strip = menuVendors(r.body);
      expect(strip, page).toContain("JILI");
      expect(
        strip.filter((v) => offStrip.includes(v)),
        page,
      ).toEqual([]);
      expect(new Set(strip), page).toEqual(inStrip);
    }
    // The provider page of one of the others offers the strip with its own vendor first, marked as the one shown.
    const page = await get(`/m/provider?vassalage=${offStrip[0]}`);
    expect(menuVendors(page.body)).toEqual([offStrip[0], ...menuVendors((await get("/m/gameCenter")).body)]);
    const own = page.body.match(new RegExp(`<a [^>]*data-vendor="${offStrip[0]}"[^>]*>`))?.[0];
    expect(own).toContain('aria-current="true"');
    // A category of its own still offers its own vendors.
    expect(menuVendors((await get("/m/sport-games")).body)).toEqual(vendors.mapping.SPORTS!.map((v) => v.vassalage));
  });

  it("a lobby entry (isGameH5 VASSALAGE) opens its provider's page, by its link or a post, and makes no launch token", async () => {
    const [entry] = await database.db
      .select({ nodeId: games.nodeId, vassalage: games.vassalage })
      .from(games)
      .where(
        and(
          eq(games.merchantCode, lucky.merchantCode),
          eq(games.vassalage, "TCG"),
          eq(games.isGameH5, "VASSALAGE"),
          eq(games.enabled, true),
        ),
      )
      .orderBy(asc(games.nodeId))
      .limit(1);
    expect(entry).toBeDefined();
    const cookie = await signedIn(lucky, "entryplayer1");
    const page = await get(`/m/game/${entry!.nodeId}`, cookie);
    expect(page.status).toBe(200);
    const name = page.body.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
    expect(name).toBeTruthy();
    const links = [...page.body.matchAll(/<a [^>]*href="\/m\/provider\?vassalage=TCG"[^>]*>([\s\S]*?)<\/a>/g)].map((m) =>
      m[1]!.replace(/<[^>]+>/g, ""),
    );
    // The vendor's label in the brand's TY is the brand's own name (spec §9); the button names the game.
    expect(links).toEqual([lucky.displayName, `Open ${name}`]);
    expect(page.body).not.toContain('data-testid="game-launch"');
    const posted = await post(`/m/game/${entry!.nodeId}`, cookie, {});
    expect(posted.status).toBe(302);
    expect(posted.headers.location).toBe(`/m/provider?vassalage=${entry!.vassalage}`);
    const tokens = await database.db.select().from(launchTokens).where(eq(launchTokens.merchantCode, lucky.merchantCode));
    expect(tokens).toEqual([]);
  });

  it.each(["/m/gameCenter", "/m/provider?vassalage=JILI", "/m/slot-games", "/m/live-games", "/m/search-games"])(
    "%s shows one search box",
    async (page) => {
      const r = await get(page);
      expect(r.status).toBe(200);
      const boxes = (r.body.match(/<input[^>]*type="search"/g) ?? []).length;
      const searchScreenLinks = (
        r.body.match(/<a [^>]*href="\/m\/search-games(?:\?category=\w+)?"[^>]*>(?:(?!<\/a>)[\s\S])*?Search games<\/a>/g) ?? []
      ).length;
      expect(boxes + searchScreenLinks).toBe(1);
    },
  );
});
