// Lobby tile art for a single game. Output is a self-contained SVG string so it
// can be served as an image, inlined, or cached without any network assets.
// The tile prints the game's name under the art, so the art carries none.

import { type GameLook, gameLook } from "./game-look";
import { MOTIF_TEXT_ATTRS, type MotifCtx, sharedDefs } from "./motif-kit";
import { MOTIFS } from "./motifs";
import { TILE_PALETTES, type TileTheme } from "./palette";
import { escapeXml, hashString, idPrefix, num, subHash, svgOpen, textWidth } from "./svg";
import { accents, backgroundPattern, tileFrame } from "./tile-decor";

export interface GameIconInput {
  code: string;
  name: string;
  vendor: string;
  type: string;
  classify?: string | null;
  isNew?: boolean;
  /** Palette chosen by the catalogue plan so neighbours differ; the code's hash picks one otherwise. */
  palette?: number;
  /** Composition chosen by the catalogue plan, for motifs that have several; likewise hashed otherwise. */
  variant?: number;
}

const SIZE = 240;

// Motifs that already fill the tile edge to edge; accents would only crowd them.
const FULL_BLEED = new Set(["versus", "cardSpread", "fiesta", "fruits", "firecracker", "plinko", "keno"]);

/** Exposed for tests and for CSS theming that wants to match the tile art. */
export function gamePaletteIndex(code: string): number {
  return gameLook({ code, name: "", type: "" }).palette;
}

function vendorBadge(vendor: string, p: TileTheme): string {
  const label = vendor.trim().toUpperCase().slice(0, 10);
  if (!label) return "";
  const w = Math.min(150, textWidth(label, 11) + 18);
  return (
    `<rect x="${num(120 - w / 2)}" y="210" width="${num(w)}" height="20" rx="10" fill="#000" fill-opacity=".55" stroke="${p.accent}" stroke-opacity=".8" stroke-width="1.5"/>` +
    `<text x="120" y="224" font-size="11" fill="#fff" letter-spacing=".5">${escapeXml(label)}</text>`
  );
}

function newRibbon(u: string): string {
  return (
    `<path d="M148 0H190L240 50V92Z" fill="url(#${u}r)"/>` +
    `<path d="M148 0H154L240 86V92Z M186 0H190L240 50V54Z" fill="#ffd34d" opacity=".9"/>` +
    `<text transform="translate(206 40) rotate(45)" font-size="15" font-weight="900" fill="#fff" letter-spacing="1">NEW</text>`
  );
}

/** The look the icon is drawn with (motif, palette, pattern, frame, accents), for tests and the catalogue plan. */
export function gameIconLook(g: GameIconInput): GameLook {
  return gameLook(
    { code: String(g.code ?? ""), name: String(g.name ?? ""), type: g.type, classify: g.classify },
    { palette: g.palette, variant: g.variant },
  );
}

export function gameIconSvg(g: GameIconInput): string {
  const code = String(g.code ?? "");
  const look = gameIconLook(g);
  const p = TILE_PALETTES[look.palette];
  const u = idPrefix("g", code + "|" + g.vendor + "|" + g.type);
  const ctx: MotifCtx = { u, p, seed: subHash(hashString(code), 2), variant: look.variant };

  const body =
    `<g clip-path="url(#${u}c)">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${u}b)"/>` +
    backgroundPattern(u, look.pattern, p, ctx.seed) +
    `<circle cx="120" cy="112" r="112" fill="url(#${u}g)"/>` +
    `<g transform="translate(0 10)">${MOTIFS[look.motif](ctx)}</g>` +
    (FULL_BLEED.has(look.motif) ? "" : accents(u, look.accent, p)) +
    `<path d="M0 0H240V56Q120 76 0 56Z" fill="url(#${u}h)" opacity=".5"/>` +
    vendorBadge(String(g.vendor ?? ""), p) +
    (g.isNew ? newRibbon(u) : "") +
    `</g>` +
    tileFrame(u, look.frame, p);

  const v = `x2="0" y2="1"`;
  const defs =
    `<defs>${sharedDefs(ctx, body)}` +
    `<linearGradient id="${u}b" x2="1" y2="1"><stop stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>` +
    `<radialGradient id="${u}g"><stop stop-color="${p.glow}" stop-opacity=".7"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${u}h" ${v}><stop stop-color="#fff" stop-opacity=".3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<clipPath id="${u}c"><rect width="${SIZE}" height="${SIZE}" rx="26"/></clipPath></defs>`;

  return svgOpen(`0 0 ${SIZE} ${SIZE}`, SIZE, SIZE, String(g.name ?? ""), MOTIF_TEXT_ATTRS) + defs + body + `</svg>`;
}
