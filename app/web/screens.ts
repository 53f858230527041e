import type { LobbyState } from "./lobby-state";

/**
 * The game-centre family of routes (spec §2). Search and favourites share one
 * screen; live, lottery and e-lottery share the vendor-list screen; slots,
 * fishing, card games and sports share the game-list centre.
 */
export type ScreenKind = "centre" | "vendors" | "search";

export interface Screen {
  path: string;
  kind: ScreenKind;
  defaults: Partial<LobbyState>;
  /** /m/inHouse: the hot list is filtered to in-house vendors. */
  inHouse?: boolean;
  /** /m/gameCenter and /m/provider let the player pick the category. */
  categoryPicker?: boolean;
}

const list: Screen[] = [
  { path: "/m/gameCenter", kind: "centre", defaults: { category: "HOT" }, categoryPicker: true },
  { path: "/m/provider", kind: "centre", defaults: {}, categoryPicker: true },
  { path: "/m/slot-games", kind: "centre", defaults: { category: "RNG" } },
  { path: "/m/fishing-games", kind: "centre", defaults: { category: "FISH" } },
  { path: "/m/poker-games", kind: "centre", defaults: { category: "PVP" } },
  { path: "/m/sport-games", kind: "centre", defaults: { category: "SPORTS" } },
  { path: "/m/hot-games", kind: "centre", defaults: { category: "HOT" } },
  { path: "/m/inHouse", kind: "centre", defaults: { vassalage: "BGS" }, inHouse: true },
  { path: "/m/live-games", kind: "vendors", defaults: { category: "LIVE" } },
  { path: "/m/lott", kind: "vendors", defaults: { category: "LOTT" } },
  { path: "/m/elott", kind: "vendors", defaults: { category: "ELOTT" } },
  { path: "/m/in-play", kind: "vendors", defaults: { category: "SPORTS" } },
  { path: "/m/search-games", kind: "search", defaults: { dataType: "SEARCH" } },
  { path: "/m/fav-games", kind: "search", defaults: { dataType: "FAV" } },
];

export const SCREENS: ReadonlyMap<string, Screen> = new Map(list.map((s) => [s.path, s]));

export function screenFor(pathname: string): Screen {
  return SCREENS.get(pathname) ?? SCREENS.get("/m/gameCenter")!;
}
