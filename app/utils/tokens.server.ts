import crypto from "node:crypto";

/** 128 bits by default: the session id, CSRF and one-time tokens. */
export function randomToken(bytes = 16): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

/** Only hashes of tokens are stored, so a copy of the database signs nobody in. */
export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/**
 * An id people read and the gateways echo back (deposit orders "D…", withdrawals "W…"): the
 * prefix and 16 upper-case base32 characters, 80 random bits, so one cannot be guessed.
 */
export function publicId(prefix: string): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0n;
  for (const b of bytes) bits = (bits << 8n) | BigInt(b);
  let out = "";
  for (let i = 15; i >= 0; i--) out += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return prefix + out;
}
