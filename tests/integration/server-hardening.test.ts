import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import * as s from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { parseEnv } from "../../app/utils/env.server";
import type { LanguageId } from "../../app/utils/languages";
import { languageCookieHeader } from "../../app/web/language.server";
import { createApp } from "../../server/app";
import { createLogger, routeConsole } from "../../server/logger";
import { projectBrands } from "../setup/brands";
import { csrfPair, portOf, request, type Reply, TEST_COOKIE_SECRET } from "../setup/http";
import { Jar } from "../setup/jar";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let build: ServerBuild;
const servers: http.Server[] = [];
const csrf = csrfPair();
const form = { "content-type": "application/x-www-form-urlencoded" };

/** While true, every use of the database the app was given throws, as a lost connection does. */
let databaseDown = false;

async function serve(opts: { build?: ServerBuild; log?: string[] } = {}): Promise<number> {
  const real = database.db;
  // The outage double: the same database, behind a switch.
  const db = new Proxy(real, {
    get(target, prop) {
      if (databaseDown) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const env = parseEnv({ COOKIE_SECRET: TEST_COOKIE_SECRET, NODE_ENV: "production", LOG_LEVEL: "info" });
  const logger = createLogger("info", (l) => opts.log?.push(l));
  const app = createApp({ env, registry, database: { ...database, db }, build: opts.build ?? build, logger });
  const server = await new Promise<http.Server>((resolve) => {
    const x = app.listen(0, "127.0.0.1", () => resolve(x));
  });
  servers.push(server);
  return portOf(server);
}

let port: number;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  for (const b of registry.brands) await seedBrandIfEmpty(database.db, b);
  build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  port = await serve();
});
afterAll(async () => {
  for (const server of servers) await new Promise((r) => server.close(r));
  await database?.close();
});

const lucky = () => registry.byId.get("lucky-peso")!;
let seq = 0;

async function signedIn(brand = lucky(), password?: string) {
  const member = await createMember(database.db, brand, { username: `hard${TEST_ENGINE}${++seq}`, password });
  const sid = await createSession(database.db, brand, member.id);
  return { member, cookie: `${csrf.cookie}; __Host-sid=${sid}` };
}

/** The cookie the language switch sets. */
const languageCookie = async (lng: LanguageId) => (await languageCookieHeader(lng, true)).split(";")[0]!;

async function sessionCount() {
  const [row] = await database.db.select({ n: count() }).from(s.sessions);
  return Number(row!.n);
}

async function smsCount() {
  const [row] = await database.db.select({ n: count() }).from(s.outbox).where(eq(s.outbox.channel, "sms"));
  return Number(row!.n);
}

/** A post whose body arrives in pieces, with no Content-Length (Transfer-Encoding: chunked). */
function chunkedPost(p: string, headers: Record<string, string>, parts: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, path: p, method: "POST", headers: { host: "luckypeso.localhost", ...headers } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    for (const part of parts) req.write(part);
    req.end();
  });
}

describe(`server hardening on ${TEST_ENGINE}`, () => {
  it("refuses a chunked post over 1 MB before its action runs", async () => {
    const { member, cookie } = await signedIn();
    const [game] = await database.db
      .select({ nodeId: s.games.nodeId })
      .from(s.games)
      .where(and(eq(s.games.merchantCode, lucky().merchantCode), eq(s.games.gameType, "RNG")))
      .limit(1);
    const favourites = async () =>
      Number((await database.db.select({ n: count() }).from(s.favourites).where(eq(s.favourites.memberId, member.id)))[0]!.n);
    const headers = { ...form, cookie };
    const fields = `${csrf.field}&intent=add&nodeId=${game!.nodeId}&pad=`;
    const oversized = () => chunkedPost("/m/favourites", headers, [fields, "x".repeat(1024 * 1024 - 100), "x".repeat(200)]);
    // Four at once, then four one after another.
    expect(await Promise.all([oversized(), oversized(), oversized(), oversized()])).toEqual([413, 413, 413, 413]);
    for (let attempt = 0; attempt < 4; attempt++) expect(await oversized()).toBe(413);
    expect(await favourites()).toBe(0);
    // The same post within the limit goes through: the buffered body reaches the action whole.
    expect(await chunkedPost("/m/favourites", headers, [fields, "x".repeat(64 * 1024)])).toBe(302);
    expect(await favourites()).toBe(1);
  });

  it("marks every answer to a signed-in browser private, no-store", async () => {
    const { cookie } = await signedIn();
    for (const p of ["/m/home", "/m/member/home", "/m/home.data", "/_root.data", "/manifest.webmanifest", "/m/fav-games"]) {
      const r = await request(port, p, { headers: { cookie } });
      expect(r.status, p).toBe(200);
      expect(r.headers["cache-control"], p).toBe("private, no-store");
    }
    // A route's own no-store stands; a visitor's lobby holds nobody's data.
    expect((await request(port, "/m/forget", { host: "perlas.localhost", headers: { cookie } })).headers["cache-control"]).toBe(
      "no-store",
    );
    expect(String((await request(port, "/m/home")).headers["cache-control"])).not.toContain("private");
  });

  it("serves a build script with the headers a script needs, and a missing one as a plain 404, not a page", async () => {
    const script = fs.readdirSync("build/client/assets").find((f) => f.startsWith("entry.client-") && f.endsWith(".js"))!;
    const found = await request(port, `/assets/${script}`);
    expect(found.status).toBe(200);
    expect(found.headers["cache-control"]).toContain("immutable");
    expect(found.headers["x-content-type-options"]).toBe("nosniff");
    expect(found.headers["content-security-policy"]).toBeUndefined();
    const missing = await request(port, "/assets/entry.client-gone0000.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/plain/);
    expect(missing.headers.location).toBeUndefined();
  });

  it("answers a repeated mobile number with the form and its error, sending nothing", async () => {
    const before = { sessions: await sessionCount(), sms: await smsCount() };
    const post = (p: string, body: string) =>
      request(port, p, {
        host: "perlas.localhost",
        method: "POST",
        headers: { ...form, cookie: csrf.cookie },
        body: `${csrf.field}&${body}`,
      });
    const twice = "mobileNum=09171234567&mobileNum=09171234568";
    for (const [p, body] of [
      ["/m/login?method=sms", `intent=send-sms&${twice}`],
      ["/m/login?method=sms", `intent=sms&${twice}&verificationCode=123456`],
      ["/m/forget", `flow=phone&intent=send-sms&${twice}`],
      ["/m/forget", `flow=phone&${twice}&verificationCode=123456&newPassword=abc12345&confirmNewPassword=abc12345`],
    ] as const) {
      const r = await post(p, body);
      expect(r.status, `${p} ${body}`).toBe(400);
      expect(r.body, `${p} ${body}`).toContain('name="mobileNum"');
    }
    expect({ sessions: await sessionCount(), sms: await smsCount() }).toEqual(before);
  });

  it("answers a path with broken %-encoding 400 with the brand's page", async () => {
    for (const p of ["/m/home%zz", "/%", "/m/%E0%A4%A", "/art/game/JILI/%E0%A4%A.svg"]) {
      const r = await request(port, p);
      expect(r.status, p).toBe(400);
      expect(r.headers["content-type"], p).toMatch(/^text\/html/);
      expect(r.body, p).toContain("<title>Request not understood | Lucky Peso</title>");
    }
    const zh = await request(port, "/m/home%zz", {
      host: "perlas.localhost",
      headers: { cookie: await languageCookie("zh") },
    });
    expect(zh.body).toContain("无法处理该请求");
    expect(zh.body).toContain("Perlas Play");
  });

  it("answers the old ?_data= protocol 400 instead of running it", async () => {
    const { cookie } = await signedIn();
    for (const p of ["/m/home?_data=root", "/m/home?_data=routes%2Fm.home", "/m/member/home?x=1&_data="]) {
      const r = await request(port, p, { headers: { cookie } });
      expect(r.status, p).toBe(400);
      expect(r.body, p).toContain("Request not understood");
    }
  });

  it("sends a redirect target outside Latin-1 percent-encoded (language and login)", async () => {
    const lang = await request(port, "/m/language", {
      method: "POST",
      headers: { ...form, cookie: csrf.cookie },
      body: `${csrf.field}&lng=zh&redirectTo=${encodeURIComponent("/m/gameCenter?q=你好")}`,
    });
    expect(lang.status).toBe(302);
    expect(lang.headers.location).toBe("/m/gameCenter?q=%E4%BD%A0%E5%A5%BD");

    const { member } = await signedIn(lucky(), "goodpass12");
    const before = await sessionCount();
    const login = await request(port, "/m/login", {
      method: "POST",
      headers: { ...form, cookie: csrf.cookie },
      body: `${csrf.field}&intent=password&mode=member&username=${member.username}&password=goodpass12&redirectTo=${encodeURIComponent("/m/游戏")}`,
    });
    expect(login.status).toBe(302);
    expect(login.headers.location).toBe("/m/%E6%B8%B8%E6%88%8F");
    // The one session written is the one handed out: it signs the browser in.
    expect(await sessionCount()).toBe(before + 1);
    const sid = (login.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-sid="))!.split(";")[0]!;
    expect((await request(port, "/m/member/home", { headers: { cookie: sid } })).status).toBe(200);
  });

  it("shows the brand's service page with 503 while the database is down, and recovers", async () => {
    const { cookie } = await signedIn();
    databaseDown = true;
    try {
      const home = await request(port, "/m/home", { headers: { cookie } });
      expect(home.status).toBe(503);
      expect(home.headers["retry-after"]).toMatch(/^\d+$/);
      expect(home.headers["cache-control"]).toBe("no-store");
      expect(home.body).toContain("<title>Service unavailable | Lucky Peso</title>");
      expect(home.body).toContain("We are having a technical problem.");
      expect(home.body).toContain('<meta name="theme-color" content="#');
      expect(home.body).toContain('href="/m/home"');
      const nonce = /'nonce-([^']+)'/.exec(String(home.headers["content-security-policy"]))?.[1];
      expect(home.body).toContain(`<style nonce="${nonce}">`);
      const perlasPage = await request(port, "/m/login", {
        host: "perlas.localhost",
        headers: { cookie: await languageCookie("ja") },
      });
      expect(perlasPage.status).toBe(503);
      expect(perlasPage.body).toContain("Perlas Play");
      expect(perlasPage.body).toContain("技術的な問題が発生しています。");
      const post = await request(port, "/m/language", {
        method: "POST",
        headers: { ...form, cookie: csrf.cookie },
        body: `${csrf.field}&lng=zh`,
      });
      expect(post.status).toBe(503);
    } finally {
      databaseDown = false;
    }
    const back = await request(port, "/m/home", { headers: { cookie } });
    expect(back.status).toBe(200);
    expect(back.body).toContain('data-testid="home-sections"');
  });
});

describe(`CSRF rotation on ${TEST_ENGINE}`, () => {
  it("issues a new token at sign-in and at sign-out; the old one is refused", async () => {
    const { member } = await signedIn(lucky(), "goodpass12");
    const jar = new Jar(port);
    await jar.get("/m/login");
    const anonymous = jar.csrf();
    expect(anonymous).not.toBe("");

    const login = await jar.post("/m/login", {
      intent: "password",
      mode: "member",
      username: member.username,
      password: "goodpass12",
    });
    expect(login.status).toBe(302);
    const signedInToken = jar.csrf();
    expect(signedInToken).not.toBe(anonymous);
    // The next page hands its forms the new token.
    expect((await jar.get("/m/home")).body).toContain(signedInToken);
    expect((await jar.post("/m/language", { lng: "zh" }, { csrf: anonymous })).status).toBe(403);
    expect((await jar.post("/m/language", { lng: "en" })).status).toBe(302);

    const logout = await jar.post("/m/logout", {});
    expect(logout.status).toBe(302);
    const after = jar.csrf();
    expect(after).not.toBe("");
    expect(after).not.toBe(signedInToken);
    expect((await jar.post("/m/language", { lng: "zh" }, { csrf: signedInToken })).status).toBe(403);
    expect((await jar.get("/m/home")).body).toContain(after);
    expect((await jar.post("/m/language", { lng: "zh" })).status).toBe(302);
  });
});

describe(`logs on ${TEST_ENGINE}`, () => {
  it("writes a multi-line console.warn from inside a request as one JSON line with the request's id", async () => {
    const home = build.routes["routes/m.home"]!;
    const loader = home.module.loader!;
    const warning: ServerBuild = {
      ...build,
      routes: {
        ...build.routes,
        "routes/m.home": {
          ...home,
          module: {
            ...home.module,
            loader: async (args) => {
              // What Remix and React do: a warning spread over several lines.
              await new Promise((r) => setTimeout(r, 1));
              console.warn("Warning: something odd\n    at Component\n    at Route");
              return loader(args);
            },
          },
        },
      },
    };
    const log: string[] = [];
    const warned = await serve({ build: warning, log });
    const restore = routeConsole(createLogger("info", (l) => log.push(l)));
    let r: Reply;
    try {
      r = await request(warned, "/m/home");
    } finally {
      restore();
    }
    expect(r.status).toBe(200);
    for (const line of log) expect(line).not.toMatch(/\n/);
    const entries = log.map((l) => JSON.parse(l) as Record<string, unknown>);
    const warn = entries.filter((e) => String(e.msg).startsWith("Warning: something odd"));
    expect(warn).toHaveLength(1);
    expect(warn[0]).toMatchObject({ level: "warn", source: "console", requestId: r.headers["x-request-id"] });
    expect(warn[0]!.msg).toBe("Warning: something odd\n    at Component\n    at Route");
  });
});
