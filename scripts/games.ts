import os from "node:os";
import { parseArgs } from "node:util";
import { createGameProviders, IN_HOUSE_PROVIDER } from "~/integrations/providers/index.server";
import { parseEnv } from "~/utils/env.server";
import { finish, runAdmin } from "./lib/admin-client";
import { runCommands, UsageError } from "./lib/cli";
import { buildGames, gameCategory } from "~/db/seed/catalogue";
import { type Rng, seededRng } from "~/domain/games/engines/rng";
import { cryptoRng } from "~/domain/games/engines/rng.server";
import { simulateSlot } from "~/domain/games/engines/slot";
import { slotMaths } from "~/domain/games/engines/slot-maths";
import { SLOT_DEFAULT_RTP_BPS, SLOT_RTP_RANGE_BPS, type SlotTheme } from "~/domain/games/engines/slot-definition";
import { SLOT_THEMES, slotThemeById, slotThemeFor } from "~/domain/games/engines/slot-themes";

const USAGE = `Usage:
  npm run games -- rtp <gameCode|themeId> [--spins N] [--rtp ${SLOT_DEFAULT_RTP_BPS}] [--seed S]
    Simulates N slot spins (default 1,000,000) at a return-to-player target in basis points
    (${SLOT_RTP_RANGE_BPS.min}..${SLOT_RTP_RANGE_BPS.max}), drawing from crypto, or from a seeded generator with --seed.
    Themes: ${SLOT_THEMES.map((t) => t.id).join(", ")}.
  npm run games -- provider-secret [${IN_HOUSE_PROVIDER}|<provider code>]
    Prints a provider's seamless-wallet secret as this environment's server computes it (the
    in-house ${IN_HOUSE_PROVIDER}: BGS_SEAMLESS_SECRET, else derived from COOKIE_SECRET or DATA_DIR/cookie-secret).
  npm run games -- launch-token <brand> <user> <gameCode> [--by "<name>"] [--why "<reason>"]
    Launches the game for the member as a tap on it does and prints the single-use launch token
    (valid 60 s) with the game URL, for a provider test harness. Audited.
  npm run games -- rounds <brand> [user] [--limit N]
    The brand's latest in-house rounds (default 20, at most 200): id, game, bet, win, state.
  npm run games -- replay <roundId>
    Plays a stored in-house round again from its input and draws; exits 1 if the outcome differs.`;

function integerOption(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
  }
  return Number(value);
}

/** A theme id, or a catalogue game code (any case) whose category the slot engine plays. */
function resolveTheme(target: string): { theme: SlotTheme; label: string } {
  const theme = slotThemeById(target);
  if (theme) return { theme, label: `Theme ${theme.id} "${theme.name}"` };
  const code = target.toUpperCase();
  const game = buildGames().find((g) => g.gameCode === code);
  if (!game) throw new UsageError(`${target} is neither a slot theme nor a catalogue game code`);
  const category = gameCategory(game);
  if (category !== "RNG" && category !== "FISH") {
    throw new UsageError(`${game.gameCode} is a ${category} game; the slot engine plays RNG and FISH games`);
  }
  const played = slotThemeFor({
    vassalage: game.vassalage,
    gameCode: game.gameCode,
    gameClassify: game.gameClassify ?? null,
    gameType: game.gameType,
  });
  return {
    theme: played,
    label: `Game ${game.gameCode} "${game.gameName}" (${game.vassalage}, ${category}) plays on theme ${played.id} "${played.name}"`,
  };
}

const percent = (x: number, digits = 3) => `${(x * 100).toFixed(digits)} %`;
const grouped = (n: number) => Math.round(n).toLocaleString("en-US");

function rtpCommand(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { spins: { type: "string" }, rtp: { type: "string" }, seed: { type: "string" } },
  });
  if (positionals.length !== 1) throw new UsageError("rtp takes one game code or theme id");
  const { theme, label } = resolveTheme(positionals[0]);
  const spins = integerOption("spins", values.spins, 1_000_000, 1, 1_000_000_000);
  const rtpBps = integerOption("rtp", values.rtp, SLOT_DEFAULT_RTP_BPS, SLOT_RTP_RANGE_BPS.min, SLOT_RTP_RANGE_BPS.max);
  const seed = values.seed === undefined ? undefined : integerOption("seed", values.seed, 0, 0, 2 ** 32 - 1);
  const rng: Rng = seed === undefined ? cryptoRng() : seededRng(seed);

  const maths = slotMaths(theme);
  const started = process.hrtime.bigint();
  const sim = simulateSlot(theme, rtpBps, spins, rng);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const standardError = sim.stdDev / Math.sqrt(spins);
  console.log(label);
  console.log(
    `Theoretical RTP   ${percent(rtpBps / 10_000, 2)}, mixing the rich set (${percent(maths.rich.rtp)}) and the lean set (${percent(maths.lean.rtp)})`,
  );
  console.log(`Simulated         ${grouped(spins)} spins from ${seed === undefined ? "crypto" : `seed ${seed}`}`);
  console.log(`Measured RTP      ${percent(sim.rtp)} (±${percent(2 * standardError)} at two standard errors)`);
  console.log(`Hit frequency     ${percent(sim.hitFrequency, 2)}`);
  console.log(`Standard dev.     ${sim.stdDev.toFixed(3)} × bet per spin`);
  console.log(
    `Free spins        ${grouped(sim.freeSpinTriggers)} triggers (1 in ${grouped(spins / Math.max(1, sim.freeSpinTriggers))})`,
  );
  console.log(`Rich set used     ${percent(sim.richSpins / spins, 2)} of spins`);
  console.log(`Speed             ${grouped(spins / seconds)} spins/s`);
}

function providerSecretCommand(args: string[]): void {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new UsageError("provider-secret takes at most one provider code");
  const code = positionals[0] ?? IN_HOUSE_PROVIDER;
  const env = parseEnv();
  // The same registry the server builds from this environment, so the secret is the one it checks.
  const providers = createGameProviders({
    cookieSecret: () => env.cookieSecret,
    config: env.GAME_PROVIDERS,
    bgsSecret: env.BGS_SEAMLESS_SECRET,
  });
  const provider = providers.byCode(code);
  if (!provider) throw new UsageError(`${code} is neither ${IN_HOUSE_PROVIDER} nor a provider named in GAME_PROVIDERS`);
  console.log(provider.secret);
}

async function launchTokenCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { by: { type: "string" }, why: { type: "string" } },
  });
  if (positionals.length !== 3) throw new UsageError("launch-token takes a brand, a username and a game code");
  const [brand, user, gameCode] = positionals as [string, string, string];
  const by = values.by || os.userInfo().username;
  const why = values.why ?? "launch token for a provider test";
  await finish(runAdmin({ command: "games.launchToken", brand, user, gameCode, by, why }));
}

async function roundsCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { limit: { type: "string" } } });
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError("rounds takes a brand and an optional username");
  const limit = integerOption("limit", values.limit, 20, 1, 200);
  await finish(runAdmin({ command: "games.rounds", brand: positionals[0]!, user: positionals[1], limit }));
}

async function replayCommand(args: string[]): Promise<void> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError("replay takes one round id");
  await finish(runAdmin({ command: "games.replay", round: positionals[0]! }));
}

const COMMANDS: Record<string, (args: string[]) => void | Promise<void>> = {
  rtp: rtpCommand,
  "provider-secret": providerSecretCommand,
  "launch-token": launchTokenCommand,
  rounds: roundsCommand,
  replay: replayCommand,
};

await runCommands(COMMANDS, USAGE);
