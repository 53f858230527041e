/**
 * A small per-process cache for lobby content (banners, hot games, marquee).
 * Safe with several app processes by design: entries live seconds, so processes
 * agree within the TTL, and nothing in here decides access, money or flags,
 * which are always read fresh. Concurrent misses share one load, so a burst of
 * players does not queue the same query fifty times on the embedded database.
 */
interface Entry<T> {
  value: Promise<T>;
  expires: number;
}

export function createTtlCache(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const entries = new Map<string, Entry<unknown>>();
  const now = opts.now ?? Date.now;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key) as Entry<T> | undefined;
      if (hit && hit.expires > now()) return hit.value;
      const value = load();
      entries.delete(key);
      if (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expires: now() + opts.ttlMs });
      // A failed load is not remembered: the next request tries again.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    /** Drops an entry, so the next get loads it afresh (an explicit refresh). */
    invalidate(key: string): void {
      entries.delete(key);
    },
  };
}

/** Lobby content may be this many seconds old on a given process. */
export const lobbyCache = createTtlCache({ ttlMs: 10_000, maxEntries: 1000 });
