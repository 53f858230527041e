import crypto from "node:crypto";
import { z } from "zod";
import { runsInHouse } from "~/domain/games/forms";
import { IN_HOUSE_VENDOR } from "~/domain/games/ports";
import type { GameProviders, GameUrlInput, ProviderEndpoint, ProviderProtocol } from "~/domain/wallet/seamless-port";
import { canonicalProtocol } from "./canonical.server";
import { jiliProtocol } from "./jili.server";

/** The in-house game server calls the wallet under its vendor code. */
export const IN_HOUSE_PROVIDER = IN_HOUSE_VENDOR;

const PROTOCOLS: Record<string, ProviderProtocol> = { canonical: canonicalProtocol, jili: jiliProtocol };

/**
 * GAME_PROVIDERS, a JSON object naming the vendors a deployment connects to their real game servers:
 * `{"JILI": {"protocol": "canonical", "gameUrl": "https://…", "secretEnv": "JILI_SEAMLESS_SECRET"}}`.
 * Every vendor not named plays on the in-house game server.
 */
const providersSchema = z.record(
  z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/),
  z.strictObject({
    protocol: z
      .string()
      .refine((p) => Object.hasOwn(PROTOCOLS, p), { message: `must be one of ${Object.keys(PROTOCOLS).join(", ")}` }),
    gameUrl: z.url({ protocol: /^https$/ }),
    secretEnv: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  }),
);

export class ProvidersConfigurationError extends Error {
  override name = "ProvidersConfigurationError";
}

/** The in-house provider's secret: BGS_SEAMLESS_SECRET, or derived from the cookie secret so every process agrees. */
export function inHouseSecret(cookieSecret: string, configured?: string): string {
  return configured || crypto.createHmac("sha256", cookieSecret).update(`seamless-provider:${IN_HOUSE_PROVIDER}`).digest("hex");
}

function withQuery(base: string, input: GameUrlInput): string {
  const url = new URL(base);
  url.searchParams.set("token", input.launchToken);
  url.searchParams.set("game", input.gameCode);
  url.searchParams.set("lang", input.language);
  url.searchParams.set("lobby", input.lobbyUrl);
  if (input.playType) url.searchParams.set("playType", input.playType);
  if (input.prizeMode) url.searchParams.set("prizeMode", input.prizeMode);
  return url.toString();
}

/** The in-house game server's page for a game: with a launch token, or in fun mode without one. */
function inHouseUrl(input: Omit<GameUrlInput, "launchToken"> & { launchToken: string | null }): string {
  const q = new URLSearchParams(input.launchToken ? { token: input.launchToken } : { mode: "fun" });
  q.set("lang", input.language);
  q.set("lobby", input.lobbyUrl);
  if (input.playType) q.set("playType", input.playType);
  if (input.prizeMode) q.set("prizeMode", input.prizeMode);
  return `/bgs/play/${encodeURIComponent(input.gameCode)}?${q.toString()}`;
}

export function createGameProviders(deps: {
  cookieSecret: () => string;
  /** GAME_PROVIDERS as written in the environment. */
  config?: string;
  bgsSecret?: string;
  vars?: Record<string, string | undefined>;
}): GameProviders {
  const vars = deps.vars ?? process.env;
  let parsed: z.output<typeof providersSchema> = {};
  if (deps.config) {
    let json: unknown;
    try {
      json = JSON.parse(deps.config);
    } catch {
      throw new ProvidersConfigurationError("GAME_PROVIDERS is not valid JSON");
    }
    const result = providersSchema.safeParse(json);
    if (!result.success) throw new ProvidersConfigurationError(`GAME_PROVIDERS: ${z.prettifyError(result.error)}`);
    parsed = result.data;
  }
  // Read at every provider call: derived once per cookie secret, not hashed again each time.
  let derived: { from: string; secret: string } | null = null;
  const inHouse: ProviderEndpoint = {
    code: IN_HOUSE_PROVIDER,
    protocol: canonicalProtocol,
    get secret() {
      const from = deps.cookieSecret();
      if (derived?.from !== from) derived = { from, secret: inHouseSecret(from, deps.bgsSecret) };
      return derived.secret;
    },
    inHouse: true,
    gameUrl: (input) => inHouseUrl(input),
    funUrl: (input) => inHouseUrl({ ...input, launchToken: null }),
    runs: runsInHouse,
  };
  const external = new Map<string, ProviderEndpoint>();
  for (const [code, c] of Object.entries(parsed)) {
    const secret = vars[c.secretEnv];
    if (!secret) throw new ProvidersConfigurationError(`GAME_PROVIDERS: ${code} needs its secret in ${c.secretEnv}`);
    external.set(code, {
      code,
      protocol: PROTOCOLS[c.protocol]!,
      secret,
      inHouse: false,
      gameUrl: (input) => withQuery(c.gameUrl, input),
    });
  }
  return {
    byCode: (code) => (code === IN_HOUSE_PROVIDER ? inHouse : external.get(code)),
    forVendor: (vassalage) => external.get(vassalage) ?? inHouse,
  };
}
