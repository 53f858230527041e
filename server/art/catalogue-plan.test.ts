import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import luckyPeso from "../../brands/lucky-peso";
import perlasPlay from "../../brands/perlas-play";
import type { BrandRegistry } from "~/brand/registry.server";
import { buildGames, buildHotGameCodes, filterGamesForBrand, type GameSeed } from "~/db/seed/catalogue";
import { filterHot, toCard } from "~/domain/catalogue/games.server";
import { IN_HOUSE_VENDORS } from "~/domain/catalogue/vendors";
import { gameKey, planCatalogue } from "./catalogue-plan";
import { type GameIconInput, gameIconLook, gameIconSvg } from "./game-icon";
import { colourFamily, LOOK_ALIKE_REACH, looksAlike } from "./game-look";
import { MOTIFS } from "./motifs";
import { TILE_PALETTES } from "./palette";
import { artRouter } from "./router";

const BRANDS = [luckyPeso, perlasPlay];
const all = buildGames();
const plan = planCatalogue(BRANDS.map((b) => b.categories));

const iconInput = (g: GameSeed): GameIconInput => ({
  code: g.gameCode,
  name: g.gameName,
  vendor: g.vassalage,
  type: g.gameType,
  classify: g.gameClassify,
  isNew: g.isNew,
  ...plan.get(gameKey(g)),
});

// The lobby's orders, written out here from games.server.ts rather than taken from the plan:
// listGames filters by category (bingo: RNG classified BG), vendor, classification and "new",
// ordered by sort then node id; the hot list keeps its curated order through filterHot.
function lobbyOrders(categories: readonly string[]): Array<{ label: string; games: GameSeed[] }> {
  const games = filterGamesForBrand(all, categories).sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.nodeId - b.nodeId);
  const inCategory = (g: GameSeed, c: string | null) =>
    !c || (c === "BINGO" ? g.gameType === "RNG" && g.gameClassify === "BG" : g.gameType === c);
  const out: Array<{ label: string; games: GameSeed[] }> = [];
  for (const c of [null, ...categories]) {
    const listed = games.filter((g) => inCategory(g, c));
    for (const v of [null, ...new Set(listed.map((g) => g.vassalage))]) {
      const byVendor = listed.filter((g) => !v || g.vassalage === v);
      for (const cl of [null, ...new Set(byVendor.flatMap((g) => g.gameClassify ?? []))])
        for (const newOnly of [false, true])
          out.push({
            label: `${c}/${v}/${cl}/${newOnly ? "new" : "all"}`,
            games: byVendor.filter((g) => (!cl || g.gameClassify === cl) && (!newOnly || g.isNew)),
          });
    }
  }
  const seeds = new Map(games.map((g) => [gameKey(g), g]));
  const hot = buildHotGameCodes(games).map((h) => seeds.get(gameKey(h))!);
  const cards = hot.map((g) => toCard({ ...g, displayName: g.displayName ?? {}, isGameH5: g.isGameH5 ?? null } as never, "en"));
  for (const c of [null, ...categories])
    for (const v of [null, ...new Set(hot.map((g) => g.vassalage))])
      for (const vendors of [undefined, IN_HOUSE_VENDORS])
        out.push({
          label: `hot/${c}/${v}/${vendors ? "in-house" : "all"}`,
          games: filterHot(cards, { category: c, vassalage: v, vendors }).map((card) => seeds.get(gameKey(card))!),
        });
  return out.filter((l) => l.games.length > 1);
}

describe("the seeded catalogue's tile art", () => {
  it("never shows two tiles that look alike (same motif, same colour family) within a grid row of any lobby list of either brand", () => {
    expect(LOOK_ALIKE_REACH).toBeGreaterThanOrEqual(2);
    const clashes: string[] = [];
    let pairs = 0;
    let sameColour = 0;
    let twins = 0;
    let sameComposition = 0;
    for (const brand of BRANDS)
      for (const list of lobbyOrders(brand.categories))
        for (let i = 0; i < list.games.length; i++)
          for (let d = 1; d <= 2 && i + d < list.games.length; d++) {
            const [a, b] = [list.games[i], list.games[i + d]];
            const [la, lb] = [gameIconLook(iconInput(a)), gameIconLook(iconInput(b))];
            if (d === 1) {
              pairs++;
              if (colourFamily(la.palette) === colourFamily(lb.palette)) sameColour++;
            }
            if (looksAlike(la, lb)) clashes.push(`${brand.id} ${list.label}: ${a.gameName} | ${b.gameName} (${la.motif})`);
            if (la.motif === lb.motif && (MOTIFS[la.motif].variants ?? 1) > 1) {
              twins++;
              if (la.variant === lb.variant) sameComposition++;
            }
          }
    expect(pairs).toBeGreaterThan(5000);
    expect(clashes).toEqual([]);
    // Colour alone also varies: side by side, tiles rarely even share a hue.
    expect(sameColour / pairs).toBeLessThan(0.1);
    // Baccarat tables, fish and waves come in several compositions, and near twins mostly differ.
    expect(sameComposition / twins).toBeLessThan(0.2);
  });

  it("draws each game with its planned palette, small and well within budget", () => {
    let total = 0;
    for (const g of all) {
      const input = iconInput(g);
      expect(input.palette, g.gameCode).toBeDefined();
      const svg = gameIconSvg(input);
      expect(svg).toContain(`stop-color="${TILE_PALETTES[input.palette!].bg1}"`);
      const bytes = new TextEncoder().encode(svg).length;
      expect(bytes, g.gameCode).toBeLessThan(6 * 1024);
      total += bytes;
    }
    // The name-band art averaged about 3.9 KB; the richer art stays close to it.
    expect(total / all.length).toBeLessThan(4.5 * 1024);
  });

  it("shows Ninja Kingdom's ninja and the motif its name asks for across the catalogue", () => {
    const motifOf = (name: string) => gameIconLook(iconInput(all.find((g) => g.gameName === name)!)).motif;
    expect(motifOf("Ninja Kingdom")).toBe("ninja");
    for (const g of all.filter((x) => /\bNinja\b/.test(x.gameName))) expect(motifOf(g.gameName), g.gameName).toBe("ninja");
  });

  it("plans the same looks every time", () => {
    expect(planCatalogue(BRANDS.map((b) => b.categories))).toEqual(plan);
  });

  describe("served by the art route", () => {
    let server: ReturnType<express.Express["listen"]>;
    let base = "";
    beforeAll(async () => {
      const registry = { brands: BRANDS, byId: new Map(BRANDS.map((b) => [b.id, b])) } as unknown as BrandRegistry;
      const app = express().use(artRouter(registry));
      server = await new Promise((resolve) => {
        const s = app.listen(0, "127.0.0.1", () => resolve(s));
      });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("answers the planned drawing for each game", async () => {
      for (const g of all.filter((_, i) => i % 7 === 0)) {
        // The drawing itself; the tile the lobby loads is the same drawing as WebP (ADR 0043).
        expect(g.iconUrl).toBe(g.mobileLargeIcon!.replace(/\.svg$/, ".webp"));
        const res = await fetch(`${base}${g.mobileLargeIcon!}`);
        expect(res.status).toBe(200);
        expect(await res.text(), g.gameCode).toBe(gameIconSvg(iconInput(g)));
      }
    });
  });
});
