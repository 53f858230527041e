// Motifs for live-casino tables and card, dice and quick games, in the same
// 240x240 frame as the slot motifs.

import { type Motif, type MotifCtx, ball, card, chip, groundShadow, miniature, paint, variantOf } from "./motif-kit";
import { dragonHead, tigerFace } from "./motifs-beasts";
import { coin } from "./motifs-slot";
import { lighten } from "./palette";
import { num, sparkle, starPoints, subHash } from "./svg";

const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

function wedge(cx: number, cy: number, r: number, a1: number, a2: number): string {
  const p = (a: number) => `${num(cx + r * Math.cos(a))} ${num(cy + r * Math.sin(a))}`;
  return `M${cx} ${cy}L${p(a1)}A${r} ${r} 0 0 1 ${p(a2)}Z`;
}

export const roulette: Motif = (c) => {
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

function chipStack(x: number, y: number, n: number, color: string): string {
  const top = y - (n - 1) * 9;
  let edges = "";
  for (let i = 0; i < n - 1; i++) edges += `M${x - 24} ${y - i * 9}a24 9 0 0 0 48 0`;
  return (
    `<path d="M${x - 24} ${top}V${y}a24 9 0 0 0 48 0V${top}Z" fill="${color}" stroke="#0006" stroke-width="1.5"/>` +
    `<path d="${edges}" fill="none" stroke="#fff" stroke-width="3" stroke-dasharray="4 8"/>` +
    `<ellipse cx="${x}" cy="${top}" rx="24" ry="9" fill="${color}" stroke="#fff" stroke-width="2.5" stroke-dasharray="5 6"/>`
  );
}

/**
 * Most live tables are baccarat, so the table has three compositions (a
 * dealt pair with chips, a natural nine, a chip tower).
 */
export const baccarat: Motif = Object.assign(
  (c: MotifCtx) => {
    const s = c.seed;
    switch (variantOf(c, 3)) {
      case 0:
        return (
          groundShadow(120, 172, 70) +
          card(c, 92, 96, -16, "A", s % 4) +
          card(c, 140, 90, 12, "K", (s + 1) % 4) +
          chip(74, 150, 22, "#d60f2c") +
          chip(166, 150, 22, "#1565e0") +
          sparkle(186, 38, 14, "#fff")
        );
      case 1:
        return (
          groundShadow(120, 172, 70) +
          card(c, 86, 100, -10, "4", (s >>> 2) % 4) +
          card(c, 132, 96, 8, "5", ((s >>> 2) + 1) % 4) +
          `<circle cx="178" cy="142" r="28" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
          `<text x="178" y="155" font-size="36" fill="#8a0018">9</text>` +
          sparkle(194, 48, 13, "#fff")
        );
      default:
        return (
          groundShadow(120, 176, 78) +
          chipStack(70, 166, 5, "#d60f2c") +
          chipStack(170, 166, 3, "#1565e0") +
          card(c, 120, 100, 6, "Q", s % 4) +
          chip(170, 128, 24, "#15151c") +
          sparkle(60, 52, 13, "#fff")
        );
    }
  },
  { variants: 3 },
);

export const pokerFan: Motif = (c) => {
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

export const mahjong: Motif = (c) => {
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

function die(c: MotifCtx, x: number, y: number, rot: number, face: number, scale = 1): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot})${scale === 1 ? "" : ` scale(${scale})`}">` +
    `<rect x="-34" y="-30" width="68" height="68" rx="14" fill="#0005"/>` +
    `<rect x="-34" y="-34" width="68" height="68" rx="14" fill="${paint(c, "w")}" stroke="#0004" stroke-width="1.5"/>` +
    PIPS[face]
      .map(
        ([px, py]) => `<circle cx="${px}" cy="${py}" r="${face === 1 ? 10 : 6.5}" fill="${face === 1 ? "#d60f2c" : "#16161e"}"/>`,
      )
      .join("") +
    `</g>`
  );
}

export const dice: Motif = (c) => {
  const a = (subHash(c.seed, 7) % 6) + 1;
  const b = (subHash(c.seed, 8) % 6) + 1;
  return (
    groundShadow(120, 168, 70) +
    die(c, 86, 112, -14, a) +
    die(c, 152, 96, 16, b) +
    sparkle(56, 54, 12, "#fff") +
    sparkle(196, 150, 10, lighten(c.p.accent, 0.3))
  );
};

export const sicbo: Motif = (c) =>
  groundShadow(120, 178, 78) +
  `<path d="M34 122H206C202 158 166 178 120 178C74 178 38 158 34 122Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
  `<path d="M48 136Q120 150 192 136" ${line("#fff6c4", 3)} opacity=".7"/>` +
  die(c, 84, 100, -18, (subHash(c.seed, 3) % 6) + 1, 0.72) +
  die(c, 156, 98, 14, (subHash(c.seed, 4) % 6) + 1, 0.72) +
  die(c, 120, 70, 4, (subHash(c.seed, 5) % 6) + 1, 0.72) +
  `<ellipse cx="120" cy="122" rx="86" ry="10" fill="none" stroke="#6a3c00" stroke-width="3"/>` +
  sparkle(200, 44, 13, "#fff");

export const blackjack: Motif = (c) =>
  groundShadow(120, 176, 72) +
  card(c, 94, 94, -12, "A", 0) +
  card(c, 146, 94, 10, "K", 1 + (c.seed % 2) * 2) +
  chip(120, 152, 26, "#15151c") +
  `<text x="120" y="160" font-size="20" fill="#ffd23a">21</text>` +
  sparkle(194, 38, 13, "#fff");

export const cardSpread: Motif = (c) => {
  const ranks = ["3", "7", "J", "Q", "9"];
  let fan = "";
  ranks.forEach((rank, i) => {
    fan += `<g transform="rotate(${(i - 2) * 17} 120 200)">${card(c, 120, 92, 0, rank, (c.seed + i) % 4)}</g>`;
  });
  return groundShadow(120, 176, 80) + fan + sparkle(200, 40, 13, "#fff");
};

export const hilo: Motif = (c) =>
  groundShadow(120, 176, 60) +
  card(c, 120, 100, 0, "8", c.seed % 4) +
  `<path d="M184 96L206 64L228 96H214V120H198V96Z" fill="#19c35a" stroke="#063a1c" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<path d="M56 104L34 136L12 104H26V80H42V104Z" fill="#e0102f" stroke="#5a000a" stroke-width="2.5" stroke-linejoin="round"/>` +
  sparkle(190, 160, 11, "#fff");

export const plinko: Motif = (c) => {
  let pegs = "";
  for (let row = 0; row < 6; row++)
    for (let i = 0; i <= row; i++) pegs += `<circle cx="${num(120 + (i - row / 2) * 26)}" cy="${40 + row * 20}" r="4.5"/>`;
  const slots = ["#e0102f", "#ff8a1a", "#ffd23a", "#19c35a", "#ffd23a", "#ff8a1a", "#e0102f"];
  return (
    `<path d="M24 170L120 24L216 170Z" fill="#000" opacity=".25"/>` +
    `<g fill="#fff">${pegs}</g>` +
    slots.map((col, i) => `<rect x="${28 + i * 26}" y="162" width="22" height="16" rx="4" fill="${col}"/>`).join("") +
    `<path d="M112 30C96 60 136 84 122 110C112 126 132 138 128 150" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="3 5" opacity=".6"/>` +
    ball(c, 128, 150, 10, paint(c, "a"), "#0006")
  );
};

export const mines: Motif = (c) =>
  groundShadow(120, 178, 70) +
  `<path d="M138 58C146 40 162 34 176 38" ${line("#8a6a3a", 5)}/>` +
  `<polygon points="${starPoints(180, 36, 16, 6, 8)}" fill="#ffd23a"/>` +
  sparkle(180, 36, 12, "#fff") +
  ball(c, 112, 110, 54, "#23232e", "#000") +
  `<rect x="124" y="52" width="22" height="16" rx="3" transform="rotate(35 135 60)" fill="#5d6778"/>` +
  `<path d="M82 94Q90 76 108 70" ${line("#fff", 6)} opacity=".4"/>` +
  `<g transform="translate(178 150) scale(.42) translate(-120 -110)">` +
  `<polygon points="88,54 152,54 186,90 120,168 54,90" fill="${c.p.glow}" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>` +
  `<polygon points="88,54 152,54 136,90 104,90" fill="#fff" opacity=".6"/></g>`;

export const wheel: Motif = (c) => {
  const n = 12;
  const cols = ["#e0102f", "#ffd23a", "#1e6cf0", "#19c35a", "#ff5fd0", "#ff8a1a"];
  let wedges = "";
  const step = (2 * Math.PI) / n;
  for (let i = 0; i < n; i++)
    wedges += `<path d="${wedge(120, 100, 62, i * step - Math.PI / 2, (i + 1) * step - Math.PI / 2)}" fill="${cols[i % cols.length]}"/>`;
  return (
    groundShadow(120, 180, 60) +
    `<path d="M100 160L88 180H152L140 160Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="2"/>` +
    `<circle cx="120" cy="100" r="72" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
    wedges +
    `<circle cx="120" cy="100" r="72" fill="none" stroke="#fff" stroke-width="5" stroke-dasharray="1 17.85" stroke-linecap="round"/>` +
    ball(c, 120, 100, 14, paint(c, "m")) +
    `<path d="M108 18H132L120 42Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2" stroke-linejoin="round"/>`
  );
};

export const coinToss: Motif = (c) =>
  groundShadow(120, 180, 48) +
  `<path d="M70 150C52 110 60 66 96 40M170 150C188 110 180 66 144 40" ${line("#fff", 3)} stroke-dasharray="4 8" opacity=".7"/>` +
  `<ellipse cx="120" cy="108" rx="56" ry="22" transform="rotate(-20 120 108)" fill="#8a5200"/>` +
  coin(c, 120, 96, 54) +
  sparkle(186, 40, 14, "#fff") +
  sparkle(52, 70, 10, c.p.accent);

export const versus: Motif = (c) =>
  groundShadow(120, 172, 90) +
  miniature(dragonHead, c, 70, 96, 0.62) +
  miniature(tigerFace, c, 172, 102, 0.62) +
  `<circle cx="120" cy="150" r="22" fill="#e0102f" stroke="#fff" stroke-width="3"/>` +
  `<text x="120" y="158" font-size="21" fill="#fff">VS</text>`;

export const keno: Motif = (c) => {
  let cells = "";
  let marks = "";
  for (let i = 0; i < 20; i++) {
    const x = 52 + (i % 5) * 34;
    const y = 50 + Math.floor(i / 5) * 30;
    cells += `<tspan x="${x}" y="${y + 5}">${i + 1 + (c.seed % 3) * 20}</tspan>`;
    if (subHash(c.seed, i) % 4 === 0) marks += `<circle cx="${x}" cy="${y}" r="13"/>`;
  }
  return (
    groundShadow(120, 178, 80) +
    `<rect x="30" y="28" width="180" height="128" rx="12" fill="${paint(c, "w")}" stroke="#0006" stroke-width="2"/>` +
    `<g fill="${c.p.glow}" opacity=".85">${marks}</g>` +
    `<text font-size="14" fill="#22223a">${cells}</text>` +
    ball(c, 186, 160, 20, paint(c, "r"), "#5a000a") +
    sparkle(44, 170, 11, "#fff")
  );
};
