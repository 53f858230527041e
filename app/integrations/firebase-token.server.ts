import crypto, { type KeyObject } from "node:crypto";
import { FirebaseTokenError, type FirebaseIdentity, type FirebaseVerifier } from "~/domain/accounts/ports";

/**
 * Verifies Firebase ID tokens ourselves (no firebase-admin): the signature against
 * Google's published key set, then the claims Firebase documents for ID tokens.
 * Everything about the token is untrusted input, so every way it can be wrong ends in
 * a FirebaseTokenError with a short reason that is safe to log; nothing else escapes.
 */

export interface FirebaseVerifierOptions {
  jwksUrl: string;
  fetch?: typeof globalThis.fetch;
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number;
  timeoutMs?: number;
}

// Real ID tokens are about 1 KB; a cap keeps a hostile one from costing parse time.
const MAX_TOKEN_CHARS = 8 * 1024;
const CLOCK_SKEW_S = 60;
const DEFAULT_MAX_AGE_MS = 60 * 60 * 1000;
// A max-age of 0 must not turn into a fetch per login, nor a huge one into keeping a revoked key for days.
const MIN_MAX_AGE_MS = 60 * 1000;
const MAX_MAX_AGE_MS = 24 * 60 * 60 * 1000;
// Unknown kids cost a fetch; anyone can send one, so at most one such fetch per minute.
const REFETCH_GAP_MS = 60 * 1000;
// After a failed fetch, retry soon, but not on every request while Google is unreachable.
const FAILURE_BACKOFF_MS = 5 * 1000;
// While the key set cannot be refreshed, keys we already had stay usable this long past their expiry.
const STALE_LIMIT_MS = 24 * 60 * 60 * 1000;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

interface KeySet {
  keys: Map<string, KeyObject>;
  expiresAt: number;
}

export function createFirebaseVerifier(opts: FirebaseVerifierOptions): FirebaseVerifier {
  const doFetch = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 5000;
  let cached: KeySet | null = null;
  let inflight: Promise<void> | null = null;
  let nextFetchAt = 0;
  let lastFetchFailed = false;

  function refresh(): Promise<void> {
    if (inflight) return inflight;
    const started = now();
    nextFetchAt = started + REFETCH_GAP_MS;
    const attempt = fetchKeySet(opts.jwksUrl, doFetch, timeoutMs).then(
      ({ keys, maxAgeMs }) => {
        cached = { keys, expiresAt: started + maxAgeMs };
        lastFetchFailed = false;
      },
      () => {
        lastFetchFailed = true;
        nextFetchAt = started + FAILURE_BACKOFF_MS;
      },
    );
    inflight = attempt.finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function keyFor(kid: string): Promise<KeyObject> {
    const t = now();
    const fresh = cached !== null && t < cached.expiresAt;
    const known = cached?.keys.get(kid);
    if (fresh && known) return known;
    if (inflight || t >= nextFetchAt) await refresh();
    const set: KeySet | null = cached;
    const key = set?.keys.get(kid);
    if (set && key && now() < set.expiresAt + STALE_LIMIT_MS) return key;
    if (!set || lastFetchFailed) throw new FirebaseTokenError("keys-unavailable");
    throw new FirebaseTokenError("unknown-kid");
  }

  return {
    async verify(idToken, projectId) {
      if (!projectId) throw new Error("createFirebaseVerifier: verify() needs the brand's Firebase projectId");
      if (typeof idToken !== "string" || idToken.length === 0) throw new FirebaseTokenError("malformed");
      if (idToken.length > MAX_TOKEN_CHARS) throw new FirebaseTokenError("too-long");
      const parts = idToken.split(".");
      if (parts.length !== 3) throw new FirebaseTokenError("malformed");
      const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
      const header = decodeJsonObject(headerPart);
      if (header.alg !== "RS256") throw new FirebaseTokenError("unsupported-alg");
      if (typeof header.kid !== "string" || header.kid.length === 0) throw new FirebaseTokenError("malformed");
      const payload = decodeJsonObject(payloadPart);
      if (!isBase64url(signaturePart)) throw new FirebaseTokenError("malformed");

      const key = await keyFor(header.kid);
      let valid = false;
      try {
        valid = crypto.verify(
          "sha256",
          Buffer.from(`${headerPart}.${payloadPart}`),
          key,
          Buffer.from(signaturePart, "base64url"),
        );
      } catch {
        valid = false;
      }
      if (!valid) throw new FirebaseTokenError("bad-signature");
      return checkClaims(payload, projectId, now() / 1000);
    },
  };
}

function checkClaims(p: Record<string, unknown>, projectId: string, nowS: number): FirebaseIdentity {
  if (p.aud !== projectId) throw new FirebaseTokenError("wrong-audience");
  if (p.iss !== `https://securetoken.google.com/${projectId}`) throw new FirebaseTokenError("wrong-issuer");
  if (!isNumber(p.exp) || !isNumber(p.iat) || !isNumber(p.auth_time)) throw new FirebaseTokenError("bad-claims");
  if (p.exp <= nowS) throw new FirebaseTokenError("expired");
  if (p.iat > nowS + CLOCK_SKEW_S || p.auth_time > nowS + CLOCK_SKEW_S) throw new FirebaseTokenError("issued-in-future");
  if (typeof p.sub !== "string" || p.sub.length === 0 || p.sub.length > 128) throw new FirebaseTokenError("bad-subject");
  const firebase = isObject(p.firebase) ? p.firebase : {};
  const provider = firebase.sign_in_provider;
  if (typeof provider !== "string" || provider.length === 0) throw new FirebaseTokenError("bad-claims");

  const identity: FirebaseIdentity = { uid: p.sub, emailVerified: p.email_verified === true, provider };
  if (nonEmpty(p.email)) identity.email = p.email;
  if (nonEmpty(p.phone_number)) identity.phoneNumber = p.phone_number;
  if (nonEmpty(p.name)) identity.name = p.name;
  return identity;
}

async function fetchKeySet(
  url: string,
  doFetch: typeof globalThis.fetch,
  timeoutMs: number,
): Promise<{ keys: Map<string, KeyObject>; maxAgeMs: number }> {
  // The signal also bounds reading the body, so a server that stalls mid-answer cannot hold a login.
  const res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: "application/json" } });
  if (!res.ok) throw new Error(`key set answered ${res.status}`);
  const body: unknown = await res.json();
  const list = isObject(body) && Array.isArray(body.keys) ? body.keys : [];
  const keys = new Map<string, KeyObject>();
  for (const jwk of list) {
    const key = importRsaKey(jwk);
    if (key) keys.set(key.kid, key.key);
  }
  if (keys.size === 0) throw new Error("key set holds no usable RS256 key");
  return { keys, maxAgeMs: maxAge(res.headers.get("cache-control")) };
}

/** One bad entry must not cost the whole set, so anything unusable is skipped. */
function importRsaKey(jwk: unknown): { kid: string; key: KeyObject } | null {
  if (!isObject(jwk) || jwk.kty !== "RSA" || !nonEmpty(jwk.kid) || !nonEmpty(jwk.n) || !nonEmpty(jwk.e)) return null;
  if ((jwk.alg !== undefined && jwk.alg !== "RS256") || (jwk.use !== undefined && jwk.use !== "sig")) return null;
  try {
    const key = crypto.createPublicKey({ key: { kty: "RSA", n: jwk.n, e: jwk.e }, format: "jwk" });
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) return null;
    return { kid: jwk.kid, key };
  } catch {
    return null;
  }
}

function maxAge(cacheControl: string | null): number {
  const match = cacheControl?.match(/(?:^|[,\s])max-age=(\d+)/i);
  if (!match) return DEFAULT_MAX_AGE_MS;
  return Math.min(MAX_MAX_AGE_MS, Math.max(MIN_MAX_AGE_MS, Number(match[1]) * 1000));
}

function isBase64url(s: string): boolean {
  // A length of 4n+1 cannot come from any byte string; Buffer would silently drop the extra character.
  return BASE64URL.test(s) && s.length % 4 !== 1;
}

function decodeJsonObject(segment: string): Record<string, unknown> {
  if (!isBase64url(segment)) throw new FirebaseTokenError("malformed");
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    throw new FirebaseTokenError("malformed");
  }
  if (!isObject(value)) throw new FirebaseTokenError("malformed");
  return value;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

function nonEmpty(v: unknown): v is string {
  return typeof v === "string" && v.length > 0;
}
