import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import remixConfig from "../../remix.config.js";
import { BUILT_SCREENS, isBuilt } from "./built-screens";
import { ROUTE_TITLES } from "./route-titles";

const ROUTES_DIR = path.resolve(import.meta.dirname, "../routes");

/**
 * A flat-route file name as its URL: m.game.$nodeId.tsx -> /m/game/:nodeId, m.captcha[.]svg.ts ->
 * /m/captcha.svg, m.register_.social.tsx (not nested in m.register's layout) -> /m/register/social.
 */
function urlOf(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(/(?<!\[)\.(?!\])/);
  return `/${segments
    .map((s) =>
      s
        .replace(/\[\.\]/g, ".")
        .replace(/^\$(.+)$/, ":$1")
        .replace(/_$/, ""),
    )
    .join("/")}`;
}

/** The route modules that render a page (resource routes, the catch-all and development tools are no screens). */
function screenModules(): string[] {
  return readdirSync(ROUTES_DIR)
    .filter((f) => /\.tsx?$/.test(f) && !/\.(server|test)\.tsx?$/.test(f) && f !== "$.tsx" && !f.startsWith("m.dev."))
    .filter((f) => /^export default /m.test(readFileSync(path.join(ROUTES_DIR, f), "utf8")))
    .map(urlOf);
}

/** The paths remix.config.js adds on top of the files. */
function configAliases(): string[] {
  const paths: string[] = [];
  void remixConfig.routes!((define) => {
    define((p) => {
      if (p) paths.push(p === "/" ? p : p.replace(/\/$/, ""));
    });
    return {};
  });
  return paths;
}

describe("the list of built screens", () => {
  it("is exactly the page routes of app/routes/ and the aliases of remix.config.js", () => {
    const actual = new Set([...screenModules(), ...configAliases()]);
    expect([...BUILT_SCREENS].sort()).toEqual([...actual].sort());
  });

  it("names every built screen the spec knows with a title, besides the game page", () => {
    for (const s of BUILT_SCREENS) {
      if (s === "/" || s === "/m" || s.startsWith("/m/index") || s === "/m/logout" || s.includes(":")) continue;
      expect(ROUTE_TITLES[s], s).toBeDefined();
    }
  });
});

describe("isBuilt", () => {
  it("knows the built screens, with or without a query, a hash or a trailing slash", () => {
    for (const href of [
      "/m/home",
      "/",
      "/m/",
      "/m/home?category=HOT",
      "/m/gameCenter#top",
      "/m/member/home/",
      "/m/set#feedback",
      "/m/game/42",
      "/m/transactions?kind=deposits",
      "/m/withdraw",
      "/m/voucherCenter",
      "/m/deposit/DABCDEFGHJKLMNPQR",
      "/m/gameRecord?range=7d&type=RNG",
      "/m/notice",
      "/m/noticeDetail?id=3",
      "/m/help",
      "/m/helpDetail?tag=deposits",
      "/m/activity?category=player_rank_rules",
      "/m/activityDetail?id=7",
      "/m/inbox",
      "/m/inboxDetail?id=12",
      "/m/rewardCenter",
      "/m/download",
      "/m/download?view=homescreen",
      "/m/agent/home?range=thisWeek&under=agent7",
      "/m/member/agent/getSalaryContract",
      "/m/member/agent/getDevidendContract",
      "/m/member/agent/getHourContract",
    ]) {
      expect(isBuilt(href), href).toBe(true);
    }
  });

  it("refuses the screens still to be built, unknown paths and no link at all", () => {
    for (const href of [
      "/m/deposit",
      "/m/agent",
      "/m/member/agent/getDividendContract",
      "/m/game",
      "/m/game/1/2",
      "/m/nothing",
      "m/home",
      "//evil.example/m/home",
      "",
      null,
      undefined,
    ]) {
      expect(isBuilt(href), String(href)).toBe(false);
    }
  });

  it("lets links to other sites through: they are not screens of ours", () => {
    expect(isBuilt("https://t.me/luckypeso")).toBe(true);
    expect(isBuilt("mailto:help@example.com")).toBe(true);
  });
});
