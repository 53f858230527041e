import { and, asc, desc, eq, gt, inArray } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games, lotteryDraws, lotteryTickets } from "~/db/schema";
import { maskUsername } from "~/domain/catalogue/winners.server";
import { publicId } from "~/utils/tokens.server";
import { drawNumberFor, drawTimes, validateTicket, type LotteryTicket } from "./engines/lottery";
import { sendRollback } from "./lottery-settlement.server";
import type { WalletApi } from "./ports";
import { balanceOf, body, call } from "./wallet-calls.server";

/**
 * The in-house number-draw lottery (LOTT and ELOTT games): draws on the clock per brand and game,
 * tickets bought through the seamless-wallet API (one bet each, the ticket id as the round), and what
 * the screen shows. The draw job that fixes results and pays tickets is ./lottery-settlement.server.ts.
 * Every state change is a conditional update, so any number of processes may run the job at once and
 * a ticket is still paid exactly once.
 */

/** How often the brand draws a lottery of this type (brand.play.lotteryDrawMinutes: LOTT every 5 minutes, ELOTT every 3 by default). */
export function drawIntervalMinutes(brand: Brand, gameType: string): number {
  return gameType === "ELOTT" ? brand.play.lotteryDrawMinutes.ELOTT : brand.play.lotteryDrawMinutes.LOTT;
}

/** Sales of a draw close this long before it, so no ticket can be bought near the result. */
export const SALES_CLOSE_MS = 30_000;

/** How many draws ahead are scheduled, so the next draw exists the moment one closes. */
export const DRAWS_AHEAD = 3;

export type LotteryPlayType = "Tradition" | "Entertainment";

export interface LotteryGame {
  gameCode: string;
  gameType: string;
}

async function lotteryGame(db: Db, brand: Brand, gameCode: string): Promise<LotteryGame | null> {
  const [g] = await db
    .select({ gameCode: games.gameCode, gameType: games.gameType })
    .from(games)
    .where(
      and(
        eq(games.merchantCode, brand.merchantCode),
        eq(games.gameCode, gameCode),
        eq(games.enabled, true),
        inArray(games.gameType, ["LOTT", "ELOTT"]),
      ),
    )
    .limit(1);
  return g ?? null;
}

/** Schedules the game's next DRAWS_AHEAD draws (existing ones are kept); a game that is no lottery is a RangeError. */
export async function ensureDraws(db: Db, brand: Brand, gameCode: string, now: Date): Promise<void> {
  const game = await lotteryGame(db, brand, gameCode);
  if (!game) throw new RangeError(`${gameCode} is no lottery game of ${brand.merchantCode}`);
  const interval = drawIntervalMinutes(brand, game.gameType);
  const times = drawTimes(interval, now, DRAWS_AHEAD);
  await db
    .insert(lotteryDraws)
    .values(
      times.map((at) => ({
        merchantCode: brand.merchantCode,
        gameCode: game.gameCode,
        drawNo: drawNumberFor(at, interval),
        drawAt: at,
      })),
    )
    .onConflictDoNothing();
}

/** The draw now selling: the first open draw whose sales have not closed. */
async function sellingDraw(db: Db, brand: Brand, gameCode: string, now: Date) {
  const [d] = await db
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.merchantCode, brand.merchantCode),
        eq(lotteryDraws.gameCode, gameCode),
        eq(lotteryDraws.state, "open"),
        gt(lotteryDraws.drawAt, new Date(now.getTime() + SALES_CLOSE_MS)),
      ),
    )
    .orderBy(asc(lotteryDraws.drawAt))
    .limit(1);
  return d ?? null;
}

// ---------------------------------------------------------------------------------------------
// Buying

export interface TicketForm {
  playType: unknown;
  pick?: unknown;
  mode?: unknown;
  market?: unknown;
  /** Centavos, as a bigint or a decimal string from a form. */
  bet: unknown;
  /** The draw the player was shown; when given, a ticket never slips into a later draw. */
  drawNo?: unknown;
}

export type BuyResult =
  | { ok: true; ticketId: string; drawNo: string; stake: bigint; balance: bigint | null }
  /** SALES_CLOSED (the draw shown no longer sells), UNREACHABLE, or the wallet's refusal: nothing was staked. */
  | { ok: false; status: string; balance: bigint | null };

function stakeOf(v: unknown): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "string" && /^\d{1,12}$/.test(v)) return BigInt(v);
  throw new RangeError("a lottery stake is centavos as a whole number");
}

function ticketFrom(input: TicketForm): LotteryTicket {
  const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
  return validateTicket({
    playType: input.playType,
    pick: blank(input.pick),
    mode: blank(input.mode),
    market: blank(input.market),
    betCentavos: stakeOf(input.bet),
  });
}

/** The ticket as stored: the play without its stake (that is the stake column). */
function playOf(t: LotteryTicket): Record<string, unknown> {
  return t.playType === "Tradition"
    ? { playType: t.playType, pick: t.pick, mode: t.mode }
    : { playType: t.playType, market: t.market };
}

/**
 * Buys a ticket for the draw now selling (or the one named, if it still sells): the ticket is stored
 * pending, the stake goes to the wallet as a bet, and the ticket opens when the bet is taken. A ticket
 * outside the lottery's rules, or staking less than the game's minimum bet, is a RangeError.
 */
export async function buyTicket(
  db: Db,
  brand: Brand,
  wallet: WalletApi,
  session: { token: string; user: string },
  game: { gameCode: string; minBet: bigint },
  input: TicketForm,
  now: Date,
): Promise<BuyResult> {
  const { gameCode } = game;
  const ticket = ticketFrom(input);
  if (ticket.betCentavos < game.minBet)
    throw new RangeError(`a ticket of ${ticket.betCentavos} centavos is below the game's minimum bet of ${game.minBet}`);
  await ensureDraws(db, brand, gameCode, now);
  const wanted = typeof input.drawNo === "string" && input.drawNo !== "" ? input.drawNo : null;
  if (wanted !== null && !/^\d{8}-\d{4}$/.test(wanted)) throw new RangeError("a draw number is YYYYMMDD-NNNN");

  const id = publicId("L");
  // The draw's row lock orders this insert against the job closing the draw: a ticket lands only in a
  // draw that is still open and still selling at the moment it is written.
  const draw = await db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(lotteryDraws)
      .where(
        wanted === null
          ? and(
              eq(lotteryDraws.merchantCode, brand.merchantCode),
              eq(lotteryDraws.gameCode, gameCode),
              eq(lotteryDraws.state, "open"),
              gt(lotteryDraws.drawAt, new Date(now.getTime() + SALES_CLOSE_MS)),
            )
          : and(
              eq(lotteryDraws.merchantCode, brand.merchantCode),
              eq(lotteryDraws.gameCode, gameCode),
              eq(lotteryDraws.drawNo, wanted),
            ),
      )
      .orderBy(asc(lotteryDraws.drawAt))
      .limit(1)
      .for("update");
    if (!d || d.state !== "open" || d.drawAt.getTime() - SALES_CLOSE_MS <= now.getTime()) return null;
    await tx.insert(lotteryTickets).values({
      id,
      merchantCode: brand.merchantCode,
      drawId: d.id,
      player: session.user,
      play: playOf(ticket),
      stake: ticket.betCentavos,
      state: "pending",
      betTransaction: `${id}:bet`,
      sessionToken: session.token,
    });
    return d;
  });
  if (!draw) return { ok: false, status: "SALES_CLOSED", balance: null };

  const ref = { id, player: session.user, sessionToken: session.token, stake: ticket.betCentavos };
  const placed = await call(
    wallet,
    "bet",
    body(brand, session, gameCode, {
      round: id,
      round_closed: false,
      transaction_uuid: `${id}:bet`,
      amount: Number(ticket.betCentavos),
    }),
  );
  if (!placed) {
    // The bet's fate is unknown: cancel it now if the wallet is back, else the draw job will.
    const undone = await sendRollback(db, brand, wallet, gameCode, ref);
    return { ok: false, status: undone ? "RS_ERROR_UNKNOWN" : "UNREACHABLE", balance: null };
  }
  if (placed.status !== "RS_OK") {
    await db
      .update(lotteryTickets)
      .set({ state: "refused", settledAt: new Date() })
      .where(and(eq(lotteryTickets.id, id), eq(lotteryTickets.state, "pending")));
    return { ok: false, status: placed.status, balance: balanceOf(placed) };
  }
  const opened = await db
    .update(lotteryTickets)
    .set({ state: "open" })
    .where(and(eq(lotteryTickets.id, id), eq(lotteryTickets.state, "pending")))
    .returning({ id: lotteryTickets.id });
  // Only a draw job that found the ticket still pending at the draw can have taken it: it rolled the bet back.
  if (opened.length === 0) return { ok: false, status: "RS_ERROR_UNKNOWN", balance: null };
  return { ok: true, ticketId: id, drawNo: draw.drawNo, stake: ticket.betCentavos, balance: balanceOf(placed) };
}

// ---------------------------------------------------------------------------------------------
// What the screen shows

export interface LotteryTicketView {
  id: string;
  drawNo: string;
  play: { playType: LotteryPlayType; pick?: string; mode?: string; market?: string };
  stake: string;
  win: string | null;
  /** open (waiting for its draw, or its bet not yet answered) | won | lost | cancelled */
  state: "open" | "won" | "lost" | "cancelled";
  result: number[] | null;
}

export interface LotteryResultView {
  drawNo: string;
  drawAt: string;
  result: number[];
  winners: { player: string; win: string }[];
}

export interface LotteryView {
  intervalMinutes: number;
  current: { drawNo: string; drawAt: string; closesAt: string; secondsLeft: number } | null;
  tickets: LotteryTicketView[];
  results: LotteryResultView[];
}

const ticketState = (s: string): LotteryTicketView["state"] =>
  s === "won" || s === "lost" ? s : s === "open" || s === "pending" ? "open" : "cancelled";

/** The lottery screen's data: the draw now selling and its close, the player's tickets, recent results with winners. */
export async function lotteryView(db: Db, brand: Brand, gameCode: string, player: string, now: Date): Promise<LotteryView> {
  const game = await lotteryGame(db, brand, gameCode);
  if (!game) throw new RangeError(`${gameCode} is no lottery game of ${brand.merchantCode}`);
  await ensureDraws(db, brand, gameCode, now);
  const selling = await sellingDraw(db, brand, gameCode, now);
  const mine = await db
    .select({ t: lotteryTickets, drawNo: lotteryDraws.drawNo, result: lotteryDraws.result })
    .from(lotteryTickets)
    .innerJoin(lotteryDraws, eq(lotteryDraws.id, lotteryTickets.drawId))
    .where(
      and(
        eq(lotteryTickets.merchantCode, brand.merchantCode),
        eq(lotteryTickets.player, player),
        eq(lotteryDraws.gameCode, gameCode),
        inArray(lotteryTickets.state, ["pending", "open", "won", "lost", "rolled_back"]),
      ),
    )
    .orderBy(desc(lotteryTickets.createdAt))
    .limit(20);
  const recent = await db
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.merchantCode, brand.merchantCode),
        eq(lotteryDraws.gameCode, gameCode),
        inArray(lotteryDraws.state, ["drawn", "settled"]),
      ),
    )
    .orderBy(desc(lotteryDraws.drawAt))
    .limit(8);
  const winners =
    recent.length === 0
      ? []
      : await db
          .select({ drawId: lotteryTickets.drawId, player: lotteryTickets.player, win: lotteryTickets.win })
          .from(lotteryTickets)
          .where(
            and(
              inArray(
                lotteryTickets.drawId,
                recent.map((d) => d.id),
              ),
              eq(lotteryTickets.state, "won"),
            ),
          )
          .orderBy(desc(lotteryTickets.win))
          .limit(100);

  return {
    intervalMinutes: drawIntervalMinutes(brand, game.gameType),
    current: selling && {
      drawNo: selling.drawNo,
      drawAt: selling.drawAt.toISOString(),
      closesAt: new Date(selling.drawAt.getTime() - SALES_CLOSE_MS).toISOString(),
      secondsLeft: Math.max(0, Math.floor((selling.drawAt.getTime() - SALES_CLOSE_MS - now.getTime()) / 1000)),
    },
    tickets: mine.map(({ t, drawNo, result }) => ({
      id: t.id,
      drawNo,
      play: t.play as LotteryTicketView["play"],
      stake: t.stake.toString(),
      win: t.win === null ? null : t.win.toString(),
      state: ticketState(t.state),
      result: t.state === "won" || t.state === "lost" ? result : null,
    })),
    results: recent
      .filter((d) => d.result)
      .map((d) => ({
        drawNo: d.drawNo,
        drawAt: d.drawAt.toISOString(),
        result: d.result!,
        winners: winners
          .filter((w) => w.drawId === d.id)
          .slice(0, 5)
          .map((w) => ({ player: maskUsername(w.player), win: (w.win ?? 0n).toString() })),
      })),
  };
}
