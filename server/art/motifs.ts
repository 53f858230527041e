// The motif vocabulary: every drawing by key, the family of a game's type,
// and the choice of motif from a game's name.

import { BINGO_CLASSIFY } from "~/brand/categories";
import type { Motif } from "./motif-kit";
import { PHRASE_MOTIFS, WORD_MOTIFS, nameWords } from "./motif-words";
import * as beasts from "./motifs-beasts";
import * as people from "./motifs-people";
import * as sea from "./motifs-sea";
import * as slot from "./motifs-slot";
import * as sport from "./motifs-sport";
import * as table from "./motifs-table";
import * as world from "./motifs-world";

export const MOTIFS = {
  seven: slot.seven,
  cherries: slot.cherries,
  gem: slot.gem,
  coins: slot.coins,
  crown: slot.crown,
  bell: slot.bell,
  bells: slot.bells,
  clover: slot.clover,
  star: slot.star,
  moon: slot.moon,
  sun: slot.sun,
  watermelon: slot.watermelon,
  fruits: slot.fruits,
  lemon: slot.lemon,
  mango: slot.mango,
  strawberry: slot.strawberry,
  candy: slot.candy,
  cupcake: slot.cupcake,
  donut: slot.donut,
  pinata: slot.pinata,
  chest: slot.chest,
  ingot: slot.ingot,
  reels: slot.reels,
  trophy: slot.trophy,
  chilli: slot.chilli,
  flame: slot.flame,
  bolt: slot.bolt,
  snowflake: slot.snowflake,
  vault: slot.vault,
  lion: beasts.lion,
  tiger: beasts.tiger,
  dragon: beasts.dragon,
  panda: beasts.panda,
  monkey: beasts.monkey,
  gorilla: beasts.gorilla,
  tarsier: beasts.tarsier,
  yeti: beasts.yeti,
  eagle: beasts.eagle,
  wolf: beasts.wolf,
  buffalo: beasts.buffalo,
  elephant: beasts.elephant,
  rhino: beasts.rhino,
  unicorn: beasts.unicorn,
  horse: beasts.horse,
  phoenix: beasts.phoenix,
  crane: beasts.crane,
  pig: beasts.pig,
  rooster: sport.rooster,
  fish: sea.fish,
  koi: sea.koi,
  shark: sea.shark,
  octopus: sea.octopus,
  whale: sea.whale,
  crab: sea.crab,
  turtle: sea.turtle,
  stingray: sea.stingray,
  ninja: people.ninja,
  samurai: people.samurai,
  pirate: people.pirate,
  mermaid: people.mermaid,
  tiara: people.tiara,
  pharaoh: people.pharaoh,
  pyramid: people.pyramid,
  lamp: people.lamp,
  viking: people.viking,
  cowboy: people.cowboy,
  bat: people.bat,
  wizard: people.wizard,
  knight: people.knight,
  jester: people.jester,
  robot: people.robot,
  crystalBall: people.crystalBall,
  jeepney: world.jeepney,
  bangka: world.bangka,
  fiesta: world.fiesta,
  lotus: world.lotus,
  sampaguita: world.sampaguita,
  bamboo: world.bamboo,
  pearl: world.pearl,
  island: world.island,
  volcano: world.volcano,
  parol: world.parol,
  barong: world.barong,
  lantern: world.lantern,
  pagoda: world.pagoda,
  firecracker: world.firecracker,
  wave: world.wave,
  planet: world.planet,
  comet: world.comet,
  aurora: world.aurora,
  rocket: world.rocket,
  castle: world.castle,
  compass: world.compass,
  swords: world.swords,
  roulette: table.roulette,
  baccarat: table.baccarat,
  pokerFan: table.pokerFan,
  mahjong: table.mahjong,
  dice: table.dice,
  sicbo: table.sicbo,
  blackjack: table.blackjack,
  cardSpread: table.cardSpread,
  hilo: table.hilo,
  plinko: table.plinko,
  mines: table.mines,
  wheel: table.wheel,
  coinToss: table.coinToss,
  versus: table.versus,
  keno: table.keno,
  football: sport.football,
  basketball: sport.basketball,
  controller: sport.controller,
  lottery: sport.lottery,
  lotteryGlobe: sport.lotteryGlobe,
  bingo: sport.bingo,
  boxing: sport.boxing,
  crosshair: sport.crosshair,
} satisfies Record<string, Motif>;

export type MotifKey = keyof typeof MOTIFS;

export type MotifFamily = "slot" | "fish" | "live" | "pvp" | "sports" | "esports" | "lott" | "elott" | "bingo" | "cockfight";

/** Motifs for names that name nothing drawable ("Bingo 90 Classic", "SABA Sportsbook"), by family. */
const FAMILY_DEFAULTS: Record<MotifFamily, readonly MotifKey[]> = {
  slot: ["seven", "cherries", "gem", "coins", "crown", "bell", "star", "clover", "reels", "ingot"],
  fish: ["fish", "shark", "octopus", "crab"],
  live: ["baccarat", "roulette", "blackjack"],
  pvp: ["pokerFan", "dice", "mahjong", "cardSpread"],
  sports: ["football", "basketball"],
  esports: ["controller"],
  lott: ["lottery"],
  elott: ["lotteryGlobe"],
  bingo: ["bingo"],
  cockfight: ["rooster"],
};

const TYPE_ALIASES: Record<string, MotifFamily> = {
  RNG: "slot",
  SLOT: "slot",
  SLOTS: "slot",
  FISH: "fish",
  FISHING: "fish",
  LIVE: "live",
  CASINO: "live",
  PVP: "pvp",
  TABLE: "pvp",
  POKER: "pvp",
  CARD: "pvp",
  SPORTS: "sports",
  SPORT: "sports",
  SB: "sports",
  ESPORTS: "esports",
  ESPORT: "esports",
  LOTT: "lott",
  LOTTERY: "lott",
  ELOTT: "elott",
  COCKFIGHT: "cockfight",
  COCK: "cockfight",
  SABONG: "cockfight",
  BINGO: "bingo",
};

export function motifFamily(type: string, classify?: string | null): MotifFamily {
  // Bingo is a classify flag layered on lottery-ish types; it wins over type.
  if ((classify ?? "").trim().toUpperCase() === BINGO_CLASSIFY) return "bingo";
  return TYPE_ALIASES[String(type).trim().toUpperCase()] ?? "slot";
}

/** The motif a name's words ask for: a known phrase, else its strongest word (the first one on a tie). */
export function namedMotif(name: string): MotifKey | undefined {
  const words = nameWords(name);
  const joined = ` ${words.join(" ")} `;
  for (const [phrase, key] of PHRASE_MOTIFS) if (joined.includes(` ${phrase} `)) return key;
  for (const table of WORD_MOTIFS) {
    const hit = words.find((w) => Object.prototype.hasOwnProperty.call(table, w));
    if (hit) return table[hit];
  }
  return undefined;
}

/** The named motif, or for a name that names nothing drawable one of its family's defaults by `seed`. */
export function motifForName(name: string, family: MotifFamily, seed: number): MotifKey {
  const defaults = FAMILY_DEFAULTS[family];
  return namedMotif(name) ?? defaults[seed % defaults.length];
}
