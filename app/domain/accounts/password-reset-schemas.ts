import { z } from "zod";
import { msg } from "~/utils/form-errors";
import { email, loginUsername, mobileNum, newPasswordField, smsCode } from "./account-schemas";

/**
 * The forms of /m/forget, shared by the browser (conform) and the server. Which
 * form was posted is told by a hidden `flow` field; the SMS button adds
 * `intent=send-sms` (see the route's action).
 */

/** Spec §3/§5: username and e-mail, trimmed; the e-mail by the spec's simple pattern, under 255 characters. */
export const forgotEmailSchema = z.object({ username: loginUsername, email });

export const sendResetCodeSchema = z.object({ mobileNum });

interface PasswordRule {
  min: number;
  max: number;
}

const newPasswords = (rule: PasswordRule) => ({
  newPassword: newPasswordField(rule.min, rule.max),
  confirmNewPassword: z.string({ error: msg("validation.in_incorrect_password") }),
});

function confirmationMatches(v: { newPassword: string; confirmNewPassword: string }, ctx: z.RefinementCtx) {
  if (v.confirmNewPassword !== v.newPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: msg("validation.in_confirmation_correct") });
  }
}

/** Spec §2 "set password by phone": newPassword, mobileNum, verificationCode (and the confirmation every new password has). */
export function phoneResetSchema(rule: PasswordRule) {
  return z.object({ mobileNum, verificationCode: smsCode, ...newPasswords(rule) }).superRefine(confirmationMatches);
}

/** The form behind an e-mailed link; the token travels in a hidden field. */
export function tokenResetSchema(rule: PasswordRule) {
  return z.object({ token: z.string().min(1).max(200), ...newPasswords(rule) }).superRefine(confirmationMatches);
}
