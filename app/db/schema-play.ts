import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { members } from "./schema-accounts";
import { walletTransfers } from "./schema-money";

/**
 * Play: the operator's side of the seamless-wallet contract (launch tokens, game sessions,
 * every provider call with its answer, rounds, the turnover requirement) and the in-house
 * game server's own books (vendor BGS: its rounds with their random draws, lottery draws and
 * tickets). The two sides meet only through the signed HTTP API, as with an outside provider.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const centavos = (name: string) => bigint(name, { mode: "bigint" });

/** A single-use, short-lived launch token, kept only as its SHA-256; exchanged once by the provider for a session. */
export const launchTokens = pgTable(
  "launch_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** The provider that will call the wallet for this game (the catalogue vendor, or BGS when it runs the vendor's games). */
    provider: text("provider").notNull(),
    gameCode: text("game_code").notNull(),
    currency: text("currency").notNull(),
    /** Trial players play on their demo account. */
    demo: boolean("demo").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("launch_tokens_expires_idx").on(t.expiresAt)],
);

/** The game session token a provider uses for every call of one session, kept as its SHA-256. */
export const gameSessions = pgTable(
  "game_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    gameCode: text("game_code").notNull(),
    currency: text("currency").notNull(),
    demo: boolean("demo").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [index("game_sessions_member_idx").on(t.merchantCode, t.memberId), index("game_sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Every answered provider call by its request_uuid: a replay gets this answer again, unchanged.
 * Written in the transaction that moved the money, so an answer exists exactly when its effect does.
 */
export const seamlessCalls = pgTable(
  "seamless_calls",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    provider: text("provider").notNull(),
    requestUuid: text("request_uuid").notNull(),
    action: text("action").notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("seamless_calls_request_idx").on(t.merchantCode, t.provider, t.requestUuid)],
);

/**
 * A provider's bet, win or rollback by its transaction_uuid, with the content fingerprint that tells
 * a replay (same content: the first answer) from a duplicate (other content: refused). A rollback that
 * came before its bet is recorded without a transfer, so the late bet is refused.
 */
export const seamlessTransactions = pgTable(
  "seamless_transactions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    provider: text("provider").notNull(),
    transactionUuid: text("transaction_uuid").notNull(),
    kind: text("kind").$type<"bet" | "win" | "rollback">().notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    demo: boolean("demo").notNull(),
    gameCode: text("game_code").notNull(),
    round: text("round").notNull(),
    amount: centavos("amount_centavos").notNull(),
    referenceTransactionUuid: text("reference_transaction_uuid"),
    fingerprint: text("fingerprint").notNull(),
    /** The ledger transfer it posted; null for a refused bet and for a rollback of a bet never seen. */
    transferId: integer("transfer_id").references(() => walletTransfers.id, { onDelete: "restrict" }),
    /** What an accepted cash bet took off the member's turnover requirement, given back if the bet is rolled back. */
    turnoverTaken: centavos("turnover_taken_centavos")
      .notNull()
      .default(sql`0`),
    /** RS_OK, or the refusal it was answered with (a refused bet stays refused on replay). */
    status: text("status").notNull(),
    answer: jsonb("answer").$type<Record<string, unknown>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("seamless_tx_uuid_idx").on(t.merchantCode, t.provider, t.transactionUuid),
    // At most one rollback per transaction, whichever arrives first.
    uniqueIndex("seamless_tx_one_rollback_idx")
      .on(t.merchantCode, t.provider, t.referenceTransactionUuid)
      .where(sql`${t.kind} = 'rollback'`),
    // Led by the member, so that a lookup by transaction id (merchant, provider, id) can only take the
    // unique index, even before the table has statistics.
    index("seamless_tx_round_idx").on(t.memberId, t.round, t.merchantCode, t.provider),
    check("seamless_tx_amount", sql`${t.amount} >= 0`),
    check("seamless_tx_kind", sql`${t.kind} in ('bet', 'win', 'rollback')`),
  ],
);

/**
 * A game round as the wallet saw it: the sums of its accepted bets and wins (less rolled-back bets),
 * kept in the transaction of each call. The bet record, the winner board and agents' turnover read it.
 */
export const gameRounds = pgTable(
  "game_rounds",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    provider: text("provider").notNull(),
    round: text("round").notNull(),
    gameCode: text("game_code").notNull(),
    demo: boolean("demo").notNull(),
    bet: centavos("bet_centavos")
      .notNull()
      .default(sql`0`),
    win: centavos("win_centavos")
      .notNull()
      .default(sql`0`),
    closed: boolean("closed").notNull().default(false),
    startedAt: at("started_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("game_rounds_round_idx").on(t.merchantCode, t.provider, t.memberId, t.round),
    index("game_rounds_member_idx").on(t.merchantCode, t.memberId, t.startedAt),
    index("game_rounds_win_idx").on(t.merchantCode, t.startedAt, t.win),
    check("game_rounds_amounts", sql`${t.bet} >= 0 and ${t.win} >= 0`),
  ],
);

/**
 * What a member still has to wager before a withdrawal ("turnover x N"): each deposit adds N times
 * its amount, each cash bet takes its amount off, never below zero.
 */
export const turnoverRequirements = pgTable(
  "turnover_requirements",
  {
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .primaryKey()
      .references(() => members.id, { onDelete: "cascade" }),
    remaining: centavos("remaining_centavos")
      .notNull()
      .default(sql`0`),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [check("turnover_remaining_not_negative", sql`${t.remaining} >= 0`)],
);

/**
 * The in-house game server's rounds (vendor BGS): the random draws and the outcome, so any round
 * can be replayed and audited, and where its wallet calls stand. `player` is the wallet's user id.
 */
export const bgsRounds = pgTable(
  "bgs_rounds",
  {
    id: text("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    player: text("player").notNull(),
    gameCode: text("game_code").notNull(),
    engine: text("engine").notNull(),
    /** wallet (real or demo money through the API) or fun (free play, no wallet). */
    mode: text("mode").$type<"wallet" | "fun">().notNull(),
    bet: centavos("bet_centavos").notNull(),
    win: centavos("win_centavos").notNull(),
    /** The engine's input besides randomness (bets per option, picks, target). */
    input: jsonb("input").$type<Record<string, unknown>>().notNull(),
    draws: jsonb("draws").$type<number[]>().notNull(),
    outcome: jsonb("outcome").$type<Record<string, unknown>>().notNull(),
    /** pending (bet not yet answered) → paying (bet taken, win not yet answered) → settled; or refused, rolled_back */
    state: text("state").$type<"pending" | "paying" | "settled" | "refused" | "rolled_back">().notNull(),
    betTransaction: text("bet_transaction"),
    winTransaction: text("win_transaction"),
    /** The session token the calls used, so an unfinished round can be completed or rolled back later. */
    sessionToken: text("session_token"),
    error: text("error"),
    createdAt: at("created_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
  },
  (t) => [
    index("bgs_rounds_player_idx").on(t.merchantCode, t.player, t.createdAt),
    index("bgs_rounds_pending_idx")
      .on(t.state, t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    check("bgs_rounds_amounts", sql`${t.bet} >= 0 and ${t.win} >= 0`),
  ],
);

/** A scheduled lottery draw of one game (LOTT / ELOTT) for one brand. */
export const lotteryDraws = pgTable(
  "lottery_draws",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    gameCode: text("game_code").notNull(),
    /** e.g. 20261125-0123: the n-th draw of that UTC day. */
    drawNo: text("draw_no").notNull(),
    drawAt: at("draw_at").notNull(),
    /** open (selling) → drawn (result fixed) → settled (every ticket paid or lost) */
    state: text("state").$type<"open" | "drawn" | "settled">().notNull().default("open"),
    result: jsonb("result").$type<number[]>(),
    draws: jsonb("draws").$type<number[]>(),
    drawnAt: at("drawn_at"),
  },
  (t) => [
    uniqueIndex("lottery_draws_no_idx").on(t.merchantCode, t.gameCode, t.drawNo),
    index("lottery_draws_due_idx").on(t.state, t.drawAt),
  ],
);

/** A lottery ticket: its play, its stake (one bet call) and, after the draw, its win (one win call). */
export const lotteryTickets = pgTable(
  "lottery_tickets",
  {
    id: text("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    drawId: integer("draw_id")
      .notNull()
      .references(() => lotteryDraws.id, { onDelete: "restrict" }),
    player: text("player").notNull(),
    play: jsonb("play").$type<Record<string, unknown>>().notNull(),
    stake: centavos("stake_centavos").notNull(),
    win: centavos("win_centavos"),
    /** pending (bet not yet answered) → open (bet accepted) → won | lost; refused or rolled_back when the bet did not stand */
    state: text("state").$type<"pending" | "open" | "won" | "lost" | "refused" | "rolled_back">().notNull(),
    betTransaction: text("bet_transaction").notNull(),
    winTransaction: text("win_transaction"),
    sessionToken: text("session_token").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
  },
  (t) => [
    index("lottery_tickets_draw_idx").on(t.drawId, t.state),
    index("lottery_tickets_player_idx").on(t.merchantCode, t.player, t.createdAt),
    check("lottery_tickets_stake", sql`${t.stake} > 0`),
  ],
);
