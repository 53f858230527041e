// Slot-machine motifs. All are drawn in the 240x240 tile frame, centred near
// (120,100) so they sit above the name band.

import { type Motif, type MotifCtx, ball, groundShadow, paint } from "./motif-kit";
import { darken, lighten } from "./palette";
import { sparkle, starPoints } from "./svg";

const SEVEN = "M70 42H170V66L128 166H92L134 70H70Z";

const seven: Motif = (c) =>
  groundShadow(112, 170, 46) +
  `<path d="${SEVEN}" transform="translate(5 6)" fill="${darken(c.p.bg2, 0.3)}" stroke-linejoin="round"/>` +
  `<path d="${SEVEN}" fill="${paint(c, "m")}" stroke="#8a0018" stroke-width="7" stroke-linejoin="round" paint-order="stroke"/>` +
  `<path d="M78 48H162V56H78Z" fill="#fff" opacity=".55"/>` +
  sparkle(176, 44, 18, "#fff") +
  sparkle(64, 140, 12, c.p.accent) +
  sparkle(168, 138, 9, "#fff", 0.8);

const cherries: Motif = (c) =>
  groundShadow(120, 168, 62) +
  `<path d="M92 122C96 86 120 60 150 44M148 126C146 96 146 70 150 44" fill="none" stroke="#2f8a3a" stroke-width="7" stroke-linecap="round"/>` +
  `<path d="M150 44C164 26 192 30 200 48C182 60 164 58 150 44Z" fill="#43c15a" stroke="#1d5e27" stroke-width="2"/>` +
  `<path d="M154 45C170 42 184 44 196 48" stroke="#a6f0b0" stroke-width="2" fill="none"/>` +
  ball(c, 90, 130, 32, paint(c, "r"), "#5a000a") +
  ball(c, 150, 134, 32, paint(c, "r"), "#5a000a") +
  sparkle(70, 110, 11, "#fff") +
  sparkle(186, 100, 14, c.p.accent);

const gem: Motif = (c) => {
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

function coin(c: MotifCtx, cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${cx}" cy="${cy + 4}" r="${r}" fill="#8a5200"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${paint(c, "m")}" stroke="#a86600" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="none" stroke="#b87400" stroke-width="3"/>` +
    `<polygon points="${starPoints(cx, cy, r * 0.5, r * 0.22)}" fill="#fff0a8" stroke="#b87400" stroke-width="2"/>`
  );
}

const coins: Motif = (c) => {
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

const crown: Motif = (c) =>
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

const lion: Motif = () =>
  groundShadow(120, 172, 58) +
  `<polygon points="${starPoints(120, 100, 74, 56, 14)}" fill="#b35400" stroke="#5c2500" stroke-width="3" stroke-linejoin="round"/>` +
  `<polygon points="${starPoints(120, 100, 62, 48, 14, -77)}" fill="#ee9a22"/>` +
  `<circle cx="120" cy="104" r="40" fill="#ffd27a" stroke="#a85a00" stroke-width="2"/>` +
  `<path d="M96 88Q104 80 112 88M128 88Q136 80 144 88" stroke="#5c2500" stroke-width="4" fill="none" stroke-linecap="round"/>` +
  `<circle cx="104" cy="96" r="5" fill="#2b1200"/><circle cx="136" cy="96" r="5" fill="#2b1200"/>` +
  `<circle cx="106" cy="94" r="1.8" fill="#fff"/><circle cx="138" cy="94" r="1.8" fill="#fff"/>` +
  `<ellipse cx="110" cy="122" rx="13" ry="10" fill="#fff4d6"/><ellipse cx="130" cy="122" rx="13" ry="10" fill="#fff4d6"/>` +
  `<path d="M110 108H130L120 119Z" fill="#5c2500"/>` +
  `<path d="M120 119V126M112 132Q120 138 128 132" stroke="#5c2500" stroke-width="3" fill="none" stroke-linecap="round"/>` +
  sparkle(186, 44, 14, "#fff");

const tiger: Motif = () =>
  groundShadow(120, 170, 56) +
  `<circle cx="76" cy="58" r="20" fill="#ff8a1a" stroke="#3a1600" stroke-width="3"/><circle cx="76" cy="58" r="10" fill="#ffd2b0"/>` +
  `<circle cx="164" cy="58" r="20" fill="#ff8a1a" stroke="#3a1600" stroke-width="3"/><circle cx="164" cy="58" r="10" fill="#ffd2b0"/>` +
  `<ellipse cx="120" cy="104" rx="60" ry="54" fill="#ff8a1a" stroke="#3a1600" stroke-width="3"/>` +
  `<path d="M120 52L112 70H128ZM104 56L100 74L110 72ZM136 56L140 74L130 72ZM60 96L84 100L62 108ZM180 96L156 100L178 108ZM62 122L84 118L68 132ZM178 122L156 118L172 132Z" fill="#1e0c00"/>` +
  `<ellipse cx="100" cy="128" rx="24" ry="20" fill="#fff"/><ellipse cx="140" cy="128" rx="24" ry="20" fill="#fff"/>` +
  `<path d="M88 92Q100 80 112 94Q100 100 88 92ZM152 92Q140 80 128 94Q140 100 152 92Z" fill="#c8ff3c" stroke="#1e0c00" stroke-width="2"/>` +
  `<path d="M100 84V98M140 84V98" stroke="#1e0c00" stroke-width="3.5"/>` +
  `<path d="M110 112H130L120 124Z" fill="#ff6f91" stroke="#1e0c00" stroke-width="2"/>` +
  `<path d="M120 124V134M108 140Q120 146 132 140" stroke="#1e0c00" stroke-width="3" fill="none" stroke-linecap="round"/>`;

const dragon: Motif = (c) =>
  groundShadow(124, 172, 64) +
  `<path d="M96 70C84 50 70 40 52 36C66 48 72 60 78 76Z" fill="${paint(c, "m")}" stroke="#5a3000" stroke-width="2"/>` +
  `<path d="M110 66C104 44 92 30 76 22C86 38 92 52 94 70Z" fill="${paint(c, "m")}" stroke="#5a3000" stroke-width="2"/>` +
  `<path d="M58 118C54 88 78 64 112 64L170 78C190 82 196 96 184 104L158 110L178 120C186 126 180 138 168 134L136 128C118 150 82 154 64 134Z" fill="#19a85a" stroke="#063a1c" stroke-width="4" stroke-linejoin="round"/>` +
  `<path d="M66 112C70 92 86 80 108 78L166 90" fill="none" stroke="#9dffc2" stroke-width="3" opacity=".6"/>` +
  `<path d="M64 134L50 150L72 142L66 162L86 146L90 166L104 146" fill="#19a85a" stroke="#063a1c" stroke-width="3" stroke-linejoin="round"/>` +
  `<ellipse cx="128" cy="88" rx="10" ry="8" fill="#ffe14d" stroke="#063a1c" stroke-width="2"/><ellipse cx="130" cy="88" rx="3" ry="7" fill="#111"/>` +
  `<path d="M114 78L142 80" stroke="#063a1c" stroke-width="4" stroke-linecap="round"/>` +
  `<path d="M160 114L176 118M140 124L168 128" stroke="#fff" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M178 96C196 92 206 100 214 88M170 106C188 116 200 114 210 124" fill="none" stroke="${paint(c, "m")}" stroke-width="3" stroke-linecap="round"/>` +
  `<circle cx="176" cy="88" r="3" fill="#063a1c"/>` +
  ball(c, 186, 150, 16, paint(c, "a")) +
  sparkle(196, 40, 14, "#fff");

export const SLOT_MOTIFS: readonly Motif[] = [seven, cherries, gem, coins, crown, lion, tiger, dragon];
