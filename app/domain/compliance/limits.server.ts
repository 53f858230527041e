import { and, desc, eq, gt, gte, lte, or, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { gameRounds, memberLimits, paymentOrders, sessions } from "~/db/schema";
import { lockMember } from "./member-lock.server";

/**
 * Responsible-gaming limits a player sets for themselves (issue 16, item 4): deposits, losses and
 * bets per day, week or month (Manila calendar: the day from midnight, the week from Monday, the
 * month from the 1st), and a session time limit in minutes. Lowering a limit (or setting a first
 * one) takes effect at once; raising or removing it 24 hours later, and is pending meanwhile.
 *
 * Rows are only ever added (member_limits). The limit in force of a kind and period is its newest
 * row whose `effectiveAt` has come, so a lowering made while a raise waits wins over that raise for
 * good. Deposits are held to their limit here, under the member's lock that orders are made under;
 * bets and losses by the database's `member_play_refusal` (migration 0019) under the member's lock
 * of the seamless-wallet API; the session limit at launch and in `member_play_refusal`.
 */
export type MoneyLimitKind = "deposit" | "loss" | "bet";
export type LimitKind = MoneyLimitKind | "session";
export type LimitPeriod = "day" | "week" | "month";

export const MONEY_LIMIT_KINDS: readonly MoneyLimitKind[] = ["deposit", "loss", "bet"];
export const LIMIT_PERIODS: readonly LimitPeriod[] = ["day", "week", "month"];
/** A raise or a removal waits this long. */
export const RAISE_DELAY_MS = 24 * 60 * 60 * 1000;
/** Money limits from ₱1 to ₱100,000,000; session limits from 5 minutes to 24 hours. */
export const MONEY_LIMIT_RANGE = { min: 1_00n, max: 100_000_000_00n } as const;
export const SESSION_LIMIT_RANGE = { min: 5n, max: 1440n } as const;

const MANILA_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When the Manila day, week (from Monday) or month that holds `now` began. */
export function windowStart(period: LimitPeriod, now: Date): Date {
  const manila = new Date(now.getTime() + MANILA_MS);
  const midnight = Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), manila.getUTCDate());
  if (period === "day") return new Date(midnight - MANILA_MS);
  if (period === "week") return new Date(midnight - ((manila.getUTCDay() + 6) % 7) * DAY_MS - MANILA_MS);
  return new Date(Date.UTC(manila.getUTCFullYear(), manila.getUTCMonth(), 1) - MANILA_MS);
}

export interface LimitSetting {
  kind: LimitKind;
  period: LimitPeriod | "session";
  /** Centavos (money) or minutes (session); null: none in force. */
  amount: bigint | null;
  /** A raise or removal waiting for its 24 hours. */
  pending: { amount: bigint | null; effectiveAt: Date } | null;
}

const slotKey = (kind: LimitKind, period: string) => `${kind}:${period}`;

/** Every limit slot of the member (the three money kinds by period, and the session), as in force at `now`. */
export async function memberLimitSettings(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<LimitSetting[]> {
  const rows = await db
    .select()
    .from(memberLimits)
    .where(and(eq(memberLimits.merchantCode, brand.merchantCode), eq(memberLimits.memberId, memberId)))
    .orderBy(desc(memberLimits.id));
  const slots: { kind: LimitKind; period: LimitPeriod | "session" }[] = [
    ...MONEY_LIMIT_KINDS.flatMap((kind) => LIMIT_PERIODS.map((period) => ({ kind, period }))),
    { kind: "session", period: "session" },
  ];
  return slots.map(({ kind, period }) => {
    const mine = rows.filter((r) => slotKey(r.kind, r.period) === slotKey(kind, period));
    const inForce = mine.find((r) => r.effectiveAt <= now);
    const newest = mine[0];
    const pending = newest && newest.effectiveAt > now ? { amount: newest.amount, effectiveAt: newest.effectiveAt } : null;
    return { kind, period, amount: inForce?.amount ?? null, pending };
  });
}

export type SetLimitResult =
  { ok: true; immediate: boolean; effectiveAt: Date } | { ok: false; reason: "unchanged" | "out_of_range" | "bad_slot" };

const validSlot = (kind: LimitKind, period: string) =>
  kind === "session" ? period === "session" : (LIMIT_PERIODS as readonly string[]).includes(period);

/**
 * Sets (or with null removes) a limit. Lower than the one in force, or a first one: at once.
 * Higher, or a removal: in 24 hours. The member's row is the lock, so two changes at once are
 * decided one after the other against what the first left, each at the time its lock was granted
 * (judged at an earlier moment, a raise that waited would not see the lowering it waited for as in
 * force yet, and would apply at once).
 */
export async function setLimit(
  db: Db,
  brand: Brand,
  memberId: number,
  input: { kind: LimitKind; period: LimitPeriod | "session"; amount: bigint | null },
): Promise<SetLimitResult> {
  if (!validSlot(input.kind, input.period)) return { ok: false, reason: "bad_slot" };
  const range = input.kind === "session" ? SESSION_LIMIT_RANGE : MONEY_LIMIT_RANGE;
  if (input.amount !== null && (input.amount < range.min || input.amount > range.max))
    return { ok: false, reason: "out_of_range" };
  return db.transaction(async (tx) => {
    const now = await lockMember(tx, brand, memberId);
    const settings = await memberLimitSettings(tx as unknown as Db, brand, memberId, now);
    const slot = settings.find((s) => s.kind === input.kind && s.period === input.period)!;
    const latest = slot.pending ? slot.pending.amount : slot.amount;
    if (latest === input.amount) return { ok: false, reason: "unchanged" };
    const immediate = input.amount !== null && (slot.amount === null || input.amount < slot.amount);
    const effectiveAt = immediate ? now : new Date(now.getTime() + RAISE_DELAY_MS);
    await tx.insert(memberLimits).values({
      merchantCode: brand.merchantCode,
      memberId,
      kind: input.kind,
      period: input.period,
      amount: input.amount,
      effectiveAt,
      createdAt: now,
    });
    return { ok: true, immediate, effectiveAt };
  });
}

/** A limit that refuses what was asked: which one, and how much of it is left in its period. */
export interface LimitReached {
  kind: LimitKind;
  period: LimitPeriod | "session";
  limit: bigint;
  /** Centavos (money) or minutes (session) still open in the period; never below 0. */
  remaining: bigint;
}

/** What the member's deposits use of each period: orders paid or still payable, made since the period began. */
async function depositsSince(db: Db, brand: Brand, memberId: number, since: Date, now: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentOrders.amount}), 0)::text` })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.merchantCode, brand.merchantCode),
        eq(paymentOrders.memberId, memberId),
        gte(paymentOrders.createdAt, since),
        or(eq(paymentOrders.state, "paid"), and(eq(paymentOrders.state, "pending"), gt(paymentOrders.expiresAt, now))),
      ),
    );
  return BigInt(row!.total);
}

/**
 * The deposit limit a deposit of `amount` would break, or null. Called under the member's lock that
 * deposit orders are created under (createDepositOrder), so parallel orders cannot each see room
 * that only one of them has.
 */
export async function depositLimitReached(
  db: Db,
  brand: Brand,
  memberId: number,
  amount: bigint,
  now = new Date(),
): Promise<LimitReached | null> {
  const settings = await memberLimitSettings(db, brand, memberId, now);
  for (const s of settings) {
    if (s.kind !== "deposit" || s.amount === null || s.period === "session") continue;
    const used = await depositsSince(db, brand, memberId, windowStart(s.period, now), now);
    if (used + amount > s.amount) return { ...s, limit: s.amount, remaining: s.amount > used ? s.amount - used : 0n };
  }
  return null;
}

/** Bets, wins and net loss (bets less wins, never below 0) of the member's cash rounds begun since `since`. */
export async function playSince(
  db: Db,
  brand: Brand,
  memberId: number,
  since: Date,
): Promise<{ bets: bigint; wins: bigint; loss: bigint }> {
  const [row] = await db
    .select({
      bets: sql<string>`coalesce(sum(${gameRounds.bet}), 0)::text`,
      wins: sql<string>`coalesce(sum(${gameRounds.win}), 0)::text`,
    })
    .from(gameRounds)
    .where(
      and(
        eq(gameRounds.merchantCode, brand.merchantCode),
        eq(gameRounds.memberId, memberId),
        eq(gameRounds.demo, false),
        gte(gameRounds.startedAt, since),
      ),
    );
  const bets = BigInt(row!.bets);
  const wins = BigInt(row!.wins);
  return { bets, wins, loss: bets > wins ? bets - wins : 0n };
}

/** The session time limit the member's current sign-in has passed, or null (checked at launch). */
export async function sessionLimitReached(
  db: Db,
  brand: Brand,
  memberId: number,
  now = new Date(),
): Promise<LimitReached | null> {
  const slot = (await memberLimitSettings(db, brand, memberId, now)).find((s) => s.kind === "session");
  if (!slot?.amount) return null;
  const [latest] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(and(eq(sessions.merchantCode, brand.merchantCode), eq(sessions.memberId, memberId), lte(sessions.createdAt, now)))
    .orderBy(desc(sessions.createdAt))
    .limit(1);
  if (!latest) return null;
  const minutes = BigInt(Math.floor((now.getTime() - latest.createdAt.getTime()) / 60_000));
  if (minutes < slot.amount) return null;
  return { kind: "session", period: "session", limit: slot.amount, remaining: 0n };
}

/** Limits in force, by kind, for the member's page: each money limit with what its period has used. */
export async function limitUsage(db: Db, brand: Brand, memberId: number, now = new Date()) {
  const settings = await memberLimitSettings(db, brand, memberId, now);
  return Promise.all(
    settings.map(async (s) => {
      if (s.amount === null || s.period === "session") return { ...s, used: null };
      const since = windowStart(s.period, now);
      if (s.kind === "deposit") return { ...s, used: await depositsSince(db, brand, memberId, since, now) };
      const play = await playSince(db, brand, memberId, since);
      return { ...s, used: s.kind === "bet" ? play.bets : play.loss };
    }),
  );
}

export const isLimitKind = (v: unknown): v is LimitKind =>
  typeof v === "string" && ["deposit", "loss", "bet", "session"].includes(v);
export const isLimitPeriod = (v: unknown): v is LimitPeriod | "session" =>
  typeof v === "string" && ["day", "week", "month", "session"].includes(v);
