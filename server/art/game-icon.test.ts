import { describe, expect, it } from "vitest";
import { type GameIconInput, gameIconLook, gameIconSvg, gamePaletteIndex } from "./game-icon";
import { motifFamily } from "./motifs";
import { TILE_PALETTES } from "./palette";
import { xmlIds, xmlProblem } from "./xml-wellformed";

const TYPES: Array<[string, string | null]> = [
  ["RNG", null],
  ["FISH", null],
  ["LIVE", null],
  ["PVP", null],
  ["SPORTS", null],
  ["ESPORTS", null],
  ["LOTT", null],
  ["ELOTT", null],
  ["LOTT", "BG"],
  ["COCKFIGHT", null],
  ["SOMETHING_ELSE", undefined as unknown as null],
];

const HOSTILE = `<script>alert(1)</script> & "x"`;
const LONG = "Dragon Treasure of the Golden Empire Deluxe Edition Megaways";

function sample(): GameIconInput[] {
  const out: GameIconInput[] = [];
  TYPES.forEach(([type, classify], t) => {
    for (let i = 0; i < 24; i++) {
      out.push({
        code: `${type}-${i}`,
        name: i % 3 === 0 ? LONG : i % 3 === 1 ? HOSTILE : `Game ${i}`,
        vendor: i % 2 ? "JILI" : "PGSOFT",
        type,
        classify,
        isNew: (i + t) % 2 === 0,
      });
    }
  });
  return out;
}

describe("gameIconSvg", () => {
  it("is deterministic", () => {
    const g = { code: "JILI-001", name: "Super Ace", vendor: "JILI", type: "RNG", isNew: true };
    expect(gameIconSvg(g)).toBe(gameIconSvg({ ...g }));
  });

  it("emits a standalone square SVG root", () => {
    const svg = gameIconSvg({ code: "x", name: "X", vendor: "JDB", type: "FISH" });
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 240 240"');
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("is well-formed XML with unique ids for every type and hostile names", () => {
    for (const g of sample()) {
      const svg = gameIconSvg(g);
      expect(xmlProblem(svg), `${g.code}: ${g.type}`).toBeNull();
      const ids = xmlIds(svg);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("escapes hostile names and vendors", () => {
    const svg = gameIconSvg({ code: "h", name: HOSTILE, vendor: `<b>"V"</b>`, type: "RNG", isNew: true });
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toContain("<b>");
    expect(svg).toContain("&lt;script&gt;");
    expect(svg).toContain("&amp;");
    expect(svg).toContain("&quot;");
  });

  it("never references external or active content", () => {
    for (const g of sample()) {
      const svg = gameIconSvg(g);
      expect(svg).not.toMatch(/<script|<foreignObject|<image|href=|javascript:|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i);
    }
  });

  it("stays under 6 KB even with long names, long vendors and the NEW ribbon", () => {
    for (const g of sample()) {
      const svg = gameIconSvg({ ...g, name: LONG, vendor: "VERYLONGVENDOR", isNew: true });
      expect(new TextEncoder().encode(svg).length, `${g.type}`).toBeLessThan(6 * 1024);
    }
  });

  it("leaves the name to the tile: the art prints it nowhere, only its accessible label carries it", () => {
    const names = [LONG, "Ninja Kingdom", "Ace", "Supercalifragilisticexpialidociousmegawaysextreme"];
    for (const name of names) {
      const svg = gameIconSvg({ code: "w", name, vendor: "PG", type: "RNG" });
      const printed = Array.from(svg.matchAll(/>([^<]+)</g), (m) => m[1]).join(" ");
      for (const word of name.split(" ").filter((w) => w.length > 2)) expect(printed).not.toContain(word);
      expect(svg).toContain(`aria-label="${name}"`);
    }
  });

  it("draws the motif the name's words ask for", () => {
    const look = (name: string, type = "RNG") => gameIconLook({ code: "SAME", name, vendor: "JILI", type }).motif;
    expect(look("Ninja Kingdom")).toBe("ninja");
    expect(look("Pirate's Bounty")).toBe("pirate");
    expect(look("Secrets of the Golden Dragon")).toBe("dragon");
    expect(look("Manila Sunset")).toBe("sun");
    expect(look("Dragon Tiger Asia", "LIVE")).toBe("versus");
    const ninja = gameIconSvg({ code: "SAME", name: "Ninja Kingdom", vendor: "JILI", type: "RNG" });
    const dragon = gameIconSvg({ code: "SAME", name: "Dragon Kingdom", vendor: "JILI", type: "RNG" });
    expect(ninja).not.toBe(dragon);
  });

  it("spreads codes across the palettes", () => {
    const used = new Set<number>();
    for (let i = 0; i < 64; i++) used.add(gamePaletteIndex(`GAME-${i}`));
    expect(used.size).toBeGreaterThanOrEqual(6);
    for (const i of used) expect(i).toBeLessThan(TILE_PALETTES.length);

    const backgrounds = new Set<string>();
    for (let i = 0; i < 64; i++) {
      const svg = gameIconSvg({ code: `GAME-${i}`, name: "Same", vendor: "PG", type: "RNG" });
      backgrounds.add(/<linearGradient id="\w+b"[^>]*><stop stop-color="(#[0-9a-f]{6})"/.exec(svg)?.[1] ?? "");
    }
    expect(backgrounds.size).toBeGreaterThanOrEqual(6);
  });

  it("varies the slot motif between neighbouring codes", () => {
    const distinct = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const svg = gameIconSvg({ code: `JILI-${i}`, name: "Same", vendor: "JILI", type: "RNG" });
      // Strip ids, palette colours and rays so only the motif geometry remains.
      distinct.add(svg.replace(/id="\w+"|url\(#\w+\)|#[0-9a-f]{3,8}|d="M120 100L[^"]*"/g, ""));
    }
    expect(distinct.size).toBeGreaterThanOrEqual(4);
  });

  it("draws the NEW ribbon only for new games", () => {
    const base = { code: "n", name: "N", vendor: "PG", type: "RNG" };
    expect(gameIconSvg({ ...base, isNew: true })).toContain(">NEW</text>");
    expect(gameIconSvg({ ...base, isNew: false })).not.toContain(">NEW</text>");
  });
});

describe("motifFamily", () => {
  it("maps types and the bingo classify flag", () => {
    expect(motifFamily("RNG")).toBe("slot");
    expect(motifFamily("fish")).toBe("fish");
    expect(motifFamily("LOTT", "BG")).toBe("bingo");
    expect(motifFamily("ELOTT")).toBe("elott");
    expect(motifFamily("COCKFIGHT")).toBe("cockfight");
    expect(motifFamily("unknown")).toBe("slot");
  });

  it("renders a bingo card for classify BG", () => {
    const svg = gameIconSvg({ code: "b", name: "Bingo", vendor: "JILI", type: "LOTT", classify: "BG" });
    expect(svg).toContain(">B</tspan>");
    expect(svg).toContain(">O</tspan>");
  });
});
