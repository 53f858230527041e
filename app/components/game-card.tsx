import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { GameCard as Game } from "~/domain/games.server";

type Props = { game: Game; eager?: boolean };

/** A game tile. Launching needs a session (spec §4), so until one exists it leads to login. */
export function GameCard({ game, eager }: Props) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/m/login?redirectTo=${encodeURIComponent("/m/home")}`}
      className="group block"
      aria-label={[
        t("game.play", { name: game.name }),
        t("game.by", { vendor: game.vassalage }),
        game.isNew ? t("home.newBadge") : "",
      ]
        .join(" ")
        .trim()}
      data-testid="game-card"
    >
      <div className="relative overflow-hidden rounded-card bg-surface-2 shadow-md shadow-black/40 ring-1 ring-line/40 transition group-active:scale-95">
        <img
          src={game.iconUrl}
          alt=""
          width={240}
          height={240}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          className="block aspect-square w-full object-cover"
        />
      </div>
      <p className="mt-1.5 line-clamp-1 text-xs font-semibold text-text">{game.name}</p>
      <p className="text-[10px] text-muted">{game.vassalage}</p>
    </Link>
  );
}
