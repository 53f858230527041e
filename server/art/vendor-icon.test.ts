import { describe, expect, it } from "vitest";
import { vendorEmblemIndex, vendorIconSvg } from "./vendor-icon";
import { xmlProblem } from "./xml-wellformed";

const CODES = [
  "JILI",
  "FC",
  "PGE",
  "PG",
  "JDB",
  "EVO",
  "SABA",
  "TF",
  "DS88",
  "BGS",
  "TCG",
  "PP",
  "CQ9",
  "KM",
  "SEXY",
  "BTI",
  "PLAYSTAR-EXTENDED",
];

describe("vendorIconSvg", () => {
  it("is deterministic, transparent and well-formed in both variants", () => {
    for (const code of CODES) {
      for (const variant of ["white", "black"] as const) {
        const svg = vendorIconSvg(code, variant);
        expect(svg).toBe(vendorIconSvg(code, variant));
        expect(svg.startsWith("<svg")).toBe(true);
        expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
        expect(svg).toContain('viewBox="0 0 160 64"');
        expect(xmlProblem(svg), code).toBeNull();
        // Transparent: no full-size background rectangle.
        expect(svg).not.toMatch(/<rect[^>]*width="160"/);
      }
    }
  });

  it("uses white ink for the white variant and near-black for the black variant", () => {
    expect(vendorIconSvg("JILI", "white")).toContain('fill="#ffffff"');
    expect(vendorIconSvg("JILI", "white")).not.toContain("#15151c");
    expect(vendorIconSvg("JILI", "black")).toContain('fill="#15151c"');
    expect(vendorIconSvg("JILI", "black")).not.toContain("#ffffff");
  });

  it("shows the code and varies the emblem across vendors", () => {
    expect(vendorIconSvg("cq9", "white")).toContain(">CQ9</text>");
    expect(new Set(CODES.map(vendorEmblemIndex)).size).toBeGreaterThanOrEqual(5);
  });

  it("escapes hostile codes", () => {
    const svg = vendorIconSvg(`<script>&"'`, "white");
    expect(svg).not.toMatch(/<script/i);
    expect(xmlProblem(svg)).toBeNull();
  });
});
