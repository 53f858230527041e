// Per-brand header logo and PWA icon. New brands get a usable identity from
// just a name and two colours, before any designer-made artwork exists.

import { darken, lighten, mix, safeHex } from "./palette";
import { escapeXml, hashString, idPrefix, num, sparkle, starPoints, svgOpen, textWidth } from "./svg";

export interface BrandArtInput {
  name: string;
  primary: string;
  accent: string;
}

interface Colors {
  primary: string;
  accent: string;
}

type Emblem = (u: string, c: Colors) => string;

// Emblems are drawn around (40,40) within radius ~34, inside a 80x80 box.
const EMBLEMS: readonly Emblem[] = [
  // Coin with a star: the universal "winnings" symbol.
  (u, c) =>
    `<circle cx="40" cy="43" r="33" fill="${darken(c.accent, 0.55)}"/>` +
    `<circle cx="40" cy="40" r="33" fill="url(#${u}e)" stroke="${darken(c.accent, 0.35)}" stroke-width="2"/>` +
    `<circle cx="40" cy="40" r="25" fill="none" stroke="${darken(c.accent, 0.3)}" stroke-width="3"/>` +
    `<polygon points="${starPoints(40, 40, 16, 7)}" fill="${lighten(c.accent, 0.7)}" stroke="${darken(c.accent, 0.35)}" stroke-width="2"/>`,
  // Pearl resting on a halo, for sea / Filipino pearl themed names.
  (u, c) =>
    `<circle cx="40" cy="40" r="34" fill="none" stroke="url(#${u}e)" stroke-width="4"/>` +
    `<circle cx="40" cy="40" r="24" fill="${mix("#ffffff", c.accent, 0.25)}"/>` +
    `<circle cx="40" cy="40" r="24" fill="url(#${u}s)"/>` +
    sparkle(64, 14, 10, lighten(c.accent, 0.6)),
  // Crown.
  (u, c) =>
    `<path d="M12 58L7 22L26 38L40 12L54 38L73 22L68 58Z" fill="url(#${u}e)" stroke="${darken(c.accent, 0.45)}" stroke-width="3" stroke-linejoin="round"/>` +
    `<rect x="11" y="56" width="58" height="12" rx="3" fill="url(#${u}e)" stroke="${darken(c.accent, 0.45)}" stroke-width="3"/>` +
    `<circle cx="40" cy="62" r="3.5" fill="${c.primary}"/><circle cx="26" cy="62" r="2.5" fill="${c.primary}"/><circle cx="54" cy="62" r="2.5" fill="${c.primary}"/>`,
  // Faceted diamond.
  (u, c) =>
    `<polygon points="22,14 58,14 76,34 40,74 4,34" fill="url(#${u}e)" stroke="${lighten(c.accent, 0.6)}" stroke-width="2" stroke-linejoin="round"/>` +
    `<polygon points="22,14 58,14 50,34 30,34" fill="#fff" opacity=".45"/>` +
    `<polygon points="30,34 50,34 40,74" fill="#fff" opacity=".25"/>` +
    `<polygon points="50,34 76,34 40,74" fill="#000" opacity=".2"/>` +
    `<path d="M4 34H76" stroke="#fff" stroke-opacity=".6" stroke-width="1.5"/>`,
  // Spade inside a ring, the classic card-room mark.
  (u, c) =>
    `<circle cx="40" cy="40" r="33" fill="${darken(c.primary, 0.2)}" stroke="url(#${u}e)" stroke-width="4"/>` +
    `<path transform="translate(40 38) scale(2.2)" fill="url(#${u}e)" d="M0-9C4-4 10-1 10 3C10 7 5 8 1 5L3 9H-3L-1 5C-5 8-10 7-10 3C-10-1-4-4 0-9Z"/>`,
];

function colors(b: BrandArtInput): Colors {
  return { primary: safeHex(b.primary, "#14110b"), accent: safeHex(b.accent, "#f5c542") };
}

function accentDefs(u: string, c: Colors): string {
  return (
    `<linearGradient id="${u}e" x2="0" y2="1"><stop stop-color="${lighten(c.accent, 0.6)}"/>` +
    `<stop offset=".5" stop-color="${c.accent}"/><stop offset="1" stop-color="${darken(c.accent, 0.3)}"/></linearGradient>` +
    `<radialGradient id="${u}s" cx=".35" cy=".3" r=".75"><stop stop-color="#fff"/>` +
    `<stop offset=".5" stop-color="#fff" stop-opacity=".15"/><stop offset="1" stop-color="${darken(c.accent, 0.4)}" stop-opacity=".5"/></radialGradient>`
  );
}

export function brandEmblemIndex(name: string): number {
  return hashString(String(name).trim().toLowerCase()) % EMBLEMS.length;
}

export function brandLogoSvg(b: BrandArtInput): string {
  const name = String(b.name ?? "").trim() || "Casino";
  const c = colors(b);
  const u = idPrefix("l", [name, c.primary, c.accent].join("|"));
  const maxW = 218;
  const natural = textWidth(name, 1);
  const size = Math.max(16, Math.min(40, maxW / natural));
  const width = Math.min(maxW, natural * size);
  const squeeze = natural * size > maxW ? ` textLength="${maxW}" lengthAdjust="spacingAndGlyphs"` : "";
  const base = 40 + size * 0.36;
  return (
    svgOpen("0 0 320 80", 320, 80, name) +
    `<defs>${accentDefs(u, c)}</defs>` +
    EMBLEMS[brandEmblemIndex(name)](u, c) +
    `<text x="90" y="${num(base)}" font-size="${num(size)}" font-weight="900" font-style="italic" ` +
    `fill="url(#${u}e)" stroke="${darken(c.primary, 0.5)}" stroke-width="4" paint-order="stroke" stroke-linejoin="round"${squeeze}>` +
    `${escapeXml(name)}</text>` +
    `<path d="M92 ${num(base + 9)}Q${num(92 + width / 2)} ${num(base + 3)} ${num(92 + width)} ${num(base + 8)}" fill="none" stroke="${c.accent}" stroke-opacity=".7" stroke-width="3" stroke-linecap="round"/>` +
    `</svg>`
  );
}

/** First letter of up to two words; digits count so "88 Lucky" still gets a monogram. */
export function brandMonogram(name: string): string {
  const words = String(name ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = words
    .map((w) => Array.from(w).find((ch) => /[\p{L}\p{N}]/u.test(ch)))
    .filter((ch): ch is string => Boolean(ch))
    .slice(0, 2);
  return letters.join("").toUpperCase() || "C";
}

export function brandAppIconSvg(b: BrandArtInput): string {
  const c = colors(b);
  const name = String(b.name ?? "").trim() || "Casino";
  const u = idPrefix("i", [name, c.primary, c.accent].join("|"));
  const mono = brandMonogram(name);
  // Maskable icons may be cropped to a circle of radius 40%; everything stays within r≈200.
  const size = Math.min(230, 280 / textWidth(mono, 1));
  return (
    svgOpen("0 0 512 512", 512, 512, name) +
    `<defs>${accentDefs(u, c)}` +
    `<radialGradient id="${u}g"><stop stop-color="${mix(c.primary, c.accent, 0.35)}"/><stop offset="1" stop-color="${c.primary}"/></radialGradient></defs>` +
    `<rect width="512" height="512" fill="${c.primary}"/>` +
    `<circle cx="256" cy="256" r="256" fill="url(#${u}g)"/>` +
    `<circle cx="256" cy="256" r="178" fill="${darken(c.primary, 0.25)}" stroke="url(#${u}e)" stroke-width="12"/>` +
    `<circle cx="256" cy="256" r="156" fill="none" stroke="${c.accent}" stroke-opacity=".35" stroke-width="3" stroke-dasharray="4 10"/>` +
    `<text x="256" y="${num(256 + size * 0.36)}" text-anchor="middle" font-size="${num(size)}" font-weight="900" ` +
    `fill="url(#${u}e)" stroke="${darken(c.primary, 0.5)}" stroke-width="8" paint-order="stroke" stroke-linejoin="round">${escapeXml(mono)}</text>` +
    sparkle(362, 150, 22, lighten(c.accent, 0.6)) +
    sparkle(150, 372, 14, lighten(c.accent, 0.4), 0.8) +
    `</svg>`
  );
}
