import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { findInHouseGame } from "~/domain/games/catalogue.server";
import { openWalletSession } from "~/domain/games/rounds.server";
import { randomToken } from "~/utils/tokens.server";
import { FUN_BALANCE_CENTAVOS, writeBgsSession, type BgsSession } from "~/web/bgs-session.server";
import { inHouseWallet } from "~/web/in-house-wallet.server";
import { requireBrand } from "~/web/guards.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * The in-house game server's door (vendor BGS), where a launch sends the player: it exchanges the
 * single-use launch token for a game session at the wallet (over the seamless-wallet API, as any
 * provider does), keeps that session in its own cookie and opens the game. `mode=fun` opens free
 * play on the provider's own play money, without a session.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const url = new URL(request.url);
  const lobby = safeRedirectPath(url.searchParams.get("lobby"));
  const game = await findInHouseGame(c.db, c.brand, c.lng!, params.gameCode ?? "");
  if (!game) return { problem: "unknown" as const, lobby };
  const playType = url.searchParams.get("playType");
  const prizeMode = url.searchParams.get("prizeMode");
  const lottery = {
    ...(playType === "Tradition" || playType === "Entertainment" ? { playType } : {}),
    ...(prizeMode === "Lott" || prizeMode === "Elott" || prizeMode === "SEA" ? { prizeMode } : {}),
  } as Pick<BgsSession, "playType" | "prizeMode">;

  let session: BgsSession;
  if (url.searchParams.get("mode") === "fun") {
    if (!game.freeplay) return { problem: "noFreePlay" as const, lobby };
    session = {
      mode: "fun",
      user: `fun-${randomToken(9)}`,
      game: game.gameCode,
      lobby,
      funBalance: FUN_BALANCE_CENTAVOS.toString(),
      ...lottery,
    };
  } else {
    const launchToken = url.searchParams.get("token") ?? "";
    if (!/^[A-Za-z0-9_-]{16,200}$/.test(launchToken)) return { problem: "expired" as const, lobby };
    const wallet = inHouseWallet(context);
    const answer = await openWalletSession(wallet, launchToken);
    if (!answer) return { problem: "unavailable" as const, lobby };
    if (answer.status !== "RS_OK" || !answer.token || !answer.user || answer.game_code !== game.gameCode)
      return { problem: answer.status === "RS_ERROR_USER_DISABLED" ? ("disabled" as const) : ("expired" as const), lobby };
    session = { mode: "wallet", token: answer.token, user: answer.user, game: game.gameCode, lobby, ...lottery };
  }
  // The launch token leaves the address bar: the game's own address carries nothing secret.
  throw redirect(`/bgs/game/${encodeURIComponent(game.gameCode)}`, {
    headers: { "Set-Cookie": await writeBgsSession(context, session), "Referrer-Policy": "no-referrer" },
  });
}

export default function GameDoor() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main
      className="mx-auto flex min-h-dvh max-w-sm flex-col items-center justify-center gap-4 p-8 text-center"
      data-testid="game-door"
    >
      <h1 className="text-xl font-bold">{t(`play.problem.${d.problem}.title`)}</h1>
      <p className="text-sm text-muted">{t(`play.problem.${d.problem}.body`)}</p>
      <Link to={d.lobby} className={buttonClass("primary", "md", "px-8")} reloadDocument>
        {t("play.backToLobby")}
      </Link>
    </main>
  );
}
