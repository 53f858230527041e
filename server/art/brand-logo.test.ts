import { describe, expect, it } from "vitest";
import { brandAppIconSvg, brandEmblemIndex, brandLogoSvg, brandMonogram } from "./brand-logo";
import { xmlIds, xmlProblem } from "./xml-wellformed";

const BRANDS = [
  { name: "Lucky Peso", primary: "#14110b", accent: "#f5c542" },
  { name: "Perlas Play", primary: "#061a2e", accent: "#2ec5ff" },
  { name: "A Very Long Casino Brand Name That Does Not Fit", primary: "#222", accent: "#f0f" },
];

describe("brandLogoSvg", () => {
  it("is deterministic, well-formed and uses the logo viewBox", () => {
    for (const b of BRANDS) {
      const svg = brandLogoSvg(b);
      expect(svg).toBe(brandLogoSvg({ ...b }));
      expect(svg.startsWith("<svg")).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg).toContain('viewBox="0 0 320 80"');
      expect(xmlProblem(svg), b.name).toBeNull();
      const ids = xmlIds(svg);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("paints the name with an accent gradient", () => {
    const svg = brandLogoSvg(BRANDS[0]);
    expect(svg).toContain('stop-color="#f5c542"');
    expect(svg).toContain(">Lucky Peso</text>");
  });

  it("picks different emblems for different names", () => {
    const names = ["Lucky Peso", "Perlas Play", "Royal Crown", "DiamondBet", "Ace", "Bituin", "Manila Star", "Jackpot PH"];
    expect(new Set(names.map(brandEmblemIndex)).size).toBeGreaterThanOrEqual(3);
  });

  it("escapes hostile names and ignores hostile colours", () => {
    const svg = brandLogoSvg({ name: `<script>alert(1)</script> & "x"`, primary: `"><script>`, accent: "url(evil)" });
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toContain("evil");
    expect(xmlProblem(svg)).toBeNull();
  });
});

describe("brandAppIconSvg", () => {
  it("is a full-bleed square icon in the primary colour", () => {
    const svg = brandAppIconSvg(BRANDS[0]);
    expect(svg).toBe(brandAppIconSvg({ ...BRANDS[0] }));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('viewBox="0 0 512 512"');
    expect(svg).toContain('<rect width="512" height="512" fill="#14110b"/>');
    expect(svg).toContain(">LP</text>");
    expect(xmlProblem(svg)).toBeNull();
  });

  it("keeps the ring inside the maskable safe zone", () => {
    for (const b of BRANDS) {
      const svg = brandAppIconSvg(b);
      for (const m of svg.matchAll(/<circle cx="256" cy="256" r="(\d+)"[^>]*?(?:stroke-width="(\d+)")?/g)) {
        const r = Number(m[1]);
        if (r >= 256) continue; // full-bleed background glow
        expect(r + Number(m[2] ?? 0) / 2).toBeLessThanOrEqual(0.4 * 512);
      }
    }
  });

  it("escapes hostile names", () => {
    const svg = brandAppIconSvg({ name: `<script> &`, primary: "#000000", accent: "#ffffff" });
    expect(svg).not.toMatch(/<script/i);
    expect(xmlProblem(svg)).toBeNull();
  });
});

describe("brandMonogram", () => {
  it("takes the first letters of up to two words", () => {
    expect(brandMonogram("Lucky Peso")).toBe("LP");
    expect(brandMonogram("perlas play casino")).toBe("PP");
    expect(brandMonogram("Bituin")).toBe("B");
    expect(brandMonogram("  88 lucky ")).toBe("8L");
    expect(brandMonogram("")).toBe("C");
  });
});
