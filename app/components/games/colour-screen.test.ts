import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FACE } from "./colour-screen";

/** The `--color-*` tokens of the base theme (app/styles/tailwind.css), by name. */
function colourTokens(): Map<string, string> {
  const css = readFileSync(path.resolve(import.meta.dirname, "../../styles/tailwind.css"), "utf8");
  return new Map([...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1]!, m[2]!]));
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the colour game's dice", () => {
  it("print each face's name at 4.5:1 or better (the label is small text)", () => {
    const tokens = colourTokens();
    const faces = Object.entries(FACE).map(([colour, classes]) => {
      const bg = tokens.get(/\bbg-([\w-]+)/.exec(classes)![1]!);
      const text = tokens.get(/\btext-([\w-]+)/.exec(classes)![1]!);
      expect(bg, `${colour}: its background token`).toBeDefined();
      expect(text, `${colour}: its text token`).toBeDefined();
      return { colour, ratio: Math.round(contrast(bg!, text!) * 100) / 100 };
    });
    expect(faces.map((f) => f.colour)).toEqual(["yellow", "white", "pink", "blue", "red", "green"]);
    expect(faces.filter((f) => f.ratio < 4.5)).toEqual([]);
  });
});
