import type { AppLoadContext } from "@remix-run/node";
import { listBanners } from "~/domain/content/content.server";
import { favouriteNodeIds, listFavourites, listRecent } from "~/domain/catalogue/favourites.server";
import {
  classificationsFrom,
  filterHot,
  listGames,
  listHotGames,
  loadCatalogueSummary,
  pageOf,
  totalFrom,
  type CatalogueSummary,
} from "~/domain/catalogue/games.server";
import { isGuest } from "~/domain/accounts/member-types";
import { createTtlCache, siteCached, siteInvalidate } from "~/utils/ttl-cache.server";
import { bannerGroupFor, HOT_CATEGORY } from "~/domain/catalogue/categories";
import { loginRedirect, pathOf, type BrandContext } from "./guards.server";
import type { Screen } from "./screens";
import { needsMember, type LobbyState } from "./lobby-state";
import { PAGE_SIZE, type GameCard, type GamePage } from "~/domain/catalogue/types";
import { IN_HOUSE_VENDORS, vendorLabel, type VendorData } from "~/domain/catalogue/vendors";

/** The lobby reads through a brand's context (requireBrand). */
export type Lobby = BrandContext;

/**
 * The catalogue summary (vendor data, classifications, list totals) is one
 * pass over a brand's games, so it is kept for minutes: the catalogue changes
 * with provider integrations, not with play. After five minutes it is reloaded
 * in the background while the old one is still served, so only a process's
 * first request per brand waits for it.
 */
const catalogueCache = createTtlCache({ ttlMs: 5 * 60_000, staleMs: 30 * 60_000, maxEntries: 200 });

export const catalogue = (c: Lobby): Promise<CatalogueSummary> =>
  catalogueCache.get(`catalogue:${c.siteVersion}:${c.brand.merchantCode}`, () => loadCatalogueSummary(c.db, c.brand));

export const vendorData = async (c: Lobby): Promise<VendorData> => (await catalogue(c)).vendors;

export function hotList(c: Lobby, refresh = false): Promise<GameCard[]> {
  const key = `hot:${c.brand.merchantCode}:${c.lng}`;
  if (refresh) siteInvalidate(c, key);
  return siteCached(c, key, () => listHotGames(c.db, c.brand, c.lng));
}

export const banners = (c: Lobby, category: string | null) => {
  const group = bannerGroupFor(category);
  return siteCached(c, `banners:${c.brand.merchantCode}:${group}:${c.lng}`, () => listBanners(c.db, c.brand, group, c.lng));
};

export const classifications = async (c: Lobby, category: string | null, vassalage: string | null) =>
  classificationsFrom((await catalogue(c)).stats, category, vassalage);

/** A member who may keep favourites: signed in and not a trial guest. */
export function favouriteOwner(c: AppLoadContext): number | null {
  return c.session && !isGuest(c.session.type) ? c.session.memberId : null;
}

export async function memberFavouriteIds(c: Lobby): Promise<number[]> {
  const owner = favouriteOwner(c);
  return owner === null ? [] : favouriteNodeIds(c.db, c.brand, owner);
}

/**
 * One page of a game list by its state (spec §4 data types). Favourites and
 * recent games need a member (favourites a real one): otherwise off to login.
 */
export async function loadGamePage(
  request: Request,
  c: Lobby,
  state: LobbyState,
  screen: Pick<Screen, "inHouse">,
): Promise<GamePage<GameCard>> {
  const category = state.category === HOT_CATEGORY ? null : state.category;
  const base = { category, vassalage: state.vassalage, search: state.q, page: state.page };
  if (needsMember(state)) {
    if (!c.session) throw loginRedirect(pathOf(request));
    if (state.dataType === "RECENT") return listRecent(c.db, c.brand, c.session.memberId, c.lng, base);
    const owner = favouriteOwner(c);
    if (owner === null) throw loginRedirect(pathOf(request));
    return listFavourites(c.db, c.brand, owner, c.lng, base);
  }
  if (state.dataType === "HOT" || state.category === HOT_CATEGORY) {
    const hot = filterHot(await hotList(c), {
      ...base,
      vendors: screen.inHouse ? IN_HOUSE_VENDORS : undefined,
    });
    const start = (state.page - 1) * PAGE_SIZE;
    return pageOf(hot.slice(start, start + PAGE_SIZE), state.page, PAGE_SIZE, hot.length);
  }
  if (state.dataType === "SEARCH" && !state.q) return pageOf([], 1, PAGE_SIZE, 0);
  const q = { ...base, classify: state.classify, newOnly: state.dataType === "NEW" };
  return listGames(c.db, c.brand, c.lng, q, q.search ? undefined : totalFrom((await catalogue(c)).stats, q));
}

/** Vendors of a category for menus and vendor lists, labelled for the language (spec §9 TY rule). */
export function vendorsOf(data: VendorData, category: string | null, c: Lobby) {
  const list = category && category !== HOT_CATEGORY ? (data.mapping[category] ?? []) : uniqueVendors(data);
  return list.map((v) => ({ vassalage: v.vassalage, label: vendorLabel(v, c.lng, c.brand.displayName), gameCount: v.gameCount }));
}

function uniqueVendors(data: VendorData) {
  const seen = new Map<string, VendorData["mapping"][string][number]>();
  for (const category of data.sorting)
    for (const v of data.mapping[category]) if (!seen.has(v.vassalage)) seen.set(v.vassalage, v);
  return [...seen.values()];
}

export type VendorItem = ReturnType<typeof vendorsOf>[number];
