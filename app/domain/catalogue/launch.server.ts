import { and, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { games } from "~/db/schema";
import { assertMayLaunch } from "~/domain/compliance/gates.server";
import { createLaunchToken } from "~/domain/wallet/seamless.server";
import type { GameProviders } from "~/domain/wallet/seamless-port";
import { recordGameVisit } from "./favourites.server";

/** Spec §9 play types of lottery games. */
export const PLAY_TYPES = ["Tradition", "Entertainment"] as const;
export type PlayType = (typeof PLAY_TYPES)[number];

/** Spec §4: the lottery codes whose launch carries a play type (and TCG_SEA its own prize mode). */
const LOTTERY_CODES = new Set(["TCG_LOTTO_VN", "TCG_SEA", "LOTT", "ELOTT"]);

export interface LaunchableGame {
  id: number;
  nodeId: number;
  gameCode: string;
  vassalage: string;
  gameType: string;
  gameClassify: string | null;
  isGameH5: string | null;
  freeplay: boolean;
  supportPlay: boolean;
  lottoMode: string | null;
  minBet: bigint;
}

export async function findLaunchable(db: Db, brand: Brand, nodeId: number): Promise<LaunchableGame | null> {
  const [game] = await db
    .select({
      id: games.id,
      nodeId: games.nodeId,
      gameCode: games.gameCode,
      vassalage: games.vassalage,
      gameType: games.gameType,
      gameClassify: games.gameClassify,
      isGameH5: games.isGameH5,
      freeplay: games.freeplay,
      supportPlay: games.supportPlay,
      lottoMode: games.lottoMode,
      minBet: games.minBet,
    })
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.nodeId, nodeId), eq(games.enabled, true)))
    .limit(1);
  return game ?? null;
}

/**
 * Whether the game can be played where it runs: the catalogue allows play, and its provider can run it
 * (the in-house server, which runs the embedded default's vendor games too, needs a stake that meets
 * the game's minimum bet).
 */
export function isPlayable(providers: GameProviders, game: LaunchableGame): boolean {
  return game.supportPlay && (providers.forVendor(game.vassalage).runs?.(game) ?? true);
}

/** A lottery game asks the player for a play type before it opens. */
export function isLottery(game: Pick<LaunchableGame, "gameCode" | "gameType">): boolean {
  return game.gameType === "LOTT" || game.gameType === "ELOTT" || LOTTERY_CODES.has(game.gameCode);
}

/** Spec §4/§9 prize mode of a lottery launch: SEA for TCG_SEA, else the game's lotto mode. */
export function prizeModeOf(game: Pick<LaunchableGame, "gameCode" | "gameType" | "lottoMode">): string | undefined {
  if (!isLottery(game)) return undefined;
  if (game.gameCode === "TCG_SEA") return "SEA";
  return game.lottoMode ?? (game.gameType === "ELOTT" || game.gameCode === "TCG_LOTTO_VN" ? "Elott" : "Lott");
}

export type LaunchPlan =
  /** isGameH5 = VASSALAGE: the entry opens its provider's page, not a game. */
  { kind: "provider-page"; vassalage: string } | { kind: "play"; url: string; inHouse: boolean } | { kind: "unavailable" };

/**
 * Opens a game for a member (spec §4): records it as recent, creates the single-use launch
 * token bound to member, brand, game and currency (trial players on their demo money), and
 * answers the provider's game URL carrying it.
 */
export async function launchGame(
  db: Db,
  brand: Brand,
  providers: GameProviders,
  member: { id: number; type: number },
  game: LaunchableGame,
  opts: { language: string; lobbyUrl: string; playType?: PlayType },
  now = new Date(),
): Promise<LaunchPlan> {
  if (game.isGameH5 === "VASSALAGE") return { kind: "provider-page", vassalage: game.vassalage };
  if (!isPlayable(providers, game)) return { kind: "unavailable" };
  // Responsible gaming and the regulator's rules (the route shows which one refused).
  await assertMayLaunch(db, brand, member.id, now);
  const provider = providers.forVendor(game.vassalage);
  await recordGameVisit(db, brand, member.id, game.id, now);
  const grant = await createLaunchToken(
    db,
    brand,
    { memberId: member.id, demo: member.type === 4, provider: provider.code, gameCode: game.gameCode },
    now,
  );
  const lottery = isLottery(game);
  const url = provider.gameUrl({
    launchToken: grant.launchToken,
    gameCode: game.gameCode,
    language: opts.language,
    lobbyUrl: opts.lobbyUrl,
    playType: lottery ? (opts.playType ?? "Tradition") : undefined,
    prizeMode: prizeModeOf(game),
  });
  return { kind: "play", url, inHouse: provider.inHouse };
}

/** Free play (`freeplay`) without a session, where the game and its provider offer it: no token, the provider's own play money. */
export function funPlayUrl(
  providers: GameProviders,
  game: LaunchableGame,
  opts: { language: string; lobbyUrl: string },
): string | null {
  if (!game.freeplay || game.isGameH5 === "VASSALAGE" || !isPlayable(providers, game)) return null;
  const provider = providers.forVendor(game.vassalage);
  return provider.funUrl?.({ gameCode: game.gameCode, language: opts.language, lobbyUrl: opts.lobbyUrl }) ?? null;
}
