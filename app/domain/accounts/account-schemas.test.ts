import { describe, expect, it } from "vitest";
import { changePasswordSchema, EMAIL_RE, loginSchema, MOBILE_RE, normalizeMobile, PASSWORD_RE } from "./account-schemas";

describe("account field patterns", () => {
  it("accepts the e-mails the spec's pattern accepts", () => {
    for (const ok of ["ana@example.com", "ana.cruz@mail.example.ph", "a-b@x.co", "juan_23@yahoo.com.ph"])
      expect(EMAIL_RE.test(ok), ok).toBe(true);
    for (const bad of ["ana@", "@x.com", "ana@example", "ana@example.comm.", "ana..b@x.com", "a b@x.com", "ana@x.c"])
      expect(EMAIL_RE.test(bad), bad).toBe(false);
  });

  it("answers at once on inputs built to make a regex backtrack", () => {
    const started = performance.now();
    for (const hostile of ["x".repeat(5000), `${"a".repeat(3000)}@${"b".repeat(3000)}`, `${"a.".repeat(2000)}!`]) {
      EMAIL_RE.test(hostile);
      PASSWORD_RE.test(hostile);
    }
    // Exponential backtracking takes minutes here; linear matching takes well under a second even on a slow CI box.
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("knows Philippine mobile numbers and stores the national part", () => {
    expect(MOBILE_RE.test("09171234567")).toBe(true);
    expect(MOBILE_RE.test("9171234567")).toBe(true);
    expect(MOBILE_RE.test("0917123456")).toBe(false);
    expect(MOBILE_RE.test("+639171234567")).toBe(false);
    expect(normalizeMobile("09171234567")).toBe("9171234567");
  });
});

describe("login schema", () => {
  it("validates each intent on its own fields", () => {
    expect(loginSchema.safeParse({ intent: "password", username: "juan01", password: "secret12" }).success).toBe(true);
    const bad = loginSchema.safeParse({ intent: "password", username: "<b>", password: "123" });
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(["validation.account_format", "validation.password_format"]);
    const captcha = loginSchema.safeParse({ intent: "password", username: "juan01", password: "secret12", captchaShown: "1" });
    expect(captcha.error?.issues[0]?.message).toBe("validation.in_vwrite_code");
    expect(loginSchema.safeParse({ intent: "send-sms", mobileNum: "0917" }).error?.issues[0]?.message).toBe(
      "validation.mobile_format",
    );
    expect(loginSchema.safeParse({ intent: "unknown" }).success).toBe(false);
  });
});

describe("change password schema", () => {
  const schema = changePasswordSchema({ askOld: true, min: 6, max: 20 });
  it("needs the confirmation, equal, and a new password unlike the old", () => {
    const parse = (v: object) => schema.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}:${i.message.split("|")[0]}`);
    expect(parse({ oldPassword: "oldpass1", newPassword: "newpass1" })).toEqual([
      "confirmNewPassword:validation.in_enter_password",
    ]);
    expect(parse({ oldPassword: "oldpass1", newPassword: "newpass1", confirmNewPassword: "newpass2" })).toEqual([
      "confirmNewPassword:validation.in_confirmation_correct",
    ]);
    expect(parse({ oldPassword: "samepass1", newPassword: "samepass1", confirmNewPassword: "samepass1" })).toEqual([
      ":validation.same_password",
    ]);
    expect(parse({ oldPassword: "oldpass1", newPassword: "short", confirmNewPassword: "short" })).toEqual([
      "newPassword:validation.reg_pattern_password",
    ]);
    expect(schema.safeParse({ oldPassword: "oldpass1", newPassword: "newpass1", confirmNewPassword: "newpass1" }).success).toBe(
      true,
    );
  });
});
