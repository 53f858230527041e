/** Game types of spec §3; a brand file lists the ones it offers. */
export const GAME_CATEGORIES = [
  "RNG",
  "LIVE",
  "FISH",
  "PVP",
  "SPORTS",
  "ESPORTS",
  "LOTT",
  "ELOTT",
  "COCKFIGHT",
  "BINGO",
] as const;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

/**
 * Bingo is not a game type: the lobby's BINGO category is the RNG games with
 * classification BG (spec §2, game centre). These three functions are the one
 * place that rule is written.
 */
export const BINGO_CLASSIFY = "BG";

export function isBingo(gameType: string, classify: string | null | undefined): boolean {
  return gameType === "RNG" && classify === BINGO_CLASSIFY;
}

/** The category a game is shown under: bingo rooms under BINGO, every other game under its type. */
export function lobbyCategoryOf(gameType: string, classify: string | null | undefined): string {
  return isBingo(gameType, classify) ? "BINGO" : gameType;
}

/** Whether a game is listed in a category (null: any). Bingo rooms are RNG games, so the slots list keeps them. */
export function inLobbyCategory(gameType: string, classify: string | null | undefined, category: string | null): boolean {
  return !category || (category === "BINGO" ? isBingo(gameType, classify) : gameType === category);
}

/** Banner groups (spec §3): m_game is the home carousel. */
export const BANNER_GROUPS = ["m_game", "m_rng", "m_sports", "m_pvp", "m_live", "m_fish", "m_lott", "m_elott", "m_reg"] as const;
export type BannerGroup = (typeof BANNER_GROUPS)[number];

export const ANNOUNCEMENT_TYPES = ["A", "PL", "B", "PU", "PR"] as const;

export const PROMOTION_CATEGORY_KEYS = [
  "all",
  "new_player",
  "deposit_promo",
  "app_download",
  "rng_promo",
  "live_promo",
  "pvp_promo",
  "sport_promo",
  "fish_promo",
  "lotto_promo",
  "rebate_promo",
  "player_rank_rules",
  "point_mall",
  "brand_endorsement",
  "other_promo",
] as const;

export const DOWNLOAD_RESOURCE_TYPES = [
  "IOS",
  "Android",
  "MOBILECONFIG",
  "AppDownloadIcon",
  "TELEGRAM",
  "TELEGRAM2",
  "FACEBOOK",
  "FACEBOOK2",
  "WHATSAPP",
] as const;
