import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FACE } from "../../app/components/games/colour-screen";
import { luminance } from "../../server/art/palette";

const root = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Every view file: components and the document's own markup. */
function viewFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
const VIEWS = [...viewFiles("app/components"), "app/root.tsx"];

/** The custom properties a `:root { … }` block sets. */
function rootProperties(css: string): Set<string> {
  const blocks = [...css.matchAll(/:root\s*\{([^}]*)\}/g)].map((m) => m[1]!);
  return new Set(blocks.flatMap((b) => [...b.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!)));
}

/** The `--color-*` tokens of the base theme that are plain #rrggbb, by name. */
function colourTokens(): Map<string, string> {
  return new Map(
    [...read("app/styles/tailwind.css").matchAll(/--color-([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;/g)].map((m) => [m[1]!, m[2]!]),
  );
}

/** WCAG 2 contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Shared on purpose by every brand: error red and money-arrived green are tuned for AA on any dark surface. */
const SHARED = new Set(["--danger", "--success"]);

// A colour written into markup stays the same in every brand; black and white (shadows, masks,
// the white plate behind vendors' black logos) are the neutrals every theme shares.
const RAW_COLOUR = [
  /#[0-9a-fA-F]{3,8}\b/,
  /\b(?:rgba?|hsla?|oklch|oklab)\(/,
  /-(?:red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|slate|gray|zinc|neutral|stone)-\d{2,3}\b/,
];

describe("theme tokens", () => {
  it("views use the theme's semantic tokens, never a raw colour", () => {
    const found = VIEWS.flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, i) => (RAW_COLOUR.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("every theme sets every brand token of the base theme", () => {
    const base = rootProperties(read("app/styles/tailwind.css"));
    expect(base.has("--prize")).toBe(true);
    const themes = readdirSync(path.join(root, "themes")).filter((f) => f.endsWith(".css"));
    expect(themes.length).toBeGreaterThanOrEqual(2);
    for (const theme of themes) {
      const own = rootProperties(read(`themes/${theme}`));
      const missing = [...base].filter((p) => !SHARED.has(p) && !own.has(p));
      expect(missing, theme).toEqual([]);
    }
  });

  it("views draw their icons: emoji show as empty boxes on phones without an emoji font", () => {
    const found = VIEWS.filter((file) => /\p{Extended_Pictographic}/u.test(read(file)));
    expect(found).toEqual([]);
  });

  it("prints each colour game die's name at 4.5:1 or better (a roll shows axe only three faces)", () => {
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
