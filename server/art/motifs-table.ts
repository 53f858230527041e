// Motifs for fishing, live-casino and player-vs-player games, in the same
// 240x240 frame as the slot motifs.

import { type Motif, ball, card, chip, groundShadow, paint } from "./motif-kit";
import { lighten } from "./palette";
import { num, sparkle, subHash } from "./svg";

const fish: Motif = (c) => {
  const body = (c.seed & 1) === 0 ? paint(c, "m") : paint(c, "a");
  let bubbles = "";
  const spots: Array<[number, number, number]> = [
    [196, 62, 9],
    [210, 36, 6],
    [40, 48, 7],
    [182, 34, 4],
    [56, 28, 4],
  ];
  for (const [x, y, r] of spots) {
    bubbles += `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity=".18" stroke="#fff" stroke-opacity=".8" stroke-width="1.5"/>`;
  }
  return (
    `<path d="M0 146Q30 132 60 146T120 146T180 146T240 146V240H0Z" fill="#1fb6ff" opacity=".35"/>` +
    `<path d="M0 160Q30 148 60 160T120 160T180 160T240 160V240H0Z" fill="#0a6fd6" opacity=".55"/>` +
    `<path d="M108 66C116 40 144 40 154 62Z" fill="#ff5a36" stroke="#6a1200" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M150 100L198 66C192 90 192 112 198 136Z" fill="#ff5a36" stroke="#6a1200" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M44 102C62 60 126 50 160 100C126 150 62 144 44 102Z" fill="${body}" stroke="#6a1200" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M96 74Q112 100 96 128M116 70Q132 100 116 132M136 78Q150 100 136 122" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="3"/>` +
    `<path d="M80 82Q70 102 82 120" fill="none" stroke="#6a1200" stroke-width="3"/>` +
    `<path d="M104 118C114 132 126 136 134 130C124 126 116 122 104 118Z" fill="#ff5a36"/>` +
    `<circle cx="64" cy="94" r="10" fill="#fff" stroke="#6a1200" stroke-width="2"/><circle cx="62" cy="95" r="5" fill="#111"/>` +
    `<circle cx="60" cy="92" r="1.8" fill="#fff"/>` +
    bubbles +
    sparkle(170, 150, 10, "#fff", 0.8)
  );
};

function wedge(cx: number, cy: number, r: number, a1: number, a2: number): string {
  const p = (a: number) => `${num(cx + r * Math.cos(a))} ${num(cy + r * Math.sin(a))}`;
  return `M${cx} ${cy}L${p(a1)}A${r} ${r} 0 0 1 ${p(a2)}Z`;
}

const roulette: Motif = (c) => {
  const n = 18;
  let reds = "";
  let green = "";
  const step = (2 * Math.PI) / n;
  for (let i = 0; i < n; i++) {
    const d = wedge(120, 100, 58, i * step, (i + 1) * step);
    if (i === 0) green = d;
    else if (i % 2 === 1) reds += d;
  }
  return (
    groundShadow(120, 176, 64) +
    `<circle cx="120" cy="104" r="72" fill="#3a1a00"/>` +
    `<circle cx="120" cy="100" r="72" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
    `<circle cx="120" cy="100" r="60" fill="#15151c"/>` +
    `<path d="${reds}" fill="#d60f2c"/><path d="${green}" fill="#13a34a"/>` +
    `<circle cx="120" cy="100" r="38" fill="#5a2c0a" stroke="${paint(c, "m")}" stroke-width="4"/>` +
    `<circle cx="120" cy="100" r="16" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="2"/>` +
    `<path d="M120 70V130M90 100H150" stroke="${paint(c, "m")}" stroke-width="5" stroke-linecap="round"/>` +
    ball(c, 152, 56, 7, "#fff") +
    sparkle(190, 36, 14, "#fff")
  );
};

const cardsAndChips: Motif = (c) => {
  const s = c.seed;
  return (
    groundShadow(120, 172, 70) +
    card(c, 92, 96, -16, "A", s % 4) +
    card(c, 140, 90, 12, "K", (s + 1) % 4) +
    chip(74, 150, 22, "#d60f2c") +
    chip(166, 150, 22, "#1565e0") +
    chip(120, 160, 20, "#0f9a4a") +
    sparkle(186, 38, 14, "#fff") +
    sparkle(52, 56, 10, c.p.accent)
  );
};

const pokerFan: Motif = (c) => {
  const s = c.seed;
  return (
    groundShadow(120, 170, 64) +
    card(c, 80, 106, -24, "J", (s + 2) % 4) +
    card(c, 120, 96, 0, "A", s % 4) +
    card(c, 160, 106, 24, "Q", (s + 1) % 4) +
    chip(120, 156, 20, "#d60f2c") +
    sparkle(192, 40, 14, "#fff")
  );
};

const DOTS: ReadonlyArray<[number, number, string]> = [
  [-18, -26, "#1565e0"],
  [18, -26, "#0f9a4a"],
  [0, 0, "#d60f2c"],
  [-18, 26, "#0f9a4a"],
  [18, 26, "#1565e0"],
];

const mahjong: Motif = (c) => {
  const tile = (x: number, y: number, rot: number, dots: boolean) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<rect x="-40" y="-50" width="86" height="112" rx="12" fill="#0e7a3e"/>` +
    `<rect x="-44" y="-56" width="86" height="112" rx="12" fill="${paint(c, "w")}" stroke="#0b5e30" stroke-width="2"/>` +
    (dots
      ? DOTS.map(
          ([dx, dy, col]) =>
            `<circle cx="${dx - 1}" cy="${dy}" r="11" fill="none" stroke="${col}" stroke-width="4"/><circle cx="${dx - 1}" cy="${dy}" r="4" fill="${col}"/>`,
        ).join("")
      : `<path d="M-22-34V34M-1-34V34M20-34V34" stroke="#0f9a4a" stroke-width="9" stroke-linecap="round" stroke-dasharray="20 4"/>`) +
    `</g>`;
  return groundShadow(120, 172, 66) + tile(92, 104, -10, false) + tile(146, 98, 8, true) + sparkle(196, 36, 14, "#fff");
};

const PIPS: Record<number, Array<[number, number]>> = {
  1: [[0, 0]],
  2: [
    [-14, -14],
    [14, 14],
  ],
  3: [
    [-14, -14],
    [0, 0],
    [14, 14],
  ],
  4: [
    [-14, -14],
    [14, -14],
    [-14, 14],
    [14, 14],
  ],
  5: [
    [-14, -14],
    [14, -14],
    [0, 0],
    [-14, 14],
    [14, 14],
  ],
  6: [
    [-14, -15],
    [14, -15],
    [-14, 0],
    [14, 0],
    [-14, 15],
    [14, 15],
  ],
};

const dice: Motif = (c) => {
  const die = (x: number, y: number, rot: number, face: number) =>
    `<g transform="translate(${x} ${y}) rotate(${rot})">` +
    `<rect x="-34" y="-30" width="68" height="68" rx="14" fill="#0005"/>` +
    `<rect x="-34" y="-34" width="68" height="68" rx="14" fill="${paint(c, "w")}" stroke="#0004" stroke-width="1.5"/>` +
    PIPS[face]
      .map(
        ([px, py]) => `<circle cx="${px}" cy="${py}" r="${face === 1 ? 10 : 6.5}" fill="${face === 1 ? "#d60f2c" : "#16161e"}"/>`,
      )
      .join("") +
    `</g>`;
  const a = (subHash(c.seed, 7) % 6) + 1;
  const b = (subHash(c.seed, 8) % 6) + 1;
  return (
    groundShadow(120, 168, 70) +
    die(86, 112, -14, a) +
    die(152, 96, 16, b) +
    sparkle(56, 54, 12, "#fff") +
    sparkle(196, 150, 10, lighten(c.p.accent, 0.3))
  );
};

export const FISH_MOTIFS: readonly Motif[] = [fish];
export const LIVE_MOTIFS: readonly Motif[] = [roulette, cardsAndChips];
export const PVP_MOTIFS: readonly Motif[] = [pokerFan, mahjong, dice];
