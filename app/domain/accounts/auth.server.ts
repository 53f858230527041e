import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { checkCaptcha } from "./captcha.server";
import { clearAccountFailures, recordFailure, throttleState } from "./login-throttle.server";
import { maySignInAs } from "./member-types";
import { findMemberByUsername, touchLastLogin, usernameKey, verifyPassword, type Member } from "./members.server";

/**
 * Why a sign-in was refused. "invalid" covers both an unknown account and a
 * wrong password, so the answer never tells whether an account exists; the
 * other reasons are only given to someone who knew the password.
 */
export type LoginRefusal = "invalid" | "captcha" | "locked" | "disabled" | "wrong_role";

export type LoginResult = { ok: true; member: Member } | { ok: false; reason: LoginRefusal; captchaRequired: boolean };

export interface PasswordLogin {
  username: string;
  password: string;
  mode: "member" | "agent";
  ip: string;
  /** VALID_CAPTCHA3: failed sign-ins bring a captcha. */
  captchaEnabled: boolean;
  captcha?: { token: string | null; answer: string | undefined };
}

export async function passwordLogin(db: Db, brand: Brand, input: PasswordLogin): Promise<LoginResult> {
  const who = { usernameKey: usernameKey(input.username), ip: input.ip };
  const state = await throttleState(db, brand, who);
  const captchaRequired = input.captchaEnabled && state.captchaRequired;
  if (state.locked) return { ok: false, reason: "locked", captchaRequired };
  if (captchaRequired && !(await checkCaptcha(db, brand, input.captcha?.token ?? null, input.captcha?.answer))) {
    return { ok: false, reason: "captcha", captchaRequired: true };
  }
  const member = await findMemberByUsername(db, brand, input.username);
  const passwordOk = await verifyPassword(member?.passwordHash ?? null, input.password);
  if (!member || !passwordOk) {
    await recordFailure(db, brand, who);
    const after = await throttleState(db, brand, who);
    return {
      ok: false,
      reason: after.locked ? "locked" : "invalid",
      captchaRequired: input.captchaEnabled && after.captchaRequired,
    };
  }
  if (member.status !== "active") return { ok: false, reason: "disabled", captchaRequired };
  if (!maySignInAs(member.type, input.mode)) return { ok: false, reason: "wrong_role", captchaRequired };
  await clearAccountFailures(db, brand, who.usernameKey);
  await touchLastLogin(db, brand, member.id);
  return { ok: true, member };
}
