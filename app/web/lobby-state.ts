import { HOME_CATEGORY } from "~/domain/catalogue/categories";
export { HOME_CATEGORY, HOT_CATEGORY } from "~/domain/catalogue/categories";
import type { SectionSpec } from "~/domain/catalogue/home-sections";
import { SEARCH_MAX } from "~/utils/search-text";

/**
 * Game-list state (spec §3 game-centre state, §4 data type). It lives in the
 * URL, so every change is a plain link (works without JavaScript) and back and
 * reload keep it. Transitions follow spec §4: a vendor, search, classification
 * or data-type change goes back to page 1; choosing a data type clears the
 * classification; search, classification or vendor set the data type to ALL.
 */
export const DATA_TYPES = ["ALL", "NEW", "HOT", "FAV", "RECENT", "SEARCH"] as const;
export type DataType = (typeof DATA_TYPES)[number];

const MAX_PAGE = 10_000;
const CODE_RE = /^[A-Z0-9_]{1,24}$/;

export interface LobbyState {
  category: string | null;
  vassalage: string | null;
  classify: string | null;
  dataType: DataType;
  q: string;
  page: number;
}

export const INITIAL_STATE: LobbyState = { category: null, vassalage: null, classify: null, dataType: "ALL", q: "", page: 1 };

/** The home page's game lists: the state its links leave out is that of its own category. */
export const HOME_DEFAULTS: Partial<LobbyState> = { category: HOME_CATEGORY };

const code = (v: string | null) => (v && CODE_RE.test(v) ? v : null);

/** Spaces collapsed, cut to SEARCH_MAX without leaving a trailing space or half a surrogate pair (both break the URL round trip). */
function cleanSearch(q: string): string {
  const cut = q.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
}

/** Anything malformed falls back to its default: a hand-edited URL never errors. */
export function parseLobbyState(params: URLSearchParams, defaults: Partial<LobbyState> = {}): LobbyState {
  const base = { ...INITIAL_STATE, ...defaults };
  const type = params.get("type")?.toUpperCase();
  const page = Number(params.get("page"));
  return {
    category: code(params.get("category")?.toUpperCase() ?? null) ?? base.category,
    vassalage: code(params.get("vassalage")?.toUpperCase() ?? null) ?? base.vassalage,
    classify: code(params.get("classify")?.toUpperCase() ?? null) ?? base.classify,
    dataType: (DATA_TYPES as readonly string[]).includes(type ?? "") ? (type as DataType) : base.dataType,
    q: cleanSearch(params.get("q") ?? base.q),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : base.page,
  };
}

/** The query string of a state; values equal to the screen's defaults are left out. */
export function lobbySearch(state: LobbyState, defaults: Partial<LobbyState> = {}): string {
  const base = { ...INITIAL_STATE, ...defaults };
  const out = new URLSearchParams();
  if (state.category && state.category !== base.category) out.set("category", state.category);
  if (state.vassalage && state.vassalage !== base.vassalage) out.set("vassalage", state.vassalage);
  if (state.classify) out.set("classify", state.classify);
  if (state.dataType !== base.dataType) out.set("type", state.dataType);
  if (state.q) out.set("q", state.q);
  if (state.page > 1) out.set("page", String(state.page));
  const s = out.toString();
  return s ? `?${s}` : "";
}

export const withVendor = (s: LobbyState, vassalage: string | null): LobbyState => ({
  ...s,
  vassalage,
  // Classifications belong to a vendor's catalogue, so they do not carry over.
  classify: null,
  dataType: "ALL",
  page: 1,
});

export const withClassify = (s: LobbyState, classify: string | null): LobbyState => ({
  ...s,
  classify,
  dataType: "ALL",
  page: 1,
});

/** Choosing the active data type again turns it off (back to ALL). */
export const withDataType = (s: LobbyState, dataType: DataType): LobbyState => ({
  ...s,
  dataType: s.dataType === dataType ? "ALL" : dataType,
  classify: null,
  page: 1,
});

/** A search shows all matching games: ALL in the game centre, SEARCH on the search screen. */
export const withSearch = (s: LobbyState, q: string, searchType: "ALL" | "SEARCH" = "ALL"): LobbyState => ({
  ...s,
  q: cleanSearch(q),
  dataType: searchType,
  page: 1,
});

export const withPage = (s: LobbyState, page: number): LobbyState => ({ ...s, page });

/** Favourites and recent games belong to a member: without a session they lead to login (spec §4). */
export function needsMember(s: LobbyState): boolean {
  return s.dataType === "FAV" || s.dataType === "RECENT";
}

/** Where a row's 'more' leads: the game centre on that category or vendor. */
export function moreHref(s: SectionSpec): string {
  switch (s.kind) {
    case "hot":
      return "/m/hot-games";
    case "favourites":
      return "/m/fav-games";
    case "games": {
      const p = new URLSearchParams({ category: s.category });
      if (s.vassalage) p.set("vassalage", s.vassalage);
      return `/m/gameCenter?${p}`;
    }
    case "vendors":
      return `/m/gameCenter?category=${s.category}`;
    default:
      return "/m/gameCenter";
  }
}
