import { describe, expect, it } from "vitest";
import { ALL_RESOURCES } from "./locales.server";

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === "string") out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = flatten(ALL_RESOURCES.en.common as Tree);

describe("locale files", () => {
  for (const lng of ["zh", "ja", "th", "vi", "tl"] as const) {
    it(`${lng} has every English text, with the same placeholders`, () => {
      const other = flatten(ALL_RESOURCES[lng].common as Tree);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, text] of other) {
        expect(text.trim().length, key).toBeGreaterThan(0);
        expect(placeholders(text), key).toEqual(placeholders(en.get(key)!));
      }
    });
  }

  it("TY overrides only English keys, with the same placeholders, and falls back to EN for the rest", () => {
    const ty = flatten(ALL_RESOURCES.ty.common as Tree);
    expect(ty.size).toBeGreaterThan(0);
    for (const [key, text] of ty) {
      expect(en.has(key), key).toBe(true);
      expect(placeholders(text), key).toEqual(placeholders(en.get(key)!));
    }
  });
});
