// Shared vocabulary for motif drawing: a context object, the common gradient
// set every motif may reference, and small reusable shapes.

import { GOLD_STOPS, darken, gradientStops, lighten, type TilePalette } from "./palette";
import { num } from "./svg";

export interface MotifCtx {
  /** Id prefix, unique per rendered SVG. */
  u: string;
  p: TilePalette;
  /** Per-game seed for small variations (numbers, daubs, suits). */
  seed: number;
  /** Which composition to draw of a motif that has several (Motif.variants); the seed picks one when unset. */
  variant?: number;
}

/**
 * A motif returns an SVG fragment. Motif text relies on these inherited
 * attributes (set once on a parent) instead of repeating them per glyph.
 */
export type Motif = ((c: MotifCtx) => string) & { variants?: number };

/** The composition a multi-variant motif draws, 0..count-1. */
export function variantOf(c: MotifCtx, count: number): number {
  return (c.variant ?? c.seed) % count;
}

export const MOTIF_TEXT_ATTRS = `text-anchor="middle" font-weight="800"`;

/** Paint reference into the shared gradient set. m=gold a=accent r=red s=sphere shine w=card white i=steel. */
export function paint(c: MotifCtx, key: "m" | "a" | "r" | "s" | "w" | "i"): string {
  return `url(#${c.u}${key})`;
}

/**
 * Gradients every motif can use. Only the ones referenced by `body` are
 * emitted, because they ship inside every tile and bytes add up in a lobby.
 */
export function sharedDefs(c: MotifCtx, body: string): string {
  const { u, p } = c;
  const v = `x2="0" y2="1"`;
  const all: Record<string, string> = {
    m: `<linearGradient id="${u}m" ${v}>${gradientStops(GOLD_STOPS)}</linearGradient>`,
    a:
      `<linearGradient id="${u}a" ${v}><stop stop-color="${lighten(p.glow, 0.55)}"/>` +
      `<stop offset=".5" stop-color="${p.glow}"/><stop offset="1" stop-color="${darken(p.glow, 0.45)}"/></linearGradient>`,
    r:
      `<linearGradient id="${u}r" ${v}><stop stop-color="#ff7a7a"/>` +
      `<stop offset=".5" stop-color="#e0102f"/><stop offset="1" stop-color="#80000f"/></linearGradient>`,
    s:
      `<radialGradient id="${u}s" cx=".34" cy=".28" r=".7"><stop stop-color="#fff" stop-opacity=".9"/>` +
      `<stop offset=".45" stop-color="#fff" stop-opacity=".12"/><stop offset="1" stop-opacity=".28"/></radialGradient>`,
    w: `<linearGradient id="${u}w" x2="1" y2="1"><stop stop-color="#fff"/><stop offset="1" stop-color="#dcdce8"/></linearGradient>`,
    i: `<linearGradient id="${u}i" ${v}><stop stop-color="#fff"/><stop offset=".5" stop-color="#aeb8c8"/><stop offset="1" stop-color="#5d6778"/></linearGradient>`,
  };
  return Object.keys(all)
    .filter((k) => body.includes(`#${u}${k})`))
    .map((k) => all[k])
    .join("");
}

/** A circle plus the glossy sphere overlay: the cheapest convincing 3D ball. */
export function ball(c: MotifCtx, cx: number, cy: number, r: number, fill: string, stroke = "none"): string {
  const at = `cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}"`;
  const st = stroke === "none" ? "" : ` stroke="${stroke}" stroke-width="2"`;
  return `<circle ${at} fill="${fill}"${st}/><circle ${at} fill="${paint(c, "s")}"/>`;
}

/** Soft drop shadow ellipse that grounds a motif on the tile. */
export function groundShadow(cx: number, cy: number, rx: number, ry = 9): string {
  return `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${ry}" fill="#000" opacity=".35"/>`;
}

// Suit shapes authored at unit scale around (0,0), roughly 20 units tall.
const HEART = "M0 8C-4 4-10 0-10-5C-10-10-3-11 0-6C3-11 10-10 10-5C10 0 4 4 0 8Z";
const SPADE = "M0-9C4-4 10-1 10 3C10 7 5 8 1 5L3 9H-3L-1 5C-5 8-10 7-10 3C-10-1-4-4 0-9Z";
const DIAMOND = "M0-10L8 0L0 10L-8 0Z";
const CLUB = "M0-10A4.5 4.5 0 0 1 3.5-2.6A4.5 4.5 0 1 1 1.5 4L3 9H-3L-1.5 4A4.5 4.5 0 1 1-3.5-2.6A4.5 4.5 0 0 1 0-10Z";

export const SUITS = [
  { d: SPADE, red: false },
  { d: HEART, red: true },
  { d: CLUB, red: false },
  { d: DIAMOND, red: true },
] as const;

export function suit(index: number, x: number, y: number, scale: number): string {
  const s = SUITS[index % SUITS.length];
  return `<path transform="translate(${num(x)} ${num(y)}) scale(${num(scale)})" fill="${s.red ? "#e0102f" : "#16161e"}" d="${s.d}"/>`;
}

/** Playing card with a corner rank and a big centre pip. */
export function card(c: MotifCtx, x: number, y: number, rot: number, rank: string, suitIndex: number): string {
  const red = SUITS[suitIndex % SUITS.length].red;
  return (
    `<g transform="translate(${num(x)} ${num(y)}) rotate(${rot})">` +
    `<rect x="-33" y="-46" width="66" height="92" rx="8" fill="${paint(c, "w")}" stroke="#0006" stroke-width="1.5"/>` +
    `<text x="-20" y="-26" font-size="17" fill="${red ? "#e0102f" : "#16161e"}">${rank}</text>` +
    suit(suitIndex, -19, -14, 0.6) +
    suit(suitIndex, 4, 12, 1.6) +
    `</g>`
  );
}

/** Casino chip: coloured disc with a dashed edge ring. */
export function chip(x: number, y: number, r: number, color: string): string {
  const at = `cx="${num(x)}" cy="${num(y)}"`;
  const dash = num((2 * Math.PI * r * 0.84) / 16);
  return (
    `<circle ${at} r="${num(r)}" fill="${color}" stroke="#0005" stroke-width="1.5"/>` +
    `<circle ${at} r="${num(r * 0.84)}" fill="none" stroke="#fff" stroke-width="${num(r * 0.22)}" stroke-dasharray="${dash}"/>` +
    `<circle ${at} r="${num(r * 0.56)}" fill="${color}" stroke="#fff9" stroke-width="1.5" stroke-dasharray="3 2"/>`
  );
}

/** A round eye with a pupil and a glint; faces read as alive only with the glint. */
export function eye(x: number, y: number, r: number, iris = "#16161e", white = "#fff"): string {
  const at = (dx: number, dy: number) => `cx="${num(x + dx)}" cy="${num(y + dy)}"`;
  return (
    `<circle ${at(0, 0)} r="${num(r)}" fill="${white}"/>` +
    `<circle ${at(0, r * 0.1)} r="${num(r * 0.62)}" fill="${iris}"/>` +
    `<circle ${at(r * 0.25, -r * 0.2)} r="${num(r * 0.24)}" fill="#fff"/>`
  );
}

/** Draws a left-side path twice, mirrored about the tile's centre line, sharing one set of attributes. */
export function mirrored(d: string, attrs: string): string {
  return `<g ${attrs}><path d="${d}"/><path transform="matrix(-1 0 0 1 240 0)" d="${d}"/></g>`;
}

/** Another motif drawn smaller at (x,y), for compositions such as dragon-versus-tiger. */
export function miniature(m: Motif, c: MotifCtx, x: number, y: number, scale: number): string {
  return `<g transform="translate(${num(x)} ${num(y)}) scale(${num(scale)}) translate(-120 -100)">${m(c)}</g>`;
}
