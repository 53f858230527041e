import crypto from "node:crypto";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { bgsRounds } from "~/db/schema";
import { publicId } from "~/utils/tokens.server";
import { ENGINES, type EngineInput, type InstantEngine } from "./engines";
import { recordingRng, replayRng } from "./engines/rng";
import { cryptoRng } from "./engines/rng.server";
import type { WalletAnswer, WalletApi } from "./ports";
import { balanceOf, body, call } from "./wallet-calls.server";

/**
 * The in-house game server's rounds. The outcome is drawn and stored (with every random draw) before
 * any money moves; then the stake goes to the wallet as a bet and the win as a win, through the
 * seamless-wallet API alone. A round whose bet went unanswered is rolled back, one whose win went
 * unanswered is paid again later (same transaction id, so never twice): see finishUnsettledRounds.
 */

/** The player of a round: a wallet session (real or demo money), or free play without one. */
export type Player = { kind: "wallet"; token: string; user: string } | { kind: "fun"; user: string; balance: bigint };

export type RoundResult =
  | { ok: true; roundId: string; bet: bigint; win: bigint; outcome: Record<string, unknown>; balance: bigint | null }
  /** The wallet refused the bet (RS_ERROR_…), or could not be reached (UNREACHABLE); nothing was staked. */
  | { ok: false; status: string; balance: bigint | null };

/** Rounds left unsettled this long (their process died, the wallet did not answer) are finished by the job. */
export const UNSETTLED_AFTER_MS = 30_000;

/** Exchanges a launch token for the wallet's game session; null when the wallet could not be reached. */
export function openWalletSession(wallet: WalletApi, launchToken: string): Promise<WalletAnswer | null> {
  return call(wallet, "authenticate", {
    request_uuid: crypto.randomUUID(),
    timestamp: Math.floor(Date.now() / 1000),
    token: launchToken,
  });
}

/** The player's balance at the wallet (RS_OK with balance, or the refusal); null when unreachable. */
export function walletBalance(
  wallet: WalletApi,
  brand: Brand,
  player: { token: string; user: string },
  gameCode: string,
): Promise<WalletAnswer | null> {
  return call(wallet, "balance", body(brand, player, gameCode, {}));
}

/** Plays one round of an instant engine for a player. A RangeError from the engine means input outside its rules. */
export async function playRound(
  db: Db,
  brand: Brand,
  wallet: WalletApi | null,
  player: Player,
  game: { gameCode: string; engine: InstantEngine; input: EngineInput },
): Promise<RoundResult> {
  const rng = recordingRng(cryptoRng());
  const { bet, win, outcome } = ENGINES[game.engine](game.input, rng);
  if (player.kind === "fun" && bet > player.balance)
    return { ok: false, status: "RS_ERROR_NOT_ENOUGH_MONEY", balance: player.balance };
  const id = publicId("R");
  const betTransaction = `${id}:bet`;
  const winTransaction = `${id}:win`;
  const fun = player.kind === "fun";
  await db.insert(bgsRounds).values({
    id,
    merchantCode: brand.merchantCode,
    player: player.user,
    gameCode: game.gameCode,
    engine: game.engine,
    mode: fun ? "fun" : "wallet",
    bet,
    win,
    input: game.input,
    draws: rng.draws,
    outcome,
    state: fun ? "settled" : "pending",
    betTransaction: fun ? null : betTransaction,
    winTransaction: fun || win === 0n ? null : winTransaction,
    sessionToken: fun ? null : player.token,
    settledAt: fun ? new Date() : null,
  });
  if (player.kind === "fun") return { ok: true, roundId: id, bet, win, outcome, balance: player.balance - bet + win };
  if (!wallet) throw new Error("a wallet round needs the wallet");

  const placed = await call(
    wallet,
    "bet",
    body(brand, player, game.gameCode, {
      round: id,
      round_closed: win === 0n,
      transaction_uuid: betTransaction,
      amount: Number(bet),
    }),
  );
  if (!placed) {
    // The bet's fate is unknown: cancel it now if the wallet is back, else the job will.
    const undone = await rollbackRound(db, brand, wallet, {
      id,
      gameCode: game.gameCode,
      player: player.user,
      sessionToken: player.token,
      bet,
    });
    return { ok: false, status: undone ? "RS_ERROR_UNKNOWN" : "UNREACHABLE", balance: null };
  }
  if (placed.status !== "RS_OK") {
    await setState(db, id, ["pending"], { state: "refused", error: placed.status, settledAt: new Date() });
    return { ok: false, status: placed.status, balance: balanceOf(placed) };
  }
  let balance = balanceOf(placed);
  if (win > 0n) {
    await setState(db, id, ["pending"], { state: "paying" });
    const paid = await payWin(db, brand, wallet, {
      id,
      gameCode: game.gameCode,
      player: player.user,
      sessionToken: player.token,
      win,
    });
    balance = paid ? balanceOf(paid) : balance === null ? null : balance + win;
  } else {
    await setState(db, id, ["pending"], { state: "settled", settledAt: new Date() });
  }
  return { ok: true, roundId: id, bet, win, outcome, balance };
}

type RoundRef = { id: string; gameCode: string; player: string; sessionToken: string | null };

async function payWin(db: Db, brand: Brand, wallet: WalletApi, round: RoundRef & { win: bigint }): Promise<WalletAnswer | null> {
  const paid = await call(
    wallet,
    "win",
    body(brand, { token: round.sessionToken ?? "", user: round.player }, round.gameCode, {
      round: round.id,
      round_closed: true,
      transaction_uuid: `${round.id}:win`,
      reference_transaction_uuid: `${round.id}:bet`,
      amount: Number(round.win),
    }),
  );
  if (paid?.status === "RS_OK") {
    await setState(db, round.id, ["paying"], { state: "settled", settledAt: new Date() });
    return paid;
  }
  if (paid) await setState(db, round.id, ["paying"], { error: paid.status });
  return null;
}

async function rollbackRound(db: Db, brand: Brand, wallet: WalletApi, round: RoundRef & { bet: bigint }): Promise<boolean> {
  const undone = await call(
    wallet,
    "rollback",
    body(brand, { token: round.sessionToken ?? "", user: round.player }, round.gameCode, {
      round: round.id,
      round_closed: true,
      transaction_uuid: `${round.id}:rollback`,
      reference_transaction_uuid: `${round.id}:bet`,
      amount: Number(round.bet),
    }),
  );
  if (undone?.status !== "RS_OK") return false;
  await setState(db, round.id, ["pending"], { state: "rolled_back", settledAt: new Date() });
  return true;
}

async function setState(db: Db, id: string, from: string[], set: Partial<typeof bgsRounds.$inferInsert>) {
  await db
    .update(bgsRounds)
    .set(set)
    .where(and(eq(bgsRounds.id, id), inArray(bgsRounds.state, from as never[])));
}

/**
 * Finishes the brand's rounds left unsettled: a bet never confirmed is rolled back (a rollback of a
 * bet the wallet never saw is recorded there, so the bet can no longer land), a win never confirmed
 * is sent again. Answers how many rounds it finished.
 */
export async function finishUnsettledRounds(db: Db, brand: Brand, wallet: WalletApi, now = new Date()): Promise<number> {
  const stale = await db
    .select()
    .from(bgsRounds)
    .where(
      and(
        eq(bgsRounds.merchantCode, brand.merchantCode),
        inArray(bgsRounds.state, ["pending", "paying"]),
        lt(bgsRounds.createdAt, new Date(now.getTime() - UNSETTLED_AFTER_MS)),
      ),
    )
    .limit(100);
  let finished = 0;
  for (const r of stale) {
    const ok =
      r.state === "pending"
        ? await rollbackRound(db, brand, wallet, { ...r, bet: r.bet })
        : Boolean(await payWin(db, brand, wallet, { ...r, win: r.win }));
    if (ok) finished++;
  }
  return finished;
}

/** Plays a stored round again from its input and draws: the audit's proof that the outcome was the engine's. */
export async function replayStoredRound(db: Db, id: string): Promise<{ found: boolean; matches: boolean }> {
  const [r] = await db.select().from(bgsRounds).where(eq(bgsRounds.id, id)).limit(1);
  if (!r || r.engine === "lottery") return { found: Boolean(r), matches: false };
  const again = ENGINES[r.engine as InstantEngine](r.input, replayRng(r.draws));
  return { found: true, matches: canonicalJson(again.outcome) === canonicalJson(r.outcome) && again.win === r.win };
}

/** JSON with every object's keys sorted: jsonb stores keys in its own order, so outcomes compare by content. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
