import { createHash } from "node:crypto";
import type { SessionView } from "~/domain/accounts/sessions.server";
import { cookieValue } from "./cookies.server";

/**
 * The login pop-up list shows once per sign-in: every sign-in issues a new session id, and this
 * cookie remembers a fingerprint of the session the list was last shown in. A session-only cookie,
 * so a browser restart with a remembered device (a new session too) shows it again.
 */
const COOKIE = "popups";

function fingerprint(session: SessionView): string {
  return createHash("sha256").update(`popups:${session.id}`).digest("base64url").slice(0, 22);
}

/** Whether this page is the first of the session (show the list), with the cookie that marks it shown. */
export function popupsDue(
  request: Request,
  session: SessionView | null,
  secure: boolean,
): { due: boolean; setCookie: string | null } {
  if (!session) return { due: false, setCookie: null };
  const mark = fingerprint(session);
  if (cookieValue(request.headers.get("cookie"), COOKIE) === mark) return { due: false, setCookie: null };
  const attrs = [`${COOKIE}=${mark}`, "Path=/", "SameSite=Lax", "HttpOnly"];
  if (secure) attrs.push("Secure");
  return { due: true, setCookie: attrs.join("; ") };
}
