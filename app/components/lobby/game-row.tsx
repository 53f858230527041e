import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import type { GameTile as Game } from "./types";
import { ChevronRightIcon } from "~/components/ui/icons";
import { GameCard } from "./game-card";
import { useTileList } from "./kept-tiles";

type Props = {
  id: string;
  title: ReactNode;
  icon?: ReactNode;
  games: Game[];
  rows: number;
  moreHref?: string;
  eager?: boolean;
  /**
   * A row well below the first screen (the lobby's later sections): laid out and painted only when
   * it comes near the screen (ADR 0029). Never a row the first screen may show: its first guess of
   * a height would move what is under it.
   */
  offscreen?: boolean;
  extra?: ReactNode;
};

/** A lobby section's box: one well below the first screen is laid out only near it (ADR 0029). */
export const homeSectionClass = (offscreen = false) => (offscreen ? "below-fold mt-5" : "mt-5");

/**
 * A titled row carousel (spec §2): 3.1 tiles per view (6.1 on a desktop's
 * width), moved three at a time (snap on every third tile), spacing 0.13 of
 * a tile; nothing when empty.
 * Plain CSS scroll snapping: no carousel script to download.
 */
export function GameRow({ id, title, icon, games, rows, moreHref, eager, offscreen, extra }: Props) {
  const { t } = useTranslation();
  const tiles = () =>
    games.map((g, i) => (
      // Snap points every third column: the carousel moves a group of three.
      <div key={g.nodeId} className={Math.floor(i / rows) % 3 === 0 ? "snap-start" : ""}>
        <GameCard game={g} eager={eager && i < rows * 3} />
      </div>
    ));
  const list = useTileList("game-row", games, [rows, eager], tiles);
  if (games.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className={homeSectionClass(offscreen)} data-testid="home-section" data-section={id}>
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
        {...list}
      />
    </section>
  );
}
