import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GameFrame, GameProblem } from "~/components/games/game-frame";
import { EngineScreen, type RoundView } from "~/components/games/engine-screen";
import { findInHouseGame } from "~/domain/games/catalogue.server";
import { roundInput, screenConfig } from "~/domain/games/forms";
import { playRound, walletBalance, type Player } from "~/domain/games/rounds.server";
import { jsonSafe } from "~/domain/games/engines";
import { readBgsSession, writeBgsSession } from "~/web/bgs-session.server";
import { readForm } from "~/web/csrf.server";
import { inHouseWallet } from "~/web/in-house-wallet.server";
import { requireBrand } from "~/web/guards.server";

/**
 * An instant game of the in-house server (slot, bingo, table, fish): full screen, the balance from
 * the wallet, each round a plain form post (so it plays without JavaScript too), its stake and win
 * moved by the seamless-wallet API.
 */

async function open(request: Request, context: LoaderFunctionArgs["context"], gameCode: string) {
  const c = requireBrand(context);
  const session = await readBgsSession(request, context);
  const game = await findInHouseGame(c.db, c.brand, c.lng!, gameCode);
  const lobby = session?.lobby ?? "/m/home";
  if (!game) return { c, lobby, problem: "unknown" as const };
  if (!session || session.game !== game.gameCode) return { c, lobby, problem: "expired" as const };
  if (game.engine === "lottery") throw redirect(`/bgs/lottery/${encodeURIComponent(game.gameCode)}`);
  return { c, lobby, session, game, engine: game.engine };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const o = await open(request, context, params.gameCode ?? "");
  if ("problem" in o) return { problem: o.problem, lobby: o.lobby };
  const { c, session, game, engine } = o;
  let balance: string;
  if (session.mode === "fun") balance = session.funBalance ?? "0";
  else {
    const wallet = inHouseWallet(context);
    const answer = await walletBalance(wallet, c.brand, { token: session.token ?? "", user: session.user }, game.gameCode);
    if (!answer) return { problem: "unavailable" as const, lobby: o.lobby };
    if (answer.status !== "RS_OK") return { problem: "ended" as const, lobby: o.lobby };
    balance = String(answer.balance ?? 0);
  }
  return {
    problem: null,
    lobby: o.lobby,
    fun: session.mode === "fun",
    game: { code: game.gameCode, name: game.name, vassalage: game.vassalage, iconUrl: game.iconUrl },
    demoProvider: game.demoProvider,
    balance,
    config: screenConfig(engine, game),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const o = await open(request, context, params.gameCode ?? "");
  const form = await readForm(request, context);
  if ("problem" in o) return data({ round: null, error: `play.problem.${o.problem}.title` }, { status: 409 });
  const { c, session, game, engine } = o;
  const player: Player =
    session.mode === "fun"
      ? { kind: "fun", user: session.user, balance: BigInt(session.funBalance ?? "0") }
      : { kind: "wallet", token: session.token ?? "", user: session.user };
  const wallet = session.mode === "fun" ? null : inHouseWallet(context);
  let result;
  try {
    result = await playRound(c.db, c.brand, wallet, player, {
      gameCode: game.gameCode,
      engine,
      input: roundInput(engine, game, form, c.brand.play.rtpBps),
    });
  } catch (err) {
    if (err instanceof RangeError) return data({ round: null, error: "play.invalidBet" }, { status: 400 });
    throw err;
  }
  if (!result.ok) {
    const error =
      result.status === "RS_ERROR_NOT_ENOUGH_MONEY"
        ? "play.notEnoughMoney"
        : result.status === "RS_ERROR_TOKEN_EXPIRED" || result.status === "RS_ERROR_INVALID_TOKEN"
          ? "play.sessionEnded"
          : result.status === "RS_ERROR_LIMIT_REACHED"
            ? "play.limitReached"
            : result.status === "RS_ERROR_USER_DISABLED"
              ? "play.problem.disabled.title"
              : "play.walletUnavailable";
    return data({ round: null, error, balance: result.balance?.toString() ?? null }, { status: 409 });
  }
  const round: RoundView = {
    id: result.roundId,
    bet: result.bet.toString(),
    win: result.win.toString(),
    outcome: jsonSafe(result.outcome) as Record<string, unknown>,
  };
  const balance = result.balance?.toString() ?? null;
  const headers =
    session.mode === "fun" && balance !== null
      ? { "Set-Cookie": await writeBgsSession(context, { ...session, funBalance: balance }) }
      : undefined;
  return data({ round, error: null, balance }, { headers });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d && "game" in d && d.game ? d.game.name : "" }];

export default function InstantGame() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  if (d.problem !== null || !("game" in d)) return <GameProblem problem={d.problem ?? "unknown"} lobby={d.lobby} />;
  return (
    <GameFrame
      game={d.game}
      lobby={d.lobby}
      fun={d.fun}
      demoProvider={d.demoProvider}
      balance={(a && "balance" in a ? a.balance : null) ?? d.balance}
    >
      <EngineScreen config={d.config} round={a?.round ?? null} error={a?.error ?? null} />
    </GameFrame>
  );
}
