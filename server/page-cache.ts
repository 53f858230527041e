/**
 * The visitor page cache (ADR 0019). A visitor's lobby page is the same for every visitor of a
 * brand, host and language, except for two values of the request: the CSP nonce and the CSRF
 * token. The first rendering of such a page is kept as a template with those two cut out; the next
 * visitors get the template with their own nonce and token put back, without React or the database
 * beyond the one site-state read every request makes.
 *
 * What keeps it safe and fresh:
 * - only requests without a session or any cookie but the CSRF and language cookies, only GET, only
 *   the pages listed in VISITOR_PAGES, and only answers that are 200 HTML, set no cookie but the
 *   CSRF one, vary on nothing and are not private or no-store: no one's own data is ever stored;
 * - an entry is for one site version (schema.siteVersion): a flag, status, catalogue or content
 *   change by support staff moves the version and the next request renders afresh;
 * - an entry lives TTL_MS at most, so what play changes (winners, hot lists) is as old as the
 *   lobby cache allows anyway.
 */
import type express from "express";
import { cookieJar } from "~/web/cookies.server";

/** Pages every visitor gets alike; anything else is always rendered. */
const VISITOR_PAGES = [
  /^\/m\/home$/,
  /^\/m\/gameCenter$/,
  /^\/m\/game\/\d+$/,
  /^\/m\/activity$/,
  /^\/m\/activityDetail$/,
  /^\/m\/notice$/,
  /^\/m\/noticeDetail$/,
  /^\/m\/help$/,
  /^\/m\/helpDetail$/,
];

/** Cookies a visitor's page does not depend on beyond the language it was rendered in. */
const NEUTRAL_COOKIES = new Set(["csrf", "__Host-csrf", "lng"]);

/**
 * Lobby pages a signed-in member may be answered from the member page cache (ADR 0023): every
 * input of theirs that is the member's own is in the key or the entry's version.
 */
const MEMBER_PAGES = [/^\/m\/home$/, /^\/m\/gameCenter$/];
/**
 * With these the page reads more of the member than the key holds (recent games, the invite panel,
 * the agent's contract offers still waiting) or reads afresh.
 */
const MEMBER_UNKEPT_PARAMS = ["type", "panel", "refresh", "cp"];
/**
 * Cookies a member's page depends on only as far as its key says: the session's (its row is in
 * the key), the remembered device's (read only without a session), and the login pop-ups' mark and
 * the balance mask, whose values are in the key.
 */
const MEMBER_COOKIES = new Set([
  ...NEUTRAL_COOKIES,
  "sid",
  "__Host-sid",
  "remember",
  "__Host-remember",
  "popups",
  "balance_hidden",
]);
const MEMBER_KEYED_COOKIES = ["popups", "balance_hidden"];

export const TTL_MS = 10_000;
const MAX_ENTRIES = 500;
/** Query strings beyond this are rendered, not kept: the cache is for the lobby's own links. */
const MAX_URL = 300;

/** The two values of a request that a kept page must not repeat to the next visitor. */
export interface RequestSecrets {
  nonce: string;
  csrf: string;
}

export interface PageTemplate {
  status: number;
  headers: Array<[string, string]>;
  /** The page's UTF-8 bytes cut at each secret: parts.length === slots.length + 1. */
  parts: Buffer[];
  slots: Array<keyof RequestSecrets>;
}

/** The page with every occurrence of the request's secrets cut out; null when a secret is empty. */
export function toTemplate(
  body: string,
  secrets: RequestSecrets,
  status: number,
  headers: Array<[string, string]>,
): PageTemplate | null {
  if (!secrets.nonce || !secrets.csrf || secrets.nonce === secrets.csrf) return null;
  const parts: Buffer[] = [];
  const slots: Array<keyof RequestSecrets> = [];
  let at = 0;
  for (;;) {
    const n = body.indexOf(secrets.nonce, at);
    const c = body.indexOf(secrets.csrf, at);
    if (n < 0 && c < 0) break;
    const [pos, slot, len] =
      c < 0 || (n >= 0 && n < c) ? [n, "nonce" as const, secrets.nonce.length] : [c, "csrf" as const, secrets.csrf.length];
    parts.push(Buffer.from(body.slice(at, pos)));
    slots.push(slot);
    at = pos + len;
  }
  parts.push(Buffer.from(body.slice(at)));
  return { status, headers, parts, slots };
}

/** The kept page with this request's secrets put back, as one buffer (one copy, no string to encode). */
export function fromTemplate(t: PageTemplate, secrets: RequestSecrets): Buffer {
  const values = { nonce: Buffer.from(secrets.nonce), csrf: Buffer.from(secrets.csrf) };
  const pieces: Buffer[] = [t.parts[0]!];
  for (let i = 0; i < t.slots.length; i++) pieces.push(values[t.slots[i]!], t.parts[i + 1]!);
  return Buffer.concat(pieces);
}

/**
 * The key of a request the cache may answer, or null. `member`: the session found for it, or null
 * for a visitor. A member's key holds their session and the cookies their page reads; what changes
 * while the session lasts (balance, unread counts, favourites) is the entry's version instead.
 */
export function cacheKeyFor(req: express.Request, page: { brandId: string; lng: string; member: object | null }): string | null {
  if (req.method !== "GET" || req.originalUrl.length > MAX_URL) return null;
  const cookies = cookieJar(req.get("cookie"));
  const base = [page.brandId, req.get("host") ?? "", page.lng, req.originalUrl];
  if (!page.member) {
    if (!VISITOR_PAGES.some((p) => p.test(req.path))) return null;
    if (![...cookies.keys()].every((name) => NEUTRAL_COOKIES.has(name))) return null;
    return base.join("\n");
  }
  if (!MEMBER_PAGES.some((p) => p.test(req.path))) return null;
  const params = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
  if (MEMBER_UNKEPT_PARAMS.some((p) => params.has(p))) return null;
  if (![...cookies.keys()].every((name) => MEMBER_COOKIES.has(name))) return null;
  const keyed = MEMBER_KEYED_COOKIES.map((name) => `${name}=${cookies.get(name) ?? ""}`);
  return [...base, "member", JSON.stringify(page.member), ...keyed].join("\n");
}

/**
 * Whether a rendered answer may be kept: 200 HTML that sets no cookie but the CSRF one (a
 * visitor's first page sets it), varies on nothing and is not marked private or no-store.
 */
export function keepable(response: Response): boolean {
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) return false;
  if (response.headers.get("vary")) return false;
  if (/(^|,)\s*(no-store|private)\s*(,|$)/i.test(response.headers.get("cache-control") ?? "")) return false;
  return response.headers.getSetCookie().every((c) => /^(__Host-)?csrf=/.test(c));
}

interface Entry {
  version: string;
  expires: number;
  template: PageTemplate;
  bytes: number;
}

/**
 * `maxEntries` and `maxBytes` bound what is kept; the oldest kept page goes first. A version is
 * the site version, and for a member's page also what of theirs changes while the session lasts.
 */
export type Slot =
  { template: PageTemplate } | { pending: Promise<PageTemplate | null> } | { fill: (template: PageTemplate | null) => void };

export function createPageCache(opts: { now?: () => number; maxEntries?: number; maxBytes?: number } = {}) {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const maxBytes = opts.maxBytes ?? Infinity;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    bytes -= e.bytes;
    entries.delete(key);
  };
  /** Renderings in progress, by key and version: requests that come meanwhile wait for it instead of rendering too. */
  const filling = new Map<string, Promise<PageTemplate | null>>();
  const fill = (key: string, version: string, template: PageTemplate | null) => {
    const size = template ? template.parts.reduce((n, p) => n + p.length, 0) : 0;
    // A page past its time is answered only while a rendering of it is under way: none came, so it goes.
    const old = entries.get(key);
    if (old && old.expires <= now()) drop(key);
    if (!template || size > maxBytes) return;
    drop(key);
    while (entries.size > 0 && (entries.size >= maxEntries || bytes + size > maxBytes))
      drop(entries.keys().next().value as string);
    entries.set(key, { version, expires: now() + TTL_MS, template, bytes: size });
    bytes += size;
  };
  return {
    /**
     * In one step, so that requests arriving together render a page once: the kept page for this
     * key and version (`template`), also once past its time while its next rendering is under way;
     * or the rendering of it in progress (`pending`, null if it was not keepable); or neither, and
     * this request renders it and must call `fill` once with the template (null: not keepable, or
     * the rendering failed), which is kept and handed to the waiters.
     */
    open(key: string, version: string): Slot {
      const e = entries.get(key);
      if (e && e.version === version && e.expires > now()) return { template: e.template };
      const id = `${version}\n${key}`;
      const pending = filling.get(id);
      // Past its time, the page of this very version is still answered while its next rendering is under way.
      if (e && e.version === version && pending) return { template: e.template };
      if (e && e.version !== version) drop(key);
      if (pending) return { pending };
      let settle!: (t: PageTemplate | null) => void;
      filling.set(id, new Promise((resolve) => (settle = resolve)));
      return {
        fill: (template) => {
          filling.delete(id);
          fill(key, version, template);
          settle(template);
        },
      };
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
