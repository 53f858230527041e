import { Link, useFetcher, useFetchers, useLocation } from "@remix-run/react";
import { createContext, useContext } from "react";
import { useTranslation } from "~/utils/i18n-react";
import { canFavourite } from "~/lobby/categories";
import type { GameCard } from "~/lobby/types";
import { useHydrated } from "~/hooks/use-hydrated";
import { CsrfInput } from "../csrf-input";
import { HeartIcon } from "../icons";

export interface FavouriteState {
  /** Node ids of the member's favourites. */
  ids: ReadonlySet<number>;
  /** A real member may keep favourites; everyone else is sent to login. */
  owner: boolean;
  /**
   * Where the heart brings the player back to: the list's canonical URL, rebuilt from its parsed
   * state, so a junk query string is not copied into every tile. Defaults to the current path.
   */
  returnTo?: string;
}

export const FavouritesContext = createContext<FavouriteState>({ ids: new Set(), owner: false });

const fetcherKey = (nodeId: number) => `favourite-${nodeId}`;

/** Node ids whose removal is on its way: lists drop them at once (spec §4: local lists first). */
export function usePendingRemovals(): Set<number> {
  const out = new Set<number>();
  for (const f of useFetchers()) {
    if (f.formAction === "/m/favourites" && f.formData?.get("intent") === "remove") out.add(Number(f.formData.get("nodeId")));
  }
  return out;
}

/** The heart on a tile. Lottery tiles carry none; guests and visitors go to login. */
export function FavouriteButton({ game }: { game: GameCard }) {
  const { t } = useTranslation();
  const { ids, owner, returnTo } = useContext(FavouritesContext);
  const location = useLocation();
  const fetcher = useFetcher({ key: fetcherKey(game.nodeId) });
  const hydrated = useHydrated();
  if (!canFavourite(game.gameType)) return null;
  const here = returnTo ?? location.pathname;
  const cls =
    "absolute top-1 right-1 z-10 flex h-8 w-8 items-center justify-center rounded-full bg-black/55 backdrop-blur-sm transition active:scale-90";
  if (!owner) {
    return (
      <Link
        to={`/m/login?redirectTo=${encodeURIComponent(here)}`}
        className={cls}
        aria-label={t("favourites.add", { name: game.name })}
      >
        <HeartIcon width={18} height={18} className="text-white" />
      </Link>
    );
  }
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "add" : ids.has(game.nodeId);
  return (
    <fetcher.Form method="post" action="/m/favourites" preventScrollReset className={cls}>
      <CsrfInput />
      <input type="hidden" name="nodeId" value={game.nodeId} />
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="redirectTo" value={here} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={on}
        aria-label={t(on ? "favourites.remove" : "favourites.add", { name: game.name })}
        className="flex h-8 w-8 items-center justify-center rounded-full"
      >
        <HeartIcon width={18} height={18} className={on ? "fill-danger text-danger" : "text-white"} />
      </button>
    </fetcher.Form>
  );
}
