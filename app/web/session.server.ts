import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  createRememberToken,
  createSession,
  REMEMBER_MS,
  revokeRememberToken,
  revokeSession,
} from "~/domain/accounts/sessions.server";
import { signInGate } from "~/domain/compliance/sign-in.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { clearCookie, readCookie, serializeCookie } from "./cookies.server";
import { rotatedCsrfCookie } from "./csrf.server";
import { exclusionToast } from "./compliance.server";
import { requireBrand } from "./guards.server";
import { setToast, type Toast } from "./toast.server";

/**
 * Signs a member in: the old session (if any) is revoked and a new id issued
 * (rotation), and "remember" keeps or drops the long-lived device token.
 */
async function startSession(
  request: Request,
  context: AppLoadContext,
  memberId: number,
  opts: { remember?: boolean; authenticatedAt?: Date } = {},
): Promise<Headers> {
  const { brand } = requireBrand(context);
  const { db, secureCookies: secure } = context;
  if (context.session) await revokeSession(db, brand, context.session.id);
  const token = await createSession(db, brand, memberId, {
    ip: context.clientIp,
    userAgent: request.headers.get("user-agent"),
    authenticatedAt: opts.authenticatedAt,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", serializeCookie("sid", token, { secure }));
  headers.append("Set-Cookie", rotatedCsrfCookie(secure));
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

/** Revokes the session on the server, clears its cookie and rotates the CSRF token. */
export async function endSession(context: AppLoadContext): Promise<Headers> {
  const { brand } = requireBrand(context);
  if (context.session) await revokeSession(context.db, brand, context.session.id);
  const headers = new Headers();
  headers.append("Set-Cookie", clearCookie("sid", context.secureCookies));
  headers.append("Set-Cookie", rotatedCsrfCookie(context.secureCookies));
  return headers;
}

/**
 * Signs the member in, sets the toast and sends them on: every way in (password,
 * SMS, social, registration, trial, password change and reset) ends here.
 */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  memberId: number,
  opts: { remember?: boolean; authenticatedAt?: Date; toast: Toast; redirectTo?: string | null },
): Promise<Response> {
  const gate = await signInGate(context.db, requireBrand(context).brand, memberId);
  if (gate.kind === "barred") {
    // On the restricted list: no session, and no word of why (the match is on record for review).
    // A session already open (a password change) ends as a sign-in would have ended it.
    const refused = context.session ? await endSession(context) : new Headers();
    refused.append("Set-Cookie", await setToast(context, { kind: "fail", key: "toast.signInRefused" }));
    return redirect("/m/login", { headers: refused });
  }
  const headers = await startSession(request, context, memberId, opts);
  if (gate.kind === "excluded") {
    // Closed to play: the session serves the withdrawal of what is left and the exclusion's page (ADR 0033).
    headers.append("Set-Cookie", await exclusionToast(context, gate.exclusion));
    return redirect("/m/responsibleGaming", { headers });
  }
  headers.append("Set-Cookie", await setToast(context, opts.toast));
  return redirect(safeRedirectPath(opts.redirectTo), { headers });
}
