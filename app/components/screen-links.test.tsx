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
  const cbs = flags.CBS3 ?? false;
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
    // The root loader hands the launch link only with CBS3 on (and never to a trial guest).
    chat: cbs && !member?.guest ? { url: "https://chat.example/lucky" } : null,
    inboxUnread: 0,
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
  it("the bottom bar keeps Home, Promotion, Deposit, Invite and Member centre", async () => {
    const html = await render("/m/home", rootData(null), <BottomBar />);
    expect(unbuilt(html, "/m/home")).toEqual([]);
    expect(hrefs(html)).toEqual(["/m/home", "/m/activity", "/m/voucherCenter", "/m/home?panel=invite", "/m/member/home"]);
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
  ])("the side menu of %s has promotions, the reward centre and the download page", async (_who, member) => {
    const data = rootData(member, { CBS3: true });
    const html = await render("/m/home?panel=menu", data, <SideMenu data={data} categories={data.lobby.categories} />);
    expect(unbuilt(html, "/m/home")).toEqual([]);
    expect(html).toContain("/m/rewardCenter");
    // Only in a plain browser: the installed app hides it (spec §2 side menu).
    expect(html).toMatch(/<li class="[^"]*\[@media\(display-mode:standalone\)\]:hidden[^"]*"><a [^>]*href="\/m\/download"/);
    expect(hrefs(html)).toContain("/m/activity");
  });
});

describe("banners", () => {
  const banners: Banner[] = [
    { id: 1, title: "Fishing week", imageUrl: "/art/banner/lucky-peso/m_game-3.svg", linkUrl: "/m/fishing-games" },
    { id: 2, title: "Welcome bonus", imageUrl: "/art/banner/lucky-peso/m_game-1.svg", linkUrl: "/m/deposit" },
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

describe("the inbox entry", () => {
  it("shows members their unread count, 99+ above 99, and is not there for guests or visitors", async () => {
    const data = { ...rootData(MEMBER, { INBOX3: true }), inboxUnread: 120 };
    const menu = await render("/m/home?panel=menu", data, <SideMenu data={data} categories={[]} />);
    expect(hrefs(menu)).toContain("/m/inbox");
    expect(menu).toContain(">99+<");
    expect(menu).toContain("Unread messages: 120");
    const header = await render("/m/home", data, <Header data={data} />);
    expect(hrefs(header)).toContain("/m/inbox");
    for (const who of [null, { ...MEMBER, guest: true, realMember: false }]) {
      const other = { ...rootData(who, { INBOX3: true }), inboxUnread: 0 };
      const html = await render("/m/home?panel=menu", other, <SideMenu data={other} categories={[]} />);
      expect(hrefs(html)).not.toContain("/m/inbox");
    }
  });
});
