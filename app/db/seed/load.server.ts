import { and, eq, inArray } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import { gameSearchText } from "~/utils/search-text";
import type { Db } from "../client.server";
import {
  announcements,
  banners,
  downloadLinks,
  games,
  helpItems,
  hotGames,
  promotionCategories,
  promotions,
  seedRuns,
  vendors,
} from "../schema";
import { buildBrandContent, buildGames, buildHotGameCodes, buildVendors, filterGamesForBrand, SEED_VERSION } from "./catalogue";

const CHUNK = 200;

/**
 * Loads a brand's demo catalogue and content once: a brand with a seed run is
 * left alone, so operators' later changes are never overwritten.
 */
export async function seedBrandIfEmpty(db: Db, brand: Brand): Promise<{ seeded: boolean; games: number }> {
  const [done] = await db.select().from(seedRuns).where(eq(seedRuns.merchantCode, brand.merchantCode));
  if (done) return { seeded: false, games: done.gameCount };
  const mc = brand.merchantCode;
  const brandGames = filterGamesForBrand(buildGames(), brand.categories);
  const content = buildBrandContent(brand);
  return db.transaction(async (tx) => {
    await tx.insert(vendors).values(buildVendors(brand.categories).map((v) => ({ ...v, merchantCode: mc })));
    for (let i = 0; i < brandGames.length; i += CHUNK) {
      await tx
        .insert(games)
        .values(brandGames.slice(i, i + CHUNK).map((g) => ({ ...g, merchantCode: mc, searchText: gameSearchText(g) })));
    }
    const hot = buildHotGameCodes(brandGames);
    const codes = hot.map((h) => h.gameCode);
    const ids = await tx
      .select({ id: games.id, vassalage: games.vassalage, gameCode: games.gameCode })
      .from(games)
      .where(and(eq(games.merchantCode, mc), inArray(games.gameCode, codes.length ? codes : [""])));
    const idOf = new Map(ids.map((r) => [`${r.vassalage}:${r.gameCode}`, r.id]));
    const hotRows = hot
      .map((h, sort) => ({ merchantCode: mc, gameId: idOf.get(`${h.vassalage}:${h.gameCode}`), sort }))
      .filter((r): r is { merchantCode: string; gameId: number; sort: number } => r.gameId !== undefined);
    if (hotRows.length) await tx.insert(hotGames).values(hotRows);
    // Seeded items get keys of their own, so an operator's published file never replaces one by accident.
    const key = (kind: string, i: number) => `seed-${kind}-${i + 1}`;
    if (content.banners.length)
      await tx.insert(banners).values(content.banners.map((b, i) => ({ ...b, merchantCode: mc, key: key("banner", i) })));
    if (content.announcements.length)
      await tx
        .insert(announcements)
        .values(content.announcements.map((a, i) => ({ ...a, merchantCode: mc, key: key("announcement", i) })));
    await tx.insert(promotionCategories).values(content.promotionCategories.map((c) => ({ ...c, merchantCode: mc })));
    if (content.promotions.length)
      await tx
        .insert(promotions)
        .values(content.promotions.map((p, i) => ({ ...p, merchantCode: mc, key: key("promotion", i) })));
    for (const item of content.helpItems) {
      const { children, ...top } = item;
      await tx.insert(helpItems).values({ ...top, merchantCode: mc });
      if (children?.length) {
        await tx.insert(helpItems).values(children.map((c) => ({ ...c, merchantCode: mc, parentTag: top.tag })));
      }
    }
    if (brand.downloadLinks.length) {
      await tx.insert(downloadLinks).values(brand.downloadLinks.map((l) => ({ ...l, merchantCode: mc })));
    }
    await tx.insert(seedRuns).values({ merchantCode: mc, version: SEED_VERSION, gameCount: brandGames.length });
    return { seeded: true, games: brandGames.length };
  });
}
