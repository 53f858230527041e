import { z } from "zod";
import { msg } from "~/utils/form-errors";
import { ageOn } from "./registration-schema";

/**
 * The settings forms' rules (spec §3 profile fields, FEEDBACK3), shared by the browser's
 * validation and the server's. Choices are stored as codes; each language has its own labels
 * (settings.occupations.*, settings.incomeSources.*, and the browser's region names for nationality).
 */

export const OCCUPATIONS = [
  "employed",
  "self_employed",
  "business_owner",
  "government",
  "ofw",
  "student",
  "retired",
  "homemaker",
  "unemployed",
  "other",
] as const;

export const INCOME_SOURCES = [
  "salary",
  "business",
  "remittance",
  "pension",
  "investments",
  "allowance",
  "savings",
  "other",
] as const;

/** ISO 3166-1 alpha-2, the Philippines first (the market). */
export const NATIONALITIES = (
  "PH AF AX AL DZ AS AD AO AI AQ AG AR AM AW AU AT AZ BS BH BD BB BY BE BZ BJ BM BT BO BQ BA BW BV BR IO BN BG BF BI CV KH CM CA " +
  "KY CF TD CL CN CX CC CO KM CG CD CK CR CI HR CU CW CY CZ DK DJ DM DO EC EG SV GQ ER EE SZ ET FK FO FJ FI FR GF PF TF GA GM GE DE " +
  "GH GI GR GL GD GP GU GT GG GN GW GY HT HM VA HN HK HU IS IN ID IR IQ IE IM IL IT JM JP JE JO KZ KE KI KP KR KW KG LA LV LB LS LR " +
  "LY LI LT LU MO MG MW MY MV ML MT MH MQ MR MU YT MX FM MD MC MN ME MS MA MZ MM NA NR NP NL NC NZ NI NE NG NU NF MK MP NO OM PK PW " +
  "PS PA PG PY PE PN PL PT PR QA RE RO RU RW BL SH KN LC MF PM VC WS SM ST SA SN RS SC SL SG SX SK SI SB SO ZA GS SS ES LK SD SR SJ " +
  "SE CH SY TW TJ TZ TH TL TG TK TO TT TN TR TM TC TV UG UA AE GB US UM UY UZ VU VE VN VG VI WF EH YE ZM ZW"
).split(" ");

export const NICKNAME_MAX = 20;
export const ADDRESS_MAX = 200;
export const FEEDBACK_MAX = 500;
export const BIRTHDAY_MIN = "1900-01-01";

/** Characters, not UTF-16 units: what the database's char_length counts too. */
const length = (s: string) => [...s].length;
const squeeze = (s: string) => s.normalize("NFC").trim().replace(/\s+/g, " ");

/**
 * A display name: letters and digits of any script, with single spaces, dots, dashes and
 * underscores between them; nothing that could pass for markup or reorder text (bidi controls).
 */
const NICKNAME = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N} ._-]*[\p{L}\p{M}\p{N}])?$/u;
/** A postal address: words, numbers and the punctuation addresses use; no markup, no control characters. */
const ADDRESS = /^[\p{L}\p{M}\p{N} .,#'/()&-]+$/u;

/**
 * Checks inside one transform rather than a pipe into z.string(): conform reads an empty string as a
 * missing value at every string schema, which would trade these messages for a generic one.
 */
export const nicknameSchema = z.object({
  nickname: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = squeeze(raw ?? "");
      if (length(v) < 2 || length(v) > NICKNAME_MAX) {
        ctx.addIssue({ code: "custom", message: msg("settings.errors.nickname_length", { min: 2, max: NICKNAME_MAX }) });
      } else if (!NICKNAME.test(v)) {
        ctx.addIssue({ code: "custom", message: msg("settings.errors.nickname_characters") });
      }
      return v;
    }),
});

/** An empty choice clears the field; anything not on the list is refused, not dropped. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.enum(values, { error: message }).optional());

export interface ProfileRules {
  /** Today in market time, YYYY-MM-DD. */
  today: string;
  minimumAge: number;
  /** A birthday once given is part of who the member is (age checks): it can be set, not changed here. */
  birthdayLocked: boolean;
}

export function profileSchema(rules: ProfileRules) {
  return z.object({
    birthday: rules.birthdayLocked
      ? z.undefined({ error: msg("settings.errors.birthday_locked") }).optional()
      : z
          .string()
          .optional()
          .transform((v) => (v ? v.trim() : undefined))
          .pipe(
            z
              .string()
              .regex(/^\d{4}-\d{2}-\d{2}$/, { message: msg("validation.birthday_format"), abort: true })
              .refine(isCalendarDate, { message: msg("validation.birthday_format"), abort: true })
              .refine((v) => v >= BIRTHDAY_MIN, { message: msg("settings.errors.birthday_too_early"), abort: true })
              .refine((v) => v <= rules.today, { message: msg("settings.errors.birthday_future"), abort: true })
              .refine(
                (v) => ageOn(v, rules.today) >= rules.minimumAge,
                msg("settings.errors.too_young", { age: rules.minimumAge }),
              )
              .optional(),
          ),
    nationality: optionalChoice(NATIONALITIES as unknown as [string, ...string[]], msg("settings.errors.choose_from_list")),
    address: z
      .string()
      .optional()
      .transform((v) => (v ? squeeze(v) : undefined))
      .pipe(
        z
          .string()
          .refine((v) => length(v) >= 5 && length(v) <= ADDRESS_MAX, {
            message: msg("settings.errors.address_length", { min: 5, max: ADDRESS_MAX }),
            abort: true,
          })
          .regex(ADDRESS, msg("settings.errors.address_characters"))
          .optional(),
      ),
    occupation: optionalChoice(OCCUPATIONS, msg("settings.errors.choose_from_list")),
    sourceOfIncome: optionalChoice(INCOME_SOURCES, msg("settings.errors.choose_from_list")),
  });
}
export type ProfileInput = z.output<ReturnType<typeof profileSchema>>;

export const feedbackSchema = z.object({
  message: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const v = (raw ?? "").normalize("NFC").trim();
      if (v === "") ctx.addIssue({ code: "custom", message: msg("settings.errors.feedback_empty") });
      else if (length(v) > FEEDBACK_MAX) {
        ctx.addIssue({ code: "custom", message: msg("settings.errors.feedback_length", { max: FEEDBACK_MAX }) });
      } else if (/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(v.replace(/[\n\r\t]/g, ""))) {
        // Control characters (other than line breaks and tabs) and bidi overrides would garble the support listing.
        ctx.addIssue({ code: "custom", message: msg("settings.errors.feedback_characters") });
      }
      return v;
    }),
});

function isCalendarDate(v: string): boolean {
  const [y, m, d] = v.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
