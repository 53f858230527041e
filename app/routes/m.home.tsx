import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { BannerCarousel } from "~/components/banner-carousel";
import { FavouritesContext } from "~/components/lobby/favourites";
import { HomeCategoryView, CategoryRail } from "~/components/lobby/home-view";
import { JackpotCounter } from "~/components/jackpot-counter";
import { GameRow } from "~/components/lobby/game-row";
import { WinnerBoard } from "~/components/lobby/winner-board";
import { winnerBoard } from "~/domain/catalogue/winners.server";
import { listFavourites, listPopular } from "~/domain/catalogue/favourites.server";
import { listGames } from "~/domain/catalogue/games.server";
import { bannerGroupFor, categoryScreen, HOME_CATEGORY, HOT_CATEGORY } from "~/domain/catalogue/categories";
import { buildHomeSections, HOME_SECTIONS, TILES_PER_ROW, type HomeSection } from "~/domain/catalogue/home-sections";
import {
  banners,
  classifications,
  favouriteOwner,
  hotList,
  loadGamePage,
  memberFavouriteIds,
  vendorData,
  vendorsOf,
  type Lobby,
  type VendorItem,
} from "~/web/lobby.server";
import { requireBrand } from "~/web/guards.server";
import { HOME_DEFAULTS, lobbySearch, parseLobbyState } from "~/web/lobby-state";
import type { GameCard } from "~/domain/catalogue/types";
import type { VendorData } from "~/domain/catalogue/vendors";
import { siteCached } from "~/utils/ttl-cache.server";
import { useTranslation } from "~/components/ui/i18n";
import type { RootData } from "~/components/root-data";

/** Spec §2: the hot list shows its first six unless expanded or filtered by name. */
export const HOT_PREVIEW = 6;

type SectionData =
  | (HomeSection & { kind: "favourites" | "hot" | "games"; games: GameCard[] })
  | (HomeSection & { kind: "banners"; banners: Awaited<ReturnType<typeof banners>> })
  | (HomeSection & { kind: "vendors"; vendors: VendorItem[] });

/** The favourites row shows up to this many, newest first. */
const FAVOURITES_SHOWN = 100;

async function sectionData(
  c: Lobby,
  s: HomeSection,
  vendors: VendorData,
  hot: GameCard[],
  favourites: GameCard[],
): Promise<SectionData> {
  switch (s.kind) {
    case "favourites":
      return { ...s, games: favourites };
    case "hot":
      return { ...s, games: hot.slice(0, s.rows * TILES_PER_ROW) };
    case "banners": {
      // One banner per offered game type, each leading to its category.
      const groups = [...new Set(vendors.sorting.map(bannerGroupFor))].filter((g) => g !== "m_game");
      const lists = await Promise.all(groups.map((g) => banners(c, groupCategory(g))));
      return { ...s, banners: lists.map((l) => l[0]).filter(Boolean) };
    }
    case "games": {
      const key = `home:${c.brand.merchantCode}:${c.lng}:${s.key}`;
      const page = await siteCached(c, key, () =>
        listGames(c.db, c.brand, c.lng, { category: s.category, vassalage: s.vassalage, pageSize: s.rows * TILES_PER_ROW }),
      );
      return { ...s, games: page.games };
    }
    case "vendors":
      return { ...s, vendors: vendorsOf(vendors, s.category, c) };
  }
}

const groupCategory = (group: string) => group.replace(/^m_/, "").toUpperCase();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const url = new URL(request.url);
  const vendors = await vendorData(c);
  const railCategories = [HOME_CATEGORY, HOT_CATEGORY, ...vendors.sorting];
  const state = parseLobbyState(url.searchParams, HOME_DEFAULTS);
  if (!state.category || !railCategories.includes(state.category)) state.category = HOME_CATEGORY;
  const screen = categoryScreen(state.category);
  const owner = favouriteOwner(c);
  const homeSections = screen === "menus" ? buildHomeSections(HOME_SECTIONS, { loggedIn: owner !== null, vendors }) : [];
  const [favourites, carousel, hot] = await Promise.all([
    owner !== null && homeSections.some((s) => s.kind === "favourites")
      ? listFavourites(c.db, c.brand, owner, c.lng, { pageSize: FAVOURITES_SHOWN })
      : null,
    banners(c, null),
    hotList(c, url.searchParams.get("refresh") === "hot"),
  ]);
  // The hearts need every favourite the page shows: the favourites row, when it holds them all, has them.
  const favIds =
    favourites && favourites.totalCount === favourites.games.length
      ? favourites.games.map((g) => g.nodeId)
      : await memberFavouriteIds(c);
  const popular = await siteCached(c, `popular:${c.brand.merchantCode}:${c.lng}`, () => listPopular(c.db, c.brand, c.lng, hot));
  const expanded = url.searchParams.get("expand") === "1" || state.q !== "";
  const sections = await Promise.all(homeSections.map((s) => sectionData(c, s, vendors, hot, favourites?.games ?? [])));
  const [page, tabs, winners] = await Promise.all([
    screen === "games" || screen === "hot" ? loadGamePage(request, c, state, {}) : null,
    screen === "games" ? classifications(c, state.category, state.vassalage) : [],
    screen === "menus" ? winnerBoard(c.db, c.brand, c.lng) : [],
  ]);
  return {
    state,
    screen,
    railCategories,
    carousel,
    jackpotStart: 1_200_000_000 + Math.floor(Math.random() * 100_000_000),
    popular,
    sections,
    hotPreview: screen === "hot" && !expanded && page ? { ...page, games: page.games.slice(0, HOT_PREVIEW) } : null,
    page,
    classifications: tabs,
    vendors: vendorsOf(vendors, state.category === HOME_CATEGORY ? null : state.category, c),
    favIds,
    favouriteOwner: owner !== null,
    winners: winners.map((w) => ({ player: w.player, gameName: w.gameName, winAmount: w.winAmount.toString() })),
  };
}

export type HomeData = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>>;

export default function Home() {
  const d = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const { t } = useTranslation();
  if (!d) return null;
  return (
    <FavouritesContext.Provider
      value={{
        ids: new Set(d.favIds),
        owner: d.favouriteOwner,
        returnTo: `/m/home${lobbySearch(d.state, HOME_DEFAULTS)}`,
      }}
    >
      {/* The lobby's title for screen readers: the page shows the brand's logo in the header. */}
      <h1 className="sr-only">{root?.brand.displayName}</h1>
      {/* On a desktop's width the jackpot sits beside the banners: full width, a banner would fill the screen. */}
      <div className="lg:grid lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-center">
        <BannerCarousel banners={d.carousel} />
        <JackpotCounter start={d.jackpotStart} />
      </div>
      <div className="px-3">
        <GameRow id="popular" title={t("home.popular")} games={d.popular} rows={d.popular.length < 6 ? 1 : 2} eager />
      </div>
      <WinnerBoard winners={d.winners} />
      <div className="mt-4 flex gap-2.5 pr-3">
        <CategoryRail categories={d.railCategories} active={d.state.category ?? HOME_CATEGORY} />
        <div className="min-w-0 flex-1">
          <HomeCategoryView d={d} />
        </div>
      </div>
    </FavouritesContext.Provider>
  );
}
