import type { AppLoadContext } from "@remix-run/node";
import { readCookie, serializeCookie } from "./cookies.server";
import { randomToken, safeEqual } from "~/utils/tokens.server";

/**
 * Double-submit CSRF token: a random value in an HttpOnly cookie (__Host- when
 * secure, so no sibling sub-domain can set it) that every form repeats in a
 * hidden field. The Origin check in server/security.ts runs as well.
 */
export function csrfFromCookies(cookieHeader: string | null | undefined, secure: boolean): { token: string; fresh: boolean } {
  const existing = readCookie(cookieHeader, "csrf", secure);
  return existing ? { token: existing, fresh: false } : { token: randomToken(16), fresh: true };
}

export function csrfCookie(token: string, secure: boolean): string {
  return serializeCookie("csrf", token, { secure });
}

/**
 * A new token at sign-in and sign-out: one that leaked while the browser was
 * anonymous (or someone else's) is worthless once the session changes. The
 * next page's root loader hands this cookie's value to its forms.
 */
export function rotatedCsrfCookie(secure: boolean): string {
  return csrfCookie(randomToken(16), secure);
}

/**
 * Every action reads its form through here: a post without the page's token is
 * refused before anything else happens.
 */
export async function readForm(request: Request, context: AppLoadContext): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new Response("Bad Request: unreadable form", { status: 400 });
  }
  checkCsrf(form, request, context);
  return form;
}

/** The token check of readForm, for forms read another way (multipart uploads: web/uploads.server.ts). */
export function checkCsrf(form: FormData, request: Request, context: AppLoadContext): void {
  const sent = form.get("csrf");
  const cookie = readCookie(request.headers.get("cookie"), "csrf", context.secureCookies);
  if (typeof sent !== "string" || !cookie || !safeEqual(sent, cookie)) {
    throw new Response("Forbidden: missing or invalid CSRF token", { status: 403 });
  }
}
