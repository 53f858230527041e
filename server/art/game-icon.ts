// Lobby tile art for a single game. Output is a self-contained SVG string so it
// can be served as an image, inlined, or cached without any network assets.

import { MOTIF_TEXT_ATTRS, type MotifCtx, sharedDefs } from "./motif-kit";
import { motifFamily, motifsFor } from "./motifs";
import { TILE_PALETTES, type TilePalette } from "./palette";
import { escapeXml, hashString, idPrefix, num, raysPath, subHash, svgOpen, textLines, textWidth, wrapText } from "./svg";

export interface GameIconInput {
  code: string;
  name: string;
  vendor: string;
  type: string;
  classify?: string | null;
  isNew?: boolean;
}

const SIZE = 240;
const NAME_MAX_WIDTH = 208;
const NAME_MAX_LINES = 2;

/** Exposed for tests and for CSS theming that wants to match the tile art. */
export function gamePaletteIndex(code: string): number {
  return hashString(String(code)) % TILE_PALETTES.length;
}

/** Name layout shared with tests so the two-line bound is checked on the real algorithm. */
export function gameNameLines(name: string): { lines: string[]; fontSize: number } {
  // Prefer a larger single line; fall back to a smaller two-line layout.
  const big = wrapText(name, NAME_MAX_WIDTH, 21, 1);
  if (big.length <= 1 && !big.some((l) => l.endsWith("…"))) return { lines: big, fontSize: 21 };
  return { lines: wrapText(name, NAME_MAX_WIDTH, 18, NAME_MAX_LINES), fontSize: 18 };
}

function backgroundLayer(u: string, p: TilePalette, seed: number): string {
  const rot = seed % 30;
  return (
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${u}b)"/>` +
    `<path d="${raysPath(120, 100, 190, 12, 11, rot)}" fill="#fff" opacity=".07"/>` +
    `<circle cx="120" cy="100" r="112" fill="url(#${u}g)"/>` +
    `<circle cx="120" cy="100" r="86" fill="none" stroke="${p.accent}" stroke-opacity=".18" stroke-width="2" stroke-dasharray="2 7"/>`
  );
}

function vendorPill(vendor: string, p: TilePalette): string {
  const label = vendor.trim().toUpperCase().slice(0, 10);
  if (!label) return "";
  const w = Math.min(150, textWidth(label, 12) + 18);
  return (
    `<rect x="10" y="10" width="${num(w)}" height="22" rx="11" fill="#000" fill-opacity=".5" stroke="${p.accent}" stroke-opacity=".85" stroke-width="1.5"/>` +
    `<text x="${num(10 + w / 2)}" y="25.5" font-size="12" fill="#fff" letter-spacing=".4">${escapeXml(label)}</text>`
  );
}

function newRibbon(u: string): string {
  return (
    `<path d="M148 0H190L240 50V92Z" fill="url(#${u}r)"/>` +
    `<path d="M148 0H154L240 86V92Z M186 0H190L240 50V54Z" fill="#ffd34d" opacity=".9"/>` +
    `<text transform="translate(206 40) rotate(45)" font-size="15" font-weight="900" fill="#fff" letter-spacing="1">NEW</text>`
  );
}

function nameBand(u: string, name: string): string {
  const { lines, fontSize } = gameNameLines(name);
  const firstY = lines.length > 1 ? 201 : 220;
  return (
    `<rect y="150" width="${SIZE}" height="90" fill="url(#${u}k)"/>` +
    textLines(
      lines,
      120,
      firstY,
      fontSize + 4,
      `font-size="${fontSize}" fill="#fff" stroke="#000" stroke-opacity=".55" stroke-width="3" paint-order="stroke" stroke-linejoin="round"`,
    )
  );
}

export function gameIconSvg(g: GameIconInput): string {
  const code = String(g.code ?? "");
  const h = hashString(code);
  const p = TILE_PALETTES[gamePaletteIndex(code)];
  const u = idPrefix("g", code + "|" + g.vendor + "|" + g.type);
  const family = motifFamily(g.type ?? "", g.classify);
  const motifs = motifsFor(family);
  const ctx: MotifCtx = { u, p, seed: subHash(h, 2) };
  const motif = motifs[subHash(h, 1) % motifs.length];

  const body =
    `<g clip-path="url(#${u}c)">` +
    backgroundLayer(u, p, ctx.seed) +
    motif(ctx) +
    `<path d="M0 0H240V64Q120 84 0 64Z" fill="url(#${u}h)" opacity=".6"/>` +
    nameBand(u, String(g.name ?? "")) +
    vendorPill(String(g.vendor ?? ""), p) +
    (g.isNew ? newRibbon(u) : "") +
    `</g>` +
    `<rect x="1.5" y="1.5" width="237" height="237" rx="25" fill="none" stroke="${p.accent}" stroke-opacity=".55" stroke-width="3"/>`;

  const v = `x2="0" y2="1"`;
  const defs =
    `<defs>${sharedDefs(ctx, body)}` +
    `<linearGradient id="${u}b" x2="1" y2="1"><stop stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>` +
    `<radialGradient id="${u}g"><stop stop-color="${p.glow}" stop-opacity=".75"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${u}k" ${v}><stop stop-opacity="0"/><stop offset=".45" stop-opacity=".7"/><stop offset="1" stop-opacity=".9"/></linearGradient>` +
    `<linearGradient id="${u}h" ${v}><stop stop-color="#fff" stop-opacity=".3"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<clipPath id="${u}c"><rect width="${SIZE}" height="${SIZE}" rx="26"/></clipPath></defs>`;

  return svgOpen(`0 0 ${SIZE} ${SIZE}`, SIZE, SIZE, String(g.name ?? ""), MOTIF_TEXT_ATTRS) + defs + body + `</svg>`;
}
