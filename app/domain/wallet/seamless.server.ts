import { and, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { perDatabase, type Db } from "~/db/client.server";
import { dbErrorInfo, violates } from "~/db/errors";
import { launchTokens, seamlessCalls } from "~/db/schema";
import { getSystemStatus, isSystemStatus, SiteClosedError } from "~/domain/site/system-status.server";
import { withinWindow } from "~/utils/dates.server";
import { createLanes } from "~/utils/lanes";
import { hashToken, randomToken } from "~/utils/tokens.server";
import { TIMESTAMP_WINDOW_SECONDS, type SeamlessAnswer, type SeamlessCall } from "./seamless-port";

/**
 * The wallet side of the seamless-wallet API: every provider call becomes at most one ledger
 * posting, decided under a per-member lock so that a bet, its win and its rollback arriving in any
 * order and any number of times leave the books exact. The answer is stored in the transaction
 * that moved the money; a replayed request_uuid or transaction_uuid gets it again, unchanged.
 * The rules are the database function seamless_call (migration 0008, ADR 0017): each call is
 * decided in one statement; under load, the calls that queue go to the database in batches (ADR 0045).
 */

/** A game session lives this long after its last bet or balance call. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** How stale a session's expiry may get before a call moves it on. */
export const SESSION_SLIDE_MS = 5 * 60 * 1000;
/** A launch token must be exchanged within this time. */
export const LAUNCH_TOKEN_TTL_MS = 60 * 1000;

export interface LaunchGrant {
  /** Handed to the provider in the game URL; single use, short-lived. */
  launchToken: string;
  expiresAt: Date;
}

/** Creates the single-use launch token bound to member, brand, game, provider and currency. */
export async function createLaunchToken(
  db: Db,
  brand: Brand,
  input: { memberId: number; demo: boolean; provider: string; gameCode: string },
  now = new Date(),
): Promise<LaunchGrant> {
  const launchToken = randomToken(24);
  const expiresAt = new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS);
  await db.insert(launchTokens).values({
    tokenHash: hashToken(launchToken),
    merchantCode: brand.merchantCode,
    memberId: input.memberId,
    provider: input.provider,
    gameCode: input.gameCode,
    currency: brand.currency,
    demo: input.demo,
    createdAt: now,
    expiresAt,
  });
  return { launchToken, expiresAt };
}

/**
 * Answers one provider call (already read and its signature verified by the provider's protocol).
 * Throws SiteClosedError while the brand is closed: the brand's status is read in the same statement
 * as the call (migration 0015, ADR 0031), and nothing is decided or stored.
 */
export async function handleSeamlessCall(
  db: Db,
  brand: Brand,
  provider: string,
  call: SeamlessCall,
  now = new Date(),
): Promise<SeamlessAnswer> {
  if (!withinWindow(call.timestamp, now, TIMESTAMP_WINDOW_SECONDS)) {
    const status = await getSystemStatus(db, brand);
    if (status !== 0) throw new SiteClosedError(status);
    return { requestUuid: call.requestUuid, status: "RS_ERROR_INVALID_SIGNATURE" };
  }
  const queued = queuedCall(brand, provider, call, now);
  const answer = await seamlessLanes(db)(`${brand.merchantCode}:${laneKey(queued.input)}`, queued);
  const closed = answer.siteClosed;
  if (isSystemStatus(closed) && closed !== 0) throw new SiteClosedError(closed);
  return answerFromJson(answer);
}

/** One call as the database functions take it (seamless_call; in a batch, seamless_call_batch). */
export interface QueuedCall {
  input: Record<string, unknown>;
  now: string;
  maxBet: string;
}
type AnswerJson = Record<string, unknown>;

/** A provider's call to the brand's wallet, as the lanes queue it and the database functions read it. */
export function queuedCall(brand: Brand, provider: string, call: SeamlessCall, now: Date): QueuedCall {
  return {
    input: { merchant: brand.merchantCode, provider, ...callInput(call) },
    now: now.toISOString(),
    maxBet: String(brand.play.maxBetCentavos),
  };
}

/** Calls as one batch, as seamless_call_batch (and seamless_batch_plain, which it asks first) take them. */
export const batchJson = (calls: QueuedCall[]) =>
  JSON.stringify(calls.map(({ input, now, maxBet }) => ({ call: input, now, maxBet })));

/** How many batches may run at once, and the most calls in one (ADR 0045). */
const SEAMLESS_LANES = 2;
const SEAMLESS_BATCH = 32;

/**
 * A player's calls share a lane (by the user they name; an exchange of a launch token by its
 * hash), so two batches never wait on each other for one member's lock.
 */
function laneKey(input: Record<string, unknown>): string {
  return String(input.user ?? input.launchTokenHash);
}

/**
 * The calls of a database, in lanes (app/utils/lanes.ts): a call whose lane is idle goes alone,
 * at once; the calls that queue behind a busy lane go as one batch, one statement
 * (seamless_call_batch, migration 0024) that decides each in turn in one transaction, or, when
 * every call is a bet or win of a player of its own that is simply accepted, writes them all set
 * by set (seamless_batch_plain, migration 0025, ADR 0046). A batch that fails has changed nothing
 * and its calls go again one by one, so an error is only its own call's.
 */
const lanes = perDatabase<(key: string, call: QueuedCall) => Promise<AnswerJson>>();
const seamlessLanes = (db: Db) =>
  lanes(db, "seamless", () =>
    createLanes<QueuedCall, AnswerJson>({
      lanes: SEAMLESS_LANES,
      maxBatch: SEAMLESS_BATCH,
      many: (calls) => callMany(db, calls),
      one: (call) => callOne(db, call),
      onBatchError: (err, size) => {
        // The database's own words (SQLSTATE and message), not the failed query with its values.
        const info = dbErrorInfo(err);
        const why = info ? `${info.code} ${info.message}` : err instanceof Error ? err.message : String(err);
        console.warn(`seamless: a batch of ${size} calls failed and goes again call by call: ${why}`);
      },
    }),
  );

/** One statement: decided under the member's lock, the money moved and the answer stored, or nothing. */
async function callOne(db: Db, { input, now, maxBet }: QueuedCall): Promise<AnswerJson> {
  try {
    const [row] = await callStatement(db).execute({ call: JSON.stringify(input), now, maxBet });
    return row!.answer;
  } catch (err) {
    // A concurrent copy of this request_uuid was answered first and this one changed nothing: its answer stands.
    if (violates(err, "23505", "seamless_calls_request_idx")) {
      const first = await storedAnswer(db, String(input.merchant), String(input.provider), String(input.requestUuid));
      if (first) return first;
    }
    throw err;
  }
}

async function callMany(db: Db, calls: QueuedCall[]): Promise<AnswerJson[]> {
  const [row] = await batchStatement(db).execute({ calls: batchJson(calls) });
  return row!.answers;
}

/** The statements, compiled by drizzle once per database. */
const statements = perDatabase<ReturnType<typeof buildStatements>>();
const callStatement = (db: Db) => statements(db, "seamless", () => buildStatements(db)).one;
const batchStatement = (db: Db) => statements(db, "seamless", () => buildStatements(db)).many;

/**
 * Named prepared statements: on PostgreSQL each is parsed and planned once per connection. Sent
 * unnamed, a call was parsed and planned every time: a tenth of PostgreSQL's time in a profile of
 * the seamless benchmark.
 */
function buildStatements(db: Db) {
  const idle = sql`${`${SESSION_IDLE_MS} milliseconds`}::interval`;
  const slide = sql`${`${SESSION_SLIDE_MS} milliseconds`}::interval`;
  const answer = sql<AnswerJson>`seamless_call(${sql.placeholder("call")}::jsonb, ${sql.placeholder("now")}::timestamptz,
    ${sql.placeholder("maxBet")}::bigint, ${idle}, ${slide})`;
  const answers = sql<AnswerJson[]>`seamless_call_batch(${sql.placeholder("calls")}::jsonb, ${idle}, ${slide})`;
  const one = sql`(select 1) as one`;
  return {
    one: db.select({ answer }).from(one).prepare("seamless_call"),
    many: db.select({ answers }).from(one).prepare("seamless_call_batch"),
  };
}

/** What the database function seamless_call reads: tokens by their hash, amounts as decimal strings. */
function callInput(call: SeamlessCall): Record<string, unknown> {
  const { action, requestUuid } = call;
  if (action === "authenticate") {
    // The session token the exchange would create; stored by its hash, handed to the provider once.
    const sessionToken = randomToken(24);
    return {
      action,
      requestUuid,
      launchTokenHash: hashToken(call.launchToken),
      sessionToken,
      sessionTokenHash: hashToken(sessionToken),
    };
  }
  const session = {
    action,
    requestUuid,
    tokenHash: hashToken(call.token),
    user: call.user,
    currency: call.currency,
    gameCode: call.gameCode,
  };
  if (action === "balance") return session;
  return {
    ...session,
    round: call.round,
    roundClosed: call.roundClosed,
    transactionUuid: call.transactionUuid,
    amount: call.amount.toString(),
    referenceTransactionUuid: "referenceTransactionUuid" in call ? call.referenceTransactionUuid : null,
    winAmount: action === "betwin" ? call.winAmount.toString() : null,
  };
}

async function storedAnswer(db: Db, merchant: string, provider: string, requestUuid: string): Promise<AnswerJson | null> {
  const [row] = await db
    .select({ answer: seamlessCalls.answer })
    .from(seamlessCalls)
    .where(
      and(
        eq(seamlessCalls.merchantCode, merchant),
        eq(seamlessCalls.provider, provider),
        eq(seamlessCalls.requestUuid, requestUuid),
      ),
    )
    .limit(1);
  return row ? (row.answer as AnswerJson) : null;
}

function answerFromJson(j: Record<string, unknown>): SeamlessAnswer {
  const a = j as unknown as SeamlessAnswer & { balance?: string };
  return { ...a, balance: a.balance === undefined ? undefined : BigInt(a.balance) };
}
