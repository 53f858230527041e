// Motifs for sports, e-sports, lottery, bingo and cockfighting tiles, in the
// shared 240x240 frame.

import { type Motif, type MotifCtx, ball, groundShadow, paint } from "./motif-kit";
import { num, sparkle, subHash } from "./svg";

function polar(cx: number, cy: number, r: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
}

function pentagon(cx: number, cy: number, r: number, rot: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const [x, y] = polar(cx, cy, r, rot + i * 72);
    pts.push(`${num(x)},${num(y)}`);
  }
  return pts.join(" ");
}

export const football: Motif = (c) => {
  let outer = "";
  let seams = "";
  for (let k = 0; k < 5; k++) {
    const a = -90 + k * 72;
    const [ox, oy] = polar(120, 100, 64, a + 36);
    outer += `<polygon points="${pentagon(ox, oy, 22, a + 36 + 180)}"/>`;
    const [x1, y1] = polar(120, 100, 22, a);
    const [x2, y2] = polar(120, 100, 40, a);
    const [x3, y3] = polar(120, 100, 50, a - 22);
    const [x4, y4] = polar(120, 100, 50, a + 22);
    seams += `M${num(x1)} ${num(y1)}L${num(x2)} ${num(y2)}L${num(x3)} ${num(y3)}M${num(x2)} ${num(y2)}L${num(x4)} ${num(y4)}`;
  }
  return (
    `<clipPath id="${c.u}x"><circle cx="120" cy="100" r="62"/></clipPath>` +
    groundShadow(120, 172, 58) +
    `<path d="M16 150L40 140M200 140L226 150M24 120L44 116" stroke="#fff" stroke-opacity=".5" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="120" cy="100" r="62" fill="#f4f4f8"/>` +
    `<g clip-path="url(#${c.u}x)" fill="#16161e">${outer}<polygon points="${pentagon(120, 100, 22, -90)}"/></g>` +
    `<path d="${seams}" stroke="#16161e" stroke-width="2.5" fill="none"/>` +
    `<circle cx="120" cy="100" r="62" fill="${paint(c, "s")}" stroke="#0008" stroke-width="2"/>` +
    sparkle(186, 40, 14, "#fff")
  );
};

export const basketball: Motif = (c) =>
  groundShadow(120, 172, 58) +
  `<circle cx="120" cy="100" r="62" fill="#f26b0f" stroke="#3b1600" stroke-width="3"/>` +
  `<path d="M58 100H182M120 38V162M78 56Q106 100 78 144M162 56Q134 100 162 144" stroke="#3b1600" stroke-width="4" fill="none"/>` +
  `<circle cx="120" cy="100" r="62" fill="${paint(c, "s")}"/>` +
  `<path d="M30 76H50M22 96H46M32 116H52" stroke="#fff" stroke-opacity=".55" stroke-width="4" stroke-linecap="round"/>` +
  sparkle(188, 42, 14, "#fff");

export const controller: Motif = (c) => {
  const body =
    "M72 70H168C194 70 208 110 204 142C201 166 178 170 166 150L154 132H86L74 150C62 170 39 166 36 142C32 110 46 70 72 70Z";
  return (
    groundShadow(120, 170, 76) +
    `<path d="${body}" fill="none" stroke="${c.p.glow}" stroke-width="12" stroke-opacity=".35" stroke-linejoin="round"/>` +
    `<path d="${body}" fill="#1c1c2a" stroke="${c.p.glow}" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M80 78H160" stroke="#fff" stroke-opacity=".25" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M70 96H84V84H96V96H108V108H96V120H84V108H70Z" fill="#e8e8f0"/>` +
    ball(c, 158, 88, 7.5, "#ffd02a") +
    ball(c, 172, 102, 7.5, "#e0102f") +
    ball(c, 144, 102, 7.5, "#1e88ff") +
    ball(c, 158, 116, 7.5, "#19c35a") +
    `<circle cx="104" cy="130" r="10" fill="#333346" stroke="#000" stroke-width="2"/><circle cx="136" cy="130" r="10" fill="#333346" stroke="#000" stroke-width="2"/>` +
    `<rect x="112" y="94" width="16" height="6" rx="3" fill="${c.p.glow}"/>` +
    sparkle(196, 40, 14, "#fff") +
    sparkle(44, 48, 10, c.p.glow)
  );
};

const BALL_COLORS = ["#e0102f", "#1e6cf0", "#14a84e", "#f5b800", "#8a2be2", "#ff6a00"];

function numberBall(c: MotifCtx, x: number, y: number, r: number, salt: number, max = 49): string {
  const n = (subHash(c.seed, salt) % max) + 1;
  const col = BALL_COLORS[subHash(c.seed, salt + 50) % BALL_COLORS.length];
  return (
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${col}" stroke="#0006" stroke-width="2"/>` +
    `<circle cx="${x}" cy="${y}" r="${num(r * 0.58)}" fill="#fff"/>` +
    `<text x="${x}" y="${num(y + r * 0.24)}" font-size="${num(r * 0.66)}" fill="#16161e">${n}</text>` +
    `<circle cx="${x}" cy="${y}" r="${r}" fill="${paint(c, "s")}"/>`
  );
}

export const lottery: Motif = (c) =>
  groundShadow(120, 170, 76) +
  numberBall(c, 76, 128, 34, 1) +
  numberBall(c, 164, 128, 34, 2) +
  numberBall(c, 120, 84, 42, 3) +
  sparkle(186, 44, 14, "#fff") +
  sparkle(50, 62, 10, c.p.accent);

export const lotteryGlobe: Motif = (c) => {
  const spots: Array<[number, number]> = [
    [96, 122],
    [132, 126],
    [162, 106],
    [82, 90],
    [118, 94],
    [146, 72],
  ];
  return (
    `<path d="M92 158H148L160 178H80Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="2"/>` +
    `<circle cx="120" cy="98" r="68" fill="#fff" fill-opacity=".1" stroke="${c.p.accent}" stroke-width="4"/>` +
    spots.map(([x, y], i) => numberBall(c, x, y, 17, 10 + i, 99)).join("") +
    `<path d="M76 60Q92 40 120 36" stroke="#fff" stroke-opacity=".75" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    sparkle(196, 40, 14, "#fff")
  );
};

export const bingo: Motif = (c) => {
  const cols = [62, 86, 110, 134, 158];
  let cells = "";
  let daubs = "";
  cols.forEach((x, ci) => {
    for (let ri = 0; ri < 4; ri++) {
      const y = 80 + ri * 22;
      const n = ci * 15 + (subHash(c.seed, ci * 4 + ri) % 15) + 1;
      if (subHash(c.seed, 90 + ci * 4 + ri) % 3 === 0) daubs += `<circle cx="${x}" cy="${y - 4}" r="10"/>`;
      cells += `<tspan x="${x}" y="${y}">${n}</tspan>`;
    }
  });
  return (
    groundShadow(114, 172, 66) +
    `<rect x="48" y="36" width="124" height="134" rx="12" fill="${paint(c, "w")}" stroke="#0006" stroke-width="2"/>` +
    `<path d="M48 48A12 12 0 0 1 60 36H160A12 12 0 0 1 172 48V62H48Z" fill="${paint(c, "r")}"/>` +
    `<text y="56" font-size="16" fill="#fff">` +
    "BINGO"
      .split("")
      .map((ch, i) => `<tspan x="${cols[i]}">${ch}</tspan>`)
      .join("") +
    `</text>` +
    `<g fill="${c.p.glow}" opacity=".8">${daubs}</g>` +
    `<text font-size="11" fill="#22223a">${cells}</text>` +
    numberBall(c, 178, 144, 26, 77, 75) +
    sparkle(190, 44, 14, "#fff")
  );
};

export const rooster: Motif = (c) =>
  groundShadow(124, 178, 56) +
  `<path d="M146 104C158 62 184 40 208 38C190 56 178 82 168 114Z" fill="#0f7a52" stroke="#032a1b" stroke-width="2"/>` +
  `<path d="M152 114C176 84 206 76 222 86C200 94 186 110 172 126Z" fill="${paint(c, "a")}" stroke="#032a1b" stroke-width="2"/>` +
  `<path d="M150 126C176 114 204 118 214 132C194 132 180 138 164 146Z" fill="#1c3fa8" stroke="#03102a" stroke-width="2"/>` +
  `<path d="M96 84C82 102 84 130 100 146C118 162 152 160 168 142C180 128 178 108 166 100C148 110 126 106 112 90Z" fill="#b5471b" stroke="#3a1000" stroke-width="3"/>` +
  `<path d="M82 52C72 68 76 88 96 102C110 112 126 110 134 100C118 92 106 78 104 60Z" fill="${paint(c, "m")}" stroke="#5a3000" stroke-width="2"/>` +
  `<circle cx="92" cy="54" r="15" fill="${paint(c, "m")}" stroke="#5a3000" stroke-width="2"/>` +
  `<path d="M80 44C76 30 86 28 88 36C88 22 98 22 98 34C100 22 112 26 106 42Z" fill="#e0102f" stroke="#6a0010" stroke-width="2"/>` +
  `<path d="M80 52L60 58L80 64Z" fill="#ffb800" stroke="#6a3c00" stroke-width="2" stroke-linejoin="round"/>` +
  `<path d="M82 64C76 78 88 82 90 68Z" fill="#e0102f"/>` +
  `<circle cx="90" cy="51" r="4" fill="#fff"/><circle cx="89" cy="51" r="2.2" fill="#111"/>` +
  `<path d="M112 112C126 100 152 104 162 118C152 136 128 140 112 130Z" fill="#7a2a08" stroke="#3a1000" stroke-width="2"/>` +
  `<path d="M122 118Q140 114 154 122M120 126Q138 124 150 130" stroke="#ffb37a" stroke-opacity=".6" stroke-width="2" fill="none"/>` +
  `<path d="M116 152L110 176M140 154L146 176M100 178H122M134 178H156" stroke="#ffb800" stroke-width="5" stroke-linecap="round"/>` +
  sparkle(196, 158, 12, "#fff") +
  sparkle(44, 100, 10, c.p.accent);

export const boxing: Motif = (c) =>
  groundShadow(120, 178, 62) +
  `<path d="M86 150H150L146 178H90Z" fill="#f4f4f8" stroke="#3a0008" stroke-width="3"/>` +
  `<path d="M90 160H146" stroke="${paint(c, "r")}" stroke-width="5"/>` +
  `<path d="M82 150C60 140 54 108 62 84C70 56 96 38 128 40C162 42 182 64 182 94C182 112 176 124 170 132C176 140 170 152 158 152Z" fill="${paint(c, "r")}" stroke="#3a0008" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M82 108C74 90 84 74 100 72C116 72 122 86 118 100C114 112 100 116 82 108Z" fill="${paint(c, "r")}" stroke="#3a0008" stroke-width="3"/>` +
  `<path d="M82 110C100 120 130 124 170 132" fill="none" stroke="#3a0008" stroke-width="2.5"/>` +
  `<path d="M96 56Q118 46 142 50" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" opacity=".55"/>` +
  sparkle(196, 44, 14, "#fff") +
  sparkle(42, 60, 10, c.p.accent);

export const crosshair: Motif = (c) =>
  `<circle cx="120" cy="100" r="70" fill="#000" opacity=".25"/>` +
  `<circle cx="120" cy="100" r="62" fill="none" stroke="${c.p.glow}" stroke-width="6"/>` +
  `<circle cx="120" cy="100" r="36" fill="none" stroke="#fff" stroke-width="4"/>` +
  `<path d="M120 22V64M120 136V178M42 100H84M156 100H198" stroke="#fff" stroke-width="5" stroke-linecap="round"/>` +
  `<circle cx="120" cy="100" r="7" fill="${paint(c, "r")}"/>` +
  `<path d="M74 54A66 66 0 0 1 110 36" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".6"/>` +
  sparkle(196, 40, 13, "#fff");
