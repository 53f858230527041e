import { describe, expect, it } from "vitest";
import en from "../../public/locales/en/common.json";
import { ROUTE_TITLES, titleKeyFor } from "./route-titles";

const get = (obj: unknown, key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);

describe("route titles", () => {
  it("cover every route of the spec's screen table", () => {
    // Copied from the route table of spec §2.
    const routes = `/m/login /m/register /m/register.html /m/forget /m/changePsw /m/member/home /m/voucherCenter /m/withdraw
      /m/help /m/helpDetail /m/notice /m/noticeDetail /m/activity /m/activityDetail /m/gameRecord /m/agent/home
      /m/member/agent/getSalaryContract /m/member/agent/getDevidendContract /m/member/agent/getHourContract /m/set
      /m/download /m/provider /m/gameCenter /m/live-games /m/slot-games /m/sport-games /m/fishing-games /m/poker-games
      /m/lott /m/elott /m/hot-games /m/search-games /m/inHouse /m/fav-games /m/in-play /m/home`.split(/\s+/);
    for (const r of routes) expect(ROUTE_TITLES[r], r).toBeDefined();
  });
  it("have English texts", () => {
    for (const key of Object.values(ROUTE_TITLES)) expect(typeof get(en, key), key).toBe("string");
  });
  it("treat the home aliases as home", () => {
    for (const p of ["/", "/m", "/m/", "/m/index", "/m/index.html"]) expect(titleKeyFor(p)).toBe("titles.home");
  });
});
