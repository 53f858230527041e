/**
 * Deterministic demo catalogue: every brand database is seeded from these
 * pure functions, and the art route redraws icons and banners from them, so
 * the output must be identical on every run and in every process.
 */
import { BINGO_CLASSIFY, GAME_CATEGORIES, lobbyCategoryOf } from "~/brand/categories";
import { buildBrandContent } from "./content";
import { bingoName, fishName, NameRegistry, slotName, uniqueNames } from "./game-names";
import { englishName, localisedNames, type NameSpec } from "./glossary";
import { CLASSIC_NOUNS } from "./name-pools";
import { pick, pickWeighted, rngFor, type Rng } from "./random";
import { pvpTables, type TableSpec } from "./tables";
import type { ArtText, BrandContent, BrandLike, GameSeed, VendorSeed } from "./types";
import { type Section, TYPE_OFFSETS, VENDOR_DEFS, type VendorDef } from "./vendors";

export type { ArtText, BrandContent, BrandLike, GameSeed, HelpSeed, VendorSeed } from "./types";
export { buildBrandContent } from "./content";

/** Stored in seed_runs; bump when the generated content changes shape. */
export const SEED_VERSION = 1;

/** The lobby category of a game: bingo is stored as RNG with classification BG. */
export function gameCategory(g: Pick<GameSeed, "gameType" | "gameClassify">): string {
  return lobbyCategoryOf(g.gameType, g.gameClassify);
}

function sectionCategory(s: Section): string {
  if (s.kind === "tables") return s.gameType;
  return { slot: "RNG", bingo: "BINGO", fish: "FISH", pvp: "PVP" }[s.kind];
}

export function toGameCode(vendor: string, name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/'/g, "")
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
  return [vendor, ...words].join("_");
}

function slotClassify(spec: NameSpec, rng: Rng): string {
  if (!("raw" in spec)) {
    if (CLASSIC_NOUNS.has(spec.noun)) return "CLASSIC";
    if (spec.head === "Jackpot") return "JACKPOT";
  }
  return pickWeighted(rng, [
    ["VIDEO", 6],
    ["HOT_SLOT", 2],
    ["WAYS", 2],
  ] as const);
}

/** Centavos: ₱1–₱10 slots, ₱50–₱100 live tables, and so on. */
export const MIN_BETS: Record<string, readonly number[]> = {
  RNG: [100, 200, 300, 500, 1000],
  BINGO: [100, 200, 500],
  FISH: [100, 200, 500],
  PVP: [1000, 2000, 5000],
  LIVE: [5000, 10000],
  SPORTS: [1000, 2000],
  ESPORTS: [1000, 2000],
  COCKFIGHT: [5000],
  LOTT: [200, 500],
  ELOTT: [200, 500],
};

function sectionEntries(vendor: VendorDef, section: Section, registry: NameRegistry): TableSpec[] {
  const seed = `${vendor.code}:${section.kind}`;
  switch (section.kind) {
    case "slot": {
      const classRng = rngFor(`${seed}:classify`);
      return uniqueNames(section.count, registry, rngFor(seed), (r) => slotName(r, vendor.themes)).map((name) => ({
        name,
        classify: slotClassify(name, classRng),
      }));
    }
    case "fish":
      return uniqueNames(section.count, registry, rngFor(seed), fishName).map((name) => ({ name, classify: null }));
    case "bingo":
      return uniqueNames(section.count, registry, rngFor(seed), (r) => bingoName(r, vendor.themes)).map((name) => ({
        name,
        classify: BINGO_CLASSIFY,
      }));
    case "pvp":
      return pvpTables(section.count, registry, rngFor(seed));
    case "tables":
      return section.tables;
  }
}

function vendorGames(vendor: VendorDef, registry: NameRegistry): GameSeed[] {
  const out: Array<GameSeed & { popularity: number }> = [];
  const codes = new Set<string>();
  for (const section of vendor.sections) {
    const category = sectionCategory(section);
    const gameType = category === "BINGO" ? "RNG" : category;
    sectionEntries(vendor, section, registry).forEach((entry, i) => {
      const gameName = englishName(entry.name);
      const gameCode = entry.code ?? toGameCode(vendor.code, gameName);
      if (codes.has(gameCode)) throw new Error(`duplicate game code ${gameCode}`);
      codes.add(gameCode);
      // Each game draws its attributes from its own stream, so they survive reordering of the lists.
      const rng = rngFor(`${vendor.code}:${gameCode}`);
      const lobby = entry.lobby === true;
      // The tile's picture as the lobby loads it (WebP, ADR 0043); the large icon is the drawing itself.
      const art = `/art/game/${vendor.code}/${gameCode}`;
      out.push({
        nodeId: vendor.nodeBase + TYPE_OFFSETS[category] + i + 1,
        gameId: String(TYPE_OFFSETS[category] + i + 1),
        gameCode,
        gameName,
        displayName: localisedNames(entry.name),
        gameType,
        vassalage: vendor.code,
        gameClassify: entry.classify,
        isNew: !lobby && rng() < 0.1,
        showIcon: true,
        iconUrl: `${art}.webp`,
        mobileLargeIcon: `${art}.svg`,
        isGameH5: lobby ? "VASSALAGE" : null,
        freeplay: (gameType === "RNG" || gameType === "FISH") && rng() < 0.9,
        supportPlay: true,
        lottoMode: gameType === "LOTT" ? "Lott" : gameType === "ELOTT" ? "Elott" : null,
        minBet: BigInt(pick(rng, MIN_BETS[category])),
        sort: 0,
        enabled: true,
        // Lobby entries are the way into a sportsbook or lottery, so they always come first.
        popularity: lobby ? -1 : rng(),
      });
    });
  }
  out.sort((a, b) => a.popularity - b.popularity || a.nodeId - b.nodeId);
  return out.map(({ popularity: _popularity, ...game }, i) => ({ ...game, sort: i + 1 }));
}

/** The brand-independent catalogue, vendor by vendor in vendor-sorting order, each by popularity. */
export function buildGames(): GameSeed[] {
  const registry = new NameRegistry();
  return VENDOR_DEFS.flatMap((v) => vendorGames(v, registry));
}

let gameIndex: Map<string, GameSeed> | undefined;

/** Used per icon request by the art route, hence the index built once per process. */
export function findGameSeed(vassalage: string, gameCode: string): GameSeed | undefined {
  gameIndex ??= new Map(buildGames().map((g) => [`${g.vassalage}|${g.gameCode}`, g]));
  return gameIndex.get(`${vassalage}|${gameCode}`);
}

export function filterGamesForBrand(all: GameSeed[], categories: readonly string[]): GameSeed[] {
  const offered = new Set(categories);
  return all.filter((g) => offered.has(gameCategory(g)));
}

/** Vendors with at least one game the brand offers; `categories` lists only the offered ones. */
export function buildVendors(categories: readonly string[]): VendorSeed[] {
  const offered = new Set(categories);
  return VENDOR_DEFS.map((v, i) => {
    const has = new Set(v.sections.map(sectionCategory));
    return {
      vassalage: v.code,
      displayName: v.displayName,
      categories: GAME_CATEGORIES.filter((c) => has.has(c) && offered.has(c)),
      sort: i + 1,
    };
  }).filter((v) => v.categories.length > 0);
}

type HotKind = "slot" | "fish" | "live" | "bingo" | "pvp";
const HOT_SOURCES: Record<HotKind, { category: string; vendors: string[]; take: number }> = {
  slot: { category: "RNG", vendors: ["JILI", "FC", "PGE", "PG", "JDB", "PP", "CQ9", "HB", "BGS"], take: 16 },
  fish: { category: "FISH", vendors: ["JILI", "FC", "JDB", "CQ9"], take: 6 },
  live: { category: "LIVE", vendors: ["EVO", "PP", "SEXY", "WM"], take: 4 },
  bingo: { category: "BINGO", vendors: ["JILI", "BGS"], take: 2 },
  pvp: { category: "PVP", vendors: ["JILI", "KM"], take: 2 },
};
/** Slots dominate the hot list, with fishing, live, bingo and card games mixed in. */
const HOT_PATTERN: HotKind[] = ["slot", "slot", "fish", "slot", "live", "slot", "bingo", "slot", "fish", "pvp"];

/** About 30 games: each vendor's most popular titles, taken round-robin across vendors. */
export function buildHotGameCodes(games: GameSeed[]): Array<{ vassalage: string; gameCode: string }> {
  const queues = new Map<HotKind, GameSeed[]>();
  for (const [kind, src] of Object.entries(HOT_SOURCES) as Array<[HotKind, (typeof HOT_SOURCES)[HotKind]]>) {
    const perVendor = src.vendors.map((v) =>
      games
        .filter((g) => g.vassalage === v && gameCategory(g) === src.category && g.isGameH5 !== "VASSALAGE")
        .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0)),
    );
    const picked: GameSeed[] = [];
    for (let round = 0; picked.length < src.take && perVendor.some((l) => l.length > round); round++) {
      for (const list of perVendor) if (list[round] && picked.length < src.take) picked.push(list[round]);
    }
    queues.set(kind, picked);
  }
  const out: GameSeed[] = [];
  while ([...queues.values()].some((q) => q.length > 0)) {
    for (const kind of HOT_PATTERN) {
      const next = queues.get(kind)?.shift();
      if (next) out.push(next);
    }
  }
  return out.map((g) => ({ vassalage: g.vassalage, gameCode: g.gameCode }));
}

const contentCache = new Map<string, BrandContent>();

/** Texts for an art-route image, or undefined for an unknown key. */
export function findBannerArt(brand: BrandLike, kind: "banner" | "promo", key: string): ArtText | undefined {
  const cacheKey = `${brand.id}|${brand.displayName}|${brand.minimumAge}`;
  let content = contentCache.get(cacheKey);
  if (!content) {
    content = buildBrandContent(brand);
    contentCache.set(cacheKey, content);
  }
  const art = kind === "banner" ? content.bannerArt : content.promoArt;
  return Object.prototype.hasOwnProperty.call(art, key) ? art[key] : undefined;
}
