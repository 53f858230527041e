import { Form, useNavigation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { CsrfInput } from "~/components/csrf-input";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { PlayIcon } from "~/components/ui/icons";

export interface GameLaunchProps {
  nodeId: number;
  vassalage: string;
  /** The game's name: a lobby entry's button names it (its vendor's label can be the brand's own name, spec §9). */
  name: string;
  /** isGameH5 = VASSALAGE: the entry opens its provider's page. */
  lobbyEntry: boolean;
  signedIn: boolean;
  /** A trial player plays on demo money. */
  demo: boolean;
  playable: boolean;
  /** Lottery games open on a play type (spec §9: Tradition, Entertainment). */
  lottery: boolean;
  funUrl: string | null;
  loginUrl: string;
  /** The game runs on this platform's own game server. */
  inHouse: boolean;
}

/**
 * How a game opens from its page: Play (a post that answers with the provider's game URL), the
 * lottery's two play types, free play for visitors where the game has it, or the way to log in.
 * Every path is a plain form or link, so it works without JavaScript, and the game opens as a
 * page of its own (full screen), not inside the lobby.
 */
export function GameLaunch(p: GameLaunchProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const opening = navigation.state !== "idle" && navigation.formAction === `/m/game/${p.nodeId}`;
  if (p.lobbyEntry) {
    return (
      <div className="mt-5">
        <Link
          to={`/m/provider?vassalage=${encodeURIComponent(p.vassalage)}`}
          className={buttonClass("primary", "lg", "w-full gap-2")}
        >
          <PlayIcon width={18} height={18} />
          {t("launch.openLobby", { name: p.name })}
        </Link>
      </div>
    );
  }
  if (!p.playable) {
    return (
      <p className="mt-5 rounded-card border border-line/60 bg-surface-2/60 p-3 text-center text-sm text-muted">
        {t("launch.unavailable")}
      </p>
    );
  }
  return (
    <div className="mt-5 space-y-2" data-testid="game-launch">
      {p.signedIn ? (
        <Form method="post" action={`/m/game/${p.nodeId}`} reloadDocument>
          <CsrfInput />
          {p.lottery ? (
            <fieldset>
              <legend className="mb-2 text-xs font-semibold text-muted">{t("launch.playType")}</legend>
              <div className="grid grid-cols-2 gap-2">
                {(["Tradition", "Entertainment"] as const).map((type) => (
                  <button
                    key={type}
                    type="submit"
                    name="playType"
                    value={type}
                    disabled={opening}
                    className={buttonClass("primary", "lg", "gap-2")}
                  >
                    <PlayIcon width={16} height={16} />
                    {t(`launch.${type.toLowerCase()}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : (
            <button type="submit" disabled={opening} className={buttonClass("primary", "lg", "w-full gap-2 text-lg")}>
              <PlayIcon width={20} height={20} />
              {opening ? t("launch.opening") : t("launch.play")}
            </button>
          )}
          {p.demo ? <p className="mt-2 text-center text-xs text-muted">{t("launch.demoNote")}</p> : null}
        </Form>
      ) : (
        <>
          <a href={p.funUrl ?? p.loginUrl} className={buttonClass("primary", "lg", "w-full gap-2")}>
            <PlayIcon width={18} height={18} />
            {t("launch.playFun")}
          </a>
          <Link to={p.loginUrl} className={buttonClass("outline", "md", "w-full")}>
            {t("launch.loginToPlay")}
          </Link>
        </>
      )}
      {p.inHouse ? <p className="text-center text-[11px] text-muted">{t("launch.inHouseNote")}</p> : null}
    </div>
  );
}
