import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { bgsRounds, games } from "~/db/schema";
import { findMemberByUsername } from "~/domain/accounts/members.server";
import { findLaunchable, launchGame } from "~/domain/catalogue/launch.server";
import { replayStoredRound } from "~/domain/games/rounds.server";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { LAUNCH_TOKEN_TTL_MS } from "~/domain/wallet/seamless.server";
import type { GameProviders } from "~/domain/wallet/seamless-port";

/**
 * `npm run games`: support's and provider testers' commands on play. A launch token is made by the
 * very launch a player's tap makes (so a provider harness meets exactly what a real launch gives
 * it), and audited, since it lets its holder stake that member's money.
 */
const who = {
  by: z.string().trim().min(1, "--by is required").max(100),
  why: z.string().trim().min(1, "--why is required").max(500),
};
export const gameCommandSchemas = [
  z.object({
    command: z.literal("games.launchToken"),
    brand: z.string(),
    user: z.string().min(1).max(100),
    gameCode: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, "a game code holds letters, digits and _ . - (at most 64)"),
    ...who,
  }),
  z.object({
    command: z.literal("games.rounds"),
    brand: z.string(),
    user: z.string().min(1).max(100).optional(),
    limit: z.number().int().min(1, "--limit must be at least 1").max(200, "--limit must be at most 200").default(20),
  }),
  z.object({
    command: z.literal("games.replay"),
    round: z.string().regex(/^R[A-Z2-7]{16}$/, "a round id is R and 16 letters or digits"),
  }),
] as const;

type GameCommand = z.output<(typeof gameCommandSchemas)[number]>;

/** One in-house round as support sees it: money as a centavo string, dates as ISO 8601. */
export interface RoundListItem {
  id: string;
  at: string;
  player: string;
  gameCode: string;
  engine: string;
  mode: string;
  bet: string;
  win: string;
  state: string;
}

export type GameCommandResult =
  | {
      ok: true;
      command: "games.launchToken";
      brand: string;
      username: string;
      gameCode: string;
      provider: string;
      /** Trial players launch on their demo balance. */
      demo: boolean;
      launchToken: string;
      /** The provider's game URL carrying the token; a path on the brand's site for the in-house server. */
      url: string;
      /** ISO 8601: the token must be exchanged before then. */
      expiresAt: string;
      actor: Actor;
    }
  | { ok: true; command: "games.rounds"; brand: string; user: string | null; rounds: RoundListItem[] }
  | {
      ok: true;
      command: "games.replay";
      round: RoundListItem;
      /** Lottery tickets are settled at their draw, not replayed from draws of their own. */
      replayable: boolean;
      matches: boolean;
    }
  | { ok: false; error: string };

export async function runGameCommand(
  db: Db,
  brand: Brand | null,
  req: GameCommand,
  providers: GameProviders | undefined,
): Promise<GameCommandResult> {
  if (req.command === "games.replay") return replay(db, req.round);
  if (!brand) return { ok: false, error: "a brand is required" };
  if (req.command === "games.rounds") {
    const rows = await db
      .select()
      .from(bgsRounds)
      .where(and(eq(bgsRounds.merchantCode, brand.merchantCode), req.user ? eq(bgsRounds.player, req.user) : undefined))
      .orderBy(desc(bgsRounds.createdAt), desc(bgsRounds.id))
      .limit(req.limit);
    return { ok: true, command: req.command, brand: brand.id, user: req.user ?? null, rounds: rows.map(roundItem) };
  }
  if (!providers) return { ok: false, error: "This process has no game providers configured to launch a game." };
  return launchToken(db, brand, req, providers);
}

async function launchToken(
  db: Db,
  brand: Brand,
  req: Extract<GameCommand, { command: "games.launchToken" }>,
  providers: GameProviders,
): Promise<GameCommandResult> {
  const member = await findMemberByUsername(db, brand, req.user);
  if (!member) return { ok: false, error: `No member "${req.user}" in ${brand.id}.` };
  if (member.status !== "active") return { ok: false, error: `${member.username} is ${member.status}: a launch is refused.` };
  const [entry] = await db
    .select({ nodeId: games.nodeId })
    .from(games)
    .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.gameCode, req.gameCode), eq(games.enabled, true)))
    .orderBy(asc(games.nodeId))
    .limit(1);
  const game = entry ? await findLaunchable(db, brand, entry.nodeId) : null;
  if (!game) return { ok: false, error: `No enabled game "${req.gameCode}" in the catalogue of ${brand.id}.` };
  const actor: Actor = { name: req.by, reason: req.why };
  const now = new Date();
  const plan = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const launched = await launchGame(t, brand, providers, member, game, { language: "en", lobbyUrl: "/m/home" }, now);
    if (launched.kind === "play") {
      await recordAudit(t, brand, {
        subject: `launch-token:${member.usernameKey}`,
        oldValue: null,
        newValue: game.gameCode,
        actor,
      });
    }
    return launched;
  });
  if (plan.kind === "provider-page") return { ok: false, error: `${game.gameCode} opens its vendor's page, not a game.` };
  if (plan.kind === "unavailable") return { ok: false, error: `${game.gameCode} cannot be played (supportPlay is off).` };
  // Every provider's game URL carries the launch token as `token` (docs/providers.md).
  const token = new URL(plan.url, "http://game.invalid").searchParams.get("token");
  if (!token) throw new Error(`the game URL of ${game.gameCode} carries no launch token`);
  return {
    ok: true,
    command: "games.launchToken",
    brand: brand.id,
    username: member.username,
    gameCode: game.gameCode,
    provider: providers.forVendor(game.vassalage).code,
    demo: member.type === 4,
    launchToken: token,
    url: plan.url,
    expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_TTL_MS).toISOString(),
    actor,
  };
}

async function replay(db: Db, id: string): Promise<GameCommandResult> {
  const [row] = await db.select().from(bgsRounds).where(eq(bgsRounds.id, id)).limit(1);
  if (!row) return { ok: false, error: `No round ${id}.` };
  const replayable = row.engine !== "lottery";
  const { matches } = await replayStoredRound(db, id);
  return { ok: true, command: "games.replay", round: roundItem(row), replayable, matches: replayable && matches };
}

function roundItem(r: typeof bgsRounds.$inferSelect): RoundListItem {
  return {
    id: r.id,
    at: r.createdAt.toISOString(),
    player: r.player,
    gameCode: r.gameCode,
    engine: r.engine,
    mode: r.mode,
    bet: r.bet.toString(),
    win: r.win.toString(),
    state: r.state,
  };
}
