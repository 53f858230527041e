import { describe, expect, it } from "vitest";
import { bindAccountSchema, changePinSchema, maskAccountNumber, setPinSchema, withdrawSchema } from "./withdraw-schemas";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}:${i.message}`);

describe("the withdraw screen's schemas", () => {
  it("take a 6-digit PIN, confirmed, and a new one different from the old", () => {
    expect(setPinSchema.safeParse({ intent: "set-pin", pin: "123456", confirmPin: "123456" }).success).toBe(true);
    for (const pin of ["12345", "1234567", "12345a", "١٢٣٤٥٦", " 123456"])
      expect(issues(setPinSchema.safeParse({ intent: "set-pin", pin, confirmPin: pin })), pin).toContain(
        "pin:withdraw.pin_format",
      );
    expect(issues(setPinSchema.safeParse({ intent: "set-pin", pin: "123456", confirmPin: "123465" }))).toEqual([
      "confirmPin:withdraw.pin_mismatch",
    ]);
    expect(
      issues(changePinSchema.safeParse({ intent: "change-pin", oldPin: "123456", pin: "123456", confirmPin: "123456" })),
    ).toEqual(["pin:withdraw.pin_same"]);
  });

  it("check the number against its method and the bank against the list", () => {
    const base = { intent: "bind-account", holderName: "Juan Dela Cruz" };
    expect(bindAccountSchema.safeParse({ ...base, method: "gcash", accountNumber: "09171234567" }).success).toBe(true);
    expect(issues(bindAccountSchema.safeParse({ ...base, method: "maya", accountNumber: "9171234567" }))).toEqual([
      "accountNumber:withdraw.wallet_number_format",
    ]);
    expect(issues(bindAccountSchema.safeParse({ ...base, method: "bank", bank: "BDO", accountNumber: "123456789" }))).toEqual([
      "accountNumber:withdraw.bank_number_format",
    ]);
    expect(issues(bindAccountSchema.safeParse({ ...base, method: "bank", bank: "Acme", accountNumber: "1234567890" }))).toEqual([
      "bank:withdraw.bank_required",
    ]);
    expect(
      bindAccountSchema.safeParse({ ...base, method: "bank", bank: "China Bank", accountNumber: "1234567890123456" }).success,
    ).toBe(true);
    expect(bindAccountSchema.safeParse({ ...base, method: "paypal", accountNumber: "09171234567" }).success).toBe(false);
  });

  it("take holder names of 2-60 letters, spaces and . ' - in any script", () => {
    const parse = (holderName: string) =>
      bindAccountSchema.safeParse({ intent: "bind-account", method: "gcash", accountNumber: "09171234567", holderName });
    for (const ok of ["Jo", "Ma. Cristina O'Neil-Santos", "José  Rizal", "A".repeat(60)])
      expect(parse(ok).success, ok).toBe(true);
    for (const bad of ["J", "A".repeat(61), "Juan 3rd", "<script>", "Juan_Cruz", "  "])
      expect(parse(bad).success, bad).toBe(false);
    const spaced = parse("  José   Rizal ");
    expect(spaced.success && spaced.data.holderName).toBe("José Rizal");
  });

  it("turn the amount into centavos without a float, and refuse what is not a peso amount", () => {
    const parse = (amount: string) => withdrawSchema.safeParse({ intent: "withdraw", amount, paymentPassword: "123456" });
    const ok = parse("1,250.50");
    expect(ok.success && ok.data.amount).toBe(125_050n);
    for (const bad of ["-1", "0", "1e3", "0.001", "١٠٠", "1".repeat(31), "", "0x10"])
      expect(issues(parse(bad)), bad).toEqual(["amount:withdraw.amount_format"]);
  });

  it("mask all but the last 4 digits", () => {
    expect(maskAccountNumber("09171234567")).toBe("*******4567");
    expect(maskAccountNumber("123")).toBe("123");
  });
});
