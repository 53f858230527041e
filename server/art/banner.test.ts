import { describe, expect, it } from "vitest";
import { type BannerInput, bannerSvg } from "./banner";
import { xmlIds, xmlProblem } from "./xml-wellformed";

const BASE: BannerInput = {
  title: "Welcome Bonus 200%",
  subtitle: "Up to ₱20,000 on your first deposit",
  cta: "Claim Now",
  brandName: "Lucky Peso",
  primary: "#14110b",
  accent: "#f5c542",
  variant: 0,
};

describe("bannerSvg", () => {
  it("is deterministic and has the banner viewBox", () => {
    const svg = bannerSvg(BASE);
    expect(svg).toBe(bannerSvg({ ...BASE }));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 750 300"');
  });

  it("produces a different composition for each of the 8 variants", () => {
    const outputs = new Set<string>();
    for (let v = 0; v < 8; v++) {
      const svg = bannerSvg({ ...BASE, variant: v });
      // Ids include the variant; strip them so only drawing differences count.
      outputs.add(svg.replace(/id="\w+"|url\(#\w+\)/g, ""));
    }
    expect(outputs.size).toBe(8);
  });

  it("normalises out-of-range and non-numeric variants", () => {
    expect(bannerSvg({ ...BASE, variant: 9 })).toBe(bannerSvg({ ...BASE, variant: 1 }));
    expect(bannerSvg({ ...BASE, variant: -3 })).toBe(bannerSvg({ ...BASE, variant: 5 }));
    for (const variant of [-3, 8, 1e9, Number.NaN, 2.7]) {
      expect(xmlProblem(bannerSvg({ ...BASE, variant }))).toBeNull();
    }
  });

  it("is well-formed with unique ids for all variants and hostile copy", () => {
    const hostile = `<script>alert(1)</script> & "x"`;
    for (let v = 0; v < 8; v++) {
      for (const text of ["Short", hostile, "An extremely long promotional headline that keeps going and going forever"]) {
        const svg = bannerSvg({ ...BASE, title: text, subtitle: text, cta: text, brandName: text, variant: v });
        expect(xmlProblem(svg), `variant ${v}`).toBeNull();
        expect(svg).not.toMatch(/<script/i);
        const ids = xmlIds(svg);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });

  it("rejects colour values that try to break out of attributes", () => {
    const svg = bannerSvg({ ...BASE, primary: `red" onload="alert(1)`, accent: "javascript:alert(1)" });
    expect(svg).not.toContain("onload");
    expect(svg).not.toContain("javascript");
    expect(xmlProblem(svg)).toBeNull();
  });

  it("draws no button for a banner that leads nowhere, and keeps its copy", () => {
    const svg = bannerSvg({ ...BASE, cta: null });
    expect(bannerSvg(BASE)).toContain("CLAIM NOW");
    expect(svg).not.toContain("CLAIM NOW");
    expect(svg).not.toContain('rx="25"');
    expect(svg).toContain("Welcome Bonus 200%");
    expect(xmlProblem(svg)).toBeNull();
  });

  it("contains no external references", () => {
    const svg = bannerSvg(BASE);
    expect(svg).not.toMatch(/<image|<foreignObject|href=/i);
  });
});
