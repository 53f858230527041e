import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { isGuest } from "~/domain/accounts/member-types";
import { getMember } from "~/domain/accounts/members.server";
import { isBarredMember } from "./barred.server";
import { activeExclusion, type Exclusion } from "./exclusions.server";
import { kycState, type KycState } from "./kyc.server";
import {
  depositLimitReached,
  memberLimitSettings,
  playSince,
  sessionLimitReached,
  windowStart,
  type LimitReached,
} from "./limits.server";

/**
 * The compliance rules each money-moving action asks before it runs (issue 16): the one place that
 * lists which rule closes what. Deposits, withdrawals and game launches call these; the
 * seamless-wallet API asks the database's `member_play_refusal` for every stake; sign-in asks
 * `signInGate`.
 */
export type ComplianceRefusal =
  | { rule: "barred" }
  | { rule: "excluded"; exclusion: Exclusion }
  | { rule: "limit"; limit: LimitReached }
  | { rule: "unverified"; action: KycAction; state: Exclude<KycState, { status: "approved" }> };

/** The actions a brand may close until the member's identity is verified (brand `compliance.kyc`). */
export type KycAction = "deposit" | "withdrawal" | "play";

/** Thrown by the actions a rule closes: the routes show the player which rule and what it allows. */
export class ComplianceRefusedError extends Error {
  constructor(readonly refusal: ComplianceRefusal) {
    super(`refused by compliance: ${refusal.rule}`);
  }
}

/** A listed person (their session began before the list named them), then a break that runs. */
async function exclusionRefusal(db: Db, brand: Brand, memberId: number, now: Date): Promise<ComplianceRefusal | null> {
  if (await isBarredMember(db, brand, memberId, now)) return { rule: "barred" };
  const exclusion = await activeExclusion(db, brand, memberId, now);
  return exclusion ? { rule: "excluded", exclusion } : null;
}

/**
 * The brand's identity-verification rule for `action`: the member's state while it is not approved.
 * Trial accounts play on demo money, so play never asks them (they cannot deposit or withdraw).
 */
async function unverifiedRefusal(db: Db, brand: Brand, memberId: number, action: KycAction): Promise<ComplianceRefusal | null> {
  if (!brand.compliance.kyc[action]) return null;
  const state = await kycState(db, brand, memberId);
  if (state.status === "approved") return null;
  if (action === "play" && isGuest((await getMember(db, brand, memberId))?.type ?? -1)) return null;
  return { rule: "unverified", action, state };
}

/**
 * Why the member may not deposit now, or null. `amount` is the deposit asked for; the deposit page
 * asks without one (what closes deposits whatever the amount) to show the rule instead of its form.
 */
export async function depositRefusal(
  db: Db,
  brand: Brand,
  memberId: number,
  amount: bigint | null,
  now = new Date(),
): Promise<ComplianceRefusal | null> {
  const excluded = await exclusionRefusal(db, brand, memberId, now);
  if (excluded) return excluded;
  const unverified = await unverifiedRefusal(db, brand, memberId, "deposit");
  if (unverified) return unverified;
  // A deposit limit used up closes the page; an amount asked for is held to the limits under the
  // lock its order is made under (createDepositOrder), where parallel orders cannot share the room left.
  if (amount === null) {
    const usedUp = await depositLimitReached(db, brand, memberId, 1n, now);
    if (usedUp) return { rule: "limit", limit: usedUp };
  }
  return null;
}

/**
 * The session limit passed, or a bet or loss limit already used up: a game opened now could take
 * no stake (the seamless-wallet API would refuse each), so it is not opened.
 */
async function playLimitRefusal(db: Db, brand: Brand, memberId: number, now: Date): Promise<ComplianceRefusal | null> {
  const session = await sessionLimitReached(db, brand, memberId, now);
  if (session) return { rule: "limit", limit: session };
  for (const s of await memberLimitSettings(db, brand, memberId, now)) {
    if ((s.kind !== "bet" && s.kind !== "loss") || s.amount === null || s.period === "session") continue;
    const play = await playSince(db, brand, memberId, windowStart(s.period, now));
    const used = s.kind === "bet" ? play.bets : play.loss;
    if (used >= s.amount) return { rule: "limit", limit: { ...s, limit: s.amount, remaining: 0n } };
  }
  return null;
}

/** Why the member may not open a game now (no launch token is made), or null. */
export async function launchRefusal(db: Db, brand: Brand, memberId: number, now = new Date()): Promise<ComplianceRefusal | null> {
  return (
    (await exclusionRefusal(db, brand, memberId, now)) ??
    (await unverifiedRefusal(db, brand, memberId, "play")) ??
    (await playLimitRefusal(db, brand, memberId, now))
  );
}

/**
 * Why the member may not ask for a withdrawal now, or null. Exclusions never close it (a player on
 * a break may always take their balance out); a brand may ask for a verified identity first.
 */
export async function withdrawalRefusal(db: Db, brand: Brand, memberId: number): Promise<ComplianceRefusal | null> {
  return unverifiedRefusal(db, brand, memberId, "withdrawal");
}

const orThrow = (refusal: ComplianceRefusal | null) => {
  if (refusal) throw new ComplianceRefusedError(refusal);
};

/** Throws ComplianceRefusedError when a deposit of `amount` may not be ordered now. */
export async function assertMayDeposit(db: Db, brand: Brand, memberId: number, amount: bigint, now = new Date()) {
  orThrow(await depositRefusal(db, brand, memberId, amount, now));
}

/** Throws ComplianceRefusedError when the member may not open a game now. */
export async function assertMayLaunch(db: Db, brand: Brand, memberId: number, now = new Date()) {
  orThrow(await launchRefusal(db, brand, memberId, now));
}

/** Throws ComplianceRefusedError when the member may not ask for a withdrawal now. */
export async function assertMayWithdraw(db: Db, brand: Brand, memberId: number) {
  orThrow(await withdrawalRefusal(db, brand, memberId));
}
