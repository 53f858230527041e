/**
 * The cookies that carry identity: the session id, the CSRF token and the
 * remember-me token. With Secure cookies they take the __Host- prefix, so a
 * sibling sub-domain (brands may share a parent domain) cannot plant or shadow them.
 */
export type CookieName = "sid" | "csrf" | "remember" | "captcha";

export function cookieName(name: CookieName, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

export function readCookie(header: string | null | undefined, name: CookieName, secure: boolean): string | null {
  if (!header) return null;
  const wanted = cookieName(name, secure);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== wanted) continue;
    const value = part.slice(eq + 1).trim();
    // Our tokens are base64url; anything else is not ours.
    return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
  }
  return null;
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
