import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { BannerStrip } from "~/components/lobby/banner-strip";
import { FavouritesContext } from "~/components/lobby/favourites";
import { GameGrid } from "~/components/lobby/game-grid";
import { FilteredGameList, NameSearch } from "~/components/lobby/list-controls";
import { VendorGrid } from "~/components/lobby/vendor-grid";
import { HeartIcon, SearchIcon } from "~/components/ui/icons";
import { HOT_CATEGORY } from "~/domain/catalogue/categories";
import {
  banners,
  classifications,
  favouriteOwner,
  loadGamePage,
  memberFavouriteIds,
  vendorData,
  vendorsOf,
} from "~/web/lobby.server";
import { requireBrand } from "~/web/guards.server";
import { screenFor } from "~/web/screens";
import { lobbySearch, parseLobbyState, withPage, type LobbyState } from "~/web/lobby-state";

/**
 * Spec §2: the provider strip leaves out lottery, e-lottery and sports books (e-sports and
 * cockfight books are sports books the lobby files apart).
 */
const OFF_STRIP = new Set(["LOTT", "ELOTT", "SPORTS", "ESPORTS", "COCKFIGHT"]);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const url = new URL(request.url);
  const screen = screenFor(url.pathname);
  const state = parseLobbyState(url.searchParams, screen.defaults);
  const [vendors, bannerList, favIds] = await Promise.all([vendorData(c), banners(c, state.category), memberFavouriteIds(c)]);
  const categoryVendors = vendorsOf(vendors, state.category, c);
  // A list across every category (HOT, or a provider page without one) offers only the strip's vendors,
  // and the page's own vendor first when it is one of the others (a lottery's provider page shows where it is).
  const acrossCategories = !state.category || state.category === HOT_CATEGORY;
  const stripVendors = vendorsOf({ ...vendors, sorting: vendors.sorting.filter((s) => !OFF_STRIP.has(s)) }, null, c);
  const offStrip = stripVendors.some((v) => v.vassalage === state.vassalage)
    ? undefined
    : categoryVendors.find((v) => v.vassalage === state.vassalage);
  const strip = acrossCategories ? (offStrip ? [offStrip, ...stripVendors] : stripVendors) : categoryVendors;
  const showsVendors = screen.kind === "vendors" && !state.vassalage;
  const [page, tabs] = await Promise.all([
    showsVendors ? null : loadGamePage(request, c, state, screen),
    screen.kind === "centre" && state.category !== HOT_CATEGORY ? classifications(c, state.category, state.vassalage) : [],
  ]);
  return {
    path: url.pathname,
    kind: showsVendors ? ("vendors" as const) : screen.kind,
    categoryPicker: Boolean(screen.categoryPicker),
    fixedVendor: Boolean(screen.defaults.vassalage),
    defaults: screen.defaults,
    state,
    categories: [HOT_CATEGORY, ...vendors.sorting],
    vendors: categoryVendors,
    strip,
    classifications: tabs,
    banners: bannerList,
    page,
    favIds,
    favouriteOwner: favouriteOwner(c) !== null,
  };
}

export default function GameCentre() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { state, defaults } = d;
  const pageHref = (n: number) => `${pathname}${lobbySearch(withPage(state, n), defaults)}`;
  const dataHref = (n: number) => {
    const p = new URLSearchParams(lobbySearch(withPage(state, n), defaults).slice(1));
    p.set("screen", pathname);
    return `/m/game-list?${p}`;
  };
  const title = state.vassalage
    ? (d.vendors.find((v) => v.vassalage === state.vassalage)?.label ?? state.vassalage)
    : t(state.category ? `category.${state.category}` : "titles.gameCenter");
  return (
    <FavouritesContext.Provider
      value={{ ids: new Set(d.favIds), owner: d.favouriteOwner, returnTo: pathname + lobbySearch(state, defaults) }}
    >
      <div className="px-3 pt-3" data-testid="game-centre" data-screen={d.kind}>
        <BannerStrip banners={d.banners} />
        <h1 className="mt-3 text-lg font-black tracking-wide">{title}</h1>
        {d.kind === "search" ? (
          <SearchScreen d={d} pageHref={pageHref} dataHref={dataHref} />
        ) : (
          <>
            {/* One search box: a game list filters itself by name; a list of vendors opens the search screen on its game type. */}
            <div className="mt-3 flex items-center gap-2">
              {d.kind === "vendors" ? (
                <Link
                  to={`/m/search-games${state.category && state.category !== HOT_CATEGORY ? `?category=${state.category}` : ""}`}
                  className="flex h-10 flex-1 items-center gap-2 rounded-full border border-line/70 bg-surface-2/80 px-4 text-sm text-muted"
                >
                  <SearchIcon width={16} height={16} />
                  {t("titles.searchGames")}
                </Link>
              ) : (
                <div className="min-w-0 flex-1">
                  <NameSearch state={state} defaults={defaults} />
                </div>
              )}
              <Link
                to="/m/fav-games"
                className="flex h-10 shrink-0 items-center gap-1.5 rounded-full border border-primary/70 px-3 text-xs font-semibold text-primary"
              >
                <HeartIcon width={16} height={16} />
                {t("lobby.myCollection")}
              </Link>
            </div>
            {d.categoryPicker ? <CategoryChips d={d} /> : null}
            {d.kind === "vendors" ? (
              <div className="mt-4">
                <VendorGrid vendors={d.vendors} category={state.category ?? ""} />
              </div>
            ) : (
              d.page && (
                <FilteredGameList
                  state={state}
                  defaults={defaults}
                  classifications={d.classifications}
                  vendors={d.fixedVendor ? [] : d.strip}
                  tabs={state.category !== HOT_CATEGORY}
                  nameSearch={false}
                  page={d.page}
                  pageHref={pageHref}
                  dataHref={dataHref}
                />
              )
            )}
          </>
        )}
      </div>
    </FavouritesContext.Provider>
  );
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

function CategoryChips({ d }: { d: Data }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("lobby.categories")} className="no-scrollbar -mx-3 mt-3 flex gap-2 overflow-x-auto px-3 py-1">
      {d.categories.map((c) => {
        const next: LobbyState = {
          ...d.state,
          category: c,
          vassalage: d.fixedVendor ? d.state.vassalage : null,
          classify: null,
          dataType: "ALL",
          page: 1,
        };
        const active = d.state.category === c;
        return (
          <Link
            key={c}
            to={`${d.path}${lobbySearch(next, d.defaults) || "?"}`}
            aria-current={active ? "true" : undefined}
            className={`shrink-0 rounded-full px-3.5 py-1.5 text-xs font-bold whitespace-nowrap ${
              active ? "btn-primary" : "border border-line/70 bg-surface-2/70 text-muted"
            }`}
          >
            {t(`category.${c}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** Search and favourites share one screen (spec §2). */
function SearchScreen({ d, pageHref, dataHref }: { d: Data; pageHref: (n: number) => string; dataHref: (n: number) => string }) {
  const { t } = useTranslation();
  const { state, defaults } = d;
  const tabs = [
    { type: "SEARCH", label: t("lobby.searchResults") },
    { type: "FAV", label: t("lobby.favourites") },
    { type: "RECENT", label: t("lobby.recent") },
  ] as const;
  return (
    <>
      <div className="mt-3">
        <NameSearch state={state} defaults={defaults} searchType="SEARCH" autoFocus={state.dataType === "SEARCH"} />
      </div>
      <nav aria-label={t("lobby.show")} className="mt-3 flex gap-2">
        {tabs.map((tab) => {
          const active = state.dataType === tab.type;
          const next: LobbyState = { ...state, dataType: tab.type, classify: null, page: 1 };
          return (
            <Link
              key={tab.type}
              to={`/m/search-games${lobbySearch(next, { dataType: "SEARCH" })}`}
              aria-current={active ? "true" : undefined}
              className={`flex-1 rounded-full py-2 text-center text-xs font-bold ${
                active ? "btn-primary" : "border border-line/70 bg-surface-2/70 text-muted"
              }`}
            >
              {tab.label}
            </Link>
          );
        })}
      </nav>
      <div className="mt-4">
        {d.page ? (
          <GameGrid
            page={d.page}
            pageHref={pageHref}
            dataHref={dataHref}
            highlight={state.q}
            dropPendingRemovals={state.dataType === "FAV"}
            emptyMessage={
              state.dataType === "SEARCH" && !state.q
                ? t("lobby.searchHint")
                : state.dataType === "FAV"
                  ? t("lobby.noFavourites")
                  : undefined
            }
          />
        ) : null}
      </div>
    </>
  );
}
