import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { admitSignIn, forgiveAttempt } from "./login-throttle.server";
import { maySignInAs } from "./member-types";
import { findMemberByUsername, touchLastLogin, usernameKey, verifyPassword, type Member } from "./members.server";

/**
 * Why a sign-in was refused. "invalid" covers both an unknown account and a
 * wrong password, so the answer never tells whether an account exists;
 * "captcha" and "locked" (this address, or without the captcha the account,
 * waits out the window) come before any password is checked; the other
 * reasons are only given to someone who knew the password.
 */
export type LoginRefusal = "invalid" | "captcha" | "locked" | "disabled" | "wrong_role";

export type LoginResult =
  | { ok: true; member: Member }
  | { ok: false; reason: Exclude<LoginRefusal, "locked">; captchaRequired: boolean }
  | { ok: false; reason: "locked"; captchaRequired: boolean; retryAfterMs: number };

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
  const admission = await admitSignIn(db, brand, who, {
    enabled: input.captchaEnabled,
    token: input.captcha?.token ?? null,
    answer: input.captcha?.answer,
  });
  if (!admission.admitted) return { ok: false, ...admission.refusal };
  const member = await findMemberByUsername(db, brand, input.username);
  const passwordOk = await verifyPassword(member?.passwordHash ?? null, input.password);
  if (!member || !passwordOk) return { ok: false, reason: "invalid", captchaRequired: admission.captchaNext };
  await forgiveAttempt(db, brand, who);
  if (member.status !== "active") return { ok: false, reason: "disabled", captchaRequired: false };
  if (!maySignInAs(member.type, input.mode)) return { ok: false, reason: "wrong_role", captchaRequired: false };
  await touchLastLogin(db, brand, member.id);
  return { ok: true, member };
}
