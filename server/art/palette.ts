// Colour handling for the art generators. Brand colours arrive from config
// files, so every external colour is validated before it reaches an attribute.

export interface TilePalette {
  /** Top-left background stop. */
  bg1: string;
  /** Bottom-right background stop; also used as the dark outline colour. */
  bg2: string;
  /** Vivid glow behind the motif, also the "gem" colour. */
  glow: string;
  /** Bright highlight for rims and badges. */
  accent: string;
}

/** A tile palette plus the hue family it belongs to; palettes of one family read as the same colour at a glance. */
export interface TileTheme extends TilePalette {
  family: string;
}

// The spec's eight tile theme classes first, then extra hues so that a long
// row of tiles can always avoid repeating a colour next to the same motif.
export const TILE_PALETTES: readonly TileTheme[] = [
  { family: "purple", bg1: "#5b12a8", bg2: "#16032f", glow: "#c86bff", accent: "#ffd34d" },
  { family: "red", bg1: "#b0102a", bg2: "#2a0009", glow: "#ff4d6d", accent: "#ffd045" },
  { family: "green", bg1: "#07865a", bg2: "#02231a", glow: "#2bf0a6", accent: "#ffe066" },
  { family: "blue", bg1: "#1456c8", bg2: "#041238", glow: "#4fb3ff", accent: "#8ff6ff" },
  { family: "orange", bg1: "#d45500", bg2: "#3a0c00", glow: "#ffa630", accent: "#fff27a" },
  { family: "pink", bg1: "#b3127a", bg2: "#2e0420", glow: "#ff5fd0", accent: "#ffe27a" },
  { family: "cyan", bg1: "#06869c", bg2: "#022630", glow: "#35e6ff", accent: "#ffd84a" },
  { family: "dark", bg1: "#2c2c4a", bg2: "#08080f", glow: "#f5c542", accent: "#ffe9a8" },
  { family: "gold", bg1: "#a87400", bg2: "#2e1c00", glow: "#ffd84a", accent: "#fff3b0" },
  { family: "dark", bg1: "#56657a", bg2: "#121821", glow: "#cfe3ff", accent: "#ffffff" },
  { family: "blue", bg1: "#3a2cc8", bg2: "#0c0838", glow: "#8c7bff", accent: "#7dfcff" },
  { family: "green", bg1: "#4a8f12", bg2: "#112600", glow: "#b6ff3c", accent: "#ffe066" },
  { family: "red", bg1: "#d8405a", bg2: "#3d0a1c", glow: "#ff9f8a", accent: "#fff0b3" },
  { family: "pink", bg1: "#7a0c3a", bg2: "#1e0210", glow: "#ff3d7a", accent: "#ffc94d" },
  { family: "blue", bg1: "#0b5a9a", bg2: "#021627", glow: "#39c2ff", accent: "#ffe066" },
];

const HEX6 = /^#[0-9a-fA-F]{6}$/;
const HEX3 = /^#[0-9a-fA-F]{3}$/;

/** Normalises #rgb/#rrggbb to lowercase #rrggbb; anything else yields the fallback. */
export function safeHex(value: string | null | undefined, fallback: string): string {
  const v = (value ?? "").trim();
  if (HEX6.test(v)) return v.toLowerCase();
  if (HEX3.test(v)) return ("#" + v[1] + v[1] + v[2] + v[2] + v[3] + v[3]).toLowerCase();
  return fallback;
}

function toRgb(hex: string): [number, number, number] {
  const h = safeHex(hex, "#000000");
  return [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16)];
}

function toHex(rgb: [number, number, number]): string {
  return (
    "#" +
    rgb
      .map((c) =>
        Math.max(0, Math.min(255, Math.round(c)))
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

export function mix(a: string, b: string, t: number): string {
  const ca = toRgb(a);
  const cb = toRgb(b);
  return toHex([ca[0] + (cb[0] - ca[0]) * t, ca[1] + (cb[1] - ca[1]) * t, ca[2] + (cb[2] - ca[2]) * t]);
}

export const lighten = (hex: string, t: number): string => mix(hex, "#ffffff", t);
export const darken = (hex: string, t: number): string => mix(hex, "#000000", t);

/** Relative luminance (0..1) so text colour can be chosen for contrast. */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Builds a tile-style palette from brand colours so shared motifs can be reused on banners. */
export function paletteFromBrand(primary: string, accent: string): TilePalette {
  return {
    bg1: mix(primary, accent, 0.18),
    bg2: darken(primary, 0.35),
    glow: accent,
    accent: lighten(accent, 0.25),
  };
}

/** Fixed metallic-gold stops reused by coins, crowns and sevens. */
export const GOLD_STOPS = [
  [0, "#fff6c4"],
  [0.42, "#ffd24a"],
  [0.55, "#c98400"],
  [1, "#ffe48a"],
] as const;

export function gradientStops(stops: ReadonlyArray<readonly [number, string]>): string {
  // Offsets are written without the leading zero ("0.4" -> ".4") and omitted at 0 to save bytes.
  return stops
    .map(([o, c]) =>
      o === 0 ? `<stop stop-color="${c}"/>` : `<stop offset="${String(o).replace(/^0\./, ".")}" stop-color="${c}"/>`,
    )
    .join("");
}
