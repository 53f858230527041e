import { and, asc, eq } from "drizzle-orm";
import type { LanguageId } from "~/brand/languages";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games, hotGames } from "~/db/schema";

export interface GameCard {
  nodeId: number;
  gameCode: string;
  name: string;
  vassalage: string;
  gameType: string;
  gameClassify: string | null;
  isNew: boolean;
  iconUrl: string;
}

/** The display name in the player's language, else house English, else the catalogue name. */
export function localName(names: Record<string, string>, lng: LanguageId, fallback: string): string {
  return names[lng] ?? names.en ?? fallback;
}

export async function listHotGames(db: Db, brand: Brand, lng: LanguageId, limit = 30): Promise<GameCard[]> {
  const rows = await db
    .select({
      nodeId: games.nodeId,
      gameCode: games.gameCode,
      gameName: games.gameName,
      displayName: games.displayName,
      vassalage: games.vassalage,
      gameType: games.gameType,
      gameClassify: games.gameClassify,
      isNew: games.isNew,
      iconUrl: games.iconUrl,
    })
    .from(hotGames)
    .innerJoin(games, eq(games.id, hotGames.gameId))
    .where(
      and(eq(hotGames.merchantCode, brand.merchantCode), eq(games.merchantCode, brand.merchantCode), eq(games.enabled, true)),
    )
    .orderBy(asc(hotGames.sort))
    .limit(limit);
  return rows.map((r) => ({
    nodeId: r.nodeId,
    gameCode: r.gameCode,
    name: localName(r.displayName, lng, r.gameName),
    vassalage: r.vassalage,
    gameType: r.gameType,
    gameClassify: r.gameClassify,
    isNew: r.isNew,
    iconUrl: r.iconUrl,
  }));
}
