import { z } from "zod";
import { msg } from "~/utils/form-errors";
import { captchaAnswer, EMAIL_RE, MOBILE_RE, PASSWORD_RE, smsCode } from "./account-schemas";

/**
 * Registration's schema is built from the brand's field rules (brand file plus
 * database overrides), in the browser and on the server alike. Pattern
 * messages come from `validation.reg_pattern_{patternId}` with (min)/(max).
 */
export const REGISTRATION_FIELDS = ["username", "password", "mobileNum", "email", "nickname", "birthday"] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface FieldRule {
  enabled: boolean;
  required: boolean;
  minLength?: number;
  maxLength?: number;
  patternId?: string;
}

export const DEFAULT_RULES: Record<RegistrationField, FieldRule> = {
  username: { enabled: true, required: true, minLength: 6, maxLength: 16, patternId: "username" },
  password: { enabled: true, required: true, minLength: 6, maxLength: 20, patternId: "password" },
  mobileNum: { enabled: false, required: false, minLength: 10, maxLength: 11, patternId: "mobile_ph" },
  email: { enabled: false, required: false, maxLength: 254, patternId: "email" },
  nickname: { enabled: false, required: false, minLength: 2, maxLength: 20, patternId: "nickname" },
  birthday: { enabled: false, required: false },
};

/** The patterns a rule may name; each has its message `validation.reg_pattern_<id>`. */
export const PATTERNS: Record<string, RegExp> = {
  username: /^[A-Za-z0-9]+$/,
  password: PASSWORD_RE,
  mobile_ph: MOBILE_RE,
  email: EMAIL_RE,
  nickname: /^[\p{L}\p{N} ._-]+$/u,
};

export interface RegistrationSettings {
  rules: Record<RegistrationField, FieldRule>;
  /** Which tabs exist (USERNAMEREG3 / MOBILENUMREG3 and the field rules). */
  usernameTab: boolean;
  mobileTab: boolean;
  /** REGMOBVERF3: mobile registration proves the number with an SMS code. */
  smsRequired: boolean;
  /** MOBILENUMPASSREG3: mobile registration also sets a password. */
  mobilePassword: boolean;
  /** CAPTCHA3 */
  captcha: boolean;
  /** AFFMAN3 and no valid code in the URL: the invitation field is shown. */
  invitationField: boolean;
  /** AGEINFO3 with the birthday field enabled, or the restricted-persons check (which needs it). */
  birthday: { min: string; max: string; today: string; minimumAge: number } | null;
  /** compliance.barredCheck: the full name as on a government ID is asked (and the birthday required). */
  realName: boolean;
}

/**
 * A full name as on a government ID: letters of any script (with their accents), spaces and . - '
 * (the ’ a phone keyboard types too), with at least one letter.
 */
export const REAL_NAME_RE = /^(?=.*\p{L})[\p{L}\p{M} .'’-]+$/u;
export const REAL_NAME_LENGTH = { min: 2, max: 100 } as const;

const realName = z
  .string({ error: msg("validation.required") })
  .trim()
  .min(1, { message: msg("validation.required"), abort: true })
  .min(REAL_NAME_LENGTH.min, { message: msg("validation.real_name"), abort: true })
  .max(REAL_NAME_LENGTH.max, { message: msg("validation.real_name"), abort: true })
  .regex(REAL_NAME_RE, msg("validation.real_name"));

function ruled(rule: FieldRule, lengthOnlyKey = "validation.length") {
  const min = rule.minLength ?? 0;
  const max = rule.maxLength ?? 255;
  const pattern = rule.patternId ? PATTERNS[rule.patternId] : undefined;
  const message = pattern ? msg(`validation.reg_pattern_${rule.patternId}`, { min, max }) : msg(lengthOnlyKey, { min, max });
  // One message per field: a value of the wrong length is not also tested against the pattern.
  let s = z
    .string({ error: msg("validation.required") })
    .trim()
    .min(Math.max(min, 1), { message, abort: true })
    .max(max, { message, abort: true });
  if (pattern) s = s.regex(pattern, message);
  return rule.required ? s : s.optional();
}

/** Whole years between a YYYY-MM-DD birthday and today (both in market time). */
export function ageOn(birthday: string, today: string): number {
  const [by, bm, bd] = birthday.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A YYYY-MM-DD birthday in the form's range, of the brand's minimum age on `today`. */
function birthdaySchema(birthday: NonNullable<RegistrationSettings["birthday"]>) {
  return z
    .string({ error: msg("validation.required") })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: msg("validation.birthday_format"), abort: true })
    .refine((v) => v >= birthday.min && v <= birthday.max, { message: msg("validation.birthday_format"), abort: true })
    .refine((v) => ageOn(v, birthday.today) >= birthday.minimumAge, msg("validation.too_young", { age: birthday.minimumAge }));
}

const disclaimer = z.literal("on", { error: msg("validation.disclaimer") });
/** The version of the declaration the form showed (the server compares it with its own). */
const declarationVersion = z.string().max(64).optional().catch(undefined);

/**
 * Completing a registration begun by a social sign-in (Google, Facebook): the provider vouched for
 * the identity; the declaration, and the full name and birthday where the brand checks the
 * restricted list, are asked as on the registration form.
 */
export function socialRegistrationSchema(s: Pick<RegistrationSettings, "realName" | "birthday">) {
  return z.object({
    realName: s.realName ? realName : z.undefined().optional(),
    birthday: s.birthday ? birthdaySchema(s.birthday) : z.undefined().optional(),
    disclaimer,
    declarationVersion,
  });
}

/** The fields the tab-dependent checks read; any other field may fail without holding them back. */
const CROSS_CHECKED = new Set(["method", "username", "password", "confirmPassword", "mobileNum", "verificationCode"]);

export function registrationSchema(s: RegistrationSettings) {
  const { rules } = s;
  const birthday = s.birthday;
  return z
    .object({
      method: z.enum(["username", "mobileNum"]).default(s.usernameTab ? "username" : "mobileNum"),
      username: z.string().trim().max(255).optional(),
      password: z.string().max(255).optional(),
      confirmPassword: z.string().max(255).optional(),
      mobileNum: z.string().trim().max(20, msg("validation.mobile_format")).optional(),
      verificationCode: z.string().trim().max(10).optional(),
      email: rules.email.enabled ? ruled(rules.email) : z.undefined().optional(),
      nickname: rules.nickname.enabled ? ruled(rules.nickname) : z.undefined().optional(),
      realName: s.realName ? realName : z.undefined().optional(),
      birthday: birthday ? birthdaySchema(birthday) : z.undefined().optional(),
      affiliateCode: s.invitationField
        ? z
            .string()
            .trim()
            .regex(/^[A-Za-z0-9]{4,16}$/, msg("validation.invitation_code_error"))
            .optional()
        : z.string().max(40).optional(),
      captcha: s.captcha ? captchaAnswer : z.undefined().optional(),
      disclaimer,
      registerMethod: z.enum(["H5", "PWA", "WEBCLIP", "APP"]).catch("H5"),
      declarationVersion,
    })
    .superRefine(
      (v, ctx) => {
        const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
        const check = (path: "username" | "password" | "mobileNum", schema: z.ZodType) => {
          const r = schema.safeParse(v[path]);
          if (!r.success) issue(path, r.error.issues[0]!.message);
        };
        const byMobile = v.method === "mobileNum";
        if (byMobile && !s.mobileTab) return issue("method", msg("errors.no_permission"));
        if (!byMobile && !s.usernameTab) return issue("method", msg("errors.no_permission"));
        if (!byMobile) check("username", ruled(rules.username));
        const wantsPassword = !byMobile || s.mobilePassword;
        if (wantsPassword) {
          check("password", ruled({ ...rules.password, required: true }));
          if (!v.confirmPassword) issue("confirmPassword", msg("validation.in_incorrect_password"));
          else if (v.confirmPassword !== v.password) issue("confirmPassword", msg("validation.in_confirmation_correct"));
        }
        if (byMobile) {
          check("mobileNum", ruled({ ...rules.mobileNum, enabled: true, required: true, patternId: "mobile_ph" }));
          if (s.smsRequired) {
            const r = smsCode.safeParse(v.verificationCode);
            if (!r.success) issue("verificationCode", r.error.issues[0]!.message);
          }
        } else if (rules.mobileNum.enabled) {
          check("mobileNum", ruled(rules.mobileNum));
        }
      },
      // Zod skips a refinement once any field has failed, so an empty birthday would hide a short
      // username until the next submit. The checks only read the fields below: they run whenever
      // those parsed, and every failing field is reported in one pass (spec §4).
      { when: (payload) => payload.issues.every((i) => i.path?.length && !CROSS_CHECKED.has(String(i.path[0]))) },
    );
}

export type RegistrationInput = z.output<ReturnType<typeof registrationSchema>>;
