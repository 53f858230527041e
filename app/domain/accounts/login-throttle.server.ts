import { addressKey } from "~/utils/client-address";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { clearHits, returnHit, takeHit, type Hit } from "~/domain/site/rate-limit.server";
import { checkCaptcha } from "./captcha.server";

/**
 * Password attempts are counted in the database (rate_limits, so across app
 * processes) per account, per address, and per account at one address, in
 * 15-minute windows. Each attempt takes its hits BEFORE any password is looked
 * at, and only the hit number it was given decides: a burst, however parallel,
 * never gets more passwords checked than the limits below.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  /** Attempts at an account, from anywhere, before each further one needs a solved captcha. */
  captchaAfterAccount: 3,
  /** Attempts from one address, at any accounts, before each further one needs a solved captcha. */
  captchaAfterIp: 5,
  /** Attempts at one account from one address before that address is refused it for the window. */
  lockAfterAccountIp: 10,
  /** Attempts from one address before it is refused for the window. */
  lockAfterIp: 30,
  /** With VALID_CAPTCHA3 off: attempts at an account, from all addresses, before it is refused for the window. */
  lockAfterAccountWithoutCaptcha: 50,
  /** A signed-in member's wrong current passwords (any address) before password changes wait for the window. */
  lockAfterOldPassword: 10,
} as const;

export interface Attempter {
  usernameKey: string;
  ip: string;
}

export type ThrottleRefusal =
  { reason: "captcha"; captchaRequired: true } | { reason: "locked"; captchaRequired: boolean; retryAfterMs: number };

export type Admission =
  | {
      admitted: true;
      /** Should this attempt fail, the next one will need the captcha. */
      captchaNext: boolean;
    }
  | { admitted: false; refusal: ThrottleRefusal };

const within = (limit: number) => ({ limit, windowMs: THROTTLE.windowMs });

function keysOf(who: Attempter) {
  const user = who.usernameKey.slice(0, 80);
  const ip = addressKey(who.ip).slice(0, 64);
  return {
    account: `login-account:${user}`,
    ip: `login-ip:${ip}`,
    // The address first: it never holds a "/", so no two pairs share a key.
    accountIp: `login-account-ip:${ip}/${user}`,
    oldPassword: `old-password:${user}`,
  };
}

const locked = (hit: Hit, captchaRequired: boolean): Admission => ({
  admitted: false,
  refusal: { reason: "locked", captchaRequired, retryAfterMs: hit.retryAfterMs },
});
const CAPTCHA: Admission = { admitted: false, refusal: { reason: "captcha", captchaRequired: true } };

/**
 * The address's own limits: all its attempts, and its attempts at this account.
 * They lock that address only. `captcha` says whether a refusal should bring the
 * captcha field along (for the attempt after the wait).
 */
async function addressGate(db: Db, brand: Brand, who: Attempter, captcha: { enabled: boolean; accountNext: boolean }) {
  const keys = keysOf(who);
  const ip = await takeHit(db, brand, keys.ip, within(THROTTLE.lockAfterIp));
  const captchaRequired = captcha.enabled && (captcha.accountNext || ip.hits >= THROTTLE.captchaAfterIp);
  if (!ip.allowed) return { refused: locked(ip, captchaRequired), ip };
  const pair = await takeHit(db, brand, keys.accountIp, within(THROTTLE.lockAfterAccountIp));
  if (!pair.allowed) return { refused: locked(pair, captchaRequired), ip };
  return { refused: null, ip };
}

/**
 * Takes a sign-in attempt's hits and says whether its password may be checked.
 *
 * With the captcha (VALID_CAPTCHA3), an account never locks: past its first few
 * attempts each further one costs a solved, single-use captcha, so the owner
 * can always get in and an attacker gets one guess per captcha. The account is
 * counted first, so attempts refused for want of a captcha cost their address
 * nothing (people behind one shared address do not pay for someone's burst).
 *
 * Without the captcha nothing tells the owner from an attacker. Each address
 * is then locked out of the account after a few attempts, and the address is
 * counted first, so attempts it is refused never reach the account's counter:
 * one address can never lock the owner out. The account's own limit is high,
 * only to cap a brute force spread over many addresses; such an attacker can
 * keep the owner out for the rest of the window, the price of running without
 * the captcha (an account left open to unlimited guesses is the worse harm).
 */
export async function admitSignIn(
  db: Db,
  brand: Brand,
  who: Attempter,
  captcha: { enabled: boolean; token: string | null; answer: string | undefined },
): Promise<Admission> {
  const keys = keysOf(who);
  if (!captcha.enabled) {
    const gate = await addressGate(db, brand, who, { enabled: false, accountNext: false });
    if (gate.refused) return gate.refused;
    const account = await takeHit(db, brand, keys.account, within(THROTTLE.lockAfterAccountWithoutCaptcha));
    return account.allowed ? { admitted: true, captchaNext: false } : locked(account, false);
  }
  let solved = false;
  // A challenge is used up by its first check: never check it twice.
  const solve = async () => (solved ||= await checkCaptcha(db, brand, captcha.token, captcha.answer));
  const account = await takeHit(db, brand, keys.account, within(THROTTLE.captchaAfterAccount));
  if (!account.allowed && !(await solve())) return CAPTCHA;
  const accountNext = account.hits >= THROTTLE.captchaAfterAccount;
  const gate = await addressGate(db, brand, who, { enabled: true, accountNext });
  if (gate.refused) return gate.refused;
  if (gate.ip.hits > THROTTLE.captchaAfterIp && !(await solve())) return CAPTCHA;
  return { admitted: true, captchaNext: accountNext || gate.ip.hits >= THROTTLE.captchaAfterIp };
}

/**
 * Takes the hits of a signed-in member's current-password check (a password
 * change), which has no captcha: it shares the address's limits with sign-ins,
 * and has its own per-account limit so that no one holding the session can
 * guess from many addresses. That limit never blocks signing in, and a member
 * who has just signed in is not asked for the current password at all.
 */
export async function admitOldPasswordCheck(db: Db, brand: Brand, who: Attempter): Promise<Admission> {
  const gate = await addressGate(db, brand, who, { enabled: false, accountNext: false });
  if (gate.refused) return gate.refused;
  const account = await takeHit(db, brand, keysOf(who).oldPassword, within(THROTTLE.lockAfterOldPassword));
  return account.allowed ? { admitted: true, captchaNext: false } : locked(account, false);
}

/**
 * A right password forgives the account (at every address) and this address's
 * attempts at it. The address keeps its count of failures, minus the hit this
 * attempt took: a success is not a failure, and many people may share one address.
 */
export async function forgiveAttempt(db: Db, brand: Brand, who: Attempter): Promise<void> {
  const keys = keysOf(who);
  await clearHits(db, brand, keys.account);
  await clearHits(db, brand, keys.accountIp);
  await clearHits(db, brand, keys.oldPassword);
  await returnHit(db, brand, keys.ip, within(THROTTLE.lockAfterIp));
}
