import { cookieValue } from "./cookies.server";

/**
 * Whether the player keeps the balance masked (spec §4: hidden or shown,
 * remembered). A display preference and no credential, so it needs no
 * __Host- prefix; the server renders the mask, so HttpOnly costs nothing.
 */
const NAME = "balance_hidden";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function balanceHiddenFrom(cookieHeader: string | null | undefined): boolean {
  return cookieValue(cookieHeader, NAME) === "1";
}

export function balanceHiddenCookie(hidden: boolean, secure: boolean): string {
  const parts = [`${NAME}=${hidden ? "1" : "0"}`, "Path=/", "SameSite=Lax", "HttpOnly", `Max-Age=${ONE_YEAR_SECONDS}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
