// Character motifs (ninja, samurai, pirate, royalty, myths). Each is told by
// its one iconic prop, a helmet, hat, mask or lamp, rather than a whole figure,
// so it stays readable at lobby thumbnail size.

import { type Motif, ball, eye, groundShadow, mirrored, paint } from "./motif-kit";
import { sparkle, starPoints } from "./svg";

const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const solid = (fill: string, ink: string, width = 3) =>
  `fill="${fill}" stroke="${ink}" stroke-width="${width}" stroke-linejoin="round"`;

const SKIN = "#f1c49a";

export const ninja: Motif = (c) =>
  `<path d="M168 80C186 74 200 84 216 74C208 92 190 98 172 92ZM170 90C188 94 198 110 214 110C200 120 182 110 166 100Z" fill="#e0102f" stroke="#5a000a" stroke-width="2"/>` +
  `<path d="M46 182C50 150 80 136 120 136C160 136 190 150 194 182Z" ${solid("#1c1c28", "#000")}/>` +
  `<circle cx="120" cy="96" r="62" ${solid("#1c1c28", "#000")}/>` +
  `<path d="M72 66Q100 48 140 52" ${line("#3a3a50", 5)}/>` +
  `<path d="M68 86Q120 72 172 86L168 116Q120 106 72 116Z" fill="${SKIN}"/>` +
  mirrored("M86 100Q98 92 110 101Q98 107 86 100Z", solid("#fff", "#000", 1.5)) +
  `<g fill="#16161e"><circle cx="99" cy="100" r="4"/><circle cx="141" cy="100" r="4"/></g>` +
  mirrored("M82 90L110 95", line("#000", 4)) +
  `<path d="M60 72Q120 54 180 72L180 84Q120 66 60 84Z" fill="#e0102f"/>` +
  `<rect x="104" y="59" width="32" height="16" rx="3" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="2"/>` +
  `<g transform="translate(52 158)"><polygon points="${starPoints(0, 0, 20, 5, 4, 10)}" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="2"/><circle r="3" fill="#2e3440"/></g>` +
  sparkle(190, 150, 10, "#fff", 0.8);

export const samurai: Motif = (c) =>
  `<path d="M50 182C56 152 84 142 120 142C156 142 184 152 190 182Z" ${solid("#8a1020", "#2a0006")}/>` +
  `<path d="M66 164H174M60 176H180" stroke="${paint(c, "m")}" stroke-width="3"/>` +
  `<path d="M54 96H186L198 126Q120 144 42 126Z" ${solid("#8a1020", "#2a0006")}/>` +
  `<path d="M52 110Q120 124 188 110" ${line("#ffb800", 2)}/>` +
  `<path d="M86 98H154L150 128Q120 148 90 128Z" fill="${SKIN}"/>` +
  `<path d="M90 120Q120 136 150 120L146 136Q120 152 94 136Z" fill="#1c1c24"/>` +
  mirrored("M94 104L112 110", line("#000", 4)) +
  `<g fill="#16161e"><circle cx="104" cy="113" r="3.5"/><circle cx="136" cy="113" r="3.5"/></g>` +
  `<path d="M62 98C62 58 88 40 120 40C152 40 178 58 178 98Z" ${solid("#2a2a34", "#000")}/>` +
  `<path d="M92 46V96M120 40V96M148 46V96" stroke="#4a4a58" stroke-width="3"/>` +
  `<path d="M120 60C98 54 80 36 72 12C92 26 108 32 120 32C132 32 148 26 168 12C160 36 142 54 120 60Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
  ball(c, 120, 62, 7, paint(c, "r"));

export const pirate: Motif = (c) =>
  `<g stroke-linecap="round"><path d="M58 176L182 98M58 98L182 176" stroke="#3a3022" stroke-width="18"/><path d="M58 176L182 98M58 98L182 176" stroke="#f4efe0" stroke-width="12"/></g>` +
  `<path d="M120 60C88 60 72 82 72 106C72 124 82 134 92 140V158H148V140C158 134 168 124 168 106C168 82 152 60 120 60Z" ${solid("#f4efe0", "#3a3022")}/>` +
  `<g fill="#16161e"><ellipse cx="102" cy="108" rx="12" ry="13"/><ellipse cx="138" cy="108" rx="12" ry="13"/><path d="M120 122L113 134H127Z"/></g>` +
  `<path d="M104 148V158M114 148V158M126 148V158M136 148V158" stroke="#3a3022" stroke-width="2.5"/>` +
  `<path d="M54 80C68 60 94 38 120 38C146 38 172 60 186 80C168 72 150 74 120 80C90 74 72 72 54 80Z" ${solid("#1c1c28", "#000")}/>` +
  `<path d="M54 80C72 72 90 74 120 80C150 74 168 72 186 80" fill="none" stroke="${paint(c, "m")}" stroke-width="4"/>` +
  `<circle cx="196" cy="150" r="4" fill="#e0102f"/>` +
  sparkle(194, 46, 13, "#fff");

export const mermaid: Motif = (c) =>
  `<path d="M0 158Q30 146 60 158T120 158T180 158T240 158V200H0Z" fill="#1fb6ff" opacity=".5"/>` +
  `<path d="M120 174C96 152 92 122 104 98C112 82 122 68 118 50C134 66 140 86 134 106C128 126 130 148 146 166Z" ${solid("#19c3a6", "#064a44")}/>` +
  `<path d="M110 100q6 6 12 0M106 116q6 6 12 0q6 6 12 0M108 134q6 6 12 0q6 6 12 0M114 150q6 6 12 0" ${line("#9fffe6", 2)}/>` +
  `<path d="M118 52C104 38 84 34 66 40C82 48 98 56 112 64ZM120 50C124 32 140 20 160 18C154 34 142 48 126 58Z" ${solid("#7af0d8", "#064a44", 2.5)}/>` +
  `<path d="M0 168Q30 156 60 168T120 168T180 168T240 168V200H0Z" fill="#0a6fd6" opacity=".6"/>` +
  `<path d="M50 152C50 130 84 130 84 152Z" ${solid("#ffb3c8", "#8a3050", 2)}/>` +
  `<path d="M58 150L62 136M67 150V133M76 150L72 136" ${line("#8a3050", 1.5)}/>` +
  ball(c, 178, 140, 11, "#f6f2ff") +
  sparkle(186, 60, 13, "#fff") +
  sparkle(64, 74, 9, c.p.accent);

export const tiara: Motif = (c) =>
  groundShadow(120, 178, 70) +
  `<path d="M44 150Q120 122 196 150Q198 170 182 176H58Q42 170 44 150Z" ${solid("#7a1a8a", "#2e0a3a")}/>` +
  `<path d="M58 170L52 184M182 170L188 184" ${line("#ffd23a", 4)}/>` +
  `<path d="M58 134C62 112 76 98 92 92L120 46L148 92C164 98 178 112 182 134C160 124 140 120 120 120C100 120 80 124 58 134Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M74 110L80 84L90 100M166 110L160 84L150 100" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<path d="M66 126C90 114 150 114 174 126" ${line("#fff6c4", 2)}/>` +
  ball(c, 120, 96, 13, paint(c, "a")) +
  ball(c, 90, 110, 7, paint(c, "r")) +
  ball(c, 150, 110, 7, paint(c, "r")) +
  ball(c, 120, 44, 6, "#fff") +
  ball(c, 80, 82, 5, "#fff") +
  ball(c, 160, 82, 5, "#fff") +
  sparkle(188, 52, 14, "#fff");

export const pharaoh: Motif = (c) =>
  `<path d="M52 180C56 132 58 92 72 66C84 44 100 36 120 36C140 36 156 44 168 66C182 92 184 132 188 180Z" fill="${paint(c, "m")}" stroke="#5a3800" stroke-width="3"/>` +
  mirrored("M58 160H84M58 138H84M62 116H86M70 94H90", line("#1e4fbf", 8)) +
  `<path d="M88 70H152V120Q152 152 120 158Q88 152 88 120Z" ${solid("#d9a04a", "#5a3800", 2)}/>` +
  `<rect x="86" y="64" width="68" height="12" fill="#1e4fbf" stroke="#5a3800" stroke-width="2"/>` +
  `<path d="M120 64C112 54 114 42 120 36C126 42 128 54 120 64Z" fill="${paint(c, "m")}" stroke="#5a3800" stroke-width="2"/>` +
  mirrored("M94 98Q104 90 114 98Q104 104 94 98Z", solid("#fff", "#16161e", 2.5)) +
  mirrored("M94 98L84 102", line("#16161e", 3)) +
  `<g fill="#16161e"><circle cx="104" cy="98" r="3.5"/><circle cx="136" cy="98" r="3.5"/></g>` +
  `<path d="M116 110L114 124H126L124 110M108 138Q120 144 132 138" ${line("#7a4a1a", 2.5)}/>` +
  `<path d="M112 158H128L126 182H114Z" fill="#1e4fbf" stroke="#5a3800" stroke-width="2"/>`;

export const pyramid: Motif = (c) =>
  `<circle cx="172" cy="58" r="26" fill="${paint(c, "m")}"/>` +
  `<path d="M0 170Q60 158 120 170T240 170V200H0Z" fill="#c89040"/>` +
  `<path d="M30 170L104 58L178 170Z" ${solid("#e6b866", "#6a4a10")}/>` +
  `<path d="M104 58L178 170H122Z" fill="#b07a2a"/>` +
  `<path d="M62 140H146M46 158H162M86 104H124M76 122H136" stroke="#8a6020" stroke-width="2" opacity=".6"/>` +
  `<path d="M150 170L184 116L218 170Z" ${solid("#d9a850", "#6a4a10")}/>` +
  `<path d="M184 116L218 170H192Z" fill="#a86e22"/>` +
  `<path d="M100 92Q104 86 108 92Q104 96 100 92Z" fill="#1e4fbf"/>` +
  sparkle(60, 56, 12, "#fff");

export const lamp: Motif = (c) =>
  groundShadow(120, 176, 66) +
  `<path d="M164 96C150 74 176 62 170 42C164 24 186 14 196 30" ${line(c.p.glow, 7)} opacity=".8"/>` +
  `<path d="M178 84C188 70 208 74 206 56" ${line(c.p.accent, 4)} opacity=".7"/>` +
  `<path d="M58 128C38 126 30 106 44 100C56 96 66 106 68 118" ${line("#a86600", 7)}/>` +
  `<path d="M54 126C70 112 98 106 120 106C142 106 160 112 172 120C182 110 196 96 216 94C202 104 192 116 182 132C176 148 156 158 120 158C86 158 66 148 54 126Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3" stroke-linejoin="round"/>` +
  `<path d="M98 106C98 94 108 86 120 86C132 86 142 94 142 106Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
  ball(c, 120, 82, 6, paint(c, "r")) +
  `<path d="M96 158H144L150 172H90Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="2.5"/>` +
  `<path d="M70 126Q100 114 132 116" ${line("#fff", 3)} opacity=".7"/>` +
  sparkle(200, 34, 12, "#fff");

export const viking: Motif = (c) =>
  mirrored("M76 80C52 76 34 58 32 30C46 46 60 52 80 56Z", solid("#f4efe0", "#6a5a40")) +
  `<path d="M76 110C76 152 96 178 120 182C144 178 164 152 164 110Z" ${solid("#d86a1a", "#5a2200")}/>` +
  `<path d="M100 150Q104 166 110 176M140 150Q136 166 130 176" ${line("#8a3a08", 3)}/>` +
  `<ellipse cx="120" cy="108" rx="38" ry="30" fill="${SKIN}"/>` +
  eye(100, 108, 5.5, "#1e6cf0") +
  eye(140, 108, 5.5, "#1e6cf0") +
  mirrored("M120 134C110 126 96 128 88 140C100 136 110 138 120 142Z", `fill="#b8520e"`) +
  `<path d="M70 98C70 58 94 38 120 38C146 38 170 58 170 98Z" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<path d="M66 92H174V104H66Z" fill="#8a5a20" stroke="#3a2008" stroke-width="2"/>` +
  `<path d="M114 98H126L124 124H116Z" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="2"/>` +
  `<path d="M84 60Q100 46 120 44" ${line("#fff", 4)} opacity=".7"/>`;

export const cowboy: Motif = (c) =>
  groundShadow(120, 170, 80) +
  `<path d="M72 118C70 82 76 56 92 52C104 50 110 62 120 62C130 62 136 50 148 52C164 56 170 82 168 118Z" ${solid("#a4662e", "#3a1e0a")}/>` +
  `<path d="M72 104Q120 118 168 104L168 118Q120 132 72 118Z" fill="#3a1e0a"/>` +
  `<path d="M20 108C38 124 78 128 120 128C162 128 202 124 220 108C210 132 172 146 120 146C68 146 30 132 20 108Z" ${solid("#8a5228", "#3a1e0a")}/>` +
  `<path d="M90 60Q96 56 100 68" ${line("#d08a4a", 3)}/>` +
  `<polygon points="${starPoints(120, 114, 13, 6)}" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="1.5"/>` +
  `<path d="M160 168c8-14 40-16 50-2c8 12-14 22-30 18c-14-4-24-8-20-16M206 174c8 6 12 12 14 20" ${line("#d8b070", 4)}/>` +
  sparkle(196, 50, 13, "#fff");

export const bat: Motif = () =>
  `<circle cx="120" cy="94" r="64" fill="#ffe9a8"/>` +
  `<g fill="#d8c080" opacity=".6"><circle cx="92" cy="70" r="10"/><circle cx="150" cy="124" r="13"/><circle cx="158" cy="66" r="6"/></g>` +
  mirrored(
    "M120 98C108 84 88 80 68 86C58 74 42 70 24 76C36 82 40 92 38 104C46 98 56 100 60 108C66 100 76 100 82 108C88 100 98 100 106 108C110 102 116 102 120 106Z",
    `fill="#1a0a22"`,
  ) +
  `<ellipse cx="120" cy="104" rx="13" ry="18" fill="#1a0a22"/>` +
  `<path d="M110 92L107 76L118 88ZM130 92L133 76L122 88Z" fill="#1a0a22"/>` +
  `<g fill="#ff2a2a"><circle cx="114" cy="98" r="3"/><circle cx="126" cy="98" r="3"/></g>` +
  `<path d="M114 108L116 114L118 108ZM122 108L124 114L126 108Z" fill="#fff"/>`;

export const wizard: Motif = (c) =>
  groundShadow(120, 174, 70) +
  `<path d="M48 150C70 140 96 136 120 136C144 136 170 140 192 150C172 162 142 168 120 168C98 168 68 162 48 150Z" ${solid("#2a1a7a", "#0c0630")}/>` +
  `<path d="M76 146C92 110 108 70 128 30C138 22 156 20 166 28C150 30 142 40 140 52C144 86 154 118 166 146Z" ${solid("#3a24a8", "#0c0630")}/>` +
  `<path d="M78 138Q120 126 164 138L166 150Q120 136 76 150Z" fill="${paint(c, "m")}"/>` +
  `<polygon points="${starPoints(112, 104, 11, 4.5)}" fill="${paint(c, "m")}"/>` +
  `<polygon points="${starPoints(136, 76, 7, 3)}" fill="${paint(c, "m")}"/>` +
  `<path d="M128 118a10 10 0 1 0 8 -14a8 8 0 1 1 -8 14Z" fill="${paint(c, "m")}"/>` +
  `<path d="M178 178L204 112" ${line("#6a3c10", 6)}/>` +
  sparkle(206, 104, 16, "#fff") +
  sparkle(60, 70, 10, c.p.accent);

export const knight: Motif = (c) =>
  `<g stroke-linecap="round"><path d="M40 44L200 176M200 44L40 176" stroke="#2e3440" stroke-width="12"/><path d="M40 44L200 176M200 44L40 176" stroke="${paint(c, "i")}" stroke-width="7"/></g>` +
  `<path d="M62 168L78 150M178 168L162 150" stroke="${paint(c, "m")}" stroke-width="9" stroke-linecap="round"/>` +
  `<path d="M120 44C130 22 156 14 180 22C162 28 152 40 148 58C140 48 132 44 120 44Z" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2"/>` +
  `<path d="M74 178V94C74 62 94 42 120 42C146 42 166 62 166 94V178Z" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<path d="M120 44V178" stroke="#5d6778" stroke-width="4"/>` +
  `<path d="M82 100H158V112H82Z" fill="#16161e"/>` +
  `<g fill="#16161e"><circle cx="100" cy="132" r="3"/><circle cx="110" cy="140" r="3"/><circle cx="140" cy="132" r="3"/><circle cx="130" cy="140" r="3"/></g>` +
  `<path d="M74 156H166" stroke="${paint(c, "m")}" stroke-width="6"/>` +
  `<path d="M88 62Q102 50 116 48" ${line("#fff", 4)} opacity=".8"/>`;

export const jester: Motif = (c) =>
  `<path d="M54 174L70 148L86 174L102 148L120 174L138 148L154 174L170 148L186 174Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<ellipse cx="120" cy="122" rx="40" ry="38" ${solid("#fff3e6", "#3a1a4a")}/>` +
  `<g fill="#ff6a8a" opacity=".7"><circle cx="96" cy="134" r="8"/><circle cx="144" cy="134" r="8"/></g>` +
  `<path d="M102 114L106 106L110 114L106 122ZM130 114L134 106L138 114L134 122Z" fill="#3a1a4a"/>` +
  `<path d="M100 140Q120 158 140 140" ${line("#c0102f", 4)}/>` +
  `<path d="M86 98C72 76 50 62 28 66C40 78 50 92 56 110Z" ${solid("#7a2ab8", "#2a0a40")}/>` +
  `<path d="M154 98C168 76 190 62 212 66C200 78 190 92 184 110Z" ${solid("#1e9a5a", "#063a1c")}/>` +
  `<path d="M94 94C96 62 108 38 120 24C132 38 144 62 146 94Z" ${solid("#e0102f", "#5a000a")}/>` +
  `<path d="M78 98Q120 82 162 98L160 110Q120 96 80 110Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
  ball(c, 28, 66, 9, paint(c, "m")) +
  ball(c, 120, 24, 9, paint(c, "m")) +
  ball(c, 212, 66, 9, paint(c, "m"));

export const robot: Motif = (c) =>
  `<path d="M120 46V26" ${line("#5d6778", 4)}/>` +
  ball(c, 120, 22, 8, paint(c, "r")) +
  `<path d="M84 150H156L168 182H72Z" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<rect x="106" y="138" width="28" height="14" fill="#5d6778"/>` +
  `<g fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="2"><rect x="56" y="84" width="16" height="40" rx="5"/><rect x="168" y="84" width="16" height="40" rx="5"/></g>` +
  `<rect x="70" y="44" width="100" height="98" rx="18" fill="${paint(c, "i")}" stroke="#2e3440" stroke-width="3"/>` +
  `<rect x="82" y="60" width="76" height="48" rx="10" fill="#0b1a2a" stroke="#000" stroke-width="2"/>` +
  `<g fill="${c.p.glow}"><circle cx="104" cy="84" r="10"/><circle cx="136" cy="84" r="10"/></g>` +
  `<g fill="#fff"><circle cx="101" cy="80" r="3"/><circle cx="133" cy="80" r="3"/></g>` +
  `<rect x="96" y="118" width="48" height="12" rx="4" fill="#2e3440"/>` +
  `<path d="M106 118V130M114 118V130M122 118V130M130 118V130M138 118V130" stroke="#aeb8c8" stroke-width="2"/>` +
  `<g fill="#5d6778"><circle cx="80" cy="54" r="3"/><circle cx="160" cy="54" r="3"/><circle cx="80" cy="132" r="3"/><circle cx="160" cy="132" r="3"/></g>`;

export const crystalBall: Motif = (c) =>
  groundShadow(120, 178, 56) +
  `<path d="M80 150H160L172 178H68Z" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="3"/>` +
  `<rect x="86" y="140" width="68" height="14" rx="5" fill="${paint(c, "m")}" stroke="#6a3c00" stroke-width="2"/>` +
  `<circle cx="120" cy="92" r="56" fill="${paint(c, "a")}" stroke="#0006" stroke-width="2"/>` +
  `<path d="M88 104C94 70 138 62 148 88C156 110 126 124 112 108C102 98 114 84 126 92" ${line("#fff", 4)} opacity=".75"/>` +
  sparkle(96, 76, 10, "#fff") +
  sparkle(146, 114, 7, "#fff") +
  `<circle cx="120" cy="92" r="56" fill="${paint(c, "s")}"/>` +
  sparkle(192, 44, 13, "#fff");
