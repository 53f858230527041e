// The palettes and compositions of the seeded catalogue's tiles, planned over the lists the
// lobby shows so that neighbours never look alike. The lobby orders games by
// their sort rank (app/domain/catalogue/games.server.ts), filtered by
// category, vendor, classification and "new", and shows a curated hot list
// filtered the same way; each of those orders is a constraint here.

import { inLobbyCategory } from "~/brand/categories";
import { buildGames, buildHotGameCodes, filterGamesForBrand, type GameSeed } from "~/db/seed/catalogue";
import { IN_HOUSE_VENDORS } from "~/domain/catalogue/vendors";
import { type LookInput, type PlannedLook, planLooks } from "./game-look";

export const gameKey = (g: { vassalage: string; gameCode: string }) => `${g.vassalage}|${g.gameCode}`;

export function lookInput(g: GameSeed): LookInput & { key: string } {
  return { key: gameKey(g), code: g.gameCode, name: g.gameName, type: g.gameType, classify: g.gameClassify };
}

const byRank = (a: GameSeed, b: GameSeed) => (a.sort ?? 0) - (b.sort ?? 0) || a.nodeId - b.nodeId;

/** Every list order a brand offering `categories` can show, as game keys (lists of one or none left out). */
export function lobbyLists(all: readonly GameSeed[], categories: readonly string[]): string[][] {
  const games = filterGamesForBrand([...all], categories).sort(byRank);
  const lists = new Map<string, string[]>();
  const add = (list: string, g: GameSeed) => {
    const keys = lists.get(list);
    if (keys) keys.push(gameKey(g));
    else lists.set(list, [gameKey(g)]);
  };
  const offered = [null, ...categories];
  for (const g of games) {
    const cats = offered.filter((c) => inLobbyCategory(g.gameType, g.gameClassify, c));
    for (const c of cats)
      for (const v of [null, g.vassalage])
        for (const cl of g.gameClassify ? [null, g.gameClassify] : [null])
          for (const fresh of g.isNew ? [false, true] : [false]) add(`list|${c}|${v}|${cl}|${fresh}`, g);
  }
  const index = new Map(games.map((g) => [gameKey(g), g]));
  for (const { vassalage, gameCode } of buildHotGameCodes(games)) {
    const g = index.get(gameKey({ vassalage, gameCode }))!;
    const cats = offered.filter((c) => inLobbyCategory(g.gameType, g.gameClassify, c));
    for (const c of cats)
      for (const v of [null, g.vassalage])
        for (const house of IN_HOUSE_VENDORS.has(g.vassalage) ? [false, true] : [false]) add(`hot|${c}|${v}|${house}`, g);
  }
  return [...lists.values()].filter((l) => l.length > 1);
}

/** Palette and composition per game key for the seeded catalogue, given each brand's offered categories. */
export function planCatalogue(brandCategories: ReadonlyArray<readonly string[]>): Map<string, Required<PlannedLook>> {
  const all = buildGames();
  const lists = brandCategories.flatMap((cats) => lobbyLists(all, cats));
  return planLooks([...all].sort(byRank).map(lookInput), lists);
}
