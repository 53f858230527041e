import { describe, expect, it } from "vitest";
import { effectiveFlags, FLAG_NAMES, isFlagName, MODULE_FLAGS } from "./flags";

describe("module flags", () => {
  it("catalogues every flag of spec §6 and the platform's own", () => {
    const spec =
      "REGISTER_REE3 USERNAMEREG3 MOBILENUMREG3 REGMOBVERF3 MOBILENUMPASSREG3 INBOX3 AGEINFO3 PROFPIC3 FEEDBACK3 COMM3 AFFMAN3 FREEPLAY3 VALID_CAPTCHA3 CBS3 REWCEN3 TRANSBETREPMEM3 CHNGPASSMAIL3 CHNGPASSVERIF3 MOBILEVERCODELOGIN3 FACEBOOKLOGIN3 GOOGLELOGIN3 FUNDTRANS3 REG3 CAPTCHA3".split(
        " ",
      );
    for (const name of spec) expect(isFlagName(name), name).toBe(true);
    for (const name of FLAG_NAMES) expect(MODULE_FLAGS[name].meaning.length).toBeGreaterThan(10);
    expect(isFlagName("toString")).toBe(false);
  });

  it("layers catalogue defaults, brand-file defaults and overrides", () => {
    const none = effectiveFlags({}, []);
    expect(none.CBS3).toBe(true);
    expect(none.REWCEN3).toBe(false);
    const brand = effectiveFlags({ REWCEN3: true, CBS3: false }, []);
    expect(brand.REWCEN3).toBe(true);
    expect(brand.CBS3).toBe(false);
    const overridden = effectiveFlags({ REWCEN3: true }, [
      { flag: "REWCEN3", enabled: false },
      { flag: "FREEPLAY3", enabled: true },
      { flag: "RETIRED3", enabled: true },
    ]);
    expect(overridden.REWCEN3).toBe(false);
    expect(overridden.FREEPLAY3).toBe(true);
    expect(overridden).not.toHaveProperty("RETIRED3");
  });
});
