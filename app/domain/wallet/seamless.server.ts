import crypto from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { gameRounds, gameSessions, launchTokens, members, seamlessCalls, seamlessTransactions } from "~/db/schema";
import { hashToken, randomToken } from "~/utils/tokens.server";
import { getBalance } from "./balances.server";
import { giveBackTurnover, takeTurnover } from "./turnover.server";
import { InsufficientFundsError, postTransfer, type AccountRef, type HouseAccount } from "./ledger.server";
import {
  TIMESTAMP_WINDOW_SECONDS,
  type BetCall,
  type BetWinCall,
  type RollbackCall,
  type SeamlessAnswer,
  type SeamlessCall,
  type SeamlessStatus,
  type WinCall,
} from "./seamless-port";

/**
 * The wallet side of the seamless-wallet API: every provider call becomes at most one ledger
 * posting, decided under a per-member lock so that a bet, its win and its rollback arriving in any
 * order and any number of times leave the books exact. The answer is stored in the transaction
 * that moved the money; a replayed request_uuid or transaction_uuid gets it again, unchanged.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A game session lives this long after its last bet or balance call. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** How stale a session's expiry may get before a call moves it on. */
const SESSION_SLIDE_MS = 5 * 60 * 1000;
/** A launch token must be exchanged within this time. */
export const LAUNCH_TOKEN_TTL_MS = 60 * 1000;
/** Advisory-lock namespace of seamless calls (the second key is the member id). */
const LOCK_NAMESPACE = 0x5ea1;

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

class Replayed extends Error {
  constructor(readonly answer: SeamlessAnswer) {
    super("replayed request");
  }
}

/** Answers one provider call (already read and its signature verified by the provider's protocol). */
export async function handleSeamlessCall(
  db: Db,
  brand: Brand,
  provider: string,
  call: SeamlessCall,
  now = new Date(),
): Promise<SeamlessAnswer> {
  const base = { requestUuid: call.requestUuid };
  if (Math.abs(now.getTime() / 1000 - call.timestamp) > TIMESTAMP_WINDOW_SECONDS) {
    return { ...base, status: "RS_ERROR_INVALID_SIGNATURE" };
  }
  try {
    return await db.transaction(async (tx) => {
      const answer = await decide(tx, brand, provider, call, now);
      const [saved] = await tx
        .insert(seamlessCalls)
        .values({
          merchantCode: brand.merchantCode,
          provider,
          requestUuid: call.requestUuid,
          action: call.action,
          answer: answerJson(answer),
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: seamlessCalls.id });
      // The request_uuid was answered before (a replay), or meanwhile by a concurrent copy of this call:
      // undo what this one did and give the first answer.
      if (!saved) throw new Replayed((await storedCall(tx, brand, provider, call.requestUuid))!);
      return answer;
    });
  } catch (err) {
    if (err instanceof Replayed) return err.answer;
    throw err;
  }
}

async function storedCall(db: Db | Tx, brand: Brand, provider: string, requestUuid: string): Promise<SeamlessAnswer | null> {
  const [row] = await db
    .select({ answer: seamlessCalls.answer })
    .from(seamlessCalls)
    .where(
      and(
        eq(seamlessCalls.merchantCode, brand.merchantCode),
        eq(seamlessCalls.provider, provider),
        eq(seamlessCalls.requestUuid, requestUuid),
      ),
    )
    .limit(1);
  return row ? answerFromJson(row.answer) : null;
}

interface Player {
  memberId: number;
  user: string;
  disabled: boolean;
  demo: boolean;
  currency: string;
  expired: boolean;
}

async function decide(tx: Tx, brand: Brand, provider: string, call: SeamlessCall, now: Date): Promise<SeamlessAnswer> {
  const base = { requestUuid: call.requestUuid };
  if (call.action === "authenticate") return authenticate(tx, brand, provider, call.launchToken, base, now);

  const [session] = await tx
    .select({
      tokenHash: gameSessions.tokenHash,
      memberId: gameSessions.memberId,
      demo: gameSessions.demo,
      currency: gameSessions.currency,
      expiresAt: gameSessions.expiresAt,
      username: members.username,
      status: members.status,
    })
    .from(gameSessions)
    .innerJoin(members, and(eq(members.id, gameSessions.memberId), eq(members.merchantCode, gameSessions.merchantCode)))
    .where(
      and(
        eq(gameSessions.tokenHash, hashToken(call.token)),
        eq(gameSessions.merchantCode, brand.merchantCode),
        eq(gameSessions.provider, provider),
      ),
    )
    .limit(1);
  if (!session || session.username !== call.user) return { ...base, status: "RS_ERROR_INVALID_TOKEN" };
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${session.memberId})`);
  const player: Player = {
    memberId: session.memberId,
    user: session.username,
    disabled: session.status !== "active",
    demo: session.demo,
    currency: session.currency,
    expired: session.expiresAt.getTime() <= now.getTime(),
  };
  const known = async (status: SeamlessStatus, extra: Partial<SeamlessAnswer> = {}): Promise<SeamlessAnswer> => ({
    ...base,
    status,
    user: player.user,
    currency: player.currency,
    balance: await balanceOf(tx, brand, player),
    ...extra,
  });
  if (call.currency !== player.currency) return known("RS_ERROR_WRONG_CURRENCY");
  // A transaction already answered gets that answer even after its session ended: a provider retrying a
  // bet it never heard back about must learn that the money moved, not that the token expired.
  const uuid = call.action === "balance" ? null : call.transactionUuid;
  const related = uuid === null ? [] : await transactionAndItsRollback(tx, brand, provider, uuid);
  const prior = related.find((r) => r.transactionUuid === uuid);
  const rolledBackFirst = related.some((r) => r.kind === "rollback" && r.referenceTransactionUuid === uuid);
  if (prior && call.action !== "balance") {
    return prior.fingerprint === fingerprintOf(player, call)
      ? answerFromJson(prior.answer)
      : known("RS_ERROR_DUPLICATE_TRANSACTION");
  }
  // Wins and rollbacks settle what was already staked, so they are taken after the session ended; nothing new is.
  const opensMoney = call.action === "balance" || call.action === "bet" || call.action === "betwin";
  if (opensMoney && player.expired) return known("RS_ERROR_TOKEN_EXPIRED");
  // The session lives on while it is used; its row is written at most every few minutes, not per call.
  if (opensMoney && session.expiresAt.getTime() < now.getTime() + SESSION_IDLE_MS - SESSION_SLIDE_MS) {
    await tx
      .update(gameSessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_IDLE_MS) })
      .where(eq(gameSessions.tokenHash, session.tokenHash));
  }
  if (call.action === "balance") return known("RS_OK");

  switch (call.action) {
    case "bet":
    case "betwin":
      return bet(tx, brand, provider, player, call, known, now, rolledBackFirst);
    case "win":
      return win(tx, brand, provider, player, call, known, now);
    case "rollback":
      return rollback(tx, brand, provider, player, call, known, now);
  }
}

type Known = (status: SeamlessStatus, extra?: Partial<SeamlessAnswer>) => Promise<SeamlessAnswer>;

async function authenticate(
  tx: Tx,
  brand: Brand,
  provider: string,
  launchToken: string,
  base: { requestUuid: string },
  now: Date,
): Promise<SeamlessAnswer> {
  const tokenHash = hashToken(launchToken);
  const [used] = await tx
    .update(launchTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(launchTokens.tokenHash, tokenHash),
        eq(launchTokens.merchantCode, brand.merchantCode),
        eq(launchTokens.provider, provider),
        sql`${launchTokens.usedAt} is null`,
        sql`${launchTokens.expiresAt} > ${now}`,
      ),
    )
    .returning();
  if (!used) {
    const [found] = await tx
      .select({ usedAt: launchTokens.usedAt })
      .from(launchTokens)
      .where(
        and(
          eq(launchTokens.tokenHash, tokenHash),
          eq(launchTokens.merchantCode, brand.merchantCode),
          eq(launchTokens.provider, provider),
        ),
      )
      .limit(1);
    return { ...base, status: found && !found.usedAt ? "RS_ERROR_TOKEN_EXPIRED" : "RS_ERROR_INVALID_TOKEN" };
  }
  const [member] = await tx
    .select({ username: members.username, status: members.status })
    .from(members)
    .where(and(eq(members.id, used.memberId), eq(members.merchantCode, brand.merchantCode)))
    .limit(1);
  if (!member) return { ...base, status: "RS_ERROR_INVALID_TOKEN" };
  const player = { memberId: used.memberId, demo: used.demo };
  const answer = { ...base, user: member.username, currency: used.currency, balance: await balanceOf(tx, brand, player) };
  if (member.status !== "active") return { ...answer, status: "RS_ERROR_USER_DISABLED" };
  const token = randomToken(24);
  await tx.insert(gameSessions).values({
    tokenHash: hashToken(token),
    merchantCode: brand.merchantCode,
    memberId: used.memberId,
    provider,
    gameCode: used.gameCode,
    currency: used.currency,
    demo: used.demo,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_IDLE_MS),
  });
  return { ...answer, status: "RS_OK", token, gameCode: used.gameCode };
}

function account(player: Pick<Player, "memberId" | "demo">): AccountRef {
  return { memberId: player.memberId, kind: player.demo ? "demo" : "cash" };
}

function houseOf(player: Pick<Player, "demo">, provider: string): AccountRef {
  const house: HouseAccount = player.demo ? "house:demo" : `house:provider:${provider}`;
  return { house };
}

async function balanceOf(tx: Tx, brand: Brand, player: Pick<Player, "memberId" | "demo">): Promise<bigint> {
  return getBalance(tx as unknown as Db, brand, player.memberId, player.demo ? "demo" : "cash");
}

function fingerprintOf(player: Player, call: BetCall | WinCall | RollbackCall | BetWinCall): string {
  const content = [
    call.action,
    player.memberId,
    call.gameCode,
    call.round,
    call.amount.toString(),
    "referenceTransactionUuid" in call ? call.referenceTransactionUuid : null,
    call.action === "betwin" ? call.winAmount.toString() : null,
  ];
  return crypto.createHash("sha256").update(JSON.stringify(content)).digest("hex");
}

async function transactionByUuid(tx: Tx, brand: Brand, provider: string, uuid: string) {
  const [row] = await tx
    .select()
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.merchantCode, brand.merchantCode),
        eq(seamlessTransactions.provider, provider),
        eq(seamlessTransactions.transactionUuid, uuid),
      ),
    )
    .limit(1);
  return row;
}

/** The transaction of that id, and the rollback that names it, if either exists: one query for both. */
async function transactionAndItsRollback(tx: Tx, brand: Brand, provider: string, uuid: string) {
  return tx
    .select()
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.merchantCode, brand.merchantCode),
        eq(seamlessTransactions.provider, provider),
        or(
          eq(seamlessTransactions.transactionUuid, uuid),
          and(eq(seamlessTransactions.kind, "rollback"), eq(seamlessTransactions.referenceTransactionUuid, uuid)),
        ),
      ),
    );
}

async function rollbackOf(tx: Tx, brand: Brand, provider: string, uuid: string) {
  const [row] = await tx
    .select()
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.merchantCode, brand.merchantCode),
        eq(seamlessTransactions.provider, provider),
        eq(seamlessTransactions.kind, "rollback"),
        eq(seamlessTransactions.referenceTransactionUuid, uuid),
      ),
    )
    .limit(1);
  return row;
}

/** The companion row of a bet+settle call's win part. */
const winPartOf = (uuid: string) => `${uuid}#win`;
const ledgerKey = (provider: string, uuid: string) => `seamless:${provider}:${uuid}`;

interface Recorded {
  kind: "bet" | "win" | "rollback";
  uuid: string;
  reference?: string | null;
  amount: bigint;
  transferId: number | null;
  turnoverTaken?: bigint;
}

async function record(
  tx: Tx,
  brand: Brand,
  provider: string,
  player: Player,
  call: BetCall | WinCall | RollbackCall | BetWinCall,
  row: Recorded,
  answer: SeamlessAnswer,
  now: Date,
) {
  await tx.insert(seamlessTransactions).values({
    merchantCode: brand.merchantCode,
    provider,
    transactionUuid: row.uuid,
    kind: row.kind,
    memberId: player.memberId,
    demo: player.demo,
    gameCode: call.gameCode,
    round: call.round,
    amount: row.amount,
    referenceTransactionUuid: row.reference ?? null,
    fingerprint: row.uuid === call.transactionUuid ? fingerprintOf(player, call) : `part-of:${call.transactionUuid}`,
    transferId: row.transferId,
    turnoverTaken: row.turnoverTaken ?? 0n,
    status: answer.status,
    answer: answerJson(answer),
    createdAt: now,
  });
}

/** Adds to the round the wallet keeps for the bet record (created by its first call). */
async function addToRound(
  tx: Tx,
  brand: Brand,
  provider: string,
  player: Player,
  call: { round: string; gameCode: string; roundClosed: boolean },
  delta: { bet?: bigint; win?: bigint },
  now: Date,
) {
  await tx
    .insert(gameRounds)
    .values({
      merchantCode: brand.merchantCode,
      memberId: player.memberId,
      provider,
      round: call.round,
      gameCode: call.gameCode,
      demo: player.demo,
      bet: delta.bet ?? 0n,
      win: delta.win ?? 0n,
      closed: call.roundClosed,
      startedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [gameRounds.merchantCode, gameRounds.provider, gameRounds.memberId, gameRounds.round],
      set: {
        bet: sql`${gameRounds.bet} + ${delta.bet ?? 0n}`,
        win: sql`${gameRounds.win} + ${delta.win ?? 0n}`,
        closed: sql`${gameRounds.closed} or ${call.roundClosed}`,
        updatedAt: now,
      },
    });
}

async function bet(
  tx: Tx,
  brand: Brand,
  provider: string,
  player: Player,
  call: BetCall | BetWinCall,
  known: Known,
  now: Date,
  rolledBackFirst: boolean,
): Promise<SeamlessAnswer> {
  const refuse = async (status: SeamlessStatus) => {
    const answer = await known(status);
    await record(
      tx,
      brand,
      provider,
      player,
      call,
      { kind: "bet", uuid: call.transactionUuid, amount: call.amount, transferId: null },
      answer,
      now,
    );
    return answer;
  };
  if (player.disabled) return known("RS_ERROR_USER_DISABLED");
  if (call.amount > BigInt(brand.play.maxBetCentavos)) return refuse("RS_ERROR_LIMIT_REACHED");
  // A rollback of this bet arrived first (the provider gave up on it): the late bet must not stand.
  if (rolledBackFirst) return refuse("RS_ERROR_DUPLICATE_TRANSACTION");

  let betTransfer: number | null = null;
  if (call.amount > 0n) {
    try {
      const posted = await postTransfer(tx, brand, {
        key: ledgerKey(provider, call.transactionUuid),
        kind: "bet",
        reference: `round:${provider}:${call.round}`,
        legs: [
          { account: account(player), amount: -call.amount },
          { account: houseOf(player, provider), amount: call.amount },
        ],
      });
      betTransfer = posted.id;
    } catch (err) {
      if (err instanceof InsufficientFundsError) return refuse("RS_ERROR_NOT_ENOUGH_MONEY");
      throw err;
    }
  }
  const turnoverTaken = player.demo ? 0n : await takeTurnover(tx, brand, player.memberId, call.amount);
  let winTransfer: number | null = null;
  const winAmount = call.action === "betwin" ? call.winAmount : 0n;
  if (winAmount > 0n) {
    const posted = await postTransfer(tx, brand, {
      key: ledgerKey(provider, winPartOf(call.transactionUuid)),
      kind: "win",
      reference: `round:${provider}:${call.round}`,
      legs: [
        { account: houseOf(player, provider), amount: -winAmount },
        { account: account(player), amount: winAmount },
      ],
    });
    winTransfer = posted.id;
  }
  await addToRound(tx, brand, provider, player, call, { bet: call.amount, win: winAmount }, now);
  const answer = await known("RS_OK", { walletTransactionId: String(winTransfer ?? betTransfer ?? "") || undefined });
  await record(
    tx,
    brand,
    provider,
    player,
    call,
    { kind: "bet", uuid: call.transactionUuid, amount: call.amount, transferId: betTransfer, turnoverTaken },
    answer,
    now,
  );
  if (call.action === "betwin") {
    await record(
      tx,
      brand,
      provider,
      player,
      call,
      {
        kind: "win",
        uuid: winPartOf(call.transactionUuid),
        reference: call.transactionUuid,
        amount: winAmount,
        transferId: winTransfer,
      },
      answer,
      now,
    );
  }
  return answer;
}

async function win(
  tx: Tx,
  brand: Brand,
  provider: string,
  player: Player,
  call: WinCall,
  known: Known,
  now: Date,
): Promise<SeamlessAnswer> {
  // A win pays a bet that stands: named, or any accepted one of its round. Not recorded when refused,
  // so the provider's retry succeeds once a bet it sent late has landed.
  const bets = await tx
    .select({ uuid: seamlessTransactions.transactionUuid })
    .from(seamlessTransactions)
    .where(
      and(
        eq(seamlessTransactions.merchantCode, brand.merchantCode),
        eq(seamlessTransactions.provider, provider),
        eq(seamlessTransactions.memberId, player.memberId),
        // A session pays on its own money only: a cash bet is never settled to play money, nor the reverse.
        eq(seamlessTransactions.demo, player.demo),
        eq(seamlessTransactions.kind, "bet"),
        eq(seamlessTransactions.status, "RS_OK"),
        call.referenceTransactionUuid
          ? eq(seamlessTransactions.transactionUuid, call.referenceTransactionUuid)
          : eq(seamlessTransactions.round, call.round),
      ),
    );
  let standing = false;
  for (const b of bets) if (!(await rollbackOf(tx, brand, provider, b.uuid))) standing = true;
  if (!standing) return known("RS_ERROR_TRANSACTION_DOES_NOT_EXIST");

  let transferId: number | null = null;
  if (call.amount > 0n) {
    const posted = await postTransfer(tx, brand, {
      key: ledgerKey(provider, call.transactionUuid),
      kind: "win",
      reference: `round:${provider}:${call.round}`,
      legs: [
        { account: houseOf(player, provider), amount: -call.amount },
        { account: account(player), amount: call.amount },
      ],
    });
    transferId = posted.id;
  }
  await addToRound(tx, brand, provider, player, call, { win: call.amount }, now);
  const answer = await known("RS_OK", { walletTransactionId: transferId === null ? undefined : String(transferId) });
  await record(
    tx,
    brand,
    provider,
    player,
    call,
    { kind: "win", uuid: call.transactionUuid, reference: call.referenceTransactionUuid, amount: call.amount, transferId },
    answer,
    now,
  );
  return answer;
}

async function rollback(
  tx: Tx,
  brand: Brand,
  provider: string,
  player: Player,
  call: RollbackCall,
  known: Known,
  now: Date,
): Promise<SeamlessAnswer> {
  const target = await transactionByUuid(tx, brand, provider, call.referenceTransactionUuid);
  if (target && (target.kind !== "bet" || target.memberId !== player.memberId || target.demo !== player.demo))
    return known("RS_ERROR_TRANSACTION_DOES_NOT_EXIST");
  if (await rollbackOf(tx, brand, provider, call.referenceTransactionUuid)) return known("RS_ERROR_DUPLICATE_TRANSACTION");

  let transferId: number | null = null;
  if (target && target.status === "RS_OK") {
    // A bet+settle call is undone whole: its stake comes back and its win goes.
    const winPart = await transactionByUuid(tx, brand, provider, winPartOf(target.transactionUuid));
    const won = winPart?.amount ?? 0n;
    const net = target.amount - won;
    if (net !== 0n) {
      try {
        const posted = await postTransfer(tx, brand, {
          key: ledgerKey(provider, call.transactionUuid),
          kind: "rollback",
          reference: `round:${provider}:${target.round}`,
          legs: [
            { account: houseOf(player, provider), amount: -net },
            { account: account(player), amount: net },
          ],
        });
        transferId = posted.id;
      } catch (err) {
        if (err instanceof InsufficientFundsError) return known("RS_ERROR_NOT_ENOUGH_MONEY");
        throw err;
      }
    }
    await giveBackTurnover(tx, brand, player.memberId, target.turnoverTaken);
    await tx
      .update(gameRounds)
      .set({
        bet: sql`${gameRounds.bet} - ${target.amount}`,
        win: sql`${gameRounds.win} - ${won}`,
        closed: sql`${gameRounds.closed} or ${call.roundClosed}`,
        updatedAt: now,
      })
      .where(
        and(
          eq(gameRounds.merchantCode, brand.merchantCode),
          eq(gameRounds.provider, provider),
          eq(gameRounds.memberId, player.memberId),
          eq(gameRounds.round, target.round),
        ),
      );
  }
  // A rollback of a bet never seen is recorded all the same, so the late bet is refused.
  const answer = await known("RS_OK", { walletTransactionId: transferId === null ? undefined : String(transferId) });
  await record(
    tx,
    brand,
    provider,
    player,
    call,
    {
      kind: "rollback",
      uuid: call.transactionUuid,
      reference: call.referenceTransactionUuid,
      amount: target?.amount ?? call.amount,
      transferId,
    },
    answer,
    now,
  );
  return answer;
}

function answerJson(a: SeamlessAnswer): Record<string, unknown> {
  return { ...a, balance: a.balance === undefined ? undefined : a.balance.toString() };
}

function answerFromJson(j: Record<string, unknown>): SeamlessAnswer {
  const a = j as unknown as SeamlessAnswer & { balance?: string };
  return { ...a, balance: a.balance === undefined ? undefined : BigInt(a.balance) };
}
