import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { takeHit, type Hit, type Limit } from "~/domain/site/rate-limit.server";
import { addressKey } from "~/utils/client-address";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * What one address (or the whole brand) may ask of the public account doors
 * that work without signing in. Each is counted in the database by takeHit,
 * so no burst of parallel requests gets past a limit, on any engine. They are
 * roomy per address because mobile carriers put many players behind one.
 */
export const LIMITS = {
  /** Registration's live username check: a few per name typed, not a way to list the members. */
  usernameLookups: { limit: 30, windowMs: MINUTE_MS },
  /** Each trial is a guest account with a demo grant. */
  trialsPerAddress: { limit: 3, windowMs: HOUR_MS },
  /** Trials over the whole brand, whatever the addresses: a ceiling against botnets. */
  trialsPerBrand: { limit: 30, windowMs: MINUTE_MS },
  /** Each picture is a stored challenge. */
  captchasPerAddress: { limit: 10, windowMs: MINUTE_MS },
} satisfies Record<string, Limit>;

/** One username lookup by `address`; refused once it asked too often. */
export function takeUsernameLookup(db: Db, brand: Brand, address: string): Promise<Hit> {
  return takeHit(db, brand, `username-lookup:${addressKey(address)}`, LIMITS.usernameLookups);
}

/**
 * One free trial by `address`, within its own limit and the brand's. The
 * address goes first, so one busy address does not use up the brand's ceiling.
 */
export async function takeTrialStart(db: Db, brand: Brand, address: string): Promise<Hit> {
  const own = await takeHit(db, brand, `trial:${addressKey(address)}`, LIMITS.trialsPerAddress);
  if (!own.allowed) return own;
  return takeHit(db, brand, "trial:brand", LIMITS.trialsPerBrand);
}

/** One new captcha picture for `address`. */
export function takeCaptchaDraw(db: Db, brand: Brand, address: string): Promise<Hit> {
  return takeHit(db, brand, `captcha:${addressKey(address)}`, LIMITS.captchasPerAddress);
}
