import { Link } from "~/components/ui/link";
import { useContext, type ReactNode } from "react";
import { useHtmlMemo } from "~/components/ui/html-memo";
import { useTranslation } from "~/components/ui/i18n";
import type { GameTile as Game } from "./types";
import { ChevronRightIcon } from "~/components/ui/icons";
import { GameCard } from "./game-card";
import { FavouritesContext } from "./favourites";

type Props = {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  games: Game[];
  rows: number;
  moreHref?: string;
  eager?: boolean;
  extra?: ReactNode;
};

/**
 * A titled row carousel (spec §2): 3.1 tiles per view (6.1 on a desktop's
 * width), moved three at a time (snap on every third tile), spacing 0.13 of
 * a tile; nothing when empty.
 * Plain CSS scroll snapping: no carousel script to download.
 */
export function GameRow({ id, title, icon, games, rows, moreHref, eager, extra }: Props) {
  const { t } = useTranslation();
  const favourites = useContext(FavouritesContext);
  const tiles = () => (
    <FavouritesContext.Provider value={favourites}>
      {games.map((g, i) => (
        // Snap points every third column: the carousel moves a group of three.
        <div key={g.nodeId} className={Math.floor(i / rows) % 3 === 0 ? "snap-start" : ""}>
          <GameCard game={g} eager={eager && i < rows * 3} />
        </div>
      ))}
    </FavouritesContext.Provider>
  );
  // The tiles are the same for every player with the same favourites among them: the server renders them once (ADR 0022).
  const kept = useHtmlMemo(
    "game-row",
    [
      games,
      rows,
      eager,
      favourites.owner,
      favourites.returnTo,
      games.filter((g) => favourites.ids.has(g.nodeId)).map((g) => g.nodeId),
    ],
    tiles,
  );
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-5" data-testid="home-section" data-section={id}>
      <div className="mb-2.5 flex items-center gap-2">
        <h2 id={`${id}-title`} className="flex min-w-0 items-center gap-2 text-base font-bold">
          {icon}
          <span className="truncate">{title}</span>
        </h2>
        {extra}
        {moreHref ? (
          <Link
            to={moreHref}
            className="ml-auto flex shrink-0 items-center gap-0.5 rounded-full border border-line/70 px-2.5 py-1 text-[11px] font-semibold text-muted hover:text-text"
            aria-label={t("lobby.moreOf", { name: typeof title === "string" ? title : id })}
          >
            {t("lobby.more")}
            <ChevronRightIcon width={14} height={14} />
          </Link>
        ) : null}
      </div>
      <div
        className="no-scrollbar grid snap-x snap-mandatory grid-flow-col gap-x-[calc((100%/3.1)*0.13)] gap-y-3 overflow-x-auto pb-1 [grid-auto-columns:calc((100%-2*(100%/3.1)*0.13)/3.1)] lg:gap-x-[calc((100%/6.1)*0.13)] lg:[grid-auto-columns:calc((100%-5*(100%/6.1)*0.13)/6.1)]"
        style={{ gridTemplateRows: `repeat(${rows}, auto)` }}
        data-testid="game-row"
        {...(kept === null ? { children: tiles() } : { dangerouslySetInnerHTML: { __html: kept } })}
      />
    </section>
  );
}
