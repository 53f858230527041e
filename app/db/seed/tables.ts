/**
 * Hand-listed entries: live tables, card/dice games and the single-lobby
 * vendors (sports, e-sports, cockfight, lottery). These read like operator
 * tables ("Baccarat A", "Speed Baccarat 3") rather than invented slot titles.
 */
import type { NameSpec } from "./glossary";
import type { NameRegistry } from "./game-names";
import { pick, type Rng } from "./random";

export interface TableSpec {
  name: NameSpec;
  classify: string | null;
  /** Set when the provider fixes the code (lobbies, TCG's special lotteries). */
  code?: string;
  /** A lobby entry opens the provider's own page (isGameH5 = VASSALAGE). */
  lobby?: boolean;
}

const raw = (name: string, classify: string | null, extra: Partial<TableSpec> = {}): TableSpec => ({
  name: { raw: name },
  classify,
  ...extra,
});
const seq = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);
const speed = (noun: string, classify: string, n?: number): TableSpec => ({
  name: { mod: "Speed", noun, edition: n === undefined ? undefined : String(n) },
  classify,
});
const lettered = (prefix: string, letters: string, classify: string): TableSpec[] =>
  [...letters].map((l) => raw(`${prefix} ${l}`, classify));
const numbered = (prefix: string, n: number, classify: string): TableSpec[] => seq(n).map((i) => raw(`${prefix} ${i}`, classify));

export const LIVE_TABLES: Record<string, TableSpec[]> = {
  EVO: [
    ...seq(8).map((n) => speed("Baccarat", "BAC", n)),
    ...lettered("Baccarat", "ABCDEF", "BAC"),
    raw("No Commission Baccarat", "BAC"),
    raw("Squeeze Baccarat", "BAC"),
    ...numbered("VIP Baccarat", 2, "BAC"),
    speed("Roulette", "ROU"),
    raw("Auto Roulette", "ROU"),
    ...seq(3).map((n): TableSpec => ({ name: { noun: "Roulette", edition: String(n) }, classify: "ROU" })),
    raw("VIP Roulette", "ROU"),
    raw("Sic Bo Classic", "SICBO"),
    raw("Speed Sic Bo", "SICBO"),
    raw("Dragon Tiger Live", "DT"),
    raw("Speed Dragon Tiger", "DT"),
    ...lettered("Blackjack", "ABCDEF", "BJ"),
    ...seq(2).map((n) => speed("Blackjack", "BJ", n)),
    raw("Casino Hold'em", "POKER"),
    raw("Three Card Poker", "POKER"),
    raw("Caribbean Stud Poker", "POKER"),
    raw("Perya Color Dice Live", "WHEEL"),
  ],
  PP: [
    ...numbered("Asia Baccarat", 6, "BAC"),
    ...seq(3).map((n) => speed("Baccarat", "BAC", n)),
    raw("Baccarat Squeeze Asia", "BAC"),
    raw("Manila Roulette", "ROU"),
    speed("Roulette", "ROU"),
    { name: { mod: "Lucky", noun: "Roulette" }, classify: "ROU" },
    raw("Sic Bo Asia", "SICBO"),
    raw("Sic Bo Deluxe", "SICBO"),
    raw("Dragon Tiger Asia", "DT"),
    ...numbered("Blackjack Emerald", 2, "BJ"),
    raw("Fiesta Money Wheel", "WHEEL"),
    raw("Casino Hold'em Asia", "POKER"),
  ],
  SEXY: [
    ...numbered("Baccarat Classic", 6, "BAC"),
    ...numbered("Baccarat Insurance", 3, "BAC"),
    ...seq(2).map((n) => speed("Baccarat", "BAC", n)),
    ...numbered("Dragon Tiger Classic", 2, "DT"),
    raw("Roulette Classic", "ROU"),
    raw("Sic Bo Classic", "SICBO"),
    raw("Fish Prawn Crab Live", "SICBO"),
  ],
  WM: [
    ...numbered("Manila Hall Baccarat", 4, "BAC"),
    ...numbered("Cebu Hall Baccarat", 4, "BAC"),
    ...seq(2).map((n) => speed("Baccarat", "BAC", n)),
    raw("Dragon Tiger Hall", "DT"),
    { name: { noun: "Roulette", edition: "1" }, classify: "ROU" },
    raw("Sic Bo Hall", "SICBO"),
    raw("Niu Niu Hall", "POKER"),
  ],
};

export const FIXED_TABLES: Record<string, Record<string, TableSpec[]>> = {
  SABA: {
    SPORTS: [
      raw("SABA Sportsbook", null, { code: "SABA_SPORTSBOOK", lobby: true }),
      raw("Virtual Football League", null),
      raw("Virtual Basketball", null),
      raw("Number Game", null),
      raw("Virtual Horse Racing", null),
    ],
  },
  BTI: {
    SPORTS: [
      raw("BTI Sportsbook", null, { code: "BTI_SPORTSBOOK", lobby: true }),
      raw("In-Play Football", null),
      raw("Basketball Live Odds", null),
      raw("Boxing Main Event", null),
    ],
  },
  TF: {
    ESPORTS: [
      raw("TF E-Sports", null, { code: "TF_ESPORTS", lobby: true }),
      raw("MOBA Championship Odds", null),
      raw("Tactical Shooter Cup", null),
      raw("Battle Arena Series", null),
    ],
  },
  DS88: {
    COCKFIGHT: [
      raw("DS88 Sabong Arena", null, { code: "DS88_SABONG", lobby: true }),
      raw("Sabong Derby Live", null),
      raw("Rooster Championship Night", null),
    ],
  },
  TCG: {
    LOTT: [
      raw("TCG Lottery", null, { code: "TCG_LOTT", lobby: true }),
      // TCG_SEA launches with the SEA prize mode (spec §4, game launch).
      raw("SEA Lottery", null, { code: "TCG_SEA" }),
      raw("Lotto 6/42 Draw", null),
      raw("3D Daily Draw", null),
    ],
    ELOTT: [
      raw("TCG E-Lottery", null, { code: "TCG_ELOTT", lobby: true }),
      // Listed under ELOTT so the vendor mapping selects the e-lottery prize mode (spec §4, vendor sorting).
      raw("Vietnam Lotto", null, { code: "TCG_LOTTO_VN" }),
      raw("Fast 3 Dice", null),
      raw("Racing 10", null),
      raw("Lucky 5 Ball", null),
      raw("Keno 80", null),
    ],
  },
};

/** Card, dice and quick games sold as PVP ("poker games" in the lobby), with their tab classification. */
const PVP_GAMES: ReadonlyArray<readonly [string, string]> = [
  ["Tongits", "POKER"],
  ["Pusoy", "POKER"],
  ["Pusoy Dos", "POKER"],
  ["Lucky 9", "POKER"],
  ["Texas Hold'em", "POKER"],
  ["Short Deck Poker", "POKER"],
  ["Omaha Poker", "POKER"],
  ["Rummy", "CARD"],
  ["Blackjack", "CARD"],
  ["Baccarat", "CARD"],
  ["Dragon Tiger", "CARD"],
  ["Card Hi Lo", "CARD"],
  ["Sic Bo", "DICE"],
  ["Fish Prawn Crab", "DICE"],
  ["Big Small", "DICE"],
  ["Color Dice", "DICE"],
  ["Plinko", "MINI"],
  ["Mines", "MINI"],
  ["Crash Rocket", "MINI"],
  ["Keno", "MINI"],
  ["Lucky Wheel", "MINI"],
  ["Coin Toss", "MINI"],
];
const PVP_STYLES = [
  "Royale",
  "Duel",
  "Blitz",
  "Classic",
  "Arena",
  "Masters",
  "Fiesta",
  "Pro",
  "Showdown",
  "Club",
  "Champions",
  "Rush",
];

export function pvpTables(count: number, registry: NameRegistry, rng: Rng): TableSpec[] {
  const out: TableSpec[] = [];
  for (let attempt = 0; out.length < count; attempt++) {
    const [game, classify] = pick(rng, PVP_GAMES);
    const name = rng() < 0.12 && attempt < count * 20 ? game : `${game} ${pick(rng, PVP_STYLES)}`;
    const spec: NameSpec = { raw: attempt > count * 40 ? `${name} ${attempt}` : name };
    if (registry.claim(spec)) out.push({ name: spec, classify });
  }
  return out;
}
