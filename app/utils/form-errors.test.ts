import { describe, expect, it } from "vitest";
import type { TFunction } from "./translator";
import { msg, translateError } from "./form-errors";

const texts: Record<string, string> = {
  "validation.reg_pattern_username": "Use (min)-(max) letters or digits",
  "validation.in_vwrite_code": "Enter a captcha",
  "errors.unknown": "Unknown error",
};
const t = ((key: string) => texts[key] ?? key) as unknown as TFunction;

describe("form error messages", () => {
  it("carry a key and parameters and come out as the template with (min)/(max) replaced", () => {
    expect(msg("validation.in_vwrite_code")).toBe("validation.in_vwrite_code");
    const m = msg("validation.reg_pattern_username", { min: 6, max: 16 });
    expect(translateError(t, m)).toBe("Use 6-16 letters or digits");
  });

  it("never show a raw library message", () => {
    expect(translateError(t, "Invalid input: expected string")).toBe("Unknown error");
    expect(translateError(t, "<img src=x onerror=alert(1)>")).toBe("Unknown error");
  });
});
