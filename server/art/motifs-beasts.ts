// Animal motifs: mostly faces seen from the front, because a face reads at
// thumbnail size where a whole body turns into a blob. Same 240x240 frame as
// the other motif files, centred near (120,100).

import { type Motif, ball, eye, groundShadow, mirrored, paint } from "./motif-kit";
import { sparkle, starPoints } from "./svg";

const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const solid = (fill: string, ink: string, width = 3) =>
  `fill="${fill}" stroke="${ink}" stroke-width="${width}" stroke-linejoin="round"`;

export const lion: Motif = () =>
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

/** The tiger's face alone, for compositions that bring their own ground and sparkle. */
export const tigerFace: Motif = () =>
  `<circle cx="76" cy="58" r="20" fill="#ff8a1a" stroke="#3a1600" stroke-width="3"/><circle cx="76" cy="58" r="10" fill="#ffd2b0"/>` +
  `<circle cx="164" cy="58" r="20" fill="#ff8a1a" stroke="#3a1600" stroke-width="3"/><circle cx="164" cy="58" r="10" fill="#ffd2b0"/>` +
  `<ellipse cx="120" cy="104" rx="60" ry="54" fill="#ff8a1a" stroke="#3a1600" stroke-width="3"/>` +
  `<path d="M120 52L112 70H128ZM104 56L100 74L110 72ZM136 56L140 74L130 72ZM60 96L84 100L62 108ZM180 96L156 100L178 108ZM62 122L84 118L68 132ZM178 122L156 118L172 132Z" fill="#1e0c00"/>` +
  `<ellipse cx="100" cy="128" rx="24" ry="20" fill="#fff"/><ellipse cx="140" cy="128" rx="24" ry="20" fill="#fff"/>` +
  `<path d="M88 92Q100 80 112 94Q100 100 88 92ZM152 92Q140 80 128 94Q140 100 152 92Z" fill="#c8ff3c" stroke="#1e0c00" stroke-width="2"/>` +
  `<path d="M100 84V98M140 84V98" stroke="#1e0c00" stroke-width="3.5"/>` +
  `<path d="M110 112H130L120 124Z" fill="#ff6f91" stroke="#1e0c00" stroke-width="2"/>` +
  `<path d="M120 124V134M108 140Q120 146 132 140" stroke="#1e0c00" stroke-width="3" fill="none" stroke-linecap="round"/>`;

export const tiger: Motif = (c) => groundShadow(120, 170, 56) + tigerFace(c);

/** The dragon's head alone, for compositions that bring their own ground and sparkle. */
export const dragonHead: Motif = (c) =>
  `<path d="M96 70C84 50 70 40 52 36C66 48 72 60 78 76Z" fill="${paint(c, "m")}" stroke="#5a3000" stroke-width="2"/>` +
  `<path d="M110 66C104 44 92 30 76 22C86 38 92 52 94 70Z" fill="${paint(c, "m")}" stroke="#5a3000" stroke-width="2"/>` +
  `<path d="M58 118C54 88 78 64 112 64L170 78C190 82 196 96 184 104L158 110L178 120C186 126 180 138 168 134L136 128C118 150 82 154 64 134Z" fill="#19a85a" stroke="#063a1c" stroke-width="4" stroke-linejoin="round"/>` +
  `<path d="M66 112C70 92 86 80 108 78L166 90" fill="none" stroke="#9dffc2" stroke-width="3" opacity=".6"/>` +
  `<path d="M64 134L50 150L72 142L66 162L86 146L90 166L104 146" fill="#19a85a" stroke="#063a1c" stroke-width="3" stroke-linejoin="round"/>` +
  `<ellipse cx="128" cy="88" rx="10" ry="8" fill="#ffe14d" stroke="#063a1c" stroke-width="2"/><ellipse cx="130" cy="88" rx="3" ry="7" fill="#111"/>` +
  `<path d="M114 78L142 80" stroke="#063a1c" stroke-width="4" stroke-linecap="round"/>` +
  `<path d="M160 114L176 118M140 124L168 128" stroke="#fff" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M178 96C196 92 206 100 214 88M170 106C188 116 200 114 210 124" fill="none" stroke="${paint(c, "m")}" stroke-width="3" stroke-linecap="round"/>` +
  `<circle cx="176" cy="88" r="3" fill="#063a1c"/>`;

export const dragon: Motif = (c) =>
  groundShadow(124, 172, 64) + dragonHead(c) + ball(c, 186, 150, 16, paint(c, "a")) + sparkle(196, 40, 14, "#fff");

export const panda: Motif = () =>
  groundShadow(120, 172, 60) +
  `<g fill="#1b1b24"><circle cx="72" cy="52" r="22"/><circle cx="168" cy="52" r="22"/></g>` +
  `<ellipse cx="120" cy="102" rx="66" ry="58" ${solid("#fbfbff", "#1b1b24")}/>` +
  `<g fill="#1b1b24"><ellipse cx="94" cy="98" rx="15" ry="21" transform="rotate(35 94 98)"/><ellipse cx="146" cy="98" rx="15" ry="21" transform="rotate(-35 146 98)"/></g>` +
  eye(96, 96, 7) +
  eye(144, 96, 7) +
  `<ellipse cx="120" cy="122" rx="11" ry="8" fill="#1b1b24"/>` +
  `<path d="M120 130V136M108 139Q120 148 132 139" ${line("#1b1b24", 3)}/>` +
  `<g fill="#ff8fb0" opacity=".6"><circle cx="80" cy="126" r="9"/><circle cx="160" cy="126" r="9"/></g>` +
  `<path d="M176 176L206 112" ${line("#2f9e44", 9)}/><path d="M190 146L212 140M198 128L214 118" ${line("#69db7c", 5)}/>`;

interface ApeLook {
  fur: string;
  skin: string;
  ink: string;
  eyeR: number;
  eyeDx: number;
  iris: string;
}

function apeFace(a: ApeLook, behind: string, front: string): string {
  return (
    groundShadow(120, 170, 58) +
    behind +
    `<g ${solid(a.fur, a.ink)}><circle cx="62" cy="100" r="18"/><circle cx="178" cy="100" r="18"/></g>` +
    `<g fill="${a.skin}"><circle cx="62" cy="100" r="10"/><circle cx="178" cy="100" r="10"/></g>` +
    `<circle cx="120" cy="96" r="56" ${solid(a.fur, a.ink)}/>` +
    `<path d="M120 82C100 64 70 72 74 100C76 128 96 152 120 152C144 152 164 128 166 100C170 72 140 64 120 82Z" fill="${a.skin}"/>` +
    eye(120 - a.eyeDx, 98, a.eyeR, a.iris) +
    eye(120 + a.eyeDx, 98, a.eyeR, a.iris) +
    `<g fill="${a.ink}"><ellipse cx="114" cy="120" rx="3" ry="4"/><ellipse cx="126" cy="120" rx="3" ry="4"/></g>` +
    front
  );
}

export const monkey: Motif = (c) =>
  apeFace(
    { fur: "#8a4b1c", skin: "#f2c499", ink: "#3a1a05", eyeR: 8, eyeDx: 18, iris: "#2b1200" },
    "",
    `<path d="M102 132Q120 146 138 132" ${line("#3a1a05", 3)}/>` +
      `<path d="M68 70Q120 44 172 70" ${line("#8a5200", 11)}/><path d="M68 70Q120 44 172 70" fill="none" stroke="${paint(c, "m")}" stroke-width="7" stroke-linecap="round"/>` +
      ball(c, 120, 56, 8, paint(c, "r")) +
      sparkle(194, 44, 13, "#fff"),
  );

export const gorilla: Motif = () =>
  apeFace(
    { fur: "#2b2b33", skin: "#6a6a78", ink: "#0e0e12", eyeR: 6, eyeDx: 18, iris: "#3a1a05" },
    "",
    `<path d="M76 90Q98 70 120 86Q142 70 164 90L160 100Q140 88 120 98Q100 88 80 100Z" fill="#2b2b33"/>` +
      `<path d="M100 136H140" ${line("#0e0e12", 4)}/>` +
      `<path d="M92 150Q120 160 148 150" ${line("#9a9aa8", 3)}/>`,
  );

export const tarsier: Motif = () =>
  apeFace(
    { fur: "#a0764a", skin: "#d9b58a", ink: "#4a2e12", eyeR: 19, eyeDx: 23, iris: "#d9700a" },
    `<g ${solid("#a0764a", "#4a2e12")}><ellipse cx="62" cy="52" rx="20" ry="26"/><ellipse cx="178" cy="52" rx="20" ry="26"/></g>` +
      `<g fill="#f2b8a0"><ellipse cx="62" cy="54" rx="11" ry="16"/><ellipse cx="178" cy="54" rx="11" ry="16"/></g>`,
    `<path d="M110 134Q120 140 130 134" ${line("#4a2e12", 3)}/>`,
  );

export const yeti: Motif = () =>
  apeFace(
    { fur: "#f4f8ff", skin: "#9cc7ef", ink: "#34557d", eyeR: 7, eyeDx: 18, iris: "#12345a" },
    `<polygon points="${starPoints(120, 98, 76, 58, 16)}" ${solid("#dfeaf8", "#34557d")}/>`,
    `<path d="M100 132Q120 146 140 132Z" fill="#12345a"/><path d="M106 133L110 140L114 134ZM126 134L130 140L134 133Z" fill="#fff"/>` +
      sparkle(190, 46, 12, "#fff") +
      sparkle(48, 150, 9, "#bfe3ff"),
  );

export const eagle: Motif = () =>
  groundShadow(120, 176, 56) +
  mirrored(
    "M112 104C92 76 60 62 22 66C34 74 40 80 44 88C32 90 26 96 22 104C38 104 50 106 58 112C48 116 42 124 40 134C62 128 88 126 112 128Z",
    solid("#6b3a12", "#2a1200"),
  ) +
  mirrored("M50 88Q80 92 104 108M52 112Q80 112 104 120", line("#c98a4a", 2.5)) +
  `<path d="M104 146L96 176L112 168L120 180L128 168L144 176L136 146Z" ${solid("#fff", "#2a1200", 2)}/>` +
  `<ellipse cx="120" cy="126" rx="24" ry="30" ${solid("#7a4416", "#2a1200")}/>` +
  `<circle cx="120" cy="82" r="25" ${solid("#fff", "#2a1200")}/>` +
  `<path d="M126 76C144 72 158 84 152 102C148 94 142 92 132 94Z" ${solid("#ffc21a", "#6a4000", 2)}/>` +
  eye(122, 78, 5.5, "#a35a00") +
  `<path d="M110 70L134 72" ${line("#2a1200", 3)}/>`;

export const wolf: Motif = () =>
  groundShadow(120, 172, 56) +
  mirrored("M56 86L42 110L62 112L52 130L76 126Z", solid("#5d6470", "#1f232b", 2)) +
  mirrored("M72 26L100 66L64 80Z", solid("#5d6470", "#1f232b")) +
  mirrored("M74 42L90 66L70 72Z", `fill="#ffb3c1"`) +
  `<path d="M56 86Q60 56 120 54Q180 56 184 86L170 122L138 162Q120 172 102 162L70 122Z" ${solid("#7b8494", "#1f232b")}/>` +
  `<path d="M120 56L104 90H136Z" fill="#4a515e"/>` +
  `<path d="M98 108Q120 96 142 108L134 150Q120 160 106 150Z" fill="#eef1f6"/>` +
  mirrored("M84 98Q96 86 110 98Q96 106 84 98Z", solid("#ffd23a", "#1f232b", 2)) +
  `<g fill="#111"><circle cx="97" cy="97" r="3.5"/><circle cx="143" cy="97" r="3.5"/></g>` +
  `<ellipse cx="120" cy="120" rx="11" ry="7" fill="#16161e"/>` +
  `<path d="M120 127V136M110 142Q120 148 130 142" ${line("#1f232b", 3)}/>`;

export const buffalo: Motif = (c) =>
  groundShadow(120, 176, 58) +
  mirrored("M92 64C66 66 40 56 24 30C20 52 34 76 64 84C76 86 86 84 94 80Z", solid("#efe3c4", "#4a3a20")) +
  mirrored("M84 86C70 80 54 84 46 96C58 102 74 102 86 98Z", solid("#3e2e28", "#140a06")) +
  `<path d="M84 64Q120 50 156 64L152 118Q148 166 120 170Q92 166 88 118Z" ${solid("#4a3a33", "#140a06")}/>` +
  `<path d="M96 64Q108 84 120 70Q132 84 144 64Q132 56 120 58Q108 56 96 64Z" fill="#2a1e1a"/>` +
  `<ellipse cx="120" cy="146" rx="28" ry="20" ${solid("#8d7d74", "#140a06", 2)}/>` +
  `<g fill="#140a06"><ellipse cx="109" cy="146" rx="5" ry="4"/><ellipse cx="131" cy="146" rx="5" ry="4"/></g>` +
  eye(100, 102, 6, "#140a06") +
  eye(140, 102, 6, "#140a06") +
  `<path d="M110 160Q120 174 130 160" fill="none" stroke="${paint(c, "m")}" stroke-width="4"/>`;

export const elephant: Motif = (c) =>
  groundShadow(120, 180, 60) +
  mirrored("M92 66C62 40 22 52 24 92C26 124 52 140 82 126Z", solid("#8fa0b8", "#2f3a4c")) +
  mirrored("M86 76C64 58 38 66 38 92C40 114 58 124 78 116Z", `fill="#f3a8b8"`) +
  `<path d="M106 116C104 140 102 162 116 174C128 182 144 178 146 166C138 170 130 168 128 160C124 150 132 134 134 116Z" ${solid("#9fb0c6", "#2f3a4c")}/>` +
  `<ellipse cx="120" cy="92" rx="46" ry="44" ${solid("#9fb0c6", "#2f3a4c")}/>` +
  `<path d="M108 110C110 118 130 118 132 110" fill="#9fb0c6"/>` +
  mirrored("M104 118C98 134 88 142 76 144C88 150 104 144 110 126Z", solid("#fffbea", "#8a7a50", 2)) +
  `<path d="M110 140H128M110 154H126" ${line("#2f3a4c", 2)} opacity=".5"/>` +
  eye(100, 90, 6) +
  eye(140, 90, 6) +
  `<path d="M98 56Q120 44 142 56L134 74Q120 68 106 74Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
  ball(c, 120, 64, 6, paint(c, "r"));

export const rhino: Motif = () =>
  groundShadow(120, 176, 58) +
  mirrored("M84 52L70 22L100 40Z", solid("#8a8f99", "#2e3138")) +
  `<path d="M76 56Q120 36 164 56L170 110Q168 152 140 168H100Q72 152 70 110Z" ${solid("#9aa0ab", "#2e3138")}/>` +
  `<path d="M92 128Q120 116 148 128L142 158Q120 168 98 158Z" fill="#b8bec8"/>` +
  mirrored("M80 78Q96 84 100 100", line("#2e3138", 2.5)) +
  `<path d="M106 124C106 96 112 70 122 44C128 70 134 98 134 124Z" ${solid("#eee6d2", "#5a5040")}/>` +
  `<path d="M116 110C116 90 118 74 121 60" ${line("#fff", 3)} opacity=".6"/>` +
  `<g fill="#2e3138"><ellipse cx="110" cy="146" rx="4" ry="3"/><ellipse cx="130" cy="146" rx="4" ry="3"/></g>` +
  eye(88, 98, 5.5) +
  eye(152, 98, 5.5);

function horseHead(coat: string, mane: string[], ink: string, extra: string): string {
  const manes = [
    "M96 86C78 80 66 94 60 110C54 128 50 146 54 166C62 154 66 142 70 132C70 152 74 166 82 178C86 158 90 140 98 124Z",
  ];
  return (
    groundShadow(124, 180, 56) +
    mane.map((col, i) => `<path transform="translate(${i * 8} ${i * -4})" d="${manes[0]}" ${solid(col, ink, 2)}/>`).join("") +
    `<path d="M70 180C72 140 78 110 96 86C104 72 118 62 134 60C152 60 170 74 182 94C190 108 190 120 180 126C170 132 160 126 150 118C140 114 132 118 126 130C118 148 116 164 118 180Z" ${solid(coat, ink)}/>` +
    `<path d="M126 62L118 38L140 56Z" ${solid(coat, ink)}/>` +
    eye(152, 88, 6, "#2a1a40") +
    `<circle cx="176" cy="112" r="3" fill="${ink}"/>` +
    extra
  );
}

export const unicorn: Motif = (c) =>
  horseHead(
    "#fdfbff",
    ["#ff7ab8", "#a36bff", "#5fd0ff"],
    "#4a3a70",
    `<path d="M138 62L162 12L152 66Z" fill="${paint(c, "m")}" stroke="#7a4a00" stroke-width="2"/>` +
      `<path d="M143 52L156 46M146 40L158 34" ${line("#7a4a00", 2)}/>` +
      sparkle(196, 40, 14, "#fff") +
      sparkle(200, 150, 10, "#ffe27a"),
  );

export const horse: Motif = (c) =>
  horseHead(
    "#9a5a2a",
    ["#3a1e0a", "#5a3214"],
    "#2a1200",
    `<path d="M140 84L176 100M148 70L150 118L170 124" ${line("#e0102f", 4)}/>` +
      `<circle cx="150" cy="118" r="5" fill="${paint(c, "m")}"/>` +
      `<path d="M150 74Q160 66 172 78" ${line("#fff", 3)} opacity=".5"/>`,
  );

export const phoenix: Motif = (c) =>
  groundShadow(120, 180, 50) +
  `<path d="M120 120C100 150 78 170 54 178C82 182 104 170 120 150C136 170 158 182 186 178C162 170 140 150 120 120Z" fill="${paint(c, "m")}" stroke="#7a1a00" stroke-width="2.5"/>` +
  mirrored(
    "M114 104C94 70 62 44 22 36C40 52 46 66 50 80C34 80 24 86 18 96C38 98 50 104 58 112C44 118 38 126 36 136C64 126 92 120 114 118Z",
    solid("#ff6a1a", "#7a1a00"),
  ) +
  mirrored("M108 106C92 84 70 66 44 56C58 72 64 84 68 96C58 98 50 102 46 108C66 108 90 110 108 112Z", `fill="#ffd23a"`) +
  `<ellipse cx="120" cy="112" rx="16" ry="28" fill="${paint(c, "r")}" stroke="#7a1a00" stroke-width="3"/>` +
  `<path d="M116 62C108 48 112 36 122 28C120 42 128 50 128 62Z" fill="#ffd23a" stroke="#7a1a00" stroke-width="2"/>` +
  `<circle cx="120" cy="74" r="14" ${solid("#ff5a1a", "#7a1a00")}/>` +
  `<path d="M128 72L142 78L128 84Z" ${solid("#ffc21a", "#7a1a00", 2)}/>` +
  `<circle cx="122" cy="71" r="3" fill="#16161e"/>` +
  sparkle(196, 40, 13, "#fff");

export const crane: Motif = () =>
  `<circle cx="140" cy="84" r="54" fill="#ff3b30" opacity=".9"/>` +
  `<path d="M116 100C100 70 74 48 38 40C54 60 60 72 62 86C84 86 100 94 112 108Z" ${solid("#fff", "#2a2a3a")}/>` +
  `<path d="M38 40C50 54 56 64 58 76L70 68C62 58 54 48 38 40Z" fill="#16161e"/>` +
  `<path d="M122 98C150 70 182 56 216 56C202 72 194 84 190 96C168 94 146 98 128 110Z" ${solid("#fff", "#2a2a3a")}/>` +
  `<path d="M216 56C206 66 200 74 196 84L186 80C192 70 202 62 216 56Z" fill="#16161e"/>` +
  `<ellipse cx="118" cy="112" rx="36" ry="14" transform="rotate(-14 118 112)" ${solid("#fff", "#2a2a3a")}/>` +
  `<path d="M144 104C158 94 168 82 172 66" ${line("#16161e", 7)}/>` +
  `<circle cx="174" cy="62" r="8" ${solid("#fff", "#2a2a3a", 2)}/><circle cx="174" cy="57" r="4" fill="#e0102f"/>` +
  `<path d="M180 60L204 66L180 67Z" fill="#d8a020"/>` +
  `<path d="M94 120L64 160M100 122L76 166" ${line("#16161e", 3)}/>`;

export const pig: Motif = (c) =>
  groundShadow(120, 176, 62) +
  mirrored("M82 60C64 52 56 36 60 22C76 24 94 36 104 48Z", solid("#c8641e", "#5a2200")) +
  `<ellipse cx="120" cy="100" rx="64" ry="56" ${solid("#d9782a", "#5a2200")}/>` +
  `<path d="M76 80Q96 56 132 56" ${line("#fff", 6)} opacity=".3"/>` +
  `<path d="M88 92Q96 84 104 92M136 92Q144 84 152 92" ${line("#5a2200", 4)}/>` +
  `<ellipse cx="120" cy="118" rx="26" ry="18" ${solid("#f0a060", "#5a2200")}/>` +
  `<g fill="#5a2200"><ellipse cx="111" cy="118" rx="4" ry="6"/><ellipse cx="129" cy="118" rx="4" ry="6"/></g>` +
  `<circle cx="120" cy="152" r="16" fill="${paint(c, "r")}" stroke="#5a000a" stroke-width="2"/>` +
  `<path d="M120 136C126 128 134 128 138 132C132 138 126 138 120 136Z" fill="#43c15a"/>` +
  `<g fill="#ff8a6a" opacity=".6"><circle cx="78" cy="112" r="9"/><circle cx="162" cy="112" r="9"/></g>`;
