// Decorative layers for promo banners: background textures and the hero
// object on the right. Each variant pairs a texture with a hero so that a
// five-slide carousel never shows two slides that read the same.

import { type Motif, MOTIF_TEXT_ATTRS, type MotifCtx, ball, chip, paint } from "./motif-kit";
import { coins, crown, gem, seven } from "./motifs-slot";
import { baccarat as cardsAndChips, dice, roulette } from "./motifs-table";
import { num, raysPath, sparkle, subHash } from "./svg";

const giftBox: Motif = (c) =>
  `<ellipse cx="120" cy="172" rx="70" ry="10" fill="#000" opacity=".35"/>` +
  `<rect x="58" y="92" width="124" height="78" rx="6" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
  `<rect x="50" y="74" width="140" height="26" rx="6" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
  `<rect x="108" y="74" width="24" height="96" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
  `<path d="M120 74C96 40 62 50 78 68C86 76 104 76 120 74ZM120 74C144 40 178 50 162 68C154 76 136 76 120 74Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3"/>` +
  `<rect x="58" y="100" width="124" height="8" fill="#000" opacity=".2"/>` +
  sparkle(186, 56, 14, "#fff") +
  sparkle(54, 58, 10, "#fff", 0.8);

/** Hero per variant; paired with textures below. */
export const BANNER_HEROES: readonly Motif[] = [coins, cardsAndChips, gem, roulette, giftBox, seven, dice, crown];

function fallingCoins(c: MotifCtx, variant: number, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const h = subHash(variant + 11, i);
    const x = 430 + (h % 300);
    const y = 20 + ((h >>> 9) % 260);
    const r = 9 + ((h >>> 17) % 9);
    const tilt = 0.35 + ((h >>> 4) % 60) / 100;
    out +=
      `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${num(r * tilt)}" transform="rotate(${((h >>> 3) % 60) - 30} ${x} ${y})" ` +
      `fill="${paint(c, "m")}" stroke="#9a5e00" stroke-width="1.5"/>`;
  }
  return out;
}

function sparkles(variant: number, accent: string): string {
  let out = "";
  for (let i = 0; i < 7; i++) {
    const h = subHash(variant + 31, i);
    out += sparkle(420 + (h % 320), 16 + ((h >>> 8) % 268), 6 + ((h >>> 16) % 12), i % 2 ? "#fff" : accent, 0.9);
  }
  return out;
}

/** Background texture; `cx,cy` is the hero centre so rays radiate from the prize. */
export function bannerTexture(u: string, variant: number, accent: string, cx: number, cy: number): string {
  const v = variant % 8;
  switch (v) {
    case 0:
    case 4:
      return `<path d="${raysPath(cx, cy, 700, 18, 8, v * 5)}" fill="${accent}" opacity=".1"/>`;
    case 1:
      return (
        `<pattern id="${u}p" width="28" height="28" patternUnits="userSpaceOnUse" patternTransform="rotate(35)">` +
        `<rect width="12" height="28" fill="#fff" opacity=".05"/></pattern><rect width="750" height="300" fill="url(#${u}p)"/>`
      );
    case 2:
      return (
        `<pattern id="${u}p" width="22" height="22" patternUnits="userSpaceOnUse"><circle cx="11" cy="11" r="2" fill="${accent}" opacity=".22"/></pattern>` +
        `<rect width="750" height="300" fill="url(#${u}p)"/>`
      );
    case 3: {
      let rings = "";
      for (let r = 60; r < 520; r += 46) rings += `<circle cx="${cx}" cy="${cy}" r="${r}"/>`;
      return `<g fill="none" stroke="${accent}" stroke-opacity=".13" stroke-width="10">${rings}</g>`;
    }
    case 5: {
      let waves = "";
      for (let y = 30; y < 320; y += 36) waves += `M0 ${y}Q94 ${y - 26} 188 ${y}T375 ${y}T562 ${y}T750 ${y}`;
      return `<path d="${waves}" fill="none" stroke="#fff" stroke-opacity=".07" stroke-width="8"/>`;
    }
    case 6:
      return (
        `<pattern id="${u}p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M20 2L38 20L20 38L2 20Z" fill="none" stroke="${accent}" stroke-opacity=".16" stroke-width="2"/></pattern>` +
        `<rect width="750" height="300" fill="url(#${u}p)"/>`
      );
    default:
      return (
        `<path d="${raysPath(cx, cy, 700, 24, 5, 3)}" fill="#fff" opacity=".06"/>` +
        `<path d="M380 300L520 0H560L420 300ZM600 300L740 0H750V20L640 300Z" fill="${accent}" opacity=".1"/>`
      );
  }
}

export interface HeroPlacement {
  cx: number;
  cy: number;
  scale: number;
}

export function heroPlacement(variant: number): HeroPlacement {
  const spots: HeroPlacement[] = [
    { cx: 590, cy: 150, scale: 1.45 },
    { cx: 585, cy: 155, scale: 1.5 },
    { cx: 600, cy: 150, scale: 1.45 },
    { cx: 595, cy: 150, scale: 1.55 },
    { cx: 590, cy: 152, scale: 1.5 },
    { cx: 600, cy: 150, scale: 1.4 },
    { cx: 590, cy: 150, scale: 1.5 },
    { cx: 595, cy: 150, scale: 1.45 },
  ];
  return spots[variant % spots.length];
}

/** Hero object plus coins, chips and sparkles for the right side. */
export function bannerHero(c: MotifCtx, variant: number): string {
  const v = variant % 8;
  const at = heroPlacement(v);
  const place = (m: Motif, cx: number, cy: number, s: number) =>
    `<g transform="translate(${num(cx - 120 * s)} ${num(cy - 100 * s)}) scale(${s})">${m(c)}</g>`;
  let out = `<circle cx="${at.cx}" cy="${at.cy}" r="150" fill="url(#${c.u}g)"/>`;
  if (v === 0 || v === 4 || v === 7) out += fallingCoins(c, v, v === 0 ? 9 : 5);
  out += place(BANNER_HEROES[v], at.cx, at.cy, at.scale);
  if (v === 2 || v === 6 || v === 7) out += chip(at.cx - 130, 250, 24, "#d60f2c") + chip(at.cx + 130, 60, 18, "#1565e0");
  if (v === 5) out += ball(c, at.cx - 120, 70, 16, paint(c, "a")) + ball(c, at.cx + 125, 240, 20, paint(c, "m"));
  return `<g ${MOTIF_TEXT_ATTRS}>${out}${sparkles(v, c.p.accent)}</g>`;
}
