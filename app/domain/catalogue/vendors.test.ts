import { describe, expect, it } from "vitest";
import { COCKFIGHT_VENDORS, ESPORTS_VENDORS, sortVendors, vendorLabel, type VendorEntry, type VendorTypeEntry } from "./vendors";

const v = (vassalage: string, gameCount = 5, displayName = `${vassalage} name`): VendorEntry => ({
  vassalage,
  displayName,
  gameCount,
});
const codes = (list: VendorEntry[] | undefined) => list?.map((e) => e.vassalage);

describe("sortVendors", () => {
  it("knows TF as the e-sports book and DS88 as the cockfight book", () => {
    expect([...ESPORTS_VENDORS]).toEqual(["TF"]);
    expect([...COCKFIGHT_VENDORS]).toEqual(["DS88"]);
  });

  it("splits TF and DS88 out of SPORTS into ESPORTS and COCKFIGHT right after SPORTS", () => {
    const raw: VendorTypeEntry[] = [
      { gameCategory: "RNG", vendors: [v("JILI"), v("FC")] },
      { gameCategory: "SPORTS", vendors: [v("SABA"), v("TF"), v("DS88"), v("BTI")] },
      { gameCategory: "LIVE", vendors: [v("EVO")] },
    ];
    const out = sortVendors(raw);
    expect(out.sorting).toEqual(["RNG", "SPORTS", "ESPORTS", "COCKFIGHT", "LIVE"]);
    expect(codes(out.mapping.SPORTS)).toEqual(["SABA", "BTI"]);
    expect(codes(out.mapping.ESPORTS)).toEqual(["TF"]);
    expect(codes(out.mapping.COCKFIGHT)).toEqual(["DS88"]);
    expect(codes(out.mapping.RNG)).toEqual(["JILI", "FC"]);
    expect(codes(out.mapping.LIVE)).toEqual(["EVO"]);
    expect(Object.keys(out.mapping).sort()).toEqual([...out.sorting].sort());
  });

  it("keeps the vendor entries as given (names and counts)", () => {
    const out = sortVendors([{ gameCategory: "SPORTS", vendors: [v("SABA", 7, "SABA Sports"), v("TF", 4, "TF Gaming")] }]);
    expect(out.mapping.SPORTS).toEqual([{ vassalage: "SABA", displayName: "SABA Sports", gameCount: 7 }]);
    expect(out.mapping.ESPORTS).toEqual([{ vassalage: "TF", displayName: "TF Gaming", gameCount: 4 }]);
  });

  it("drops SPORTS when only e-sports and cockfight books were filed under it", () => {
    const out = sortVendors([
      { gameCategory: "RNG", vendors: [v("JILI")] },
      { gameCategory: "SPORTS", vendors: [v("DS88"), v("TF")] },
      { gameCategory: "FISH", vendors: [v("FC")] },
    ]);
    expect(out.sorting).toEqual(["RNG", "ESPORTS", "COCKFIGHT", "FISH"]);
    expect(out.mapping.SPORTS).toBeUndefined();
  });

  it("drops SPORTS when its remaining books have no games", () => {
    const out = sortVendors([{ gameCategory: "SPORTS", vendors: [v("SABA", 0), v("BTI", 0), v("TF", 2)] }]);
    expect(out.sorting).toEqual(["ESPORTS"]);
    expect(out.mapping.SPORTS).toBeUndefined();
  });

  it("adds no ESPORTS or COCKFIGHT category when those books have no games or are absent", () => {
    const none = sortVendors([{ gameCategory: "SPORTS", vendors: [v("SABA"), v("TF", 0), v("DS88", 0)] }]);
    expect(none.sorting).toEqual(["SPORTS"]);
    expect(none.mapping.ESPORTS).toBeUndefined();
    expect(none.mapping.COCKFIGHT).toBeUndefined();
    const onlyCockfight = sortVendors([{ gameCategory: "SPORTS", vendors: [v("SABA"), v("DS88")] }]);
    expect(onlyCockfight.sorting).toEqual(["SPORTS", "COCKFIGHT"]);
  });

  it("drops vendors with 0 games, and categories left with none", () => {
    const out = sortVendors([
      { gameCategory: "RNG", vendors: [v("JILI", 0), v("FC", 3), v("PGE", 0), v("PG", 1)] },
      { gameCategory: "FISH", vendors: [v("FC", 0)] },
      { gameCategory: "PVP", vendors: [] },
      { gameCategory: "LIVE", vendors: [v("EVO", 1)] },
    ]);
    expect(out.sorting).toEqual(["RNG", "LIVE"]);
    expect(codes(out.mapping.RNG)).toEqual(["FC", "PG"]);
    expect(out.mapping.FISH).toBeUndefined();
    expect(out.mapping.PVP).toBeUndefined();
    for (const list of Object.values(out.mapping)) for (const e of list) expect(e.gameCount).toBeGreaterThan(0);
  });

  it("does not list a vendor twice in one category", () => {
    const out = sortVendors([
      { gameCategory: "RNG", vendors: [v("JILI"), v("JILI", 9)] },
      { gameCategory: "RNG", vendors: [v("FC"), v("JILI")] },
    ]);
    expect(out.sorting).toEqual(["RNG"]);
    expect(codes(out.mapping.RNG)).toEqual(["JILI", "FC"]);
  });

  it("does not change its input", () => {
    const raw: VendorTypeEntry[] = [{ gameCategory: "SPORTS", vendors: [v("SABA"), v("TF"), v("X", 0)] }];
    const copy = structuredClone(raw);
    sortVendors(raw);
    expect(raw).toEqual(copy);
  });

  it("gives nothing for an empty list", () => {
    expect(sortVendors([])).toEqual({ sorting: [], mapping: {}, prizeMode: "Lott" });
  });

  describe("prize mode", () => {
    const mode = (raw: VendorTypeEntry[]) => sortVendors(raw).prizeMode;
    it("is Elott when the ELOTT mapping holds TCG_LOTTO_VN", () => {
      expect(mode([{ gameCategory: "ELOTT", vendors: [v("TCG"), v("TCG_LOTTO_VN")] }])).toBe("Elott");
    });
    it("is Elott when the ELOTT mapping holds LOTT", () => {
      expect(mode([{ gameCategory: "ELOTT", vendors: [v("LOTT")] }])).toBe("Elott");
    });
    it("is Lott when ELOTT holds other vendors only", () => {
      expect(mode([{ gameCategory: "ELOTT", vendors: [v("TCG"), v("GPK")] }])).toBe("Lott");
    });
    it("is Lott when TCG_LOTTO_VN or LOTT sit under another category", () => {
      expect(
        mode([
          { gameCategory: "LOTT", vendors: [v("TCG_LOTTO_VN"), v("LOTT")] },
          { gameCategory: "ELOTT", vendors: [v("TCG")] },
        ]),
      ).toBe("Lott");
    });
    it("is Lott when the ELOTT vendor has no games (it is dropped)", () => {
      expect(mode([{ gameCategory: "ELOTT", vendors: [v("TCG_LOTTO_VN", 0), v("TCG")] }])).toBe("Lott");
    });
    it("is Lott without an ELOTT category", () => {
      expect(mode([{ gameCategory: "RNG", vendors: [v("LOTT")] }])).toBe("Lott");
    });
  });
});

describe("vendorLabel", () => {
  it("shows the brand's name for BTI and the TCG family under ty", () => {
    expect(vendorLabel({ vassalage: "BTI", displayName: "BTI Sports" }, "ty", "Lucky Peso")).toBe("Lucky Peso");
    expect(vendorLabel({ vassalage: "TCG", displayName: "TCG Lottery" }, "ty", "Lucky Peso")).toBe("Lucky Peso");
    expect(vendorLabel({ vassalage: "TCG_LOTTO_VN", displayName: "TCG VN" }, "ty", "Perlas Play")).toBe("Perlas Play");
  });

  it("shows the display name for other vendors under ty", () => {
    expect(vendorLabel({ vassalage: "SABA", displayName: "SABA Sports" }, "ty", "Lucky Peso")).toBe("SABA Sports");
    expect(vendorLabel({ vassalage: "JILI", displayName: "JILI" }, "ty", "Lucky Peso")).toBe("JILI");
    expect(vendorLabel({ vassalage: "XTCG", displayName: "Not TCG" }, "ty", "Lucky Peso")).toBe("Not TCG");
    expect(vendorLabel({ vassalage: "BTI2", displayName: "BTI Two" }, "ty", "Lucky Peso")).toBe("BTI Two");
  });

  it("shows the display name in every other language", () => {
    for (const lng of ["en", "tl", "zh", "ja", "th", "vi"]) {
      expect(vendorLabel({ vassalage: "BTI", displayName: "BTI Sports" }, lng, "Lucky Peso")).toBe("BTI Sports");
      expect(vendorLabel({ vassalage: "TCG", displayName: "TCG Lottery" }, lng, "Lucky Peso")).toBe("TCG Lottery");
    }
  });
});
