import { describe, expect, it } from "vitest";
import { buildHomeSections, HOME_SECTIONS, sectionKey, TILES_PER_ROW, type SectionSpec } from "./home-sections";
import { sortVendors, type VendorEntry, type VendorTypeEntry } from "./vendors";

const v = (vassalage: string, gameCount = 10): VendorEntry => ({ vassalage, displayName: vassalage, gameCount });

/** A brand with every category, as the vendor-type list reports it. */
const FULL: VendorTypeEntry[] = [
  { gameCategory: "RNG", vendors: [v("JILI"), v("FC"), v("PGE"), v("PG"), v("BGS")] },
  { gameCategory: "LIVE", vendors: [v("EVO")] },
  { gameCategory: "FISH", vendors: [v("JILI"), v("FC")] },
  { gameCategory: "PVP", vendors: [v("KM")] },
  { gameCategory: "SPORTS", vendors: [v("SABA"), v("BTI"), v("TF"), v("DS88")] },
  { gameCategory: "LOTT", vendors: [v("TCG")] },
  { gameCategory: "ELOTT", vendors: [v("TCG")] },
  { gameCategory: "BINGO", vendors: [v("JILI"), v("BGS")] },
];
const full = sortVendors(FULL);

const keys = (loggedIn: boolean, vendors = full, specs: readonly SectionSpec[] = HOME_SECTIONS) =>
  buildHomeSections(specs, { loggedIn, vendors }).map((s) => s.key);

/** The same brand without the named categories or vendors. */
function without(categories: string[], vendorCodes: string[] = []) {
  return sortVendors(
    FULL.filter((e) => !categories.includes(e.gameCategory)).map((e) => ({
      ...e,
      vendors: e.vendors.filter((x) => !vendorCodes.includes(x.vassalage)),
    })),
  );
}

describe("HOME_SECTIONS", () => {
  it("follows the spec's order and row counts", () => {
    expect(HOME_SECTIONS).toEqual([
      { kind: "favourites", rows: 1 },
      { kind: "banners" },
      { kind: "hot", rows: 3 },
      { kind: "games", category: "RNG", vassalage: "JILI", rows: 3 },
      { kind: "games", category: "RNG", vassalage: "FC", rows: 3 },
      { kind: "games", category: "RNG", vassalage: "PGE", rows: 3 },
      { kind: "games", category: "RNG", rows: 1 },
      { kind: "games", category: "BINGO", rows: 2 },
      { kind: "games", category: "FISH", rows: 2 },
      { kind: "vendors", category: "RNG" },
    ]);
    // Rows move three tiles at a time, so a row holds whole groups.
    expect(TILES_PER_ROW % 3).toBe(0);
  });
});

describe("buildHomeSections", () => {
  it("gives a signed-in member every section in order, favourites first", () => {
    expect(keys(true)).toEqual([
      "favourites",
      "banners",
      "hot",
      "games:RNG:JILI",
      "games:RNG:FC",
      "games:RNG:PGE",
      "games:RNG",
      "games:BINGO",
      "games:FISH",
      "vendors:RNG",
    ]);
  });

  it("keeps each section's spec next to its key", () => {
    const out = buildHomeSections(HOME_SECTIONS, { loggedIn: true, vendors: full });
    expect(out.map(({ key: _key, ...spec }) => spec)).toEqual([...HOME_SECTIONS]);
    for (const s of out) expect(s.key).toBe(sectionKey(s));
  });

  it("leaves out favourites for a visitor", () => {
    expect(keys(false)).toEqual([
      "banners",
      "hot",
      "games:RNG:JILI",
      "games:RNG:FC",
      "games:RNG:PGE",
      "games:RNG",
      "games:BINGO",
      "games:FISH",
      "vendors:RNG",
    ]);
  });

  it("drops a vendor row when the brand lacks the vendor", () => {
    expect(keys(false, without([], ["FC"]))).toEqual([
      "banners",
      "hot",
      "games:RNG:JILI",
      "games:RNG:PGE",
      "games:RNG",
      "games:BINGO",
      "games:FISH",
      "vendors:RNG",
    ]);
    // Without JILI and FC the fishing list is empty too; BGS keeps bingo.
    const noLeaders = keys(false, without([], ["JILI", "FC", "PGE"]));
    expect(noLeaders).toEqual(["banners", "hot", "games:RNG", "games:BINGO", "vendors:RNG"]);
  });

  it("drops a vendor row when the vendor has no games in that category", () => {
    const fcNoSlots = sortVendors(
      FULL.map((e) =>
        e.gameCategory === "RNG" ? { ...e, vendors: e.vendors.map((x) => (x.vassalage === "FC" ? v("FC", 0) : x)) } : e,
      ),
    );
    expect(keys(false, fcNoSlots)).not.toContain("games:RNG:FC");
    expect(keys(false, fcNoSlots)).toContain("games:FISH");
  });

  it("drops rows of categories the brand lacks", () => {
    expect(keys(false, without(["BINGO"]))).not.toContain("games:BINGO");
    expect(keys(false, without(["FISH"]))).not.toContain("games:FISH");
    expect(keys(true, without(["RNG"]))).toEqual(["favourites", "banners", "hot", "games:BINGO", "games:FISH"]);
    expect(keys(true, sortVendors([]))).toEqual(["favourites", "banners", "hot"]);
  });

  it("renders nothing for LOTT, ELOTT and ESPORTS even when the brand has them", () => {
    const specs: SectionSpec[] = [
      { kind: "games", category: "LOTT", rows: 1 },
      { kind: "vendors", category: "LOTT" },
      { kind: "games", category: "ELOTT", rows: 1 },
      { kind: "vendors", category: "ELOTT" },
      { kind: "games", category: "ESPORTS", rows: 1 },
      { kind: "games", category: "ESPORTS", vassalage: "TF", rows: 1 },
      { kind: "vendors", category: "ESPORTS" },
      { kind: "games", category: "LIVE", rows: 1 },
    ];
    expect(full.mapping.LOTT?.length).toBe(1);
    expect(full.mapping.ELOTT?.length).toBe(1);
    expect(full.mapping.ESPORTS?.length).toBe(1);
    expect(keys(false, full, specs)).toEqual(["games:LIVE"]);
  });

  it("turns a SPORTS games row into a row of the sportsbooks", () => {
    const specs: SectionSpec[] = [
      { kind: "hot", rows: 3 },
      { kind: "games", category: "SPORTS", rows: 2 },
      { kind: "games", category: "FISH", rows: 2 },
    ];
    const out = buildHomeSections(specs, { loggedIn: false, vendors: full });
    expect(out).toEqual([
      { kind: "hot", rows: 3, key: "hot" },
      { kind: "vendors", category: "SPORTS", key: "vendors:SPORTS" },
      { kind: "games", category: "FISH", rows: 2, key: "games:FISH" },
    ]);
  });

  it("drops a SPORTS row when the brand has no sportsbook left after the e-sports split", () => {
    const specs: SectionSpec[] = [{ kind: "games", category: "SPORTS", rows: 2 }];
    const onlyEsports = sortVendors([{ gameCategory: "SPORTS", vendors: [v("TF"), v("DS88")] }]);
    expect(keys(false, onlyEsports, specs)).toEqual([]);
    expect(keys(false, without(["SPORTS"]), specs)).toEqual([]);
  });

  it("keeps a COCKFIGHT row (only LOTT, ELOTT and ESPORTS are excluded)", () => {
    const specs: SectionSpec[] = [{ kind: "vendors", category: "COCKFIGHT" }];
    expect(keys(false, full, specs)).toEqual(["vendors:COCKFIGHT"]);
  });
});

describe("sectionKey", () => {
  it("names each section uniquely", () => {
    expect(HOME_SECTIONS.map(sectionKey)).toEqual([
      "favourites",
      "banners",
      "hot",
      "games:RNG:JILI",
      "games:RNG:FC",
      "games:RNG:PGE",
      "games:RNG",
      "games:BINGO",
      "games:FISH",
      "vendors:RNG",
    ]);
    expect(new Set(HOME_SECTIONS.map(sectionKey)).size).toBe(HOME_SECTIONS.length);
  });
});
