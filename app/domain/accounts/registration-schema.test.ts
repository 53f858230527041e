import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, registrationSchema, type RegistrationSettings } from "./registration-schema";

const settings = (over: Partial<RegistrationSettings> = {}): RegistrationSettings => ({
  rules: {
    ...DEFAULT_RULES,
    mobileNum: { ...DEFAULT_RULES.mobileNum, enabled: true },
    email: { ...DEFAULT_RULES.email, enabled: true },
    birthday: { enabled: true, required: true },
  },
  usernameTab: true,
  mobileTab: true,
  smsRequired: true,
  mobilePassword: false,
  captcha: true,
  invitationField: true,
  birthday: { min: "1900-01-01", max: "2026-12-31", today: "2026-11-22", minimumAge: 21 },
  realName: false,
  ...over,
});

/** Every issue as "field:key", the message's parameters left off. */
function issues(input: Record<string, string>, s = settings()) {
  const r = registrationSchema(s).safeParse(input);
  return (r.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message.split("|")[0]}`);
}

describe("registration schema", () => {
  it("reports every failing field in one pass, the empty birthday included", () => {
    expect(
      issues({
        method: "username",
        username: "ab",
        password: "goodpass12",
        confirmPassword: "goodpass13",
        mobileNum: "12345",
        email: "ana@",
        affiliateCode: "!",
      }),
    ).toEqual([
      "email:validation.reg_pattern_email",
      "birthday:validation.required",
      "affiliateCode:validation.invitation_code_error",
      "captcha:validation.in_vwrite_code",
      "disclaimer:validation.disclaimer",
      "username:validation.reg_pattern_username",
      "confirmPassword:validation.in_confirmation_correct",
      "mobileNum:validation.reg_pattern_mobile_ph",
    ]);
  });

  it("reports the mobile tab's fields together with the others", () => {
    expect(issues({ method: "mobileNum", mobileNum: "0917", birthday: "1990-02-03" })).toEqual([
      "captcha:validation.in_vwrite_code",
      "disclaimer:validation.disclaimer",
      "mobileNum:validation.reg_pattern_mobile_ph",
      "verificationCode:validation.enter_sms_code",
    ]);
  });

  it("gives a malformed birthday one message, not one per rule", () => {
    for (const birthday of ["abc", "1990-13-45x", "3000-01-01"]) {
      expect(
        issues({
          method: "username",
          username: "juan2024",
          password: "goodpass12",
          confirmPassword: "goodpass12",
          birthday,
          captcha: "12",
          disclaimer: "on",
        }),
        birthday,
      ).toEqual(["birthday:validation.birthday_format"]);
    }
    expect(
      issues({
        method: "username",
        username: "juan2024",
        password: "goodpass12",
        confirmPassword: "goodpass12",
        birthday: "2010-01-01",
        captcha: "12",
        disclaimer: "on",
      }),
    ).toEqual(["birthday:validation.too_young"]);
  });

  it("still refuses a tab the brand does not offer, and nothing else is asked of it", () => {
    expect(
      issues({ method: "mobileNum", mobileNum: "0917" }, settings({ mobileTab: false, captcha: false, birthday: null })),
    ).toEqual(["disclaimer:validation.disclaimer", "method:errors.no_permission"]);
  });

  it("accepts a complete registration", () => {
    expect(
      issues({
        method: "username",
        username: "juan2024",
        password: "goodpass12",
        confirmPassword: "goodpass12",
        mobileNum: "09171234567",
        email: "juan@example.ph",
        birthday: "1990-02-03",
        affiliateCode: "ABCD1234",
        captcha: "12",
        disclaimer: "on",
      }),
    ).toEqual([]);
  });

  it("asks the full name as on a government ID when the restricted list is checked: 2-100 letters of any script, spaces and . - '", () => {
    const complete = {
      method: "username",
      username: "juan2024",
      password: "goodpass12",
      confirmPassword: "goodpass12",
      mobileNum: "09171234567",
      birthday: "1990-02-03",
      captcha: "12",
      disclaimer: "on",
    };
    const withName = settings({ realName: true });
    expect(issues(complete, withName)).toEqual(["realName:validation.required"]);
    expect(issues({ ...complete, realName: "   " }, withName)).toEqual(["realName:validation.required"]);
    for (const good of ["Juan dela Cruz", "Ma. Teresa O'Neil-Santos", "José Peña", "Nguyễn Văn An", "王小明", "D’Angelo Ab"])
      expect(issues({ ...complete, realName: good }, withName), good).toEqual([]);
    for (const bad of [
      "J",
      "x".repeat(101),
      "Juan 3rd",
      "<script>",
      "=cmd()",
      "...",
      "Juan\u0000Cruz",
      "Juan\u202eCruz",
      "😀 Juan",
    ])
      expect(issues({ ...complete, realName: bad }, withName), bad).toEqual(["realName:validation.real_name"]);
    expect(registrationSchema(withName).parse({ ...complete, realName: "  Juan dela Cruz " }).realName).toBe("Juan dela Cruz");
    // Without the check the field is not part of the form at all.
    expect(issues(complete)).toEqual([]);
  });
});
