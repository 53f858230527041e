/** Provider calls sent straight to the wallet's database functions, alone or as one batch, as the API's lanes send them. */
import { sql, type SQL } from "drizzle-orm";
import type { Brand } from "../../app/brand/schema";
import { rawRows, type Db } from "../../app/db/client.server";
import { batchJson, queuedCall, SESSION_IDLE_MS, SESSION_SLIDE_MS } from "../../app/domain/wallet/seamless.server";
import type { BetCall, RollbackCall, SeamlessCall, WinCall } from "../../app/domain/wallet/seamless-port";
import { nowSeconds, uid, type LiveSession } from "./seamless-client";

export type AnswerJson = Record<string, unknown>;

const idle = `${SESSION_IDLE_MS} milliseconds`;
const slide = `${SESSION_SLIDE_MS} milliseconds`;

async function one<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rawRows<{ out: T }>(db, query);
  return row!.out;
}

/** The calls as one batch (seamless_call_batch): the answers, in the calls' order. */
export const runBatch = (db: Db, brand: Brand, calls: SeamlessCall[], now = new Date()) =>
  one<AnswerJson[]>(
    db,
    sql`select seamless_call_batch(${batchJson(calls.map((c) => queuedCall(brand, "BGS", c, now)))}::jsonb, ${idle}::interval, ${slide}::interval) as out`,
  );

/** The calls as one batch written set by set (seamless_batch_plain): the answers, or null when the batch is not plain. */
export const runPlain = (db: Db, brand: Brand, calls: SeamlessCall[], now = new Date()) =>
  one<AnswerJson[] | null>(
    db,
    sql`select seamless_batch_plain(${batchJson(calls.map((c) => queuedCall(brand, "BGS", c, now)))}::jsonb, ${idle}::interval, ${slide}::interval) as out`,
  );

/** One call decided alone (seamless_call), as a call that finds its lane idle. */
export function runAlone(db: Db, brand: Brand, call: SeamlessCall, now = new Date()) {
  const q = queuedCall(brand, "BGS", call, now);
  return one<AnswerJson>(
    db,
    sql`select seamless_call(${JSON.stringify(q.input)}::jsonb, ${q.now}::timestamptz, ${q.maxBet}::bigint, ${idle}::interval, ${slide}::interval) as out`,
  );
}

/** A bet of the session in a round of its own. */
export function betCall(s: LiveSession, amount: bigint, round = uid("round")): BetCall {
  return {
    action: "bet",
    requestUuid: uid("req"),
    timestamp: nowSeconds(),
    token: s.token,
    user: s.user,
    currency: s.currency,
    gameCode: s.gameCode,
    round,
    roundClosed: false,
    transactionUuid: uid("bet"),
    amount,
  };
}

/** The win of a bet's round, naming the bet or not. */
export function winCall(bet: BetCall, amount: bigint, named: boolean): WinCall {
  return {
    ...bet,
    action: "win",
    requestUuid: uid("req"),
    roundClosed: true,
    transactionUuid: uid("win"),
    referenceTransactionUuid: named ? bet.transactionUuid : null,
    amount,
  };
}

/** The rollback of a bet. */
export function rollbackCall(bet: BetCall): RollbackCall {
  return {
    ...bet,
    action: "rollback",
    requestUuid: uid("req"),
    transactionUuid: uid("rb"),
    referenceTransactionUuid: bet.transactionUuid,
  };
}
