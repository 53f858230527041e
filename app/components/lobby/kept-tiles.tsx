import { useNavigate } from "@remix-run/react";
import { useContext, useId, useState, type MouseEvent, type ReactNode } from "react";
import { useHtmlMemo } from "~/components/ui/html-memo";
import { onServer } from "~/components/ui/link";
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

/** What a list element of tiles spreads onto itself: its tiles, or their HTML and the one click handler they share. */
export type TileListProps =
  | { children: ReactNode; "data-tiles"?: string }
  | { dangerouslySetInnerHTML: { __html: string }; "data-tiles"?: string; onClick?: (e: MouseEvent<HTMLElement>) => void };

/**
 * A visitor's row of tiles as the server drew it (ADR 0042). A visitor's tile holds nothing but
 * links (the game's page, and the heart's way to login), so the browser takes the row's HTML over
 * as it stands instead of hydrating every tile: one click handler on the row sends a link's plain
 * click to the router, as each tile's Link would. The row renders its tiles as React elements from
 * the first change of its games or inputs on, and for a member (whose hearts are forms). A null
 * name keeps no HTML on the server (useKeptTiles) and takes nothing over: the list renders live.
 */
export function useTileList(name: string | null, games: GameTile[], inputs: unknown, tiles: () => ReactNode): TileListProps {
  const id = useId();
  const { owner } = useContext(FavouritesContext);
  const key = JSON.stringify(inputs);
  // The row's HTML in the document, read once while React takes the page over.
  const [drawn] = useState(() => {
    if (onServer || owner || name === null) return null;
    const el = document.querySelector(`[data-tiles="${CSS.escape(id)}"]`);
    return el ? { html: el.innerHTML, games, key } : null;
  });
  const navigate = useNavigate();
  // Last: on the server it may render the tiles apart, after which this render calls no hook.
  const kept = useKeptTiles(name, games, inputs, tiles);
  if (kept !== null) return { dangerouslySetInnerHTML: { __html: kept }, "data-tiles": id };
  if (onServer) return { children: tiles(), "data-tiles": id };
  if (drawn === null || owner || drawn.games !== games || drawn.key !== key) return { children: tiles() };
  const onClick = (e: MouseEvent<HTMLElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    const a = (e.target as Element).closest("a");
    if (!a || !e.currentTarget.contains(a) || (a.target && a.target !== "_self") || a.hasAttribute("download")) return;
    if (a.origin !== window.location.origin) return;
    e.preventDefault();
    const to = a.pathname + a.search + a.hash;
    const here = window.location.pathname + window.location.search + window.location.hash;
    navigate(to, { replace: to === here });
  };
  return { dangerouslySetInnerHTML: { __html: drawn.html }, "data-tiles": id, onClick };
}
