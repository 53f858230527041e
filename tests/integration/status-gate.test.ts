import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import { rawRows, type Database } from "../../app/db/client.server";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import { parseEnv } from "../../app/utils/env.server";
import { isApiRoute } from "../../app/web/status-gate.server";
import { createApp } from "../../server/app";
import { createLogger } from "../../server/logger";
import { projectBrands } from "../setup/brands";
import { csrfPair, portOf, request, TEST_COOKIE_SECRET } from "../setup/http";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let build: ServerBuild;
let server: http.Server;
let port: number;
let sid: string;
const csrf = csrfPair();
const lucky = () => registry.byId.get("lucky-peso")!;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  await seedBrandIfEmpty(database.db, lucky());
  build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const env = parseEnv({ COOKIE_SECRET: TEST_COOKIE_SECRET, NODE_ENV: "production", LOG_LEVEL: "error" });
  const app = createApp({ env, registry, database, build, logger: createLogger("error", () => {}) });
  server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  port = portOf(server);
  const member = await createMember(database.db, lucky(), { username: "gatekeeper1", password: "goodpass12", type: 0 });
  sid = await createSession(database.db, lucky(), member.id);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

/** Every table's rows, hashed: equal before and after means nothing was written. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await rawRows<{ name: string }>(
    database.db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await rawRows<{ h: string | null }>(
      database.db,
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`),
    );
    out[name] = row!.h ?? "";
  }
  return out;
}

/** The route's URL with its parameters filled in (every path of the build, whatever routes are added later). */
const urlOf = (route: ServerBuild["routes"][string]): string => {
  const parts: string[] = [];
  for (let r: ServerBuild["routes"][string] | undefined = route; r; r = r.parentId ? build.routes[r.parentId] : undefined)
    if (r.path) parts.unshift(r.path);
  return (
    "/" +
    parts
      .join("/")
      .replace(/^\/+/, "")
      .replace(/:[A-Za-z]+/g, "1")
      .replace(/\*$/, "x")
  );
};

describe(`the status gate on ${TEST_ENGINE}`, () => {
  it("refuses every action of a closed brand, with or without JavaScript, and changes nothing", async () => {
    const routes = Object.values(build.routes).filter((r) => r.id !== "root" && r.module.action);
    expect(routes.length).toBeGreaterThanOrEqual(8);
    const cookie = `${csrf.cookie}; __Host-sid=${sid}`;
    for (const status of [1, 2] as const) {
      await setSystemStatus(database.db, lucky(), status, { name: "test", reason: "gate test" });
      const before = await snapshot();
      for (const route of routes) {
        const url = urlOf(route);
        // Fields that would make each action do its work when the site is open.
        const body = `${csrf.field}&intent=add&nodeId=1&lng=zh&username=gatekeeper2&password=goodpass12&confirmPassword=goodpass12&birthday=1990-02-03&disclaimer=on&method=username`;
        const headers = { "content-type": "application/x-www-form-urlencoded", cookie };
        const plain = await request(port, url, { method: "POST", headers, body });
        const script = await request(port, url, { method: "POST", headers: { ...headers, accept: "application/json" }, body });
        if (isApiRoute(route.id)) {
          expect(plain.status, url).toBe(503);
          expect(JSON.parse(plain.body)).toEqual({ error: "site_closed", status });
        } else {
          for (const r of [plain, script]) {
            expect(r.status, url).toBe(303);
            expect(r.headers.location, url).toBe(route.module.default ? url : "/m/home");
          }
        }
      }
      // The seamless-wallet API is answered by the host ahead of Remix (server/seamless-api.ts): closed all the same.
      const api = await request(port, "/api/seamless/BGS/balance", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      expect(api.status).toBe(503);
      expect(JSON.parse(api.body)).toEqual({ error: "site_closed", status });
      expect(await snapshot()).toEqual(before);
    }
    await setSystemStatus(database.db, lucky(), 0, { name: "test", reason: "gate test" });
  });

  it("answers resource routes with 503 JSON, sends a browser to the status page, and runs no page loader", async () => {
    await setSystemStatus(database.db, lucky(), 1, { name: "test", reason: "gate test" });
    const cookie = `${csrf.cookie}; __Host-sid=${sid}`;
    const before = await snapshot();
    const list = await request(port, "/m/game-list?screen=%2Fm%2FgameCenter", { headers: { cookie } });
    expect(list.status).toBe(503);
    expect(JSON.parse(list.body)).toEqual({ error: "site_closed", status: 1 });
    expect((await request(port, "/m/check-username?username=someone1")).status).toBe(503);
    expect((await request(port, "/m/captcha.svg")).status).toBe(503);
    const navigate = await request(port, "/m/check-username?username=someone1", { headers: { accept: "text/html" } });
    expect(navigate.status).toBe(302);
    expect(navigate.headers.location).toBe("/m/home");
    // A game page would record a recent game: closed, it shows the status page and records nothing.
    const [game1] = await rawRows<{ node_id: number }>(
      database.db,
      sql`select node_id from games where merchant_code = ${lucky().merchantCode} order by node_id limit 1`,
    );
    const game = await request(port, `/m/game/${game1!.node_id}`, { headers: { cookie } });
    expect(game.status).toBe(503);
    expect(game.body).toContain("System upgrading, please try again later.");
    expect(await snapshot()).toEqual(before);
    await setSystemStatus(database.db, lucky(), 0, { name: "test", reason: "gate test" });
    expect((await request(port, "/m/game-list?screen=%2Fm%2FgameCenter")).status).toBe(200);
  });
});
