import { englishName, type NameSpec } from "./glossary";
import {
  AWKWARD_TITLES,
  BINGO_RAW,
  CHARACTERS,
  EXTRA_HEADS,
  EXTRA_MODS,
  FISH_HEADS,
  PLACE_HEADS,
  PLACES,
  REAL_TITLES,
  SEA_NOUNS,
  SLOT_HEADS,
  SLOT_MODS,
  STORY_LEADS,
  THEME_NOUNS,
  type Theme,
  WORD_EDITIONS,
} from "./name-pools";
import { pick, pickWeighted, type Rng } from "./random";

export type ThemeWeights = Partial<Record<Theme, number>>;

/**
 * Remembers every title handed out so far. One registry is shared by all
 * vendors' slots, fishing and bingo, so the lobby never shows two different
 * games with the same name even across vendors.
 */
export class NameRegistry {
  private readonly used = new Set<string>();

  claim(spec: NameSpec): boolean {
    const en = englishName(spec).toLowerCase();
    const withoutEdition = "raw" in spec ? en : englishName({ ...spec, edition: undefined }).toLowerCase();
    if (this.used.has(en) || REAL_TITLES.has(en) || REAL_TITLES.has(withoutEdition) || AWKWARD_TITLES.has(withoutEdition))
      return false;
    this.used.add(en);
    return true;
  }
}

/** Roughly 70 % glossary words, so a good share of titles can be localised. */
function modifier(rng: Rng): string {
  return rng() < 0.7 ? pick(rng, SLOT_MODS) : pick(rng, EXTRA_MODS);
}

function themedNoun(rng: Rng, themes: ThemeWeights): string {
  const theme = pickWeighted(rng, Object.entries(themes) as Array<[Theme, number]>);
  const pool = THEME_NOUNS[theme];
  return rng() < 0.7 ? pick(rng, pool.glossed) : pick(rng, pool.extra);
}

function head(rng: Rng): string {
  return rng() < 0.6 ? pick(rng, SLOT_HEADS) : pick(rng, EXTRA_HEADS);
}

/** Sequels and special editions are a minority, as in real catalogues. */
function edition(rng: Rng): string | undefined {
  const r = rng();
  if (r < 0.07) return "2";
  if (r < 0.1) return "3";
  if (r < 0.13) return pick(rng, WORD_EDITIONS);
  return undefined;
}

type SlotShape = "modNounHead" | "nounHead" | "modNoun" | "place" | "story" | "possessive";
const SLOT_SHAPES: ReadonlyArray<readonly [SlotShape, number]> = [
  ["modNounHead", 35],
  ["nounHead", 25],
  ["modNoun", 14],
  ["place", 7],
  ["story", 8],
  ["possessive", 6],
];

export function slotName(rng: Rng, themes: ThemeWeights): NameSpec {
  switch (pickWeighted(rng, SLOT_SHAPES)) {
    case "modNounHead":
      return { mod: modifier(rng), noun: themedNoun(rng, themes), head: head(rng), edition: edition(rng) };
    case "nounHead":
      return { noun: themedNoun(rng, themes), head: head(rng), edition: edition(rng) };
    case "modNoun":
      return { mod: modifier(rng), noun: themedNoun(rng, themes), edition: edition(rng) };
    case "place":
      return { mod: rng() < 0.25 ? "Midnight" : undefined, noun: pick(rng, PLACES), head: pick(rng, PLACE_HEADS) };
    case "story":
      return { raw: `${pick(rng, STORY_LEADS)} of the ${modifier(rng)} ${themedNoun(rng, themes)}` };
    case "possessive":
      return { raw: `${pick(rng, CHARACTERS)}'s ${head(rng)}` };
  }
}

export function fishName(rng: Rng): NameSpec {
  if (rng() < 0.2) return { raw: `${pick(rng, EXTRA_MODS)} Fishing ${pick(rng, FISH_HEADS.extra)}` };
  const noun = rng() < 0.75 ? pick(rng, SEA_NOUNS.glossed) : pick(rng, SEA_NOUNS.extra);
  const fishHead = rng() < 0.65 ? pick(rng, FISH_HEADS.glossed) : pick(rng, FISH_HEADS.extra);
  return { mod: rng() < 0.45 ? modifier(rng) : undefined, noun, head: fishHead, edition: rng() < 0.1 ? "2" : undefined };
}

export function bingoName(rng: Rng, themes: ThemeWeights): NameSpec {
  if (rng() < 0.25) return { raw: pick(rng, BINGO_RAW) };
  return { mod: rng() < 0.5 ? modifier(rng) : undefined, noun: themedNoun(rng, themes), head: "Bingo" };
}

/**
 * Draws `count` fresh titles. Should the pools ever run dry the generator
 * numbers its candidates instead of looping forever.
 */
export function uniqueNames(count: number, registry: NameRegistry, rng: Rng, make: (rng: Rng) => NameSpec): NameSpec[] {
  const out: NameSpec[] = [];
  for (let attempt = 0; out.length < count; attempt++) {
    let spec = make(rng);
    if (attempt > count * 40) spec = { raw: `${englishName(spec)} ${attempt}` };
    if (registry.claim(spec)) out.push(spec);
  }
  return out;
}
