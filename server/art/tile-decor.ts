// Everything around a tile's motif: background patterns, frames and the small
// accents scattered at the edges. A game's code hash picks one of each, so
// tiles that share a motif still differ in texture and trim.

import type { Accent } from "./motif-words";
import { SUITS } from "./motif-kit";
import type { TileTheme } from "./palette";
import { num, raysPath, sparkle, starPoints, subHash } from "./svg";

const tile = (u: string) => `<rect width="240" height="240" fill="url(#${u}p)"/>`;

function tiled(u: string, w: number, h: number, inner: string, rotate = 0): string {
  const turn = rotate ? ` patternTransform="rotate(${rotate})"` : "";
  return `<pattern id="${u}p" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${turn}>${inner}</pattern>` + tile(u);
}

function scatter(seed: number, count: number, draw: (x: number, y: number, r: number, i: number) => string): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const h = subHash(seed, i + 40);
    out += draw(12 + (h % 216), 12 + ((h >>> 8) % 216), (h >>> 16) % 100, i);
  }
  return out;
}

type Pattern = (u: string, p: TileTheme, seed: number) => string;

const PATTERNS: readonly Pattern[] = [
  (_u, _p, seed) => `<path d="${raysPath(120, 108, 190, 12, 11, seed % 30)}" fill="#fff" opacity=".07"/>`,
  (u) => tiled(u, 20, 20, `<circle cx="10" cy="10" r="2.2" fill="#fff" opacity=".14"/>`),
  (u) => tiled(u, 22, 22, `<rect width="9" height="22" fill="#fff" opacity=".07"/>`, 45),
  (u) => tiled(u, 32, 32, `<path d="M16 2L30 16L16 30L2 16Z" fill="#fff" opacity=".06"/>`),
  () =>
    `<g fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="10">` +
    [34, 62, 90, 118, 146].map((r) => `<circle cx="120" cy="108" r="${r}"/>`).join("") +
    `</g>`,
  (u) => tiled(u, 40, 18, `<path d="M0 9Q10 0 20 9T40 9" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="2"/>`),
  (u) =>
    tiled(
      u,
      24,
      12,
      `<path d="M0 12A12 12 0 0 1 24 12M-12 0A12 12 0 0 1 12 0M12 0A12 12 0 0 1 36 0" fill="none" stroke="#fff" stroke-opacity=".1" stroke-width="1.5"/>`,
    ),
  (_u, p, seed) =>
    `<g fill="${p.accent}" opacity=".35">` +
    scatter(seed, 9, (x, y, r) => `<polygon points="${starPoints(x, y, 3 + r / 25, 1.3 + r / 60, 4)}"/>`) +
    `</g>`,
  (u) => tiled(u, 28, 16, `<path d="M0 12L14 3L28 12" fill="none" stroke="#fff" stroke-opacity=".09" stroke-width="3"/>`),
  (u) => tiled(u, 24, 24, `<path d="M24 0H0V24" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="1.5"/>`),
  (_u, p, seed) =>
    `<g fill="${p.glow}" opacity=".13">` +
    scatter(seed, 6, (x, y, r) => `<circle cx="${x}" cy="${y}" r="${num(10 + r / 3)}"/>`) +
    `</g>`,
  (_u, _p, seed) => `<path d="${raysPath(120, -30, 300, 22, 5, 90 + (seed % 8))}" fill="#fff" opacity=".06"/>`,
];

export const PATTERN_COUNT = PATTERNS.length;

export function backgroundPattern(u: string, index: number, p: TileTheme, seed: number): string {
  return PATTERNS[index % PATTERNS.length](u, p, seed);
}

const OUTER = (stroke: string, width: number, opacity = 1) =>
  `<rect x="1.5" y="1.5" width="237" height="237" rx="25" fill="none" stroke="${stroke}"` +
  (opacity < 1 ? ` stroke-opacity="${String(opacity).slice(1)}"` : "") +
  ` stroke-width="${width}"/>`;

type Frame = (u: string, p: TileTheme) => string;

const FRAMES: readonly Frame[] = [
  (_u, p) => OUTER(p.accent, 3, 0.55),
  (_u, p) =>
    OUTER(p.accent, 3, 0.7) +
    `<rect x="8" y="8" width="224" height="224" rx="19" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="1.5"/>`,
  (u) => `<rect x="3" y="3" width="234" height="234" rx="24" fill="none" stroke="url(#${u}m)" stroke-width="6"/>`,
  (_u, p) =>
    OUTER(p.accent, 2, 0.45) +
    `<rect x="9" y="9" width="222" height="222" rx="18" fill="none" stroke="${p.accent}" stroke-opacity=".6" stroke-width="2.5" stroke-dasharray="1 7" stroke-linecap="round"/>`,
  (_u, p) =>
    OUTER(p.accent, 2, 0.35) +
    `<path d="M7 42V20Q7 7 20 7H42M198 7H220Q233 7 233 20V42M233 198V220Q233 233 220 233H198M42 233H20Q7 233 7 220V198" fill="none" stroke="${p.accent}" stroke-width="4" stroke-linecap="round"/>`,
  (_u, p) =>
    `<rect x="6" y="6" width="228" height="228" rx="21" fill="none" stroke="${p.glow}" stroke-opacity=".25" stroke-width="7"/>` +
    OUTER(p.glow, 3.5, 0.85),
];

export const FRAME_COUNT = FRAMES.length;

export function tileFrame(u: string, index: number, p: TileTheme): string {
  return FRAMES[index % FRAMES.length](u, p);
}

type Glyph = (u: string, p: TileTheme, s: number, i: number) => string;

const HEART = SUITS[1].d;
const CONFETTI = ["#ff5fd0", "#ffd23a", "#3fc1ff", "#19c35a"];
const BALLS = ["#e0102f", "#1e6cf0", "#14a84e"];

const GLYPHS: Record<Accent, Glyph> = {
  sparkles: (_u, p, s, i) => sparkle(0, 0, 13 * s, i === 1 ? p.accent : "#fff"),
  coins: (u, _p, s) =>
    `<circle r="${num(10 * s)}" fill="url(#${u}m)" stroke="#a86600" stroke-width="1.5"/><circle r="${num(6 * s)}" fill="none" stroke="#b87400" stroke-width="1.5"/>`,
  gems: (_u, p, s) =>
    `<path transform="scale(${num(s)})" d="M-8-5L-4-10H4L8-5L0 9Z" fill="${p.glow}" stroke="#fff" stroke-width="1.5" stroke-linejoin="round"/>`,
  stars: (_u, p, s) => `<polygon points="${starPoints(0, 0, 11 * s, 4.5 * s)}" fill="${p.accent}"/>`,
  embers: (_u, _p, s) =>
    `<path transform="scale(${num(s)})" d="M0 10C-7 10-9 4-7 0C-5-4-2-4-1-11C4-6 8-1 7 4C6 8 4 10 0 10Z" fill="#ff8a1a" stroke="#ffd23a" stroke-width="1.5"/>`,
  bolts: (_u, _p, s) =>
    `<path transform="scale(${num(s)})" d="M3-12L-7 2H-1L-4 12L7-3H1L5-12Z" fill="#ffe14d" stroke="#7a4a00" stroke-width="1.2" stroke-linejoin="round"/>`,
  snow: (_u, _p, s) =>
    `<path transform="scale(${num(s)})" d="M0-10V10M-8.7-5L8.7 5M-8.7 5L8.7-5" stroke="#eaf6ff" stroke-width="2.5" stroke-linecap="round"/>`,
  clovers: (_u, _p, s) =>
    `<g transform="scale(${num(s)})" fill="#2fbf4a" stroke="#0f5a1a" stroke-width="1.2"><circle cx="-4" cy="-4" r="5"/><circle cx="4" cy="-4" r="5"/><circle cx="-4" cy="4" r="5"/><circle cx="4" cy="4" r="5"/></g>`,
  hearts: (_u, _p, s) => `<path transform="scale(${num(s)})" d="${HEART}" fill="#ff4d7a" stroke="#fff" stroke-width="1.2"/>`,
  confetti: (_u, _p, s, i) =>
    `<g transform="scale(${num(s)})"><rect x="-9" y="-3" width="7" height="4" transform="rotate(30)" fill="${CONFETTI[i % 4]}"/>` +
    `<rect x="2" y="-8" width="7" height="4" transform="rotate(-40)" fill="${CONFETTI[(i + 1) % 4]}"/>` +
    `<circle cx="2" cy="7" r="2.5" fill="${CONFETTI[(i + 2) % 4]}"/></g>`,
  bubbles: (_u, _p, s) =>
    `<circle r="${num(9 * s)}" fill="#fff" fill-opacity=".15" stroke="#fff" stroke-opacity=".8" stroke-width="1.5"/>`,
  balls: (_u, _p, s, i) =>
    `<circle r="${num(10 * s)}" fill="${BALLS[i % 3]}" stroke="#0006" stroke-width="1.5"/><circle r="${num(5 * s)}" fill="#fff"/>`,
};

// Edge spots clear of the vendor badge (bottom centre) and the NEW ribbon (top right).
const SPOTS: ReadonlyArray<readonly [number, number, number]> = [
  [30, 46, 1],
  [216, 150, 0.85],
  [26, 186, 0.7],
];

export function accents(u: string, accent: Accent, p: TileTheme): string {
  const glyph = GLYPHS[accent];
  return SPOTS.map(([x, y, s], i) => `<g transform="translate(${x} ${y})">${glyph(u, p, s, i)}</g>`).join("");
}

export const DEFAULT_ACCENTS: readonly Accent[] = ["sparkles", "coins", "stars", "gems", "sparkles", "confetti"];
