import type { VendorData } from "./vendors";

/**
 * The home game sections in the spec's order (§2): favourites (signed-in
 * only), banner block, hot games (3 rows), JILI, FC and PGE slots (3 rows
 * each), slots (1 row), bingo (2 rows), fishing (2 rows), then a picker of the
 * slot vendors. LOTT, ELOTT and ESPORTS never render here; a SPORTS row lists
 * the sportsbooks of the vendor mapping.
 */
export type SectionSpec =
  | { kind: "favourites"; rows: number }
  | { kind: "banners" }
  | { kind: "hot"; rows: number }
  | { kind: "games"; category: string; vassalage?: string; rows: number }
  | { kind: "vendors"; category: string };

export const HOME_SECTIONS: readonly SectionSpec[] = [
  { kind: "favourites", rows: 1 },
  { kind: "banners" },
  { kind: "hot", rows: 3 },
  { kind: "games", category: "RNG", vassalage: "JILI", rows: 3 },
  { kind: "games", category: "RNG", vassalage: "FC", rows: 3 },
  { kind: "games", category: "RNG", vassalage: "PGE", rows: 3 },
  { kind: "games", category: "RNG", rows: 1 },
  { kind: "games", category: "BINGO", rows: 2 },
  { kind: "games", category: "FISH", rows: 2 },
  { kind: "vendors", category: "RNG" },
];

const NOT_ON_HOME = new Set(["LOTT", "ELOTT", "ESPORTS"]);

/** Tiles fetched per row: three to a screen, two screens of them (More opens the rest). */
export const TILES_PER_ROW = 6;

export type HomeSection = SectionSpec & { key: string };

export function sectionKey(s: SectionSpec): string {
  switch (s.kind) {
    case "games":
      return `games:${s.category}${s.vassalage ? `:${s.vassalage}` : ""}`;
    case "vendors":
      return `vendors:${s.category}`;
    default:
      return s.kind;
  }
}

/** The sections this brand and visitor get; rows whose category or vendor the brand lacks are dropped. */
export function buildHomeSections(
  specs: readonly SectionSpec[],
  ctx: { loggedIn: boolean; vendors: Pick<VendorData, "mapping"> },
): HomeSection[] {
  const out: HomeSection[] = [];
  for (const s of specs) {
    if (s.kind === "favourites" && !ctx.loggedIn) continue;
    if (s.kind === "games" || s.kind === "vendors") {
      if (NOT_ON_HOME.has(s.category)) continue;
      const vendors = ctx.vendors.mapping[s.category];
      if (!vendors?.length) continue;
      if (s.kind === "games" && s.vassalage && !vendors.some((v) => v.vassalage === s.vassalage)) continue;
      // Sportsbooks are one lobby each: a sports row lists the books, not games.
      if (s.kind === "games" && s.category === "SPORTS") {
        out.push({ kind: "vendors", category: "SPORTS", key: sectionKey({ kind: "vendors", category: "SPORTS" }) });
        continue;
      }
    }
    out.push({ ...s, key: sectionKey(s) });
  }
  return out;
}
