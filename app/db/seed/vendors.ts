import type { ThemeWeights } from "./game-names";
import { FIXED_TABLES, LIVE_TABLES, type TableSpec } from "./tables";

export type Section =
  { kind: "slot" | "fish" | "bingo" | "pvp"; count: number } | { kind: "tables"; gameType: string; tables: TableSpec[] };

export interface VendorDef {
  code: string;
  displayName: string;
  /**
   * First node id of the vendor's block. Fixed per vendor (not derived from
   * list position) so adding a vendor later never renumbers existing games,
   * which members' favourites refer to.
   */
  nodeBase: number;
  themes: ThemeWeights;
  sections: Section[];
}

const tables = (gameType: string, list: TableSpec[]): Section => ({ kind: "tables", gameType, tables: list });
const fixed = (vendor: string): Section[] => Object.entries(FIXED_TABLES[vendor]).map(([type, list]) => tables(type, list));

/**
 * In vendor-sorting order (spec §2: JILI, FC and PGE lead the home rows).
 * Counts follow what Philippine lobbies carry: many slots, a handful of
 * fishing rooms, one lobby entry per sportsbook.
 */
export const VENDOR_DEFS: VendorDef[] = [
  {
    code: "JILI",
    displayName: "JILI",
    nodeBase: 100_000,
    themes: { ph: 3, asia: 2, west: 2, classic: 1, sky: 1 },
    sections: [
      { kind: "slot", count: 85 },
      { kind: "fish", count: 12 },
      { kind: "pvp", count: 18 },
      { kind: "bingo", count: 14 },
    ],
  },
  {
    code: "FC",
    displayName: "Fa Chai",
    nodeBase: 110_000,
    themes: { asia: 4, classic: 2, ph: 1 },
    sections: [
      { kind: "slot", count: 60 },
      { kind: "fish", count: 8 },
    ],
  },
  {
    code: "PGE",
    displayName: "PGE",
    nodeBase: 120_000,
    themes: { ph: 2, sky: 2, classic: 2, west: 1 },
    sections: [{ kind: "slot", count: 70 }],
  },
  {
    code: "PG",
    displayName: "PG Soft",
    nodeBase: 130_000,
    themes: { asia: 3, west: 2, sky: 1 },
    sections: [{ kind: "slot", count: 80 }],
  },
  {
    code: "JDB",
    displayName: "JDB",
    nodeBase: 140_000,
    themes: { asia: 3, classic: 2, sky: 1 },
    sections: [
      { kind: "slot", count: 65 },
      { kind: "fish", count: 10 },
    ],
  },
  {
    code: "PP",
    displayName: "Pragmatic Play",
    nodeBase: 150_000,
    themes: { west: 4, classic: 2, sky: 1, asia: 1 },
    sections: [{ kind: "slot", count: 90 }, tables("LIVE", LIVE_TABLES.PP)],
  },
  {
    code: "CQ9",
    displayName: "CQ9 Gaming",
    nodeBase: 160_000,
    themes: { asia: 3, west: 1, classic: 1, sky: 1 },
    sections: [
      { kind: "slot", count: 70 },
      { kind: "fish", count: 8 },
    ],
  },
  {
    code: "HB",
    displayName: "Habanero",
    nodeBase: 170_000,
    themes: { west: 2, asia: 2, sky: 1 },
    sections: [{ kind: "slot", count: 45 }],
  },
  {
    code: "BGS",
    displayName: "BGS In-house",
    nodeBase: 180_000,
    themes: { ph: 4, classic: 1 },
    sections: [
      { kind: "slot", count: 20 },
      { kind: "bingo", count: 12 },
      { kind: "pvp", count: 8 },
    ],
  },
  { code: "KM", displayName: "Kingmaker", nodeBase: 190_000, themes: {}, sections: [{ kind: "pvp", count: 25 }] },
  { code: "EVO", displayName: "Evolution", nodeBase: 200_000, themes: {}, sections: [tables("LIVE", LIVE_TABLES.EVO)] },
  { code: "SEXY", displayName: "AE Sexy", nodeBase: 210_000, themes: {}, sections: [tables("LIVE", LIVE_TABLES.SEXY)] },
  { code: "WM", displayName: "WM Casino", nodeBase: 220_000, themes: {}, sections: [tables("LIVE", LIVE_TABLES.WM)] },
  { code: "SABA", displayName: "SABA Sports", nodeBase: 230_000, themes: {}, sections: fixed("SABA") },
  { code: "BTI", displayName: "BTI Sports", nodeBase: 240_000, themes: {}, sections: fixed("BTI") },
  { code: "TF", displayName: "TF Gaming", nodeBase: 250_000, themes: {}, sections: fixed("TF") },
  { code: "DS88", displayName: "DS88 Sabong", nodeBase: 260_000, themes: {}, sections: fixed("DS88") },
  { code: "TCG", displayName: "TCG Lottery", nodeBase: 270_000, themes: {}, sections: fixed("TCG") },
];

/** Offsets inside a vendor's block, per kind of game, so each kind can grow without touching the others. */
export const TYPE_OFFSETS: Record<string, number> = {
  RNG: 0,
  BINGO: 2000,
  FISH: 3000,
  PVP: 4000,
  LIVE: 5000,
  SPORTS: 6000,
  ESPORTS: 6500,
  COCKFIGHT: 7000,
  LOTT: 8000,
  ELOTT: 9000,
};
