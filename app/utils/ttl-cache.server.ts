/**
 * A small per-process cache for lobby content (banners, hot games, marquee).
 * Safe with several app processes by design: keys carry the site version, entries
 * live seconds, and nothing in here decides access, money or flags, which are
 * always read fresh. Concurrent misses share one load, so a burst of
 * players does not queue the same query fifty times on the embedded database.
 */
interface Entry<T> {
  value: Promise<T>;
  expires: number;
  /** The value has resolved, so it may be served stale while a reload runs. */
  ready: boolean;
  refreshing: boolean;
}

/**
 * `staleMs`: for that long after expiry an entry is still served, while one
 * reload runs in the background (stale-while-revalidate), so no request waits
 * for a slow load once the first has filled the entry.
 */
export function createTtlCache(opts: { ttlMs: number; maxEntries: number; staleMs?: number; now?: () => number }) {
  const entries = new Map<string, Entry<unknown>>();
  const now = opts.now ?? Date.now;
  const staleMs = opts.staleMs ?? 0;
  const store = <T>(key: string, value: Promise<T>) => {
    const entry: Entry<T> = { value, expires: now() + opts.ttlMs, ready: false, refreshing: false };
    entries.delete(key);
    if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
    value.then(
      () => {
        entry.ready = true;
      },
      // A failed load is not remembered: the next request tries again.
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  };
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key) as Entry<T> | undefined;
      const t = now();
      if (hit && hit.expires > t) return hit.value;
      if (hit && hit.ready && t < hit.expires + staleMs) {
        if (!hit.refreshing) {
          hit.refreshing = true;
          load().then(
            (fresh) => {
              if (entries.get(key) === hit) store(key, Promise.resolve(fresh));
            },
            // The stale value stays until its stale window ends; a later request tries again.
            () => {
              hit.refreshing = false;
            },
          );
        }
        return hit.value;
      }
      return store(key, load()).value;
    },
    /** Drops an entry, so the next get loads it afresh (an explicit refresh). */
    invalidate(key: string): void {
      entries.delete(key);
    },
  };
}

/**
 * Lobby content. Keys carry the site version the request saw (siteCached), so what support staff
 * publish shows on the next request; what play changes (hot lists, popular picks) may be up to
 * ten seconds old on a given process (ADR 0019).
 */
export const lobbyCache = createTtlCache({ ttlMs: 10_000, maxEntries: 1000 });

/** `load`'s value for this site version, shared by the requests of the next ten seconds. */
export function siteCached<T>(c: { siteVersion: string }, key: string, load: () => Promise<T>): Promise<T> {
  return lobbyCache.get(siteKey(c, key), load);
}

/** Drops what siteCached keeps under `key` for this site version, so the next call loads it afresh. */
export function siteInvalidate(c: { siteVersion: string }, key: string): void {
  lobbyCache.invalidate(siteKey(c, key));
}

const siteKey = (c: { siteVersion: string }, key: string) => `${c.siteVersion}:${key}`;
