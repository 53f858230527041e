import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GameFrame, GameProblem } from "~/components/games/game-frame";
import { LotteryScreen, type LotteryPurchase } from "~/components/games/lottery-screen";
import { findInHouseGame } from "~/domain/games/catalogue.server";
import { allowedSteps } from "~/domain/games/forms";
import { buyTicket, lotteryView } from "~/domain/games/lottery.server";
import { walletBalance } from "~/domain/games/rounds.server";
import { readBgsSession } from "~/web/bgs-session.server";
import { readForm } from "~/web/csrf.server";
import { inHouseWallet } from "~/web/in-house-wallet.server";
import { requireBrand } from "~/web/guards.server";

/**
 * A lottery game of the in-house server (LOTT, ELOTT): the draw now selling and when its sales close,
 * a ticket form per play type, the player's tickets and the recent results. Plain GETs (the play type
 * tab is a link) and plain posts; the stake leaves and the win arrives through the seamless-wallet API.
 */

async function open(request: Request, context: LoaderFunctionArgs["context"], gameCode: string) {
  const c = requireBrand(context);
  const session = await readBgsSession(request, context);
  const game = await findInHouseGame(c.db, c.brand, c.lng!, gameCode);
  const lobby = session?.lobby ?? "/m/home";
  if (!game) return { c, lobby, problem: "unknown" as const };
  if (game.engine !== "lottery") throw redirect(`/bgs/game/${encodeURIComponent(game.gameCode)}`);
  if (!session || session.game !== game.gameCode) return { c, lobby, problem: "expired" as const };
  // The lottery has no play money: a ticket waits for its draw, long after a free-play page is gone.
  if (session.mode !== "wallet" || !session.token) return { c, lobby, problem: "noFreePlay" as const };
  const wallet = inHouseWallet(context);
  return { c, lobby, session: { ...session, token: session.token }, game, wallet };
}

const tabOf = (v: string | null) => (v === "Tradition" || v === "Entertainment" ? v : null);

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const o = await open(request, context, params.gameCode ?? "");
  if ("problem" in o) return { problem: o.problem, lobby: o.lobby };
  const { c, session, game, wallet } = o;
  const answer = await walletBalance(wallet, c.brand, session, game.gameCode);
  if (!answer) return { problem: "unavailable" as const, lobby: o.lobby };
  if (answer.status !== "RS_OK") return { problem: "ended" as const, lobby: o.lobby };
  const view = await lotteryView(c.db, c.brand, game.gameCode, session.user, new Date());
  return {
    problem: null,
    lobby: o.lobby,
    game: { code: game.gameCode, name: game.name, vassalage: game.vassalage, iconUrl: game.iconUrl },
    demoProvider: game.demoProvider,
    balance: String(answer.balance ?? 0),
    tab: tabOf(new URL(request.url).searchParams.get("tab")) ?? session.playType ?? "Tradition",
    prizeMode: session.prizeMode ?? (game.gameType === "ELOTT" ? "Elott" : "Lott"),
    betSteps: allowedSteps("lottery", game.minBet),
    view,
  };
}

function refusal(status: string): string {
  switch (status) {
    case "SALES_CLOSED":
      return "games.lottery.salesClosed";
    case "RS_ERROR_NOT_ENOUGH_MONEY":
      return "play.notEnoughMoney";
    case "RS_ERROR_TOKEN_EXPIRED":
    case "RS_ERROR_INVALID_TOKEN":
      return "play.sessionEnded";
    case "RS_ERROR_LIMIT_REACHED":
      return "play.limitReached";
    case "RS_ERROR_USER_DISABLED":
      return "play.problem.disabled.title";
    default:
      return "play.walletUnavailable";
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const o = await open(request, context, params.gameCode ?? "");
  const form = await readForm(request, context);
  if ("problem" in o) return data({ purchase: null, error: `play.problem.${o.problem}.title`, balance: null }, { status: 409 });
  const { c, session, game, wallet } = o;
  const field = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v.trim().slice(0, 40) : undefined;
  };
  let result;
  try {
    result = await buyTicket(
      c.db,
      c.brand,
      wallet,
      session,
      game,
      {
        playType: field("playType"),
        pick: field("pick"),
        mode: field("mode"),
        market: field("market"),
        bet: field("bet"),
        drawNo: field("drawNo"),
      },
      new Date(),
    );
  } catch (err) {
    if (err instanceof RangeError)
      return data({ purchase: null, error: "games.lottery.invalid", balance: null }, { status: 400 });
    throw err;
  }
  if (!result.ok) {
    return data({ purchase: null, error: refusal(result.status), balance: result.balance?.toString() ?? null }, { status: 409 });
  }
  const purchase: LotteryPurchase = { ticketId: result.ticketId, drawNo: result.drawNo, stake: result.stake.toString() };
  return data({ purchase, error: null, balance: result.balance?.toString() ?? null });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [{ title: d && "game" in d && d.game ? d.game.name : "" }];

export default function LotteryGame() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  if (d.problem !== null || !("game" in d)) return <GameProblem problem={d.problem ?? "unknown"} lobby={d.lobby} />;
  return (
    <GameFrame game={d.game} lobby={d.lobby} fun={false} demoProvider={d.demoProvider} balance={d.balance}>
      <LotteryScreen
        tab={d.tab}
        prizeMode={d.prizeMode}
        betSteps={d.betSteps}
        view={d.view}
        purchase={a?.purchase ?? null}
        error={a?.error ?? null}
      />
    </GameFrame>
  );
}
