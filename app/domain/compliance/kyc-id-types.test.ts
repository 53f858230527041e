import { describe, expect, it } from "vitest";
import { checkIdNumber, isKycIdType, KYC_ID_EXAMPLES, KYC_ID_TYPES, normaliseIdNumber, type KycIdType } from "./kyc-id-types";

const ok = (type: KycIdType, raw: string) => checkIdNumber(type, raw);

describe("ID numbers of the Philippine IDs a player may verify with", () => {
  it("takes each well-known format as printed, with or without its dashes and spaces", () => {
    const good: [KycIdType, string, string][] = [
      ["philsys", "1234-5678-9012-3456", "1234-5678-9012-3456"],
      ["philsys", "1234 5678 9012 3456", "1234567890123456"],
      ["passport", "p1234567a", "P1234567A"],
      ["passport", "EB1234567", "EB1234567"],
      ["drivers_license", "N01-12-345678", "N01-12-345678"],
      ["drivers_license", "n0112345678", "N0112345678"],
      ["umid", "0111-1234567-8", "0111-1234567-8"],
      ["sss", "34-1234567-8", "34-1234567-8"],
      ["sss", "3412345678", "3412345678"],
      ["prc", "0012345", "0012345"],
      ["tin", "123-456-789", "123-456-789"],
      ["tin", "123-456-789-000", "123-456-789-000"],
      ["tin", "123456789-00000", "123456789-00000"],
      ["postal", "PRN 1234 5678 9012", "PRN123456789012"],
      ["voters", "7604-0012A-B1234CDE5678", "7604-0012A-B1234CDE5678"],
    ];
    for (const [type, raw, stored] of good) expect(ok(type, raw), `${type} ${raw}`).toEqual({ ok: true, number: stored });
  });

  it("refuses numbers of the wrong shape for the chosen ID", () => {
    const bad: [KycIdType, string][] = [
      ["philsys", "1234-5678-9012-345"], // 15 digits
      ["philsys", "1234-5678-9012-34567"],
      ["philsys", "ABCD-5678-9012-3456"],
      ["passport", "ABCDEFGH"], // no digit
      ["passport", "P12345678AB"], // longer than ICAO's 9
      ["passport", "P12-34567"],
      ["drivers_license", "01-12-345678"], // no office letter
      ["drivers_license", "N01-12-34567"],
      ["umid", "0111-123456-8"],
      ["sss", "34-1234567-89"],
      ["prc", "12345"], // PRC numbers keep their leading zeros: 7 digits
      ["prc", "00123456"],
      ["tin", "123-456-78"],
      ["tin", "123-456-789-0000"],
      ["postal", "---"],
      ["voters", "ABCDEF"], // no digit
      ["voters", "1234;drop table"],
      ["voters", "<script>1</script>"],
      ["postal", "1".repeat(41)],
    ];
    for (const [type, raw] of bad) expect(ok(type, raw), `${type} ${raw}`).toEqual({ ok: false, reason: "format" });
  });

  it("asks for a number when none is given", () => {
    expect(ok("philsys", "")).toEqual({ ok: false, reason: "required" });
    expect(ok("passport", "   \t ")).toEqual({ ok: false, reason: "required" });
  });

  it("reads full-width digits (a phone keyboard's) as plain ones", () => {
    expect(normaliseIdNumber("１２３４ ５６７８")).toBe("12345678");
    expect(ok("prc", "００１２３４５")).toEqual({ ok: true, number: "0012345" });
  });

  it("is a closed list, and every example shown on the page passes its own check", () => {
    expect(isKycIdType("philsys")).toBe(true);
    for (const v of ["", "PHILSYS", "national_id", "__proto__", "toString", null, 1]) expect(isKycIdType(v)).toBe(false);
    for (const [type, example] of Object.entries(KYC_ID_EXAMPLES)) expect(ok(type as KycIdType, example!).ok, type).toBe(true);
    expect(KYC_ID_TYPES).toHaveLength(9);
  });
});
