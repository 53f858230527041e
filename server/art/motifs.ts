// Maps a game's catalogue type onto a family of motifs. Upstream vendors are
// inconsistent about type spelling, so several aliases land on one family.

import type { Motif } from "./motif-kit";
import { SLOT_MOTIFS } from "./motifs-slot";
import { BINGO_CLASSIFY } from "~/brand/categories";
import { BINGO_MOTIFS, COCKFIGHT_MOTIFS, ELOTT_MOTIFS, ESPORTS_MOTIFS, LOTT_MOTIFS, SPORTS_MOTIFS } from "./motifs-sport";
import { FISH_MOTIFS, LIVE_MOTIFS, PVP_MOTIFS } from "./motifs-table";

export type MotifFamily = "slot" | "fish" | "live" | "pvp" | "sports" | "esports" | "lott" | "elott" | "bingo" | "cockfight";

const FAMILIES: Record<MotifFamily, readonly Motif[]> = {
  slot: SLOT_MOTIFS,
  fish: FISH_MOTIFS,
  live: LIVE_MOTIFS,
  pvp: PVP_MOTIFS,
  sports: SPORTS_MOTIFS,
  esports: ESPORTS_MOTIFS,
  lott: LOTT_MOTIFS,
  elott: ELOTT_MOTIFS,
  bingo: BINGO_MOTIFS,
  cockfight: COCKFIGHT_MOTIFS,
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

export function motifsFor(family: MotifFamily): readonly Motif[] {
  return FAMILIES[family];
}
