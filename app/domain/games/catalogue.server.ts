import { and, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games } from "~/db/schema";
import { localName } from "~/domain/catalogue/games.server";
import type { LanguageId } from "~/utils/languages";
import { engineFor, type EngineId } from "./engines";
import { runsInHouse } from "./forms";
import { IN_HOUSE_VENDOR } from "./ports";

export interface InHouseGame {
  gameCode: string;
  name: string;
  vassalage: string;
  gameType: string;
  gameClassify: string | null;
  iconUrl: string;
  freeplay: boolean;
  /** The game's minimum bet (the catalogue's, shown on its page): no stake of a round or ticket is below it. */
  minBet: bigint;
  engine: EngineId;
  /** Another vendor's game running on this server in that vendor's theme (the embedded default): shown as a demo provider. */
  demoProvider: boolean;
}

/** A game of the brand's catalogue as the in-house server runs it (in its vendor's theme), or null. */
export async function findInHouseGame(db: Db, brand: Brand, lng: LanguageId, gameCode: string): Promise<InHouseGame | null> {
  if (!/^[A-Za-z0-9_]{1,64}$/.test(gameCode)) return null;
  const [g] = await db
    .select({
      gameCode: games.gameCode,
      gameName: games.gameName,
      displayName: games.displayName,
      vassalage: games.vassalage,
      gameType: games.gameType,
      gameClassify: games.gameClassify,
      iconUrl: games.iconUrl,
      freeplay: games.freeplay,
      minBet: games.minBet,
      isGameH5: games.isGameH5,
      supportPlay: games.supportPlay,
    })
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.gameCode, gameCode), eq(games.enabled, true)))
    .limit(1);
  if (!g || g.isGameH5 === "VASSALAGE" || !g.supportPlay || !runsInHouse(g)) return null;
  const engine = engineFor(g);
  return {
    gameCode: g.gameCode,
    name: localName(g.displayName, lng, g.gameName),
    vassalage: g.vassalage,
    gameType: g.gameType,
    gameClassify: g.gameClassify,
    iconUrl: g.iconUrl,
    freeplay: g.freeplay,
    minBet: g.minBet,
    engine,
    demoProvider: g.vassalage !== IN_HOUSE_VENDOR,
  };
}
