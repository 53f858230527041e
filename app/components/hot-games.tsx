import { useTranslation } from "react-i18next";
import type { GameCard as Game } from "~/domain/games.server";
import { GameCard } from "./game-card";
import { FireIcon } from "./icons";

/** Hot games in three rows that scroll sideways, about three tiles to a screen (spec §2 row carousel: 3.1 per view). */
export function HotGames({ games }: { games: Game[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="hot-games-title" className="mt-5 px-3">
      <h2 id="hot-games-title" className="mb-3 flex items-center gap-2 text-base font-bold">
        <FireIcon width={20} height={20} className="text-accent" />
        {t("home.hotGames")}
      </h2>
      {games.length === 0 ? (
        <p className="rounded-card border border-dashed border-line p-6 text-center text-sm text-muted">{t("home.hotEmpty")}</p>
      ) : (
        <div
          className="no-scrollbar grid snap-x snap-mandatory grid-flow-col grid-rows-3 gap-x-3 gap-y-4 overflow-x-auto pb-2 [grid-auto-columns:calc((100%-2*0.75rem)/3.1)]"
          data-testid="hot-games"
        >
          {games.map((g, i) => (
            <div key={g.nodeId} className="snap-start">
              <GameCard game={g} eager={i < 9} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
