/**
 * Only paths on this site: no scheme, no protocol-relative `//host`, no
 * backslash tricks. Anything else goes home.
 */
export function safeRedirectPath(to: unknown, fallback = "/m/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2000) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.includes("\\") || [...to].some((c) => c.charCodeAt(0) < 0x20))
    return fallback;
  return to;
}
