import { z } from "zod";
import { msg } from "~/utils/form-errors";

/**
 * The account forms' schemas, shared by the browser (conform) and the server:
 * one definition, the same translated messages on both sides. Messages are
 * locale keys (see utils/form-errors.ts).
 */

export const USERNAME_RE = /^[A-Za-z0-9_.@+-]{3,40}$/;
/** Philippine mobile numbers as players type them: 09xxxxxxxxx or 9xxxxxxxxx. */
export const MOBILE_RE = /^(09\d{9}|9\d{9})$/;
/**
 * Spec §5: word characters, optional dot segments, @, domain, a 2–3 letter suffix repeated 1–3 times.
 * The spec's `\w+([.-]?\w+)*` backtracks exponentially on a long run of letters (one request could
 * stall the server); `\w+([.-]\w+)*` matches the same addresses in linear time.
 */
export const EMAIL_RE = /^\w+(?:[.-]\w+)*@\w+(?:[.-]\w+)*(?:\.\w{2,3}){1,3}$/;

const text = (requiredKey: string) => z.string({ error: msg(requiredKey) }).trim();

export const loginUsername = text("validation.enter_username").regex(USERNAME_RE, msg("validation.account_format"));
export const loginPassword = z
  .string({ error: msg("validation.in_enter_password") })
  .min(6, msg("validation.password_format"))
  .max(64, msg("validation.password_format"));
export const captchaAnswer = text("validation.in_vwrite_code").regex(/^\d{1,6}$/, msg("validation.captcha_format"));
export const mobileNum = text("validation.enter_mobile")
  .max(20, msg("validation.mobile_format"))
  .regex(MOBILE_RE, msg("validation.mobile_format"));
export const smsCode = text("validation.enter_sms_code").regex(/^\d{1,10}$/, msg("validation.sms_code_format"));
export const email = text("validation.in_email_incorrect")
  .max(254, msg("validation.in_email_incorrect"))
  .regex(EMAIL_RE, msg("validation.in_email_incorrect"));

const checkbox = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");

export const loginMode = z.enum(["member", "agent"]).default("member");

/** /m/login: one form, several intents (buttons carry `intent`). */
export const loginSchema = z.discriminatedUnion("intent", [
  z
    .object({
      intent: z.literal("password"),
      mode: loginMode,
      username: loginUsername,
      password: loginPassword,
      captcha: z
        .string()
        .trim()
        .regex(/^\d{1,6}$/, msg("validation.captcha_format"))
        .optional(),
      /** Set by the page when it shows the captcha, so the browser can ask for it before posting. */
      captchaShown: z.literal("1").optional(),
      remember: checkbox,
      redirectTo: z.string().max(2000).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.captchaShown && !v.captcha)
        ctx.addIssue({ code: "custom", path: ["captcha"], message: msg("validation.in_vwrite_code") });
    }),
  z.object({
    intent: z.literal("sms"),
    mobileNum,
    verificationCode: smsCode,
    remember: checkbox,
    redirectTo: z.string().max(2000).optional(),
  }),
  z.object({ intent: z.literal("send-sms"), mobileNum }),
  z.object({ intent: z.literal("firebase"), idToken: z.string().min(20).max(8192), redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("remembered"), mode: loginMode, redirectTo: z.string().max(2000).optional() }),
  z.object({ intent: z.literal("forget-device"), mode: loginMode }),
]);
export type LoginForm = z.infer<typeof loginSchema>;

/** The "send code" button of any form with an SMS code: only the number is checked. */
export const sendSmsSchema = z.object({ intent: z.literal("send-sms"), mobileNum });

/** A form's own schema, or the send-code one when that button was pressed. */
export function bySubmitter<T extends z.ZodType>(formData: FormData, schema: T): T | typeof sendSmsSchema {
  return formData.get("intent") === "send-sms" ? sendSmsSchema : schema;
}

/** Passwords of new accounts: letters and digits both, printable ASCII only. */
export const PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]+$/;

export function newPasswordField(min: number, max: number) {
  return z
    .string({ error: msg("validation.in_enter_password") })
    .min(min, { message: msg("validation.reg_pattern_password", { min, max }), abort: true })
    .max(max, { message: msg("validation.reg_pattern_password", { min, max }), abort: true })
    .regex(PASSWORD_RE, msg("validation.reg_pattern_password", { min, max }));
}

/** Spec §5: old by loginPassword (when asked), new by the password rule, confirmation required and equal, new ≠ old. */
export function changePasswordSchema(opts: { askOld: boolean; min: number; max: number }) {
  return z
    .object({
      oldPassword: opts.askOld ? loginPassword : z.string().optional(),
      newPassword: newPasswordField(opts.min, opts.max),
      confirmNewPassword: z.string({ error: msg("validation.in_enter_password") }),
    })
    .superRefine((v, ctx) => {
      if (v.confirmNewPassword !== v.newPassword) {
        ctx.addIssue({ code: "custom", path: ["confirmNewPassword"], message: msg("validation.in_confirmation_correct") });
      }
      // The whole form's error, not the field's: the spec answers it with a prompt popup (§8), not inline.
      if (opts.askOld && v.oldPassword === v.newPassword) {
        ctx.addIssue({ code: "custom", path: [], message: msg("validation.same_password") });
      }
    });
}

/** Stored form of a Philippine mobile number: the 10 digits after +63 (9xxxxxxxxx). */
export function normalizeMobile(mobile: string): string {
  const digits = mobile.trim();
  return digits.startsWith("0") ? digits.slice(1) : digits;
}
