/**
 * The cookies that carry identity: the session id, the CSRF token and the
 * remember-me token. With Secure cookies they take the __Host- prefix, so a
 * sibling sub-domain (brands may share a parent domain) cannot plant or shadow them.
 */
export type CookieName = "sid" | "csrf" | "remember" | "captcha";

export function cookieName(name: CookieName, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

/**
 * The cookies of a Cookie header by name. A name sent twice keeps its first value, as browsers
 * send the most specific cookie first: every reader of a cookie sees the same value.
 */
export function cookieJar(header: string | null | undefined): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of header?.split(";") ?? []) {
    const eq = part.indexOf("=");
    const name = (eq < 0 ? part : part.slice(0, eq)).trim();
    if (name && !jar.has(name)) jar.set(name, eq < 0 ? "" : part.slice(eq + 1).trim());
  }
  return jar;
}

/** One cookie's value as sent, or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  return cookieJar(header).get(name) ?? null;
}

export function readCookie(header: string | null | undefined, name: CookieName, secure: boolean): string | null {
  const value = cookieValue(header, cookieName(name, secure));
  // Our tokens are base64url; anything else is not ours.
  return value !== null && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
}

export function serializeCookie(
  name: CookieName,
  value: string,
  opts: { secure: boolean; maxAgeSeconds?: number; httpOnly?: boolean },
): string {
  const parts = [`${cookieName(name, opts.secure)}=${value}`, "Path=/", "SameSite=Lax"];
  if (opts.httpOnly !== false) parts.push("HttpOnly");
  if (opts.secure) parts.push("Secure");
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  return parts.join("; ");
}

export function clearCookie(name: CookieName, secure: boolean): string {
  return serializeCookie(name, "", { secure, maxAgeSeconds: 0 });
}
