// A game tile's look: the motif its name asks for, plus palette, background
// pattern, frame and accents picked from its code. Two tiles "look alike"
// when they share the motif and the palette's colour family; planLooks keeps
// such pairs apart in every list, by at least two tiles so that no
// three-wide row of the lobby grid shows the same picture twice.

import { ACCENT_WORDS, type Accent, FAMILY_WORDS, nameWords } from "./motif-words";
import { MOTIFS, type MotifFamily, type MotifKey, motifFamily, motifForName } from "./motifs";
import { TILE_PALETTES } from "./palette";
import { hashString, subHash } from "./svg";
import { DEFAULT_ACCENTS, FRAME_COUNT, PATTERN_COUNT } from "./tile-decor";

export interface LookInput {
  code: string;
  name: string;
  type: string;
  classify?: string | null;
}

export interface GameLook {
  motif: MotifKey;
  family: MotifFamily;
  /** Which composition of the motif, for the motifs that have several. */
  variant: number;
  palette: number;
  pattern: number;
  frame: number;
  accent: Accent;
}

/** A planned palette and composition; each falls back to the code's own choice when missing or out of range. */
export interface PlannedLook {
  palette?: number;
  variant?: number;
}

const variantCount = (motif: MotifKey) => MOTIFS[motif].variants ?? 1;

/** Palette indices in the order a game would like them: those its name's words suggest, then by code hash. */
export function preferredPalettes(g: LookInput): { hinted: number[]; all: number[] } {
  const h = hashString(String(g.code ?? ""));
  const n = TILE_PALETTES.length;
  const all = Array.from({ length: n }, (_, i) => (h + i * 7) % n);
  const families = new Set(nameWords(g.name ?? "").flatMap((w) => FAMILY_WORDS[w] ?? []));
  return { hinted: all.filter((i) => families.has(TILE_PALETTES[i].family)), all };
}

export function gameLook(g: LookInput, plan: PlannedLook = {}): GameLook {
  const h = hashString(String(g.code ?? ""));
  const family = motifFamily(g.type ?? "", g.classify);
  const named = nameWords(g.name ?? "")
    .map((w) => ACCENT_WORDS[w])
    .find(Boolean);
  const prefs = preferredPalettes(g);
  const motif = motifForName(g.name ?? "", family, subHash(h, 1));
  const variants = variantCount(motif);
  const { palette, variant } = plan;
  return {
    motif,
    family,
    variant: variant !== undefined && variant >= 0 && variant < variants ? variant : subHash(h, 2) % variants,
    palette: palette !== undefined && TILE_PALETTES[palette] ? palette : (prefs.hinted[0] ?? prefs.all[0]),
    pattern: subHash(h, 3) % PATTERN_COUNT,
    frame: subHash(h, 4) % FRAME_COUNT,
    accent:
      named ??
      (family === "fish" ? "bubbles" : family === "bingo" ? "balls" : DEFAULT_ACCENTS[subHash(h, 5) % DEFAULT_ACCENTS.length]),
  };
}

export function colourFamily(palette: number): string {
  return TILE_PALETTES[palette].family;
}

/** The measurable "these two tiles look the same": one motif in one colour family. */
export function looksAlike(a: GameLook, b: GameLook): boolean {
  return a.motif === b.motif && colourFamily(a.palette) === colourFamily(b.palette);
}

/** How far apart, in list positions, two look-alikes must stand at least. */
export const LOOK_ALIKE_REACH = 2;

/**
 * Chooses every game's palette so that no two games within LOOK_ALIKE_REACH
 * of each other in any of `lists` look alike. Games are settled in the given
 * order; each takes the first palette its name suggests that no settled
 * neighbour with the same motif uses, else the first by hash that differs in
 * colour from all its settled neighbours, else the first that merely avoids a
 * look-alike. A motif with several compositions also takes one that its
 * settled same-motif neighbours do not show, where it can.
 */
export function planLooks(
  games: ReadonlyArray<LookInput & { key: string }>,
  lists: ReadonlyArray<readonly string[]>,
): Map<string, Required<PlannedLook>> {
  const neighbours = new Map<string, Set<string>>();
  const link = (a: string, b: string) => {
    if (a === b) return;
    let set = neighbours.get(a);
    if (!set) neighbours.set(a, (set = new Set()));
    set.add(b);
  };
  for (const list of lists)
    for (let i = 0; i < list.length; i++)
      for (let d = 1; d <= LOOK_ALIKE_REACH && i + d < list.length; d++) {
        link(list[i], list[i + d]);
        link(list[i + d], list[i]);
      }

  const own = new Map(games.map((g) => [g.key, gameLook(g)]));
  const chosen = new Map<string, Required<PlannedLook>>();
  for (const g of games) {
    const { motif, variant } = own.get(g.key)!;
    const settled = [...(neighbours.get(g.key) ?? [])].flatMap((k) => {
      const look = chosen.get(k);
      return look ? [{ ...look, motif: own.get(k)!.motif }] : [];
    });
    const twins = settled.filter((n) => n.motif === motif);
    const clash = (p: number) => twins.some((n) => colourFamily(n.palette) === colourFamily(p));
    const sameColour = (p: number) => settled.some((n) => colourFamily(n.palette) === colourFamily(p));
    const { hinted, all } = preferredPalettes(g);
    const palette =
      hinted.find((p) => !clash(p)) ?? all.find((p) => !clash(p) && !sameColour(p)) ?? all.find((p) => !clash(p)) ?? all[0];
    const count = variantCount(motif);
    const shown = new Set(twins.map((n) => n.variant));
    const fresh = Array.from({ length: count }, (_, i) => (variant + i) % count).find((v) => !shown.has(v));
    chosen.set(g.key, { palette, variant: fresh ?? variant });
  }
  return chosen;
}
