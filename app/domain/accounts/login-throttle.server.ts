import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { authFailures } from "~/db/schema";

/**
 * Failed sign-ins are counted in the database (not per process) over a sliding
 * window, per account and per IP address. A few failures bring the captcha;
 * many lock the door for the rest of the window.
 */
export const THROTTLE = {
  windowMs: 15 * 60 * 1000,
  captchaAfterAccount: 3,
  captchaAfterIp: 5,
  lockAfterAccount: 10,
  lockAfterIp: 30,
} as const;

export interface ThrottleState {
  captchaRequired: boolean;
  locked: boolean;
}

const accountKey = (usernameKey: string) => `account:${usernameKey.slice(0, 80)}`;
const ipKey = (ip: string) => `ip:${ip.slice(0, 64)}`;

export async function throttleState(db: Db, brand: Brand, who: { usernameKey: string; ip: string }): Promise<ThrottleState> {
  const since = new Date(Date.now() - THROTTLE.windowMs);
  const keys = [accountKey(who.usernameKey), ipKey(who.ip)];
  const rows = await db
    .select({ key: authFailures.key, n: count() })
    .from(authFailures)
    .where(
      and(eq(authFailures.merchantCode, brand.merchantCode), inArray(authFailures.key, keys), gt(authFailures.createdAt, since)),
    )
    .groupBy(authFailures.key);
  const byKey = new Map(rows.map((r) => [r.key, Number(r.n)]));
  const account = byKey.get(keys[0]!) ?? 0;
  const ip = byKey.get(keys[1]!) ?? 0;
  return {
    captchaRequired: account >= THROTTLE.captchaAfterAccount || ip >= THROTTLE.captchaAfterIp,
    locked: account >= THROTTLE.lockAfterAccount || ip >= THROTTLE.lockAfterIp,
  };
}

export async function recordFailure(db: Db, brand: Brand, who: { usernameKey: string; ip: string }): Promise<void> {
  await db.insert(authFailures).values([
    { merchantCode: brand.merchantCode, key: accountKey(who.usernameKey) },
    { merchantCode: brand.merchantCode, key: ipKey(who.ip) },
  ]);
  // Keep the table small: rows older than the window no longer count.
  await db
    .delete(authFailures)
    .where(
      and(
        eq(authFailures.merchantCode, brand.merchantCode),
        lt(authFailures.createdAt, new Date(Date.now() - THROTTLE.windowMs)),
      ),
    );
}

/** A successful sign-in forgives the account (not the address). */
export async function clearAccountFailures(db: Db, brand: Brand, usernameKey: string): Promise<void> {
  await db
    .delete(authFailures)
    .where(and(eq(authFailures.merchantCode, brand.merchantCode), eq(authFailures.key, accountKey(usernameKey))));
}
