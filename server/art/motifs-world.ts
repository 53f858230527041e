// Places, festivals, plants and sky motifs: the Philippine and Asian scenery
// words of the name pools (jeepney, parol, volcano, pagoda, lotus...) and the
// quest/kingdom props, in the shared 240x240 frame.

import { type Motif, type MotifCtx, ball, groundShadow, mirrored, paint, variantOf } from "./motif-kit";
import { num, sparkle, starPoints } from "./svg";

const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const solid = (fill: string, ink: string, width = 3) =>
  `fill="${fill}" stroke="${ink}" stroke-width="${width}" stroke-linejoin="round"`;

const FESTIVE = ["#e0102f", "#ffd23a", "#1e6cf0", "#19c35a", "#ff5fd0"];

/** Two-layer water at the foot of a tile; sea motifs share it so they sit on one horizon. */
export function waterLine(y: number): string {
  return (
    `<path d="M0 ${y}Q30 ${y - 12} 60 ${y}T120 ${y}T180 ${y}T240 ${y}V240H0Z" fill="#1fb6ff" opacity=".4"/>` +
    `<path d="M0 ${y + 12}Q30 ${y + 2} 60 ${y + 12}T120 ${y + 12}T180 ${y + 12}T240 ${y + 12}V240H0Z" fill="#0a6fd6" opacity=".55"/>`
  );
}

export const jeepney: Motif = (c) =>
  groundShadow(118, 176, 100) +
  `<path d="M22 152V102C22 96 28 90 36 90H170L198 102C208 106 214 114 214 124V152Z" ${solid("#eef1f6", "#2a2f3a")}/>` +
  `<path d="M18 90H178V78C178 72 172 66 166 66H32C24 66 18 72 18 80Z" fill="${paint(c, "r")}" stroke="#2a2f3a" stroke-width="3"/>` +
  `<path d="M30 66V58H168V66" ${line("#5d6778", 3)}/>` +
  `<path d="M32 98H54V118H32ZM60 98H82V118H60ZM88 98H110V118H88ZM116 98H138V118H116Z" ${solid("#3a9ad9", "#2a2f3a", 2)}/>` +
  `<path d="M146 98H170L190 120H146Z" ${solid("#7cc4f0", "#2a2f3a", 2)}/>` +
  `<path d="M22 128H214" stroke="#ffb800" stroke-width="6"/><path d="M22 140H214" stroke="#1e6cf0" stroke-width="4"/>` +
  `<rect x="200" y="146" width="24" height="9" rx="3" fill="${paint(c, "i")}" stroke="#2a2f3a" stroke-width="2"/>` +
  `<path d="M184 100L190 84L200 88L196 100Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="1.5"/>` +
  `<g fill="#16161e"><circle cx="62" cy="156" r="20"/><circle cx="174" cy="156" r="20"/></g>` +
  `<g fill="${paint(c, "i")}"><circle cx="62" cy="156" r="9"/><circle cx="174" cy="156" r="9"/></g>` +
  sparkle(206, 58, 12, "#fff");

export const bangka: Motif = (c) =>
  `<circle cx="60" cy="58" r="22" fill="${paint(c, "m")}"/>` +
  `<path d="M120 134V40" ${line("#6a3c10", 5)}/>` +
  `<path d="M124 44C160 60 182 92 188 124H124Z" ${solid("#ffd23a", "#7a5a00", 2)}/>` +
  `<path d="M124 72H168M124 100H182" stroke="#1e6cf0" stroke-width="7"/>` +
  `<path d="M116 54C92 72 80 98 78 124H116Z" ${solid("#19c35a", "#0a4a1a", 2)}/>` +
  `<path d="M116 84H90M116 108H80" stroke="#e0102f" stroke-width="6"/>` +
  `<path d="M38 132H202C194 152 172 162 120 162C68 162 46 152 38 132Z" fill="${paint(c, "r")}" stroke="#4a0008" stroke-width="3"/>` +
  `<path d="M44 142H196" stroke="#ffd23a" stroke-width="5"/>` +
  waterLine(164) +
  `<path d="M60 136L34 162M180 136L206 162M20 162H220" ${line("#6a3c10", 4)}/>`;

function bunting(x0: number, y0: number, sag: number, n: number, size: number): string {
  const x1 = 240 - x0;
  let flags = "";
  const point = (t: number): [number, number] => [x0 + (x1 - x0) * t, y0 + 4 * sag * t * (1 - t)];
  for (let i = 0; i < n; i++) {
    const [ax, ay] = point((i + 0.15) / n);
    const [bx, by] = point((i + 0.85) / n);
    const [mx, my] = point((i + 0.5) / n);
    flags += `<path d="M${num(ax)} ${num(ay)}L${num(bx)} ${num(by)}L${num(mx)} ${num(my + size)}Z" fill="${FESTIVE[i % FESTIVE.length]}"/>`;
  }
  return `<path d="M${x0} ${y0}Q120 ${y0 + 2 * sag} ${x1} ${y0}" ${line("#fff", 2)}/>` + flags;
}

export const fiesta: Motif = (c) =>
  bunting(6, 34, 26, 9, 22) +
  bunting(16, 84, 22, 7, 20) +
  groundShadow(120, 178, 52) +
  `<g transform="rotate(-24 96 150)"><ellipse cx="96" cy="118" rx="20" ry="26" ${solid("#19c35a", "#0a4a1a")}/><path d="M96 144V182" ${line("#8a5a2a", 7)}/><path d="M80 110H112M82 124H110" stroke="#ffd23a" stroke-width="4"/></g>` +
  `<g transform="rotate(24 144 150)"><ellipse cx="144" cy="118" rx="20" ry="26" ${solid("#e0102f", "#5a000a")}/><path d="M144 144V182" ${line("#8a5a2a", 7)}/><path d="M128 110H160M130 124H158" stroke="#1e6cf0" stroke-width="4"/></g>` +
  sparkle(120, 150, 12, c.p.accent) +
  sparkle(200, 140, 10, "#fff");

export const lotus: Motif = () =>
  `<ellipse cx="120" cy="162" rx="84" ry="17" ${solid("#1e8a4a", "#0a3a1a")}/>` +
  mirrored("M120 148C94 150 62 142 46 126C70 120 100 128 120 148Z", solid("#ff7ab8", "#8a2050", 2.5)) +
  mirrored("M120 142C96 132 70 112 62 86C84 88 106 106 120 142Z", solid("#ff9ac8", "#8a2050", 2.5)) +
  mirrored("M120 144C104 122 96 94 104 64C118 82 124 112 120 144Z", solid("#ffb8da", "#8a2050", 2.5)) +
  `<path d="M120 144C106 118 106 84 120 54C134 84 134 118 120 144Z" ${solid("#ffd6ea", "#8a2050", 2.5)}/>` +
  `<path d="M120 132V70" ${line("#fff", 2)} opacity=".6"/>` +
  sparkle(186, 56, 13, "#fff") +
  sparkle(54, 62, 9, "#ffe27a");

function jasmine(x: number, y: number, s: number): string {
  let petals = "";
  for (let k = 0; k < 5; k++) petals += `<ellipse cy="-16" rx="9" ry="16" transform="rotate(${k * 72})"/>`;
  return (
    `<g transform="translate(${x} ${y}) scale(${s})"><g fill="#fff" stroke="#b8b8cc" stroke-width="2">${petals}</g>` +
    `<circle r="6" fill="#ffe066"/></g>`
  );
}

export const sampaguita: Motif = () =>
  groundShadow(120, 176, 62) +
  mirrored("M120 156C98 142 72 142 52 154C72 168 98 168 120 156Z", solid("#2f9e44", "#0a3a1a", 2)) +
  `<path d="M120 156C118 140 124 124 136 112" ${line("#2f9e44", 4)}/>` +
  `<path d="M40 60Q120 118 200 60" fill="none" stroke="#fff" stroke-width="7" stroke-dasharray="1 11" stroke-linecap="round"/>` +
  jasmine(88, 112, 1.1) +
  jasmine(150, 100, 1.3) +
  jasmine(116, 148, 0.8) +
  sparkle(190, 150, 10, "#fff");

function stalk(x: number, top: number, w: number): string {
  let nodes = "";
  for (let y = top + 34; y < 176; y += 34) nodes += `M${x - 2} ${y}H${x + w + 2}`;
  return (
    `<rect x="${x}" y="${top}" width="${w}" height="${180 - top}" rx="4" ${solid("#6cc04a", "#1f5a12")}/>` +
    `<path d="${nodes}" stroke="#1f5a12" stroke-width="3"/>` +
    `<path d="M${x + 5} ${top + 6}V176" stroke="#c8f7a0" stroke-width="3" opacity=".6"/>`
  );
}

export const bamboo: Motif = () =>
  stalk(66, 34, 22) +
  stalk(108, 14, 26) +
  stalk(154, 56, 20) +
  `<path d="M134 60C150 44 176 38 198 42C180 54 160 60 134 60ZM108 94C92 74 66 70 42 76C62 90 86 94 108 94ZM174 104C188 94 206 94 222 100C206 110 190 110 174 104ZM88 58C78 44 62 38 46 40C56 52 72 58 88 58Z" ${solid("#3fae3f", "#1f5a12", 2)}/>`;

export const pearl: Motif = (c) =>
  groundShadow(120, 178, 76) +
  `<path d="M40 126C40 70 80 40 120 40C160 40 200 70 200 126Z" ${solid("#ffd6e3", "#8a3050")}/>` +
  `<path d="M120 44V126M84 52L100 126M156 52L140 126M58 76L82 126M182 76L158 126" stroke="#d88aa8" stroke-width="3"/>` +
  `<path d="M38 128C38 160 80 178 120 178C160 178 202 160 202 128Z" ${solid("#ffc2d4", "#8a3050")}/>` +
  `<path d="M44 128H196" stroke="#8a3050" stroke-width="3"/>` +
  `<circle cx="120" cy="122" r="40" fill="#fff" opacity=".25"/>` +
  ball(c, 120, 122, 26, "#f6f2ff", "#b8a8d8") +
  sparkle(146, 98, 12, "#fff");

export const island: Motif = (c) =>
  `<circle cx="178" cy="58" r="24" fill="${paint(c, "m")}"/>` +
  waterLine(144) +
  `<ellipse cx="108" cy="154" rx="72" ry="20" ${solid("#f2d28a", "#a07a30")}/>` +
  `<path d="M100 152C94 120 102 88 124 64" ${line("#8a5a2a", 10)}/>` +
  `<path d="M99 136H109M98 118H108M101 100H111M108 84H118" stroke="#5a3414" stroke-width="2.5"/>` +
  `<path d="M124 62C104 42 76 42 56 56C80 56 100 60 124 62ZM124 62C142 40 172 40 190 54C166 54 146 58 124 62ZM124 62C108 64 88 76 80 98C98 82 112 74 124 62ZM124 62C142 66 160 80 166 102C150 86 136 76 124 62ZM124 62C122 44 130 28 146 20C140 34 134 46 124 62Z" ${solid("#2fae4a", "#0f4a1a", 2)}/>` +
  `<g fill="#6a3c10"><circle cx="118" cy="68" r="6"/><circle cx="130" cy="70" r="6"/></g>`;

export const volcano: Motif = () =>
  `<circle cx="120" cy="62" r="52" fill="#ff6a1a" opacity=".35"/>` +
  `<g fill="#7a7a88" opacity=".8"><circle cx="88" cy="34" r="16"/><circle cx="70" cy="22" r="11"/><circle cx="158" cy="28" r="13"/></g>` +
  `<path d="M104 66C94 42 104 18 120 8C118 28 128 36 140 26C144 44 136 58 132 68Z" fill="#ffb800"/>` +
  `<path d="M112 66C108 50 112 36 120 30C120 44 126 50 132 46C132 56 130 62 128 68Z" fill="#fff3a0"/>` +
  `<path d="M18 176L96 66H144L222 176Z" ${solid("#5a3a2a", "#1e100a")}/>` +
  `<path d="M144 66L222 176H170Z" fill="#3e2618"/>` +
  `<path d="M104 68C108 92 96 112 104 142M136 68C134 96 148 112 140 156" ${line("#ff6a1a", 7)}/>` +
  `<path d="M96 66Q120 78 144 66" ${line("#ffb800", 5)}/>` +
  `<g fill="#ff8a1a"><circle cx="60" cy="56" r="4"/><circle cx="178" cy="48" r="5"/><circle cx="192" cy="76" r="3"/></g>`;

export const parol: Motif = (c) =>
  `<path d="M102 150C98 166 90 178 78 186M120 158V192M138 150C142 166 150 178 162 186" ${line("#ffd23a", 4)}/>` +
  `<path d="M110 154C108 170 102 180 96 190M130 154C132 170 138 180 144 190" ${line("#ff5fd0", 3)}/>` +
  `<circle cx="120" cy="96" r="66" fill="none" stroke="${paint(c, "m")}" stroke-width="7"/>` +
  `<polygon points="${starPoints(120, 96, 62, 27)}" fill="${paint(c, "r")}" stroke="#ffd23a" stroke-width="4" stroke-linejoin="round"/>` +
  `<polygon points="${starPoints(120, 96, 36, 15)}" fill="#ffd23a"/>` +
  `<circle cx="120" cy="96" r="11" fill="#fff"/>` +
  `<circle cx="120" cy="96" r="66" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="1 15" stroke-linecap="round"/>`;

export const barong: Motif = () =>
  `<path d="M80 58L120 40L160 58" ${line("#8a6a3a", 4)}/><path d="M120 40V30Q120 22 128 22" ${line("#aeb8c8", 3)}/>` +
  `<path d="M80 56L54 72L38 122L62 130L72 106V180H168V106L178 130L202 122L186 72L160 56Q140 68 120 68Q100 68 80 56Z" ${solid("#fff7e0", "#8a7a50")}/>` +
  `<path d="M100 58L120 86L140 58" ${line("#8a7a50", 3)}/>` +
  `<path d="M120 92V176" fill="none" stroke="#c8a860" stroke-width="5" stroke-dasharray="2 7" stroke-linecap="round"/>` +
  `<path d="M94 96C86 110 100 118 94 134C88 150 102 158 96 172M146 96C154 110 140 118 146 134C152 150 138 158 144 172" ${line("#c8a860", 2.5)}/>` +
  `<path d="M104 100q6 -8 12 0q-6 8 -12 0ZM124 100q6 -8 12 0q-6 8 -12 0ZM104 128q6 -8 12 0q-6 8 -12 0ZM124 128q6 -8 12 0q-6 8 -12 0Z" fill="#d8bc78"/>`;

function chineseLantern(c: MotifCtx, x: number, y: number, s: number): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${s})">` +
    `<path d="M0 -70V-44M0 44V84" ${line("#ffd23a", 4)}/>` +
    `<ellipse rx="42" ry="38" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
    `<path d="M0 -38V38M-20 -34Q-34 0 -20 34M20 -34Q34 0 20 34" ${line("#ffb800", 2)}/>` +
    `<g fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"><rect x="-18" y="-46" width="36" height="11" rx="3"/><rect x="-18" y="35" width="36" height="11" rx="3"/></g>` +
    `<circle r="13" fill="none" stroke="${paint(c, "m")}" stroke-width="3"/>` +
    `</g>`
  );
}

export const lantern: Motif = (c) =>
  chineseLantern(c, 84, 94, 1) + chineseLantern(c, 168, 84, 0.72) + sparkle(44, 160, 10, "#ffe27a");

function tier(y: number, w: number): string {
  const roof =
    `M${120 - w - 12} ${y}C${120 - w} ${y - 4} ${120 - w / 2} ${y - 12} 120 ${y - 24}` +
    `C${120 + w / 2} ${y - 12} ${120 + w} ${y - 4} ${120 + w + 12} ${y}Z`;
  return (
    `<rect x="${120 - w * 0.62}" y="${y}" width="${w * 1.24}" height="22" fill="#c81e1e" stroke="#4a0008" stroke-width="2.5"/>` +
    `<path d="M${120 - w * 0.3} ${y + 6}h${w * 0.6}" stroke="#ffd23a" stroke-width="3"/>` +
    `<path d="${roof}" fill="#1e6a5a" stroke="#06302a" stroke-width="3" stroke-linejoin="round"/>` +
    `<path d="M${120 - w - 12} ${y}H${120 + w + 12}" stroke="#ffb800" stroke-width="3"/>`
  );
}

export const pagoda: Motif = (c) =>
  groundShadow(120, 178, 80) +
  `<rect x="44" y="164" width="152" height="12" rx="3" fill="#6a4a2a" stroke="#2a1a0a" stroke-width="2.5"/>` +
  tier(142, 62) +
  tier(104, 48) +
  tier(68, 34) +
  `<path d="M120 44V18" ${line("#ffb800", 4)}/>` +
  ball(c, 120, 16, 6, paint(c, "m"));

export const firecracker: Motif = (c) => {
  let crackers = "";
  for (let i = 0; i < 6; i++) {
    const x = i % 2 === 0 ? 100 : 140;
    const y = 46 + i * 22;
    crackers +=
      `<g transform="translate(${x} ${y}) rotate(${i % 2 === 0 ? 35 : -35})">` +
      `<rect x="-10" y="-22" width="20" height="44" rx="5" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2"/>` +
      `<rect x="-10" y="-6" width="20" height="7" fill="${paint(c, "m")}"/></g>`;
  }
  return (
    `<path d="M120 18C116 60 124 100 120 168" fill="none" stroke="${paint(c, "m")}" stroke-width="4"/>` +
    crackers +
    `<polygon points="${starPoints(120, 178, 26, 9, 8)}" fill="#ffd23a"/>` +
    sparkle(120, 178, 14, "#fff") +
    sparkle(180, 150, 10, "#ffe27a") +
    sparkle(56, 130, 9, "#fff")
  );
};

// By day or by night, so a row of ocean titles does not repeat one picture.
export const wave: Motif = Object.assign(
  (c: MotifCtx) =>
    `<path d="M16 172C16 112 58 62 118 58C168 54 204 84 202 120C200 146 174 158 154 146C140 136 146 114 164 116C152 98 122 96 106 120C90 146 98 170 122 178Z" fill="${variantOf(c, 2) === 1 ? "#1e88e5" : "#12b8a6"}" stroke="#0a3a6a" stroke-width="3" stroke-linejoin="round"/>` +
    (variantOf(c, 2) === 1
      ? `<circle cx="186" cy="44" r="20" fill="${paint(c, "m")}"/>`
      : `<path d="M176 30a20 20 0 1 0 20 28a16 16 0 1 1 -20 -28Z" fill="#fff3b0"/>`) +
    `<path d="M40 166C44 120 76 86 118 80C146 76 166 86 176 100" ${line("#7cc8ff", 5)} opacity=".8"/>` +
    `<path d="M202 120C200 146 174 158 154 146" ${line("#fff", 7)}/>` +
    `<g fill="#fff"><circle cx="206" cy="104" r="6"/><circle cx="196" cy="90" r="4"/><circle cx="214" cy="122" r="4"/></g>` +
    `<path d="M0 174Q60 160 120 174T240 174V200H0Z" fill="#0a6fd6"/>`,
  { variants: 2 },
);

export const planet: Motif = (c) =>
  `<ellipse cx="120" cy="96" rx="94" ry="24" transform="rotate(-16 120 96)" ${line("#ffd9a0", 8)}/>` +
  `<circle cx="120" cy="96" r="54" fill="${paint(c, "a")}" stroke="#0006" stroke-width="2"/>` +
  `<path d="M70 80Q120 68 170 82M68 106Q120 96 172 110M80 130Q120 124 160 134" ${line("#fff", 5)} opacity=".25"/>` +
  `<circle cx="120" cy="96" r="54" fill="${paint(c, "s")}"/>` +
  `<path d="M29 122A94 24 -16 0 0 211 70" ${line("#ffd9a0", 8)}/>` +
  ball(c, 196, 160, 10, "#cfd6e0") +
  sparkle(46, 46, 12, "#fff") +
  sparkle(196, 34, 9, "#fff");

export const comet: Motif = (c) =>
  `<path d="M150 56C110 80 70 120 36 176C84 138 122 112 166 92Z" fill="#ff8a1a" opacity=".85"/>` +
  `<path d="M154 66C122 88 92 118 62 160C100 130 126 110 160 92Z" fill="#ffd23a"/>` +
  `<circle cx="164" cy="72" r="34" fill="${c.p.glow}" opacity=".35"/>` +
  ball(c, 164, 72, 22, paint(c, "m"), "#a86600") +
  `<g fill="#fff"><circle cx="60" cy="50" r="2.5"/><circle cx="200" cy="150" r="2.5"/><circle cx="100" cy="30" r="2"/></g>` +
  sparkle(206, 34, 12, "#fff") +
  sparkle(80, 96, 9, "#fff", 0.8);

export const aurora: Motif = () =>
  `<path d="M8 86C56 44 100 112 150 62C180 32 210 52 232 40V72C210 82 184 64 154 94C104 142 62 74 8 112Z" fill="#3fffb0" opacity=".55"/>` +
  `<path d="M8 60C60 30 96 80 140 44C170 22 204 36 232 22V44C204 56 176 42 146 70C100 110 60 58 8 84Z" fill="#ff5fd0" opacity=".4"/>` +
  `<g fill="#fff"><circle cx="40" cy="30" r="2"/><circle cx="120" cy="20" r="2.5"/><circle cx="200" cy="90" r="2"/><circle cx="70" cy="130" r="1.5"/></g>` +
  `<path d="M0 178L54 104L84 134L126 78L176 140L204 116L240 150V200H0Z" ${solid("#1a2238", "#0a0f1e")}/>` +
  `<path d="M54 104L66 120L58 118L48 126ZM126 78L144 100L130 96L114 104Z" fill="#fff"/>`;

export const rocket: Motif = (c) =>
  `<g fill="#cfd6e0" opacity=".8"><circle cx="92" cy="182" r="14"/><circle cx="148" cy="182" r="14"/><circle cx="120" cy="188" r="12"/></g>` +
  `<path d="M104 148C100 170 110 184 120 192C130 184 140 170 136 148Z" fill="#ffb800"/>` +
  `<path d="M112 148C110 164 116 174 120 180C124 174 130 164 128 148Z" fill="#fff3a0"/>` +
  mirrored(
    "M98 112L70 148L74 158L102 144Z",
    `fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2.5" stroke-linejoin="round"`,
  ) +
  `<path d="M120 24C146 42 156 82 150 150H90C84 82 94 42 120 24Z" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<path d="M120 24C134 34 142 48 146 62H94C98 48 106 34 120 24Z" fill="${paint(c, "r")}" stroke="#2e3440" stroke-width="2"/>` +
  `<circle cx="120" cy="92" r="15" fill="#0b3a6a" stroke="${paint(c, "m")}" stroke-width="5"/>` +
  `<path d="M113 86Q118 80 125 82" ${line("#fff", 3)}/>` +
  sparkle(190, 50, 13, "#fff") +
  sparkle(48, 80, 9, "#fff");

export const castle: Motif = (c) =>
  groundShadow(120, 178, 86) +
  `<path d="M52 80L72 40L92 80ZM148 80L168 40L188 80Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<path d="M72 40V22L88 28L72 34M168 40V22L184 28L168 34" fill="${c.p.accent}" stroke="#2a2f3a" stroke-width="2"/>` +
  `<path d="M86 176V64H96V56H106V64H114V56H126V64H134V56H144V64H154V176Z" ${solid("#d2d6e2", "#3a3f4c")}/>` +
  `<path d="M56 176V80H88V176ZM152 176V80H184V176Z" ${solid("#c2c8d6", "#3a3f4c")}/>` +
  `<path d="M104 176V146Q120 128 136 146V176Z" fill="#2a1a10"/>` +
  `<path d="M66 100h12v14h-12ZM162 100h12v14h-12ZM114 82h12v16h-12Z" fill="#2a2f3a"/>` +
  `<path d="M86 120H154" stroke="#3a3f4c" stroke-width="2" opacity=".5"/>`;

export const compass: Motif = (c) =>
  groundShadow(120, 176, 58) +
  `<circle cx="120" cy="30" r="9" fill="none" stroke="${paint(c, "m")}" stroke-width="5"/>` +
  `<circle cx="120" cy="102" r="64" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
  `<circle cx="120" cy="102" r="52" fill="#fff8e6" stroke="#6a3c00" stroke-width="2"/>` +
  `<polygon points="${starPoints(120, 102, 46, 9, 8)}" fill="#d8c08a"/>` +
  `<path d="M120 52V60M120 144V152M70 102H78M162 102H170" stroke="#6a3c00" stroke-width="3"/>` +
  `<path d="M120 56L133 102H107Z" fill="#e0102f"/><path d="M107 102H133L120 148Z" fill="#1c1c28"/>` +
  ball(c, 120, 102, 7, paint(c, "m"));

function sword(c: MotifCtx, rot: number): string {
  return (
    `<g transform="translate(120 104) rotate(${rot})">` +
    `<path d="M-7 -88L0 -104L7 -88V40H-7Z" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="2"/>` +
    `<rect x="-24" y="38" width="48" height="9" rx="4" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="1.5"/>` +
    `<rect x="-4.5" y="47" width="9" height="22" fill="#5a2a10"/><circle cy="72" r="6" fill="${paint(c, "m")}"/></g>`
  );
}

export const swords: Motif = (c) =>
  groundShadow(120, 180, 60) +
  sword(c, -40) +
  sword(c, 40) +
  `<path d="M84 76H156V110C156 138 140 156 120 166C100 156 84 138 84 110Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="3"/>` +
  `<path d="M92 84H148V110C148 132 136 146 120 154C104 146 92 132 92 110Z" fill="none" stroke="${paint(c, "m")}" stroke-width="3"/>` +
  `<polygon points="${starPoints(120, 114, 18, 7.5)}" fill="${paint(c, "m")}"/>`;
