import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { FlagName } from "~/brand/flags";
import type { Brand } from "~/brand/schema";
import { isAgent, isGuest, isRealMember } from "~/domain/accounts/member-types";
import {
  createRememberToken,
  createSession,
  REMEMBER_MS,
  revokeRememberToken,
  revokeSession,
  type SessionView,
} from "~/domain/accounts/sessions.server";
import { clearCookie, readCookie, serializeCookie } from "./cookies.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

export type SignedIn = AppLoadContext & { brand: Brand; session: SessionView };

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = safeRedirectPath(url.pathname + url.search);
  return redirect(back === "/m/home" ? "/m/login" : `/m/login?redirectTo=${encodeURIComponent(back)}`);
}

function brandOf(context: AppLoadContext): Brand {
  if (!context.brand) throw new Response("Not found", { status: 404 });
  return context.brand;
}

/** Any signed-in session (guests included); otherwise off to /m/login. */
export function requireSession(request: Request, context: AppLoadContext): SignedIn {
  brandOf(context);
  if (!context.session) throw loginRedirect(request);
  return context as SignedIn;
}

/** A real member (types 0, 1, 2). Guests are answered by the page (free_reject), not here. */
export function requireMember(request: Request, context: AppLoadContext): SignedIn {
  const signed = requireSession(request, context);
  if (!isRealMember(signed.session.type)) throw redirect("/m/member/home");
  return signed;
}

export function requireAgent(request: Request, context: AppLoadContext): SignedIn {
  const signed = requireSession(request, context);
  if (!isAgent(signed.session.type)) throw redirect("/m/home");
  return signed;
}

/** A feature switched off for this brand answers 404, as if it did not exist. */
export function requireFlag(context: AppLoadContext, flag: FlagName): void {
  if (!context.flags?.[flag]) throw new Response("Not found", { status: 404 });
}

export function isGuestSession(context: AppLoadContext): boolean {
  return Boolean(context.session && isGuest(context.session.type));
}

/**
 * Signs a member in: the old session (if any) is revoked and a new id issued
 * (rotation), and "remember" keeps or drops the long-lived device token.
 */
export async function startSession(
  request: Request,
  context: AppLoadContext,
  memberId: number,
  opts: { remember?: boolean; authenticatedAt?: Date } = {},
): Promise<Headers> {
  const brand = brandOf(context);
  const { db, secureCookies: secure } = context;
  if (context.session) await revokeSession(db, brand, context.session.id);
  const token = await createSession(db, brand, memberId, {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    authenticatedAt: opts.authenticatedAt,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie("sid", token, { secure }));
  if (opts.remember !== undefined) {
    const old = readCookie(request.headers.get("cookie"), "remember", secure);
    if (old) await revokeRememberToken(db, brand, old);
    if (opts.remember) {
      const remember = await createRememberToken(db, brand, memberId);
      headers.append("Set-Cookie", serializeCookie("remember", remember, { secure, maxAgeSeconds: REMEMBER_MS / 1000 }));
    } else if (old) {
      headers.append("Set-Cookie", clearCookie("remember", secure));
    }
  }
  return headers;
}

/** Revokes the session on the server and clears its cookie. */
export async function endSession(context: AppLoadContext): Promise<Headers> {
  const brand = brandOf(context);
  if (context.session) await revokeSession(context.db, brand, context.session.id);
  const headers = new Headers();
  headers.append("Set-Cookie", clearCookie("sid", context.secureCookies));
  return headers;
}
