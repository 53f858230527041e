import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { admitOldPasswordCheck, forgiveAttempt } from "./login-throttle.server";
import { getMember, setPassword, verifyPassword } from "./members.server";
import { revokeMemberSessions, type SessionView } from "./sessions.server";

/** Without a password kept on the device, the old one is asked unless the member proved it in the last 10 minutes. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export function mustAskOldPassword(session: Pick<SessionView, "authenticatedAt" | "hasPassword">, now = Date.now()): boolean {
  return session.hasPassword && now - session.authenticatedAt.getTime() > RECENT_SIGN_IN_MS;
}

export type ChangeOutcome = { ok: true } | { ok: false; field: "oldPassword" | "newPassword"; message: string };

/**
 * Sets a new password and signs the member out everywhere (the caller issues
 * the current device a new session). A wrong current password is a guess like
 * a failed sign-in, so it is throttled with them (login-throttle.server.ts).
 */
export async function changePassword(
  db: Db,
  brand: Brand,
  session: SessionView,
  input: { oldPassword?: string; newPassword: string; ip: string },
): Promise<ChangeOutcome> {
  const member = await getMember(db, brand, session.memberId);
  if (!member) return { ok: false, field: "oldPassword", message: "errors.not_logged_in" };
  const who = { usernameKey: member.usernameKey, ip: input.ip };
  if (input.oldPassword !== undefined) {
    if (!(await admitOldPasswordCheck(db, brand, who)).admitted) {
      return { ok: false, field: "oldPassword", message: "auth.locked" };
    }
    if (!(await verifyPassword(member.passwordHash, input.oldPassword))) {
      return { ok: false, field: "oldPassword", message: "auth.old_password_wrong" };
    }
    await forgiveAttempt(db, brand, who);
  }
  if (member.passwordHash && (await verifyPassword(member.passwordHash, input.newPassword))) {
    return { ok: false, field: "newPassword", message: "validation.same_password" };
  }
  await setPassword(db, brand, member.id, input.newPassword);
  await revokeMemberSessions(db, brand, member.id);
  return { ok: true };
}
