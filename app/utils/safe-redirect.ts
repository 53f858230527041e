/**
 * Only paths on this site: no scheme, no protocol-relative `//host`, no
 * backslash tricks. Anything else goes home.
 *
 * A Location header carries bytes, not text (a character past Latin-1 makes
 * the Response constructor throw): characters outside printable ASCII go
 * percent-encoded as UTF-8, which is how a browser sends them anyway.
 */
export function safeRedirectPath(to: unknown, fallback = "/m/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\") || [...to].some((c) => c < " " || c === "\x7f"))
    return fallback;
  let encoded: string;
  try {
    encoded = to.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
  } catch {
    // A lone UTF-16 surrogate has no UTF-8 form.
    return fallback;
  }
  return encoded.length > 2000 ? fallback : encoded;
}
