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

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(";")
    .map((p) => p.slice(0, p.indexOf("=") >>> 0).trim())
    .filter(Boolean);
}

/** The key of a request the cache may answer, or null. `visitor`: no session was found for it. */
export function cacheKeyFor(req: express.Request, page: { brandId: string; lng: string; visitor: boolean }): string | null {
  if (req.method !== "GET" || !page.visitor || req.originalUrl.length > MAX_URL) return null;
  if (!VISITOR_PAGES.some((p) => p.test(req.path))) return null;
  if (!cookieNames(req.get("cookie")).every((name) => NEUTRAL_COOKIES.has(name))) return null;
  return [page.brandId, req.get("host") ?? "", page.lng, req.originalUrl].join("\n");
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
}

export function createPageCache(opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Renderings in progress, by key and version: requests that come meanwhile wait for it instead of rendering too. */
  const filling = new Map<string, Promise<PageTemplate | null>>();
  return {
    /** The kept page for this key and site version, or the one being rendered for them; null: render it. */
    async get(key: string, version: string): Promise<PageTemplate | null> {
      const e = entries.get(key);
      if (e && e.version === version && e.expires > now()) return e.template;
      if (e) entries.delete(key);
      return (await filling.get(`${version}\n${key}`)) ?? null;
    },
    /**
     * This request renders the page: the returned function must be called once with the template
     * (null: the answer was not keepable, or rendering failed), which is kept and handed to the waiters.
     */
    begin(key: string, version: string): (template: PageTemplate | null) => void {
      const id = `${version}\n${key}`;
      if (filling.has(id)) return () => {};
      let settle!: (t: PageTemplate | null) => void;
      filling.set(id, new Promise((resolve) => (settle = resolve)));
      return (template) => {
        filling.delete(id);
        if (template) {
          entries.delete(key);
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
          entries.set(key, { version, expires: now() + TTL_MS, template });
        }
        settle(template);
      };
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;
