// Slot-machine symbols, sweets and lucky charms. All are drawn in the 240x240
// tile frame, centred near (120,100).

import { type Motif, type MotifCtx, ball, eye, groundShadow, mirrored, paint } from "./motif-kit";
import { darken, lighten } from "./palette";
import { num, sparkle, starPoints, subHash } from "./svg";

const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const solid = (fill: string, ink: string, width = 3) =>
  `fill="${fill}" stroke="${ink}" stroke-width="${width}" stroke-linejoin="round"`;

const SEVEN = "M70 42H170V66L128 166H92L134 70H70Z";

export const seven: Motif = (c) =>
  groundShadow(112, 170, 46) +
  `<path d="${SEVEN}" transform="translate(5 6)" fill="${darken(c.p.bg2, 0.3)}" stroke-linejoin="round"/>` +
  `<path d="${SEVEN}" fill="${paint(c, "m")}" stroke="#8a0018" stroke-width="7" stroke-linejoin="round" paint-order="stroke"/>` +
  `<path d="M78 48H162V56H78Z" fill="#fff" opacity=".55"/>` +
  sparkle(176, 44, 18, "#fff") +
  sparkle(64, 140, 12, c.p.accent) +
  sparkle(168, 138, 9, "#fff", 0.8);

export const cherries: Motif = (c) =>
  groundShadow(120, 168, 62) +
  `<path d="M92 122C96 86 120 60 150 44M148 126C146 96 146 70 150 44" fill="none" stroke="#2f8a3a" stroke-width="7" stroke-linecap="round"/>` +
  `<path d="M150 44C164 26 192 30 200 48C182 60 164 58 150 44Z" fill="#43c15a" stroke="#1d5e27" stroke-width="2"/>` +
  `<path d="M154 45C170 42 184 44 196 48" stroke="#a6f0b0" stroke-width="2" fill="none"/>` +
  ball(c, 90, 130, 32, paint(c, "r"), "#5a000a") +
  ball(c, 150, 134, 32, paint(c, "r"), "#5a000a") +
  sparkle(70, 110, 11, "#fff") +
  sparkle(186, 100, 14, c.p.accent);

export const gem: Motif = (c) => {
  const g = c.p.glow;
  const facet = (pts: string, fill: string, op: string) => `<polygon points="${pts}" fill="${fill}" opacity="${op}"/>`;
  return (
    groundShadow(120, 172, 50) +
    `<polygon points="88,54 152,54 186,90 120,168 54,90" fill="${g}" stroke="${lighten(g, 0.7)}" stroke-width="3" stroke-linejoin="round"/>` +
    facet("54,90 88,54 104,90", "#fff", ".45") +
    facet("88,54 152,54 136,90 104,90", "#fff", ".65") +
    facet("152,54 186,90 136,90", "#fff", ".25") +
    facet("54,90 104,90 120,168", "#000", ".12") +
    facet("104,90 136,90 120,168", "#fff", ".35") +
    facet("136,90 186,90 120,168", "#000", ".35") +
    `<path d="M54 90H186" stroke="#fff" stroke-opacity=".7" stroke-width="2"/>` +
    sparkle(96, 66, 16, "#fff") +
    sparkle(178, 52, 12, c.p.accent) +
    sparkle(60, 140, 10, "#fff", 0.8)
  );
};

export function coin(c: MotifCtx, cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${cx}" cy="${cy + 4}" r="${r}" fill="#8a5200"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${paint(c, "m")}" stroke="#a86600" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="none" stroke="#b87400" stroke-width="3"/>` +
    `<polygon points="${starPoints(cx, cy, r * 0.5, r * 0.22)}" fill="#fff0a8" stroke="#b87400" stroke-width="2"/>`
  );
}

export const coins: Motif = (c) => {
  let stack = "";
  for (let i = 0; i < 5; i++) {
    const y = 158 - i * 11;
    stack +=
      `<ellipse cx="72" cy="${y + 5}" rx="32" ry="11" fill="#8a5200"/>` +
      `<ellipse cx="72" cy="${y}" rx="32" ry="11" fill="${paint(c, "m")}" stroke="#a86600" stroke-width="1.5"/>`;
  }
  return (
    groundShadow(116, 170, 80) +
    stack +
    coin(c, 140, 100, 50) +
    `<ellipse cx="190" cy="150" rx="20" ry="8" fill="${paint(c, "m")}" stroke="#a86600" stroke-width="1.5"/>` +
    sparkle(112, 62, 16, "#fff") +
    sparkle(196, 60, 11, c.p.accent)
  );
};

export const crown: Motif = (c) =>
  groundShadow(120, 166, 66) +
  `<path d="M62 134L52 64L92 98L120 48L148 98L188 64L178 134Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="4" stroke-linejoin="round"/>` +
  `<path d="M92 98L120 48L148 98L120 122Z" fill="#fff" opacity=".25"/>` +
  `<rect x="58" y="128" width="124" height="28" rx="6" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="4"/>` +
  ball(c, 52, 62, 9, paint(c, "r")) +
  ball(c, 120, 46, 11, paint(c, "a")) +
  ball(c, 188, 62, 9, paint(c, "r")) +
  ball(c, 90, 142, 7, paint(c, "a")) +
  ball(c, 120, 142, 8, paint(c, "r")) +
  ball(c, 150, 142, 7, paint(c, "a")) +
  sparkle(172, 40, 14, "#fff") +
  sparkle(70, 100, 8, "#fff", 0.8);

const BELL = "M120 36C90 36 74 60 72 96C70 122 62 136 50 146H190C178 136 170 122 168 96C166 60 150 36 120 36Z";

function bellAt(c: MotifCtx, x: number, y: number, s: number, rot: number): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s}) translate(-120 -100)">` +
    `<circle cx="120" cy="32" r="9" fill="none" stroke="#a86600" stroke-width="5"/>` +
    `<path d="${BELL}" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3"/>` +
    `<rect x="44" y="144" width="152" height="14" rx="7" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3"/>` +
    ball(c, 120, 166, 12, paint(c, "m")) +
    `<path d="M94 70C90 90 88 110 82 128" ${line("#fff", 6)} opacity=".5"/>` +
    mirrored("M120 40C104 24 84 28 88 44C92 54 108 50 120 40Z", `fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2"`) +
    `</g>`
  );
}

export const bell: Motif = (c) => groundShadow(120, 176, 56) + bellAt(c, 120, 96, 1, 0) + sparkle(190, 46, 14, "#fff");

export const bells: Motif = (c) =>
  groundShadow(120, 176, 76) + bellAt(c, 84, 104, 0.72, -16) + bellAt(c, 154, 96, 0.72, 14) + sparkle(120, 40, 14, "#fff");

const LEAF = "M0 0C-20 -10 -36 -34 -19 -48C-9 -56 0 -48 0 -40C0 -48 9 -56 19 -48C36 -34 20 -10 0 0Z";

export const clover: Motif = (c) =>
  groundShadow(124, 176, 50) +
  `<path d="M120 110C124 140 136 160 152 176" ${line("#1f7a30", 9)}/>` +
  `<g transform="translate(120 100)" ${solid("#2fbf4a", "#0f5a1a")}>` +
  [0, 90, 180, 270].map((r) => `<path transform="rotate(${r})" d="${LEAF}"/>`).join("") +
  `</g>` +
  `<path d="M104 72Q112 64 118 72M146 90Q152 100 144 106" ${line("#b6ffc4", 3)}/>` +
  ball(c, 120, 100, 8, paint(c, "m")) +
  sparkle(188, 46, 14, "#fff");

export const star: Motif = (c) =>
  groundShadow(120, 176, 56) +
  `<polygon points="${starPoints(120, 102, 74, 32)}" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="4" stroke-linejoin="round"/>` +
  `<polygon points="${starPoints(120, 102, 74, 32)
    .split(" ")
    .filter((_, i) => i % 2 === 0)
    .map((p) => `120,102 ${p}`)
    .join(" ")}" fill="none" stroke="#c98400" stroke-width="2" opacity=".7"/>` +
  `<path d="M120 28L112 84L64 86Z" fill="#fff" opacity=".35"/>` +
  eye(104, 104, 6, "#3a1a00") +
  eye(136, 104, 6, "#3a1a00") +
  `<path d="M108 122Q120 132 132 122" ${line("#7a3a00", 3)}/>` +
  `<polygon points="${starPoints(196, 44, 13, 5)}" fill="#fff"/>` +
  `<polygon points="${starPoints(46, 150, 10, 4)}" fill="${c.p.accent}"/>`;

/** Crescent outline from two overlapping circles (the second bites into the first). */
function crescentPath(cx: number, cy: number, r: number, dx: number, dy: number, r2: number): string {
  const d = Math.hypot(dx, dy);
  const a = (r * r - r2 * r2 + d * d) / (2 * d);
  const h = Math.sqrt(r * r - a * a);
  const [ux, uy] = [dx / d, dy / d];
  const p1 = `${num(cx + a * ux - h * uy)} ${num(cy + a * uy + h * ux)}`;
  const p2 = `${num(cx + a * ux + h * uy)} ${num(cy + a * uy - h * ux)}`;
  return `M${p1}A${r} ${r} 0 1 1 ${p2}A${r2} ${r2} 0 0 0 ${p1}Z`;
}

export const moon: Motif = (c) =>
  `<path d="${crescentPath(112, 96, 66, 36, -22, 56)}" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3"/>` +
  `<path d="M66 112Q70 140 96 154" ${line("#fff", 5)} opacity=".5"/>` +
  `<path d="M72 98Q80 92 88 98" ${line("#7a4a00", 3)}/>` +
  `<path d="M40 176a18 18 0 0 1 20 -26a26 26 0 0 1 48 -2a18 18 0 0 1 22 28Z" fill="#fff" opacity=".92"/>` +
  `<polygon points="${starPoints(176, 60, 14, 5.5)}" fill="#fff"/>` +
  `<polygon points="${starPoints(196, 116, 9, 3.5)}" fill="${c.p.accent}"/>` +
  `<polygon points="${starPoints(150, 30, 7, 3)}" fill="#fff"/>`;

export const sun: Motif = (c) =>
  `<polygon points="${starPoints(120, 100, 84, 54, 16)}" fill="#ffb800" stroke="#a85a00" stroke-width="3" stroke-linejoin="round"/>` +
  `<circle cx="120" cy="100" r="50" fill="${paint(c, "m")}" stroke="#a85a00" stroke-width="3"/>` +
  `<path d="M98 96Q106 88 114 96M126 96Q134 88 142 96" ${line("#7a3a00", 4)}/>` +
  `<path d="M102 114Q120 132 138 114" ${line("#7a3a00", 4)}/>` +
  `<g fill="#ff7a5a" opacity=".6"><circle cx="92" cy="114" r="8"/><circle cx="148" cy="114" r="8"/></g>` +
  `<path d="M86 74Q98 60 116 58" ${line("#fff", 5)} opacity=".6"/>`;

function melonSlice(x: number, y: number, s: number, rot: number): string {
  return (
    `<g transform="translate(${x} ${y}) rotate(${rot}) scale(${s})">` +
    `<path d="M-90 0A90 90 0 0 0 90 0Z" ${solid("#2f9e44", "#0f4a1a")}/>` +
    `<path d="M-80 0A80 80 0 0 0 80 0Z" fill="#e8ffd8"/>` +
    `<path d="M-74 0A74 74 0 0 0 74 0Z" fill="#ff4d5a"/>` +
    `<g fill="#2a0a0a"><ellipse cx="-40" cy="18" rx="3" ry="5"/><ellipse cx="-14" cy="30" rx="3" ry="5"/><ellipse cx="14" cy="30" rx="3" ry="5"/><ellipse cx="40" cy="18" rx="3" ry="5"/><ellipse cx="0" cy="50" rx="3" ry="5"/><ellipse cx="-24" cy="46" rx="3" ry="5"/><ellipse cx="24" cy="46" rx="3" ry="5"/></g>` +
    `<path d="M-70 4H70" stroke="#fff" stroke-width="3" opacity=".4"/></g>`
  );
}

export const watermelon: Motif = () =>
  groundShadow(120, 176, 70) + melonSlice(120, 78, 1, -10) + sparkle(196, 46, 14, "#fff") + sparkle(50, 150, 10, "#fff", 0.8);

function grapes(c: MotifCtx, x: number, y: number): string {
  const spots: Array<[number, number]> = [
    [-24, 0],
    [0, 0],
    [24, 0],
    [-12, 20],
    [12, 20],
    [0, 40],
  ];
  return (
    `<path d="M${x} ${y - 14}C${x + 4} ${y - 30} ${x + 14} ${y - 36} ${x + 26} ${y - 36}" ${line("#5a3a10", 4)}/>` +
    `<path d="M${x + 2} ${y - 22}C${x - 18} ${y - 40} ${x - 38} ${y - 30} ${x - 40} ${y - 18}C${x - 24} ${y - 14} ${x - 10} ${y - 16} ${x + 2} ${y - 22}Z" fill="#43c15a"/>` +
    spots.map(([dx, dy]) => ball(c, x + dx, y + dy, 13, "#8a2be2", "#3a0a6a")).join("")
  );
}

export const fruits: Motif = (c) =>
  groundShadow(120, 178, 86) +
  grapes(c, 70, 110) +
  ball(c, 170, 120, 34, "#ff9a1a", "#8a4a00") +
  `<path d="M170 86C176 76 188 74 196 78C190 88 180 90 170 86Z" fill="#43c15a"/>` +
  melonSlice(122, 150, 0.5, 0) +
  sparkle(190, 44, 14, "#fff");

export const lemon: Motif = () =>
  groundShadow(120, 176, 66) +
  `<path d="M44 104L32 96L44 92C58 66 92 50 130 54C166 58 190 80 194 104L206 110L194 114C186 142 150 160 112 156C76 152 48 134 44 104Z" ${solid("#ffe03a", "#8a6a00")}/>` +
  `<path d="M76 80Q100 64 130 66" ${line("#fff", 6)} opacity=".6"/>` +
  `<path d="M120 54C124 40 136 32 150 32C146 44 136 52 120 54Z" fill="#43c15a" stroke="#1d5e27" stroke-width="2"/>` +
  `<circle cx="160" cy="146" r="30" ${solid("#fff3a0", "#8a6a00")}/>` +
  `<g transform="translate(160 146)" fill="#ffe03a">${[0, 60, 120, 180, 240, 300].map((r) => `<path transform="rotate(${r})" d="M0 0L-11 -20A23 23 0 0 1 11 -20Z"/>`).join("")}</g>`;

export const mango: Motif = () =>
  groundShadow(124, 176, 62) +
  `<path d="M70 120C60 80 90 44 134 46C172 48 194 80 186 114C178 150 140 172 106 166C84 162 74 142 70 120Z" ${solid("#ffb020", "#8a4a00")}/>` +
  `<path d="M150 56C176 68 192 92 186 116C172 96 158 80 150 56Z" fill="#ff6a3a" opacity=".7"/>` +
  `<path d="M86 92Q96 70 120 62" ${line("#fff", 6)} opacity=".55"/>` +
  `<path d="M128 48C130 38 134 32 140 28" ${line("#5a3a10", 4)}/>` +
  `<path d="M138 30C152 16 176 18 186 30C168 38 152 38 138 30Z" ${solid("#2f9e44", "#0f4a1a", 2)}/>` +
  sparkle(60, 60, 12, "#fff");

export const strawberry: Motif = (c) => {
  let seeds = "";
  for (let i = 0; i < 14; i++) {
    const h = subHash(i + 5, 3);
    const y = 84 + (i % 5) * 16;
    const spread = 46 - (y - 84) * 0.45;
    const x = 120 + (((h % 200) - 100) / 100) * spread;
    seeds += `<ellipse cx="${num(x)}" cy="${y}" rx="2.5" ry="4"/>`;
  }
  return (
    groundShadow(120, 178, 50) +
    `<path d="M120 174C84 152 60 118 64 90C68 68 92 60 120 66C148 60 172 68 176 90C180 118 156 152 120 174Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
    `<g fill="#ffe066">${seeds}</g>` +
    `<polygon points="${starPoints(120, 66, 32, 10, 7, 90)}" ${solid("#2f9e44", "#0f4a1a", 2)}/>` +
    `<path d="M120 58V38" ${line("#2f6a1a", 5)}/>` +
    `<path d="M82 96Q88 80 104 76" ${line("#fff", 5)} opacity=".5"/>` +
    sparkle(188, 52, 13, "#fff")
  );
};

export const candy: Motif = () =>
  groundShadow(120, 178, 70) +
  `<path d="M150 120L192 182" ${line("#fff", 9)}/>` +
  `<circle cx="140" cy="86" r="48" ${solid("#ff5fd0", "#8a1a6a")}/>` +
  `<path d="M140 86m-4 0a4 4 0 1 1 8 0a10 10 0 1 1 -20 0a16 16 0 1 1 32 0a22 22 0 1 1 -44 0a28 28 0 1 1 56 0a34 34 0 1 1 -68 0" ${line("#fff", 6)}/>` +
  `<path d="M58 150L30 132V168ZM118 150L146 132V168Z" ${solid("#3fc1ff", "#0a4a7a", 2.5)}/>` +
  `<ellipse cx="88" cy="150" rx="32" ry="22" ${solid("#3fc1ff", "#0a4a7a")}/>` +
  `<path d="M72 132L88 168M92 130L106 166" stroke="#fff" stroke-width="5" opacity=".8"/>`;

export const cupcake: Motif = (c) =>
  groundShadow(120, 178, 54) +
  `<path d="M68 118H172L158 176H82Z" ${solid("#ff8ab8", "#8a2050")}/>` +
  `<path d="M90 122L96 172M110 122L112 174M130 122L128 174M150 122L144 172" stroke="#8a2050" stroke-width="2.5" opacity=".6"/>` +
  `<path d="M60 122C52 102 72 88 90 94C86 72 110 62 122 76C134 60 164 70 158 94C178 92 186 112 172 124Z" ${solid("#fff0f6", "#c06090")}/>` +
  `<path d="M84 104L92 100M112 90L118 96M138 100L146 96M100 112L104 118M128 114L134 110M156 110L162 114" stroke-width="4" stroke-linecap="round" stroke="#3fc1ff"/>` +
  `<path d="M96 96L100 90M124 106L130 104M148 88L152 92" stroke-width="4" stroke-linecap="round" stroke="#ffd23a"/>` +
  `<path d="M124 58C126 46 134 38 144 34" ${line("#2f6a1a", 3)}/>` +
  ball(c, 122, 66, 13, paint(c, "r"), "#5a000a") +
  sparkle(194, 52, 13, "#fff");

export const donut: Motif = () => {
  const hole = "M100 104a20 20 0 1 0 40 0a20 20 0 1 0 -40 0Z";
  const sprinkles: Array<[number, number, number, string]> = [
    [84, 80, 30, "#3fc1ff"],
    [112, 64, -20, "#ffd23a"],
    [148, 70, 60, "#fff"],
    [160, 100, -40, "#19c35a"],
    [80, 112, 70, "#ffd23a"],
    [132, 132, 10, "#3fc1ff"],
    [100, 134, -60, "#fff"],
    [150, 124, 40, "#ff5a3a"],
  ];
  return (
    groundShadow(120, 176, 64) +
    `<path fill-rule="evenodd" d="M56 104a64 64 0 1 0 128 0a64 64 0 1 0 -128 0Z${hole}" ${solid("#d9924a", "#6a3a10")}/>` +
    `<path fill-rule="evenodd" d="M64 100C62 68 92 46 122 46C154 46 178 70 176 100C176 116 168 110 164 124C158 136 150 128 140 138C130 146 116 140 104 146C92 150 88 136 78 132C66 126 66 112 64 100Z${hole}" ${solid("#ff6fb5", "#8a2050", 2)}/>` +
    sprinkles
      .map(([x, y, r, col]) => `<path transform="rotate(${r} ${x} ${y})" d="M${x - 5} ${y}H${x + 5}" ${line(col, 4)}/>`)
      .join("") +
    `<path d="M80 78Q96 58 124 56" ${line("#fff", 4)} opacity=".5"/>`
  );
};

export const pinata: Motif = () => {
  const stripes = ["#ff5fd0", "#ffd23a", "#3fc1ff", "#19c35a", "#ff6a1a"];
  return (
    groundShadow(116, 178, 66) +
    `<path d="M66 136V170M88 136V170M136 136V170M158 136V170" ${line("#ff5fd0", 12)}/>` +
    `<path d="M56 90H164V140H56Z" fill="#ff5fd0" stroke="#5a1a4a" stroke-width="3"/>` +
    stripes.map((col, i) => `<rect x="56" y="${90 + i * 10}" width="108" height="10" fill="${col}"/>`).join("") +
    `<path d="M56 90H164V140H56Z" fill="none" stroke="#5a1a4a" stroke-width="3"/>` +
    `<path d="M150 96L158 48L186 42L198 64L180 74V104Z" fill="#ffd23a" stroke="#5a1a4a" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M166 46L160 18L178 40ZM178 44L180 16L190 42Z" fill="#3fc1ff" stroke="#5a1a4a" stroke-width="2" stroke-linejoin="round"/>` +
    `<circle cx="180" cy="56" r="4" fill="#16161e"/>` +
    `<path d="M56 100C44 96 38 104 34 116" ${line("#19c35a", 6)}/>`
  );
};

export const chest: Motif = (c) =>
  groundShadow(120, 178, 80) +
  `<rect x="48" y="100" width="144" height="72" rx="6" ${solid("#8a4a1a", "#3a1a05")}/>` +
  `<path d="M48 100V78C48 54 80 42 120 42C160 42 192 54 192 78V100Z" ${solid("#a85a20", "#3a1a05")}/>` +
  `<g fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"><rect x="64" y="46" width="14" height="126"/><rect x="162" y="46" width="14" height="126"/></g>` +
  `<path d="M48 100H192" stroke="${paint(c, "m")}" stroke-width="8"/>` +
  `<rect x="106" y="90" width="28" height="32" rx="4" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
  `<path d="M120 100a4 4 0 1 1 0 .1M120 104V114" ${line("#3a1a05", 3)}/>` +
  `<path d="M60 62Q88 50 120 48" ${line("#fff", 4)} opacity=".4"/>` +
  `<g fill="${paint(c, "m")}" stroke="#a86600" stroke-width="1.5"><ellipse cx="40" cy="172" rx="18" ry="7"/><ellipse cx="206" cy="170" rx="16" ry="6"/></g>` +
  sparkle(196, 60, 14, "#fff");

export const ingot: Motif = (c) =>
  groundShadow(120, 172, 86) +
  `<path d="M36 104C40 84 68 90 80 100C88 78 152 78 160 100C172 90 200 84 204 104C200 138 172 158 120 158C68 158 40 138 36 104Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3"/>` +
  `<path d="M80 100C84 122 156 122 160 100C150 84 90 84 80 100Z" fill="#fff3b0" stroke="#a86600" stroke-width="2"/>` +
  `<path d="M50 112C64 136 100 146 140 142" ${line("#fff", 4)} opacity=".5"/>` +
  coin(c, 60, 58, 20) +
  coin(c, 184, 54, 16) +
  sparkle(120, 60, 14, "#fff") +
  sparkle(200, 150, 10, c.p.accent);

export const reels: Motif = (c) =>
  groundShadow(120, 180, 74) +
  `<path d="M196 74H210V128" ${line("#aeb8c8", 6)}/>` +
  ball(c, 210, 68, 10, paint(c, "r")) +
  `<rect x="44" y="40" width="152" height="134" rx="18" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
  `<rect x="60" y="22" width="120" height="30" rx="12" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2.5"/>` +
  `<text x="120" y="43" font-size="16" fill="#8a0018">JACKPOT</text>` +
  `<rect x="56" y="64" width="128" height="66" rx="8" fill="#fff" stroke="#2a0006" stroke-width="3"/>` +
  `<path d="M98.7 64V130M141.3 64V130" stroke="#2a0006" stroke-width="2"/>` +
  `<g font-size="44" fill="#e0102f" stroke="#8a0018" stroke-width="1.5"><text x="77" y="113">7</text><text x="120" y="113">7</text><text x="163" y="113">7</text></g>` +
  `<g fill="${paint(c, "m")}"><circle cx="84" cy="152" r="9"/><circle cx="120" cy="152" r="9"/><circle cx="156" cy="152" r="9"/></g>`;

export const trophy: Motif = (c) =>
  groundShadow(120, 178, 52) +
  mirrored("M82 58C52 52 50 92 86 100", line("#a86600", 8)) +
  `<path d="M76 42H164V70C164 106 146 126 120 128C94 126 76 106 76 70Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3"/>` +
  `<path d="M112 128H128L132 150H108Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
  `<rect x="84" y="150" width="72" height="24" rx="4" fill="#5a2a10" stroke="#2a1005" stroke-width="2.5"/>` +
  `<rect x="100" y="156" width="40" height="10" rx="2" fill="${paint(c, "m")}"/>` +
  `<polygon points="${starPoints(120, 80, 18, 8)}" fill="#fff" opacity=".85"/>` +
  `<path d="M88 52V78" ${line("#fff", 5)} opacity=".5"/>` +
  sparkle(190, 40, 14, "#fff");

export const chilli: Motif = (c) =>
  groundShadow(120, 178, 60) +
  `<path d="M90 60C60 82 56 132 92 168C102 178 112 170 106 160C88 130 94 98 110 74Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
  `<path d="M150 52C184 70 196 120 168 162C160 172 150 166 154 156C168 124 158 92 138 70Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
  `<path d="M88 66C96 56 108 56 114 66L104 76Z" fill="#2f9e44" stroke="#0f4a1a" stroke-width="2"/><path d="M102 58C102 46 108 38 118 36" ${line("#2f9e44", 5)}/>` +
  `<path d="M134 66C140 54 152 52 158 60L148 72Z" fill="#2f9e44" stroke="#0f4a1a" stroke-width="2"/><path d="M146 54C144 42 148 32 158 28" ${line("#2f9e44", 5)}/>` +
  `<path d="M80 98Q78 120 88 140M166 92Q172 112 166 132" ${line("#fff", 4)} opacity=".5"/>` +
  sparkle(120, 120, 12, "#ffd23a") +
  sparkle(200, 60, 10, "#fff");

export const flame: Motif = () =>
  `<path d="M120 178C76 178 56 148 60 118C64 88 88 76 92 48C108 64 112 82 110 94C120 78 128 56 122 28C156 50 182 88 182 124C182 156 158 178 120 178Z" ${solid("#ff4a1a", "#7a1000")}/>` +
  `<path d="M120 172C94 172 82 152 86 132C90 112 104 106 106 88C118 102 122 114 120 124C130 114 136 98 134 82C154 100 164 118 162 138C160 158 144 172 120 172Z" fill="#ffa31a"/>` +
  `<path d="M120 168C106 168 100 156 102 146C104 134 114 128 116 118C126 130 138 138 138 150C138 162 130 168 120 168Z" fill="#fff3a0"/>` +
  `<g fill="#ffb800"><circle cx="60" cy="60" r="4"/><circle cx="184" cy="50" r="5"/><circle cx="196" cy="90" r="3"/></g>`;

export const bolt: Motif = (c) => {
  const d = "M134 22L70 118H112L94 186L174 80H128L152 22Z";
  return (
    `<path d="M40 62a16 16 0 0 1 26 -14a20 20 0 0 1 38 6a14 14 0 0 1 -4 28H46a14 14 0 0 1 -6 -20Z" fill="#cfd8e8" opacity=".9"/>` +
    `<path d="M150 158a12 12 0 0 1 20 -10a16 16 0 0 1 30 4a11 11 0 0 1 -3 22H154a11 11 0 0 1 -4 -16Z" fill="#cfd8e8" opacity=".7"/>` +
    `<path d="${d}" fill="none" stroke="${c.p.glow}" stroke-width="16" stroke-linejoin="round" opacity=".4"/>` +
    `<path d="${d}" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="4" stroke-linejoin="round"/>` +
    `<path d="M130 34L88 104" ${line("#fff", 4)} opacity=".7"/>`
  );
};

export const snowflake: Motif = () => {
  const arm = "M0 0V-66M0-42L-15-56M0-42L15-56M0-22L-11-33M0-22L11-33";
  const arms = [0, 60, 120, 180, 240, 300].map((r) => `<path transform="rotate(${r})" d="${arm}"/>`).join("");
  return (
    `<g transform="translate(120 100)" fill="none" stroke-linecap="round">` +
    `<g stroke="#2a7ad8" stroke-width="13">${arms}</g><g stroke="#eef8ff" stroke-width="7">${arms}</g>` +
    `<polygon points="${starPoints(0, 0, 14, 14, 6, 0)}" fill="#bfe3ff" stroke="#2a7ad8" stroke-width="3"/></g>` +
    sparkle(196, 44, 13, "#fff") +
    sparkle(46, 160, 10, "#bfe3ff")
  );
};

export const vault: Motif = (c) =>
  groundShadow(120, 180, 74) +
  `<rect x="48" y="38" width="144" height="134" rx="12" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<rect x="60" y="50" width="120" height="110" rx="8" fill="#aeb8c8" stroke="#2e3440" stroke-width="2"/>` +
  `<circle cx="120" cy="105" r="34" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<path d="M120 75V135M90 105H150M99 84L141 126M141 84L99 126" stroke="#2e3440" stroke-width="5" stroke-linecap="round"/>` +
  ball(c, 120, 105, 10, paint(c, "m")) +
  `<g fill="#5d6778"><rect x="52" y="66" width="10" height="20" rx="3"/><rect x="52" y="124" width="10" height="20" rx="3"/></g>` +
  coin(c, 196, 156, 18) +
  sparkle(194, 44, 13, "#fff");
