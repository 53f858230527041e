import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Outlet } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/utils/translator";
import en from "../../public/locales/en/common.json";
import { BannerCarousel, type Banner } from "./banner-carousel";
import { BottomBar } from "./bottom-bar";
import { isBuilt } from "./built-screens";
import { Header } from "./header";
import type { RootData } from "./root-data";
import { SideMenu } from "./side-menu";
import { BannerStrip } from "./lobby/banner-strip";
import { TranslationProvider } from "./ui/i18n";

const translator = createTranslator("en", { en: { common: en } } as Parameters<typeof createTranslator>[1]);

type Member = NonNullable<RootData["member"]>;
// Only what the shell reads of a member.
const MEMBER = { username: "juan", displayName: "Juan", guest: false, realMember: true, agent: false, balance: "0" } as Member;

function rootData(member: RootData["member"], flags: Partial<RootData["flags"]> = {}): RootData {
  return {
    brand: {
      id: "lucky-peso",
      displayName: "Lucky Peso",
      categories: ["RNG", "BINGO", "LIVE"],
      downloadLinks: [],
      customerService: { liveChatUrl: "https://chat.example/lucky" },
      minimumAge: 21,
    },
    lng: "en",
    languages: [{ id: "en", label: "English", tag: "en" }],
    flags: { REG3: true, REGISTER_REE3: true, CBS3: false, REWCEN3: true, ...flags },
    member,
    csrf: "token",
    lobby: { categories: ["HOT", "RNG", "LIVE"] },
  } as unknown as RootData;
}

/** Renders `ui` at `url` inside a router whose root route carries `data`, as the app does. */
async function render(url: string, data: RootData, ui: ReactNode): Promise<string> {
  const handler = createStaticHandler([
    { id: "root", path: "/", loader: () => data, element: <Outlet />, children: [{ path: "*", element: ui }] },
  ]);
  const context = await handler.query(new Request(`http://luckypeso.localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </TranslationProvider>,
  );
}

const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
/** Every link leads to a built screen; the panels (?panel=…) open over the page the player is on. */
const unbuilt = (html: string, page: string) =>
  hrefs(html).filter((h) => !isBuilt(h) && !h.startsWith(`${page}?panel=`) && !h.startsWith("?"));

describe("the shell's controls lead only to screens that exist", () => {
  it("the bottom bar keeps Home, Deposit, Invite and Member centre", async () => {
    const html = await render("/m/home", rootData(null), <BottomBar />);
    expect(unbuilt(html, "/m/home")).toEqual([]);
    expect(hrefs(html)).toEqual(["/m/home", "/m/voucherCenter", "/m/home?panel=invite", "/m/member/home"]);
  });

  it("the header's menu offers deposit, withdraw, help and announcements (logout only when signed in)", async () => {
    const visitor = await render("/m/home", rootData(null), <Header data={rootData(null)} />);
    expect(unbuilt(visitor, "/m/home")).toEqual([]);
    expect(hrefs(visitor)).toEqual(expect.arrayContaining(["/m/voucherCenter", "/m/withdraw", "/m/help", "/m/notice"]));
    expect(visitor).not.toContain("/m/logout");
    const member = await render("/m/home", rootData(MEMBER, { CBS3: true }), <Header data={rootData(MEMBER, { CBS3: true })} />);
    expect(unbuilt(member, "/m/home")).toEqual([]);
    expect(member).not.toMatch(/<details[^>]*hidden/);
    expect(hrefs(member)).toEqual(
      expect.arrayContaining([
        "/m/voucherCenter",
        "/m/withdraw",
        "/m/help",
        "/m/notice",
        "/m/logout",
        "https://chat.example/lucky",
      ]),
    );
  });

  it.each([
    ["a visitor", null],
    ["a member", MEMBER],
    ["an agent", { ...MEMBER, agent: true }],
  ])("the side menu of %s has no reward centre, download, promotions or VIP entry yet", async (_who, member) => {
    const data = rootData(member, { CBS3: true });
    const html = await render("/m/home?panel=menu", data, <SideMenu data={data} categories={data.lobby.categories} />);
    expect(unbuilt(html, "/m/home")).toEqual([]);
    expect(html).not.toContain("/m/rewardCenter");
    expect(html).not.toContain("/m/download");
    expect(html).not.toContain("/m/activity");
  });
});

describe("banners", () => {
  const banners: Banner[] = [
    { id: 1, title: "Fishing week", imageUrl: "/art/banner/lucky-peso/m_game-3.svg", linkUrl: "/m/fishing-games" },
    { id: 2, title: "Welcome bonus", imageUrl: "/art/banner/lucky-peso/m_game-1.svg", linkUrl: "/m/activity" },
    { id: 3, title: "Join now", imageUrl: "https://cdn.example/join.png", linkUrl: null },
  ];

  it("link only to a built screen, in the carousel and the strip; the lobby's art loses its button without one", async () => {
    for (const ui of [<BannerCarousel banners={banners} />, <BannerStrip banners={banners} />]) {
      const html = await render("/m/home", rootData(null), ui);
      expect(hrefs(html)).toEqual(["/m/fishing-games"]);
      expect(html).toContain('src="/art/banner/lucky-peso/m_game-3.svg"');
      expect(html).toContain('src="/art/banner/lucky-peso/m_game-1.svg?cta=0"');
      expect(html).toContain('src="https://cdn.example/join.png"');
    }
  });
});
