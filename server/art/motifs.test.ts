import { describe, expect, it } from "vitest";
import { buildGames } from "~/db/seed/catalogue";
import { CHARACTERS, CLASSIC_NOUNS, PLACES, SEA_NOUNS, THEME_NOUNS } from "~/db/seed/name-pools";
import { LIVE_TABLES } from "~/db/seed/tables";
import { MOTIF_TEXT_ATTRS, type MotifCtx } from "./motif-kit";
import { MOTIFS, motifForName, namedMotif } from "./motifs";
import { TILE_PALETTES } from "./palette";
import { svgOpen } from "./svg";
import { xmlIds, xmlProblem } from "./xml-wellformed";

describe("the motif vocabulary", () => {
  it("has a motif for every creature, character, object and place the name pools can put in a title", () => {
    const nouns = [
      ...Object.values(THEME_NOUNS).flatMap((t) => [...t.glossed, ...t.extra]),
      ...SEA_NOUNS.glossed,
      ...SEA_NOUNS.extra,
      ...CHARACTERS,
      ...CLASSIC_NOUNS,
      ...PLACES,
    ];
    expect(nouns.filter((n) => namedMotif(n) === undefined)).toEqual([]);
  });

  it("names a motif for every seeded game, so none is drawn from a default", () => {
    expect(buildGames().filter((g) => namedMotif(g.gameName) === undefined)).toEqual([]);
  });

  it("lets a game word beat a creature, a creature beat a title head, and a head beat a modifier", () => {
    expect(namedMotif("Ninja Kingdom")).toBe("ninja");
    expect(namedMotif("Kingdom of the Golden Panda")).toBe("panda");
    expect(namedMotif("Golden Fortune")).toBe("ingot");
    expect(namedMotif("Tiger Baccarat")).toBe("baccarat");
    expect(namedMotif("Fish Prawn Crab Live")).toBe("crab");
    expect(namedMotif("Texas Hold'em Royale")).toBe("pokerFan");
    expect(namedMotif("Shogun's Glory")).toBe("samurai");
    expect(namedMotif("Midnight Cebu Festival")).toBe("fiesta");
  });

  it("draws the live tables by their game, not by a default", () => {
    for (const t of Object.values(LIVE_TABLES).flat()) {
      const name = "raw" in t.name ? t.name.raw : [t.name.mod, t.name.noun, t.name.edition].filter(Boolean).join(" ");
      expect(namedMotif(name), name).toBeDefined();
    }
  });

  it("falls back to the family's defaults for a name that names nothing", () => {
    expect(motifForName("Bingo 90 Classic", "bingo", 3)).toBe("bingo");
    expect(new Set([0, 1, 2, 3, 4, 5, 6, 7].map((s) => motifForName("Xyz", "slot", s))).size).toBeGreaterThan(4);
  });

  it("draws every motif as well-formed, self-contained markup with unique ids", () => {
    const c: MotifCtx = { u: "t", p: TILE_PALETTES[0], seed: 7 };
    for (const [key, motif] of Object.entries(MOTIFS)) {
      const svg = svgOpen("0 0 240 240", 240, 240, key, MOTIF_TEXT_ATTRS) + motif(c) + `</svg>`;
      expect(xmlProblem(svg), key).toBeNull();
      const ids = xmlIds(svg);
      expect(new Set(ids).size, key).toBe(ids.length);
      expect(svg, key).not.toMatch(/<script|<image|href=|NaN|undefined/);
    }
  });
});
