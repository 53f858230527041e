import { lt, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export interface Limit {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export interface Hit {
  /** Within the limit: this hit may go ahead. */
  allowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Until the window ends (for Retry-After). */
  retryAfterMs: number;
}

/**
 * Counts one hit against `key` and says whether it is within the limit. The
 * count and the decision are one upsert: parallel requests are serialised on
 * the row, so no interleaving lets more than `limit` hits through in a window,
 * on either engine. A refused hit still counts (a burst stays refused).
 */
export async function takeHit(db: Db, brand: Pick<Brand, "merchantCode">, key: string, limit: Limit): Promise<Hit> {
  const windowMs = Math.max(1, Math.floor(limit.windowMs));
  const [row] = await rawRows<{ hits: number; window_start: Date | string; now: Date | string }>(
    db,
    sql`insert into rate_limits as r (merchant_code, key, window_start, hits)
        values (${brand.merchantCode}, ${key.slice(0, 200)}, now(), 1)
        on conflict (merchant_code, key) do update set
          hits = case when r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then 1 else r.hits + 1 end,
          window_start = case when r.window_start <= now() - make_interval(secs => ${windowMs / 1000}) then now() else r.window_start end
        returning hits, window_start, now() as now`,
  );
  const hits = Number(row!.hits);
  const endsAt = new Date(row!.window_start).getTime() + windowMs;
  return { allowed: hits <= limit.limit, hits, retryAfterMs: Math.max(0, endsAt - new Date(row!.now).getTime()) };
}

/** Hits in the current window without counting one (0 when the window has passed). */
export async function peekHits(db: Db, brand: Pick<Brand, "merchantCode">, key: string, limit: Limit): Promise<number> {
  const [row] = await rawRows<{ hits: number | null }>(
    db,
    sql`select hits from rate_limits
        where merchant_code = ${brand.merchantCode} and key = ${key.slice(0, 200)}
          and window_start > now() - make_interval(secs => ${Math.max(1, limit.windowMs) / 1000})`,
  );
  return row ? Number(row.hits) : 0;
}

/**
 * Gives back one hit of the current window, for a hit taken before knowing
 * whether it should count (a sign-in attempt that proved to be the owner's).
 * Should the window have turned in between, the new window is one hit short:
 * at most one per give-back, which only follows a success.
 */
export async function returnHit(
  db: Db,
  brand: Pick<Brand, "merchantCode">,
  key: string,
  limit: Pick<Limit, "windowMs">,
): Promise<void> {
  await rawRows(
    db,
    sql`update rate_limits set hits = hits - 1
        where merchant_code = ${brand.merchantCode} and key = ${key.slice(0, 200)} and hits > 0
          and window_start > now() - make_interval(secs => ${Math.max(1, limit.windowMs) / 1000})`,
  );
}

/** Forgets a key (a successful sign-in forgives its account). */
export async function clearHits(db: Db, brand: Pick<Brand, "merchantCode">, key: string): Promise<void> {
  await rawRows(db, sql`delete from rate_limits where merchant_code = ${brand.merchantCode} and key = ${key.slice(0, 200)}`);
}

/** Drops counters whose window ended long ago (housekeeping; any brand); returns how many. */
export async function purgeRateLimits(db: Db, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const gone = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(Date.now() - olderThanMs)))
    .returning({ key: rateLimits.key });
  return gone.length;
}
