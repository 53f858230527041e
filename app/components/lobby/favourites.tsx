import { useFetcher, useFetchers } from "@remix-run/react";
import { Link, onServer } from "~/components/ui/link";
import { createContext, useContext, useMemo } from "react";
import { useTranslation } from "~/components/ui/i18n";
import type { GameTile } from "./types";
import { useHydrated } from "~/components/ui/use-hydrated";
import { CsrfInput } from "../csrf-input";

export interface FavouriteState {
  /** Node ids of the member's favourites. */
  ids: ReadonlySet<number>;
  /** A real member may keep favourites; everyone else is sent to login. */
  owner: boolean;
  /**
   * Where the heart brings the player back to: the page's canonical URL (a list's is rebuilt from
   * its parsed state), so a junk query string is not copied into every tile.
   */
  returnTo: string;
}

export const FavouritesContext = createContext<FavouriteState>({ ids: new Set(), owner: false, returnTo: "/m/home" });

const fetcherKey = (nodeId: number) => `favourite-${nodeId}`;

/**
 * Node ids whose removal is on its way: lists drop them at once (spec §4: local lists first). The
 * same set while the ids are the same, so a list can keep what it derived from it.
 */
export function usePendingRemovals(): ReadonlySet<number> {
  const ids: number[] = [];
  for (const f of useFetchers()) {
    if (f.formAction === "/m/favourites" && f.formData?.get("intent") === "remove") ids.push(Number(f.formData.get("nodeId")));
  }
  const key = ids.sort((a, b) => a - b).join(",");
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is `ids`, in order
  return useMemo(() => new Set(ids), [key]);
}

/**
 * The heart on a tile. Lottery tiles carry none; guests and visitors go to login. A visitor's
 * heart is a plain link, so the lobby's many tiles register no fetchers for people who cannot
 * keep favourites.
 */
export function FavouriteButton({ game }: { game: GameTile }) {
  const { owner } = useContext(FavouritesContext);
  if (!game.favouritable) return null;
  return owner ? <MemberHeart game={game} /> : <VisitorHeart game={game} />;
}

function VisitorHeart({ game }: { game: GameTile }) {
  const { t } = useTranslation();
  const { returnTo } = useContext(FavouritesContext);
  return (
    <Link
      to={`/m/login?redirectTo=${encodeURIComponent(returnTo)}`}
      className="tile-heart"
      aria-label={t("favourites.add", { name: game.name })}
    >
      <span className="heart-mark text-white" />
    </Link>
  );
}

function MemberHeart({ game }: { game: GameTile }) {
  const { ids } = useContext(FavouritesContext);
  // The server renders the same form without a fetcher: a fetcher's hooks cost more than the tile (ADR 0021).
  if (onServer) {
    return (
      <form method="post" action="/m/favourites" className="tile-heart">
        <HeartFields game={game} on={ids.has(game.nodeId)} hydrated={false} />
      </form>
    );
  }
  return <FetcherHeart game={game} />;
}

/** The heart in the browser: a fetcher, so a tap keeps the page and shows its state at once. Exported for its test. */
export function FetcherHeart({ game }: { game: GameTile }) {
  const { ids } = useContext(FavouritesContext);
  const fetcher = useFetcher({ key: fetcherKey(game.nodeId) });
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "add" : ids.has(game.nodeId);
  return (
    <fetcher.Form method="post" action="/m/favourites" preventScrollReset className="tile-heart">
      <HeartFields game={game} on={on} hydrated={hydrated} />
    </fetcher.Form>
  );
}

function HeartFields({ game, on, hydrated }: { game: GameTile; on: boolean; hydrated: boolean }) {
  const { t } = useTranslation();
  const { returnTo } = useContext(FavouritesContext);
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="nodeId" value={game.nodeId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={returnTo} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={t(on ? "favourites.remove" : "favourites.add", { name: game.name })}
        className="flex h-8 w-8 items-center justify-center rounded-full"
      >
        <span className={on ? "heart-mark heart-mark-on text-danger" : "heart-mark text-white"} />
      </button>
    </>
  );
}
