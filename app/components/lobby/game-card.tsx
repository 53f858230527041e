import { Link } from "~/components/ui/link";
import { imageLoading } from "~/components/ui/image-loading";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import type { GameTile as Game } from "./types";
import { FavouriteButton } from "./favourites";

type Props = { game: Game; eager?: boolean; highlight?: string };

/** Marks every occurrence of the search term in a name (case-insensitive). */
export function Highlight({ text, term }: { text: string; term?: string }): ReactNode {
  const needle = term?.trim().toLowerCase();
  if (!needle) return text;
  const lower = text.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at));
    parts.push(
      <mark key={at} className="rounded-sm bg-accent/30 px-0.5 text-text">
        {text.slice(at, at + needle.length)}
      </mark>,
    );
    from = at + needle.length;
  }
  if (from < text.length) parts.push(text.slice(from));
  return parts;
}

/** A game tile: opens the game's page (which asks for a session), with a heart to keep it. */
export function GameCard({ game, eager, highlight }: Props) {
  const { t } = useTranslation();
  return (
    <div className="relative" data-testid="game-card" data-node-id={game.nodeId}>
      <Link
        to={`/m/game/${game.nodeId}`}
        className="group block"
        aria-label={[
          t("game.play", { name: game.name }),
          t("game.by", { vendor: game.vassalage }),
          game.isNew ? t("home.newBadge") : "",
        ]
          .join(" ")
          .trim()}
      >
        <div className="tile-art">
          <img
            src={game.iconUrl}
            alt=""
            width={240}
            height={240}
            {...imageLoading(eager ? "screen" : "later")}
            decoding="async"
            className="tile-img"
          />
          {game.isNew ? (
            <span className="absolute top-1 left-1 rounded-full bg-accent px-1.5 py-0.5 text-[9px] font-black text-on-primary shadow">
              {t("home.newBadge")}
            </span>
          ) : null}
        </div>
        <p className="tile-name">
          <Highlight text={game.name} term={highlight} />
        </p>
        {game.matchedName ? (
          <p className="tile-sub line-clamp-1">
            <Highlight text={game.matchedName} term={highlight} />
          </p>
        ) : (
          <p className="tile-sub">{game.vassalage}</p>
        )}
      </Link>
      <FavouriteButton game={game} />
    </div>
  );
}
