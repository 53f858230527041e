import { describe, expect, it } from "vitest";
import { maskPhoneNumber } from "./mask-phone";

describe("maskPhoneNumber", () => {
  it("hides the middle of the mobile numbers members register with", () => {
    expect(maskPhoneNumber("09171234567")).toBe("0917•••4567");
    expect(maskPhoneNumber("9171234567")).toBe("917•••4567");
    expect(maskPhoneNumber("+639171234567")).toBe("+639•••4567");
    expect(maskPhoneNumber("0917 123 4567")).toBe("0917•••4567");
    expect(maskPhoneNumber("0917-123-4567")).toBe("0917•••4567");
  });

  it("never shows more than all but three digits", () => {
    for (const phone of ["1234567890", "12345678901", "123456789012345"]) {
      const shown = maskPhoneNumber(phone).replace("•••", "");
      expect(phone.length - shown.length, phone).toBeGreaterThanOrEqual(3);
    }
  });

  it("leaves other names alone", () => {
    for (const name of ["juan2024", "Lorna", "123456789", "0917abc4567", "1234567890123456", "", "José 09171234567"])
      expect(maskPhoneNumber(name), name).toBe(name);
  });
});
