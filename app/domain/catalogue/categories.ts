import type { BannerGroup } from "~/brand/categories";

/** What a category shows on the home screen and in the game centre (spec §2). */
export type CategoryScreen = "menus" | "hot" | "vendors" | "games";

export const HOME_CATEGORY = "HOME";
export const HOT_CATEGORY = "HOT";

const VENDOR_LIST_CATEGORIES = new Set(["ESPORTS", "COCKFIGHT", "LOTT", "ELOTT", "SPORTS"]);

export function categoryScreen(category: string): CategoryScreen {
  if (category === HOME_CATEGORY) return "menus";
  if (category === HOT_CATEGORY) return "hot";
  return VENDOR_LIST_CATEGORIES.has(category) ? "vendors" : "games";
}

/** Lottery tiles carry no favourite heart (spec §4). */
export function canFavourite(gameType: string): boolean {
  return gameType !== "LOTT" && gameType !== "ELOTT";
}

const BANNER_GROUP: Record<string, BannerGroup> = {
  RNG: "m_rng",
  BINGO: "m_rng",
  LIVE: "m_live",
  FISH: "m_fish",
  PVP: "m_pvp",
  SPORTS: "m_sports",
  ESPORTS: "m_sports",
  COCKFIGHT: "m_sports",
  LOTT: "m_lott",
  ELOTT: "m_elott",
};

/** The banner strip above a category's list. */
export function bannerGroupFor(category: string | null): BannerGroup {
  return (category && BANNER_GROUP[category]) || "m_game";
}
