import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { forgotEmailSchema, phoneResetSchema, tokenResetSchema } from "./password-reset-schemas";

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};

describe("the forgot-by-e-mail form", () => {
  it("trims both fields and accepts the spec's e-mail pattern", () => {
    const r = parseWithZod(form({ username: "  ana_01 ", email: " ana.cruz@mail.example.com.ph " }), {
      schema: forgotEmailSchema,
    });
    expect(r.status).toBe("success");
    expect(r.status === "success" && r.value).toEqual({ username: "ana_01", email: "ana.cruz@mail.example.com.ph" });
  });

  it("answers in_email_incorrect for a missing, malformed or 255-character e-mail", () => {
    const long = `${"a".repeat(243)}@example.com`;
    expect(long.length).toBe(255);
    for (const email of ["", "ana", "ana@", "ana@example", "ana@example.c", "ana@@example.com", long]) {
      const r = parseWithZod(form({ username: "ana_01", email }), { schema: forgotEmailSchema });
      expect(r.status === "error" && r.error?.email, email).toEqual(["validation.in_email_incorrect"]);
    }
    const ok = `${"a".repeat(242)}@example.com`;
    expect(parseWithZod(form({ username: "ana_01", email: ok }), { schema: forgotEmailSchema }).status).toBe("success");
  });

  it("asks for the username", () => {
    const r = parseWithZod(form({ email: "ana@example.com" }), { schema: forgotEmailSchema });
    expect(r.status === "error" && r.error?.username).toEqual(["validation.enter_username"]);
  });
});

describe("the new-password forms", () => {
  const rule = { min: 6, max: 20 };

  it("need a matching confirmation and the brand's password rule", () => {
    const base = { mobileNum: "09171234567", verificationCode: "123456" };
    const mismatch = parseWithZod(form({ ...base, newPassword: "abc12345", confirmNewPassword: "abc12346" }), {
      schema: phoneResetSchema(rule),
    });
    expect(mismatch.status === "error" && mismatch.error?.confirmNewPassword).toEqual(["validation.in_confirmation_correct"]);
    const weak = parseWithZod(form({ ...base, newPassword: "abcdefgh", confirmNewPassword: "abcdefgh" }), {
      schema: phoneResetSchema(rule),
    });
    expect(weak.status === "error" && weak.error?.newPassword).toEqual(["validation.reg_pattern_password|min=6&max=20"]);
    const good = parseWithZod(form({ ...base, newPassword: "abc12345", confirmNewPassword: "abc12345" }), {
      schema: phoneResetSchema(rule),
    });
    expect(good.status).toBe("success");
  });

  it("need the SMS code by phone and the token by link", () => {
    const phone = parseWithZod(form({ mobileNum: "09171234567", newPassword: "abc12345", confirmNewPassword: "abc12345" }), {
      schema: phoneResetSchema(rule),
    });
    expect(phone.status === "error" && phone.error?.verificationCode).toEqual(["validation.enter_sms_code"]);
    const link = parseWithZod(form({ newPassword: "abc12345", confirmNewPassword: "abc12345" }), {
      schema: tokenResetSchema(rule),
    });
    expect(link.status).toBe("error");
    const withToken = parseWithZod(form({ token: "t0k3n", newPassword: "abc12345", confirmNewPassword: "abc12345" }), {
      schema: tokenResetSchema(rule),
    });
    expect(withToken.status).toBe("success");
  });
});
