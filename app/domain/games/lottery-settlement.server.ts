import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { lotteryDraws, lotteryTickets } from "~/db/schema";
import { drawResult, settleTicket, type LotteryTicket } from "./engines/lottery";
import { recordingRng } from "./engines/rng";
import { cryptoRng } from "./engines/rng.server";
import type { WalletApi } from "./ports";
import { body, call } from "./wallet-calls.server";

/**
 * The lottery's draw job and its wallet calls: each due draw's result is fixed, then every ticket of
 * it is paid (a win, zero for a loss so the wallet closes the round) or, when its bet went
 * unanswered, rolled back. Tickets are bought in ./lottery.server.ts.
 */

export type TicketRef = { id: string; player: string; sessionToken: string; stake: bigint };

/** Cancels a ticket's bet at the wallet (the same transaction id every time, so it lands once); true once it is undone. */
export async function sendRollback(db: Db, brand: Brand, wallet: WalletApi, gameCode: string, t: TicketRef): Promise<boolean> {
  const undone = await call(
    wallet,
    "rollback",
    body(brand, { token: t.sessionToken, user: t.player }, gameCode, {
      round: t.id,
      round_closed: true,
      transaction_uuid: `${t.id}:rollback`,
      reference_transaction_uuid: `${t.id}:bet`,
      amount: Number(t.stake),
    }),
  );
  if (undone?.status !== "RS_OK") return false;
  await db
    .update(lotteryTickets)
    .set({ state: "rolled_back", settledAt: new Date() })
    .where(
      and(
        eq(lotteryTickets.id, t.id),
        inArray(lotteryTickets.state, ["pending", "rolled_back"]),
        isNull(lotteryTickets.settledAt),
      ),
    );
  return true;
}

/** Sends a settled ticket's win (zero for a loss: it closes the wallet's round); the same transaction id every time, so it lands once. */
async function sendWin(
  db: Db,
  brand: Brand,
  wallet: WalletApi,
  gameCode: string,
  t: TicketRef & { win: bigint },
): Promise<boolean> {
  const paid = await call(
    wallet,
    "win",
    body(brand, { token: t.sessionToken, user: t.player }, gameCode, {
      round: t.id,
      round_closed: true,
      transaction_uuid: `${t.id}:win`,
      reference_transaction_uuid: `${t.id}:bet`,
      amount: Number(t.win),
    }),
  );
  if (paid?.status !== "RS_OK") return false;
  await db
    .update(lotteryTickets)
    .set({ settledAt: new Date() })
    .where(and(eq(lotteryTickets.id, t.id), inArray(lotteryTickets.state, ["won", "lost"]), isNull(lotteryTickets.settledAt)));
  return true;
}

export interface DrawRunReport {
  /** Draws whose result this run fixed. */
  drawn: number;
  /** Draws this run marked settled (every ticket paid, lost or rolled back). */
  settled: number;
}

/**
 * Draws every due draw of the brand and settles its tickets. Safe to call often and from several
 * processes at once: each draw's result is fixed by whichever process moves it from open, each
 * ticket is settled by whichever moves it from open, and a win that went unanswered is sent again
 * (same transaction id) on the next run.
 */
export async function runDueDraws(db: Db, brand: Brand, wallet: WalletApi, now: Date): Promise<DrawRunReport> {
  const due = await db
    .select({ id: lotteryDraws.id, state: lotteryDraws.state })
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.merchantCode, brand.merchantCode),
        inArray(lotteryDraws.state, ["open", "drawn"]),
        lte(lotteryDraws.drawAt, now),
      ),
    )
    .orderBy(asc(lotteryDraws.drawAt))
    .limit(100);
  const report: DrawRunReport = { drawn: 0, settled: 0 };
  for (const d of due) {
    if (d.state === "open") {
      const rng = recordingRng(cryptoRng());
      const result = drawResult(rng);
      const fixed = await db
        .update(lotteryDraws)
        .set({ state: "drawn", result, draws: rng.draws, drawnAt: now })
        .where(and(eq(lotteryDraws.id, d.id), eq(lotteryDraws.state, "open")))
        .returning({ id: lotteryDraws.id });
      if (fixed.length > 0) report.drawn++;
    }
    if (await settleDraw(db, brand, wallet, d.id)) report.settled++;
  }
  return report;
}

async function settleDraw(db: Db, brand: Brand, wallet: WalletApi, drawId: number): Promise<boolean> {
  const [draw] = await db.select().from(lotteryDraws).where(eq(lotteryDraws.id, drawId)).limit(1);
  if (!draw || draw.state !== "drawn" || !draw.result) return false;
  const result = draw.result;
  const unsettled = await db
    .select()
    .from(lotteryTickets)
    .where(
      and(
        eq(lotteryTickets.drawId, drawId),
        // Pending and open tickets have no settledAt; nor have settled ones whose wallet call is unanswered.
        isNull(lotteryTickets.settledAt),
      ),
    );
  for (const t of unsettled) {
    const ref = { id: t.id, player: t.player, sessionToken: t.sessionToken, stake: t.stake };
    if (t.state === "pending") {
      // Sales closed SALES_CLOSE_MS before the draw, longer than any wallet call may take: a ticket still
      // pending now lost its answer, so its bet is cancelled (the wallet then refuses it should it land late).
      const claimed = await db
        .update(lotteryTickets)
        .set({ state: "rolled_back" })
        .where(and(eq(lotteryTickets.id, t.id), eq(lotteryTickets.state, "pending")))
        .returning({ id: lotteryTickets.id });
      if (claimed.length > 0) await sendRollback(db, brand, wallet, draw.gameCode, ref);
    } else if (t.state === "open") {
      const win = settleTicket({ ...(t.play as object), betCentavos: t.stake } as LotteryTicket, result);
      const claimed = await db
        .update(lotteryTickets)
        .set({ state: win > 0n ? "won" : "lost", win, winTransaction: `${t.id}:win` })
        .where(and(eq(lotteryTickets.id, t.id), eq(lotteryTickets.state, "open")))
        .returning({ id: lotteryTickets.id });
      if (claimed.length > 0) await sendWin(db, brand, wallet, draw.gameCode, { ...ref, win });
    } else if (t.state === "rolled_back") {
      await sendRollback(db, brand, wallet, draw.gameCode, ref);
    } else if (t.state === "won" || t.state === "lost") {
      await sendWin(db, brand, wallet, draw.gameCode, { ...ref, win: t.win ?? 0n });
    }
  }
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(lotteryTickets)
    .where(and(eq(lotteryTickets.drawId, drawId), isNull(lotteryTickets.settledAt)));
  if (Number(left?.n ?? 0) > 0) return false;
  const done = await db
    .update(lotteryDraws)
    .set({ state: "settled" })
    .where(and(eq(lotteryDraws.id, drawId), eq(lotteryDraws.state, "drawn")))
    .returning({ id: lotteryDraws.id });
  return done.length > 0;
}
