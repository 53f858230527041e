import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/utils/translator";
import { isBuilt } from "./built-screens";
import { DesktopNav, desktopNavCategories } from "./desktop-nav";
import { TranslationProvider } from "./ui/i18n";

const translator = createTranslator("en", {
  en: {
    common: {
      bottomBar: { label: "Main navigation", home: "Home", promotion: "Promotion", invite: "Invite" },
      category: { HOT: "Hot", RNG: "Slots", LIVE: "Live casino", SPORTS: "Sports", ESPORTS: "E-sports", LOTT: "Lottery" },
    },
  },
});

async function render(categories: string[], url: string) {
  const handler = createStaticHandler([{ path: "*", element: <DesktopNav categories={categories} /> }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToStaticMarkup(
    <TranslationProvider translator={translator}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </TranslationProvider>,
  );
}

const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [
    m[1]!.replace(/&amp;/g, "&"),
    m[2]!.replace(/<[^>]+>/g, ""),
  ]);

describe("desktopNavCategories", () => {
  it("keeps the brand's categories in menu order, without sports (spec §2)", () => {
    expect(desktopNavCategories(["HOT", "RNG", "LIVE", "SPORTS", "ESPORTS", "LOTT"])).toEqual([
      "HOT",
      "RNG",
      "LIVE",
      "ESPORTS",
      "LOTT",
    ]);
    expect(desktopNavCategories(["SPORTS"])).toEqual([]);
  });
});

describe("<DesktopNav>", () => {
  it("links Home and each category but sports to the lobby, then promotions (once built) and invite", async () => {
    const html = await render(["HOT", "RNG", "SPORTS", "LOTT"], "/m/gameCenter");
    expect(html).toContain('aria-label="Main navigation"');
    // Shown from 1024 px only: the phone layout keeps its bottom bar.
    expect(html).toMatch(/<nav [^>]*class="[^"]*\bhidden\b[^"]*\blg:block\b/);
    expect(links(html)).toEqual([
      ["/m/home", "Home"],
      ["/m/home?category=HOT", "Hot"],
      ["/m/home?category=RNG", "Slots"],
      ["/m/home?category=LOTT", "Lottery"],
      ...(isBuilt("/m/activity") ? [["/m/activity", "Promotion"]] : []),
      ["/m/gameCenter?panel=invite", "Invite"],
    ]);
    expect(html).not.toContain("Sports");
  });

  it("marks the category on show", async () => {
    const current = (html: string) =>
      [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
    expect(current(await render(["HOT", "RNG"], "/m/home?category=rng"))).toEqual(["Slots"]);
    expect(current(await render(["HOT", "RNG"], "/"))).toEqual(["Home"]);
    expect(current(await render(["HOT", "RNG"], "/m/home?panel=invite"))).toEqual(["Invite"]);
    expect(current(await render(["HOT", "RNG"], "/m/gameCenter?category=RNG"))).toEqual([]);
  });
});
