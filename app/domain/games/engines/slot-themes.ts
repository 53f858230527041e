/**
 * The themes of the BGS slot. Each has its own paytable and two sets of reel strips given as symbol
 * counts per reel, fitted so that lean < 85 % < 98 % < rich (slot.test.ts holds them to it) and a
 * spin's win has a standard deviation of about 3.5 bets.
 *
 * Stored rounds name their stops, so a theme's counts and ids must not change once it has been
 * played; a new paytable is a new theme id.
 */
import { hashString } from "~/utils/hash";
import { defineSlotTheme, type SlotTheme, type SlotThemeSpec } from "./slot-definition";

// Counts per reel are in the order wild, scatter, then the symbols as listed.
const SPECS: SlotThemeSpec[] = [
  {
    id: "fortune",
    name: "Fortune Dragon",
    wild: { id: "dragon", name: "Golden Dragon", pays: [0, 0, 0, 50, 375, 2000] },
    scatter: { id: "lantern", name: "Red Lantern" },
    symbols: [
      { id: "ingot", name: "Gold Ingot", pays: [0, 0, 2, 30, 180, 1000] },
      { id: "koi", name: "Koi", pays: [0, 0, 0, 25, 150, 600] },
      { id: "fan", name: "Jade Fan", pays: [0, 0, 0, 20, 75, 200] },
      { id: "envelope", name: "Red Envelope", pays: [0, 0, 0, 15, 50, 150] },
      { id: "ace", name: "Ace", pays: [0, 0, 0, 10, 30, 100] },
      { id: "king", name: "King", pays: [0, 0, 0, 8, 25, 80] },
      { id: "queen", name: "Queen", pays: [0, 0, 0, 6, 20, 60] },
      { id: "jack", name: "Jack", pays: [0, 0, 0, 5, 15, 50] },
      { id: "ten", name: "Ten", pays: [0, 0, 0, 5, 10, 40] },
    ],
    scatterPays: [2, 10, 50],
    freeSpins: { awards: [8, 12, 20], multiplier: 2 },
    reelCounts: {
      rich: [
        [4, 1, 3, 2, 3, 4, 4, 5, 5, 5, 7],
        [2, 1, 3, 3, 2, 3, 5, 4, 4, 5, 6],
        [4, 1, 3, 3, 2, 3, 4, 4, 6, 5, 5],
        [2, 1, 1, 2, 3, 4, 4, 5, 6, 4, 5],
        [4, 1, 1, 3, 2, 4, 5, 5, 4, 6, 5],
      ],
      lean: [
        [2, 1, 3, 3, 3, 4, 3, 5, 5, 4, 5],
        [2, 1, 1, 2, 4, 3, 3, 4, 4, 6, 6],
        [4, 1, 2, 3, 4, 4, 5, 5, 4, 6, 5],
        [3, 1, 1, 2, 2, 3, 5, 5, 6, 5, 7],
        [4, 1, 2, 2, 4, 4, 4, 5, 5, 6, 5],
      ],
    },
  },
  {
    id: "fruit",
    name: "Classic Fruits",
    wild: { id: "wild", name: "Wild Star", pays: [0, 0, 0, 40, 300, 1600] },
    scatter: { id: "bonus", name: "Bonus Bell" },
    symbols: [
      { id: "seven", name: "Lucky Seven", pays: [0, 0, 2, 40, 240, 1200] },
      { id: "bar", name: "Triple Bar", pays: [0, 0, 0, 30, 150, 600] },
      { id: "melon", name: "Watermelon", pays: [0, 0, 0, 20, 60, 200] },
      { id: "grapes", name: "Grapes", pays: [0, 0, 0, 15, 50, 150] },
      { id: "orange", name: "Orange", pays: [0, 0, 0, 10, 30, 100] },
      { id: "plum", name: "Plum", pays: [0, 0, 0, 8, 25, 80] },
      { id: "lemon", name: "Lemon", pays: [0, 0, 0, 6, 20, 60] },
      { id: "cherry", name: "Cherry", pays: [0, 0, 0, 5, 15, 50] },
      { id: "strawberry", name: "Strawberry", pays: [0, 0, 0, 4, 12, 40] },
    ],
    scatterPays: [3, 15, 60],
    freeSpins: { awards: [10, 15, 20], multiplier: 2 },
    reelCounts: {
      rich: [
        [2, 1, 3, 2, 2, 3, 5, 5, 4, 6, 5],
        [3, 1, 1, 3, 3, 4, 3, 4, 5, 6, 7],
        [4, 1, 2, 3, 4, 3, 5, 5, 4, 4, 7],
        [4, 1, 3, 3, 3, 4, 3, 5, 4, 6, 7],
        [4, 1, 1, 2, 4, 4, 5, 5, 4, 4, 5],
      ],
      lean: [
        [3, 1, 1, 3, 3, 3, 5, 4, 6, 5, 6],
        [3, 1, 3, 3, 4, 4, 4, 5, 5, 4, 5],
        [2, 1, 1, 3, 3, 3, 4, 4, 5, 6, 7],
        [2, 1, 1, 3, 2, 4, 3, 4, 4, 4, 7],
        [3, 1, 1, 3, 3, 4, 4, 5, 4, 6, 6],
      ],
    },
  },
  {
    id: "egypt",
    name: "Sands of the Pharaoh",
    wild: { id: "pharaoh", name: "Pharaoh", pays: [0, 0, 0, 60, 450, 3000] },
    scatter: { id: "pyramid", name: "Pyramid" },
    symbols: [
      { id: "mask", name: "Golden Mask", pays: [0, 0, 3, 40, 225, 1500] },
      { id: "eye", name: "Eye of Horus", pays: [0, 0, 0, 30, 150, 800] },
      { id: "ankh", name: "Ankh", pays: [0, 0, 0, 20, 75, 250] },
      { id: "scarab", name: "Scarab", pays: [0, 0, 0, 15, 60, 150] },
      { id: "ace", name: "Ace", pays: [0, 0, 0, 10, 30, 100] },
      { id: "king", name: "King", pays: [0, 0, 0, 8, 25, 80] },
      { id: "queen", name: "Queen", pays: [0, 0, 0, 6, 20, 60] },
      { id: "jack", name: "Jack", pays: [0, 0, 0, 5, 15, 50] },
      { id: "ten", name: "Ten", pays: [0, 0, 0, 4, 10, 40] },
    ],
    scatterPays: [2, 10, 50],
    freeSpins: { awards: [8, 12, 20], multiplier: 3 },
    reelCounts: {
      rich: [
        [4, 1, 1, 2, 3, 3, 3, 4, 5, 4, 7],
        [2, 1, 2, 3, 3, 3, 5, 5, 4, 5, 7],
        [3, 1, 1, 2, 4, 3, 4, 4, 5, 5, 7],
        [2, 1, 3, 3, 4, 3, 3, 5, 4, 4, 6],
        [4, 1, 2, 2, 4, 4, 5, 4, 5, 6, 5],
      ],
      lean: [
        [2, 1, 2, 2, 2, 3, 5, 5, 6, 5, 6],
        [4, 1, 1, 3, 2, 4, 4, 4, 6, 6, 6],
        [2, 1, 1, 3, 2, 4, 4, 4, 6, 5, 5],
        [2, 1, 3, 3, 4, 3, 5, 4, 6, 4, 5],
        [3, 1, 2, 3, 2, 4, 5, 4, 4, 5, 7],
      ],
    },
  },
  {
    id: "ocean",
    name: "Ocean Treasures",
    wild: { id: "pearl", name: "Giant Pearl", pays: [0, 0, 0, 40, 300, 2000] },
    scatter: { id: "chest", name: "Treasure Chest" },
    symbols: [
      { id: "shark", name: "Shark", pays: [0, 0, 2, 30, 180, 1000] },
      { id: "whale", name: "Whale", pays: [0, 0, 0, 25, 135, 600] },
      { id: "turtle", name: "Sea Turtle", pays: [0, 0, 0, 20, 70, 200] },
      { id: "octopus", name: "Octopus", pays: [0, 0, 0, 15, 50, 150] },
      { id: "clownfish", name: "Clownfish", pays: [0, 0, 0, 10, 30, 100] },
      { id: "pufferfish", name: "Pufferfish", pays: [0, 0, 0, 8, 25, 80] },
      { id: "seahorse", name: "Seahorse", pays: [0, 0, 0, 6, 20, 60] },
      { id: "crab", name: "Crab", pays: [0, 0, 0, 5, 15, 50] },
      { id: "shell", name: "Seashell", pays: [0, 0, 0, 4, 12, 40] },
    ],
    scatterPays: [2, 10, 50],
    freeSpins: { awards: [10, 15, 20], multiplier: 2 },
    reelCounts: {
      rich: [
        [4, 1, 3, 3, 3, 4, 3, 5, 4, 5, 5],
        [2, 1, 2, 3, 2, 4, 3, 4, 4, 6, 6],
        [3, 1, 2, 2, 4, 4, 5, 5, 4, 5, 5],
        [4, 1, 3, 2, 4, 4, 5, 4, 6, 5, 6],
        [3, 1, 2, 3, 2, 3, 3, 4, 6, 5, 7],
      ],
      lean: [
        [3, 1, 2, 2, 2, 3, 3, 5, 4, 4, 7],
        [2, 1, 2, 3, 4, 3, 5, 4, 6, 5, 6],
        [3, 1, 1, 3, 2, 3, 5, 5, 5, 5, 6],
        [3, 1, 1, 3, 3, 4, 5, 5, 4, 4, 7],
        [3, 1, 3, 2, 2, 4, 5, 5, 6, 5, 5],
      ],
    },
  },
  {
    id: "jungle",
    name: "Jungle Quest",
    wild: { id: "idol", name: "Golden Idol", pays: [0, 0, 0, 50, 375, 2400] },
    scatter: { id: "map", name: "Treasure Map" },
    symbols: [
      { id: "tiger", name: "Tiger", pays: [0, 0, 2, 35, 210, 1200] },
      { id: "gorilla", name: "Gorilla", pays: [0, 0, 0, 25, 150, 700] },
      { id: "parrot", name: "Parrot", pays: [0, 0, 0, 20, 75, 220] },
      { id: "frog", name: "Tree Frog", pays: [0, 0, 0, 15, 50, 150] },
      { id: "ace", name: "Ace", pays: [0, 0, 0, 10, 30, 100] },
      { id: "king", name: "King", pays: [0, 0, 0, 8, 25, 80] },
      { id: "queen", name: "Queen", pays: [0, 0, 0, 6, 20, 60] },
      { id: "jack", name: "Jack", pays: [0, 0, 0, 5, 15, 50] },
      { id: "ten", name: "Ten", pays: [0, 0, 0, 4, 10, 40] },
    ],
    scatterPays: [2, 10, 50],
    freeSpins: { awards: [8, 12, 20], multiplier: 2 },
    reelCounts: {
      rich: [
        [4, 1, 2, 2, 4, 4, 3, 4, 4, 5, 6],
        [3, 1, 1, 2, 3, 4, 3, 5, 6, 4, 5],
        [2, 1, 3, 3, 2, 4, 3, 5, 4, 6, 6],
        [3, 1, 2, 3, 2, 4, 4, 4, 4, 4, 5],
        [2, 1, 3, 3, 2, 3, 4, 4, 6, 5, 7],
      ],
      lean: [
        [3, 1, 1, 3, 3, 3, 5, 4, 6, 6, 7],
        [2, 1, 1, 2, 4, 4, 4, 4, 4, 5, 5],
        [4, 1, 2, 2, 4, 3, 4, 4, 6, 4, 7],
        [2, 1, 2, 3, 3, 3, 5, 5, 5, 4, 6],
        [2, 1, 3, 2, 2, 4, 4, 5, 4, 6, 6],
      ],
    },
  },
  {
    id: "gems",
    name: "Gem Vault",
    wild: { id: "diamond", name: "Diamond", pays: [0, 0, 0, 50, 300, 2000] },
    scatter: { id: "crown", name: "Crown" },
    symbols: [
      { id: "ruby", name: "Ruby", pays: [0, 0, 2, 30, 187, 1000] },
      { id: "emerald", name: "Emerald", pays: [0, 0, 0, 25, 150, 600] },
      { id: "sapphire", name: "Sapphire", pays: [0, 0, 0, 20, 75, 200] },
      { id: "amethyst", name: "Amethyst", pays: [0, 0, 0, 15, 50, 150] },
      { id: "topaz", name: "Topaz", pays: [0, 0, 0, 10, 30, 100] },
      { id: "citrine", name: "Citrine", pays: [0, 0, 0, 8, 25, 80] },
      { id: "opal", name: "Opal", pays: [0, 0, 0, 6, 20, 60] },
      { id: "jade", name: "Jade", pays: [0, 0, 0, 5, 15, 50] },
      { id: "quartz", name: "Quartz", pays: [0, 0, 0, 4, 10, 40] },
    ],
    scatterPays: [3, 12, 60],
    freeSpins: { awards: [8, 12, 20], multiplier: 2 },
    reelCounts: {
      rich: [
        [4, 1, 3, 3, 4, 3, 3, 4, 4, 6, 6],
        [2, 1, 2, 2, 2, 4, 5, 4, 6, 5, 7],
        [4, 1, 1, 3, 4, 4, 5, 4, 4, 6, 5],
        [3, 1, 3, 3, 2, 4, 4, 5, 4, 6, 6],
        [3, 1, 3, 3, 3, 4, 3, 4, 4, 5, 5],
      ],
      lean: [
        [3, 1, 1, 3, 3, 4, 5, 4, 5, 5, 5],
        [3, 1, 2, 3, 4, 3, 3, 4, 5, 5, 5],
        [2, 1, 2, 3, 2, 4, 3, 4, 6, 6, 6],
        [3, 1, 3, 3, 4, 4, 5, 5, 5, 4, 5],
        [2, 1, 2, 3, 4, 4, 5, 4, 4, 6, 5],
      ],
    },
  },
  {
    id: "fiesta",
    name: "Fiesta Pinoy",
    wild: { id: "jeepney", name: "Jeepney", pays: [0, 0, 0, 50, 375, 2000] },
    scatter: { id: "parol", name: "Parol Lantern" },
    symbols: [
      { id: "carabao", name: "Carabao", pays: [0, 0, 2, 30, 180, 1000] },
      { id: "eagle", name: "Philippine Eagle", pays: [0, 0, 0, 25, 150, 600] },
      { id: "mango", name: "Golden Mango", pays: [0, 0, 0, 20, 70, 200] },
      { id: "sampaguita", name: "Sampaguita", pays: [0, 0, 0, 15, 50, 150] },
      { id: "ace", name: "Ace", pays: [0, 0, 0, 10, 30, 100] },
      { id: "king", name: "King", pays: [0, 0, 0, 8, 25, 80] },
      { id: "queen", name: "Queen", pays: [0, 0, 0, 6, 20, 60] },
      { id: "jack", name: "Jack", pays: [0, 0, 0, 5, 15, 50] },
      { id: "ten", name: "Ten", pays: [0, 0, 0, 4, 10, 40] },
    ],
    scatterPays: [2, 10, 50],
    freeSpins: { awards: [8, 12, 20], multiplier: 2 },
    reelCounts: {
      rich: [
        [3, 1, 3, 2, 4, 3, 5, 4, 6, 4, 7],
        [3, 1, 2, 3, 4, 4, 4, 5, 5, 5, 6],
        [4, 1, 3, 3, 3, 3, 5, 4, 6, 6, 6],
        [3, 1, 1, 3, 2, 3, 5, 4, 6, 4, 7],
        [4, 1, 2, 2, 4, 4, 3, 4, 5, 4, 7],
      ],
      lean: [
        [3, 1, 2, 2, 4, 4, 4, 4, 4, 4, 7],
        [2, 1, 2, 2, 2, 3, 3, 5, 4, 4, 6],
        [3, 1, 1, 2, 2, 4, 5, 5, 6, 4, 6],
        [3, 1, 2, 2, 4, 4, 3, 4, 6, 5, 6],
        [2, 1, 2, 2, 4, 4, 3, 4, 6, 4, 7],
      ],
    },
  },
];

export const SLOT_THEMES: readonly SlotTheme[] = SPECS.map(defineSlotTheme);

const BY_ID = new Map(SLOT_THEMES.map((t) => [t.id, t]));

function themeNamed(id: string): SlotTheme {
  const theme = BY_ID.get(id);
  if (!theme) throw new Error(`no slot theme ${id}`);
  return theme;
}

const OCEAN = themeNamed("ocean");
const FRUIT = themeNamed("fruit");

export function slotThemeById(id: string): SlotTheme | undefined {
  return BY_ID.get(id);
}

export interface SlotGameRef {
  vassalage: string;
  gameCode: string;
  gameClassify: string | null;
  gameType: string;
}

/**
 * The theme a catalogue game plays on: fish games under the sea, classic slots on fruit, the rest
 * spread over every theme by a stable hash, so a game keeps its look across processes and releases.
 */
export function slotThemeFor(game: SlotGameRef): SlotTheme {
  if (game.gameType === "FISH") return OCEAN;
  if (game.gameClassify === "CLASSIC") return FRUIT;
  return SLOT_THEMES[hashString(`${game.vassalage}:${game.gameCode}`) % SLOT_THEMES.length];
}
