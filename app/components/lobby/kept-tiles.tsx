import { useContext, type ReactNode } from "react";
import { useHtmlMemo } from "~/components/ui/html-memo";
import { FavouritesContext } from "./favourites";
import type { GameTile } from "./types";

/**
 * The server's kept HTML of a list of game tiles (ADR 0022), for the list element's
 * `dangerouslySetInnerHTML`; null in the browser or when it must render in place, and then the
 * caller renders `tiles()`. Tiles are the same for every player with the same favourites among
 * them, so those favourites are part of the key, with the games and the caller's `inputs` (what
 * else `tiles` depends on). A null name keeps nothing (a search's one-off results, say).
 */
export function useKeptTiles(name: string | null, games: GameTile[], inputs: unknown, tiles: () => ReactNode): string | null {
  const favourites = useContext(FavouritesContext);
  const kept = games.filter((g) => favourites.ids.has(g.nodeId)).map((g) => g.nodeId);
  return useHtmlMemo(name, [games, inputs, favourites.owner, favourites.returnTo, kept], () => (
    <FavouritesContext.Provider value={favourites}>{tiles()}</FavouritesContext.Provider>
  ));
}
