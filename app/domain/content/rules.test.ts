import { describe, expect, it } from "vitest";
import { formatDate } from "~/utils/dates.server";
import { contentLanguages, DETAIL_DATE_FORMAT, excerpt, keepsReadState, LIST_DATE_FORMAT, pickLanguage } from "./rules";

describe("contentLanguages", () => {
  it("tries the reader's language, then the brand's default, with English behind TY", () => {
    expect(contentLanguages("tl", "ty")).toEqual(["tl", "ty", "en"]);
    expect(contentLanguages("ty", "ty")).toEqual(["ty", "en"]);
    expect(contentLanguages("zh", "en")).toEqual(["zh", "en"]);
    expect(contentLanguages("en", "en")).toEqual(["en"]);
    expect(contentLanguages("ty", "en")).toEqual(["ty", "en"]);
  });
});

describe("pickLanguage", () => {
  const rows = [
    { key: "a", language: "en", n: 1 },
    { key: "a", language: "tl", n: 2 },
    { key: "b", language: "en", n: 3 },
    { key: "c", language: "ja", n: 4 },
  ];
  it("keeps one row per key, in the best language of the chain, in the rows' order", () => {
    expect(pickLanguage(rows, ["tl", "en"]).map((r) => r.n)).toEqual([2, 3]);
    expect(pickLanguage(rows, ["en"]).map((r) => r.n)).toEqual([1, 3]);
  });
  it("leaves out a key written in none of the chain's languages", () => {
    expect(pickLanguage(rows, ["zh"]).map((r) => r.n)).toEqual([]);
  });
});

describe("keepsReadState (spec §4)", () => {
  it("is true for real members and agents, false for trial guests (type 4) and visitors", () => {
    expect(keepsReadState({ memberId: 1, type: 0 })).toBe(true);
    expect(keepsReadState({ memberId: 1, type: 2 })).toBe(true);
    expect(keepsReadState({ memberId: 1, type: 41 })).toBe(true);
    expect(keepsReadState({ memberId: 1, type: 4 })).toBe(false);
    expect(keepsReadState(null)).toBe(false);
  });
});

describe("announcement dates (spec §9)", () => {
  it("are MM/DD/YYYY on lists and YYYY-MM-DD on the detail, in Philippine time", () => {
    // 16:30 UTC on 31 Dec is already 1 January in Manila.
    const d = new Date("2025-12-31T16:30:00Z");
    expect(formatDate(d, "en", LIST_DATE_FORMAT)).toBe("01/01/2026");
    expect(formatDate(d, "zh", DETAIL_DATE_FORMAT)).toBe("2026-01-01");
  });
});

describe("excerpt", () => {
  it("keeps short text whole and flattens its white space", () => {
    expect(excerpt("Open  Deposit.\n\nChoose a channel.")).toBe("Open Deposit. Choose a channel.");
  });
  it("cuts long text at a word and marks the cut", () => {
    const text = "word ".repeat(60);
    const cut = excerpt(text, 40);
    expect(cut.endsWith("…")).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(41);
    expect(cut).not.toMatch(/wor…$/);
  });
});
