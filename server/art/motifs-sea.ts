// Sea creatures for fishing games and ocean-themed slots, drawn over a shared
// water line so a row of fishing tiles keeps one horizon.

import { type Motif, type MotifCtx, ball, eye, mirrored, paint, variantOf } from "./motif-kit";
import { waterLine } from "./motifs-world";
import { sparkle } from "./svg";

const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const solid = (fill: string, ink: string, width = 3) =>
  `fill="${fill}" stroke="${ink}" stroke-width="${width}" stroke-linejoin="round"`;

function bubbles(spots: ReadonlyArray<readonly [number, number, number]>): string {
  return (
    `<g fill="#fff" fill-opacity=".18" stroke="#fff" stroke-opacity=".8" stroke-width="1.5">` +
    spots.map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}"/>`).join("") +
    `</g>`
  );
}

const BUBBLES = [
  [196, 62, 9],
  [210, 36, 6],
  [40, 48, 7],
  [182, 34, 4],
  [56, 28, 4],
] as const;

// Fishing lobbies list many plain "fish" titles in a row, so the fish comes in
// four liveries: gold, the palette's own colour, clownfish and blue tang.
const LIVERIES = [
  { body: (c: MotifCtx) => paint(c, "m"), fin: "#ff5a36", ink: "#6a1200", stripes: "" },
  { body: (c: MotifCtx) => paint(c, "a"), fin: "#ff5a36", ink: "#6a1200", stripes: "" },
  {
    body: () => "#ff7a1a",
    fin: "#ff8a1a",
    ink: "#3a1000",
    stripes: `<path d="M84 70C94 90 94 116 84 134L98 138C108 116 108 88 98 66ZM128 66C138 88 138 114 128 134L140 130C150 110 150 90 140 72Z" fill="#fff" stroke="#16161e" stroke-width="2.5"/>`,
  },
  {
    body: () => "#2a6af0",
    fin: "#ffd21a",
    ink: "#0a1a4a",
    stripes: `<path d="M76 84C96 72 124 76 136 92C124 88 108 90 96 100C110 104 124 114 128 128C110 116 90 112 76 116Z" fill="#16161e" opacity=".8"/>`,
  },
];

export const fish: Motif = Object.assign(
  (c: MotifCtx) => {
    const { body, fin, ink, stripes } = LIVERIES[variantOf(c, LIVERIES.length)];
    return (
      waterLine(150) +
      `<path d="M108 66C116 40 144 40 154 62Z" ${solid(fin, ink)}/>` +
      `<path d="M150 100L198 66C192 90 192 112 198 136Z" ${solid(fin, ink)}/>` +
      `<path d="M44 102C62 60 126 50 160 100C126 150 62 144 44 102Z" fill="${body(c)}" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
      stripes +
      `<path d="M96 74Q112 100 96 128M116 70Q132 100 116 132M136 78Q150 100 136 122" ${line("#fff", 3)} stroke-opacity=".35"/>` +
      `<path d="M104 118C114 132 126 136 134 130C124 126 116 122 104 118Z" fill="${fin}"/>` +
      eye(64, 94, 10) +
      bubbles(BUBBLES) +
      sparkle(170, 150, 10, "#fff", 0.8)
    );
  },
  { variants: LIVERIES.length },
);

export const koi: Motif = () =>
  `<g fill="#1e8a4a" stroke="#0a3a1a" stroke-width="2"><path d="M20 168a30 12 0 1 0 60 0a30 12 0 1 0 -60 0ZM170 44a26 10 0 1 0 52 0a26 10 0 1 0 -52 0Z"/></g>` +
  `<path d="M176 100C194 74 214 62 230 58C222 86 222 114 232 142C214 134 194 122 176 106Z" fill="#ff7a2a" fill-opacity=".85" stroke="#6a2000" stroke-width="2.5" stroke-linejoin="round"/>` +
  `<path d="M196 86L226 70M198 104H228M196 118L226 132" ${line("#ffd0a8", 2)}/>` +
  `<path d="M84 78C96 52 132 50 152 74Z" ${solid("#ff7a2a", "#6a2000", 2.5)}/>` +
  `<path d="M34 104C50 70 104 58 152 76C168 82 178 92 184 100C178 110 166 120 150 126C102 142 50 136 34 104Z" ${solid("#fff8f0", "#6a2000")}/>` +
  `<path d="M66 80C86 68 112 70 122 84C112 98 84 98 66 80ZM126 104C140 94 160 98 166 110C156 122 136 120 126 104ZM88 118C98 112 110 116 112 126C102 132 92 130 88 118Z" fill="#ff5a1a"/>` +
  `<path d="M104 84Q118 104 104 126M132 80Q146 102 132 124" ${line("#e8d8c8", 2)}/>` +
  `<path d="M76 120C70 138 80 150 98 154C92 140 90 130 92 122Z" ${solid("#ff9a5a", "#6a2000", 2)}/>` +
  eye(54, 96, 6, "#16161e") +
  `<path d="M38 108C32 114 26 116 18 116M40 112C36 120 30 124 24 128" ${line("#6a2000", 2)}/>` +
  `<g fill="#fff" fill-opacity=".25" stroke="#fff" stroke-opacity=".7" stroke-width="1.5"><circle cx="40" cy="52" r="7"/><circle cx="58" cy="34" r="4"/></g>`;

export const shark: Motif = () =>
  waterLine(156) +
  `<path d="M96 66L112 24L138 70Z" ${solid("#5d7a96", "#1a2a3a")}/>` +
  `<path d="M24 104C60 56 150 54 206 92C214 98 214 108 206 112C170 134 122 142 78 130L40 150L48 118Z" ${solid("#6f8fae", "#1a2a3a")}/>` +
  `<path d="M206 112C170 134 122 142 78 130C120 128 164 120 196 106Z" fill="#e8f0f8"/>` +
  `<path d="M150 118L156 128L162 118L168 126L174 116L180 122L186 112" fill="#fff" stroke="#1a2a3a" stroke-width="2" stroke-linejoin="round"/>` +
  `<path d="M110 92V112M118 90V112M126 90V110" ${line("#1a2a3a", 2.5)} opacity=".5"/>` +
  `<path d="M98 124L80 150L112 130Z" ${solid("#5d7a96", "#1a2a3a", 2)}/>` +
  eye(176, 94, 6, "#111") +
  bubbles([
    [40, 60, 7],
    [56, 40, 5],
    [210, 50, 6],
  ]);

export const octopus: Motif = (c) => {
  const arm = (d: string) => `<path d="${d}" ${line("#7a2ab8", 15)}/><path d="${d}" ${line("#a355e8", 9)}/>`;
  return (
    waterLine(168) +
    arm("M92 120C70 140 60 164 36 166") +
    arm("M104 126C98 150 92 168 76 182") +
    arm("M136 126C142 150 148 168 164 182") +
    arm("M148 120C170 140 180 164 204 166") +
    `<path d="M64 100C64 56 90 30 120 30C150 30 176 56 176 100C176 124 152 136 120 136C88 136 64 124 64 100Z" fill="#a355e8" stroke="#3a0a6a" stroke-width="3"/>` +
    `<g fill="#d7a8ff" opacity=".7"><circle cx="96" cy="56" r="7"/><circle cx="150" cy="62" r="5"/><circle cx="138" cy="44" r="4"/></g>` +
    eye(100, 96, 11, "#2a0a4a") +
    eye(140, 96, 11, "#2a0a4a") +
    `<path d="M108 118Q120 126 132 118" ${line("#3a0a6a", 3)}/>` +
    ball(c, 202, 52, 9, "#f6f2ff")
  );
};

export const whale: Motif = () =>
  waterLine(162) +
  `<path d="M120 52C116 36 104 28 92 30M120 52C124 36 136 28 148 30M120 52V30" ${line("#bfe9ff", 6)}/>` +
  `<path d="M30 124C30 82 80 58 130 62C172 66 196 92 196 118L224 96C226 114 220 134 206 142L196 136C180 156 150 166 110 166C60 166 30 150 30 124Z" ${solid("#2f7ad8", "#0a2a5a")}/>` +
  `<path d="M34 134C60 154 120 160 176 146C150 166 70 168 34 134Z" fill="#cfe8ff"/>` +
  `<path d="M46 142L54 134M64 150L70 140M84 154L88 144M104 156L106 146" ${line("#8ab8e0", 2)}/>` +
  `<path d="M92 132C96 146 112 150 118 140" ${line("#0a2a5a", 3)}/>` +
  eye(70, 110, 7, "#0a2a5a") +
  `<path d="M60 88Q80 72 108 70" ${line("#fff", 4)} opacity=".5"/>`;

export const crab: Motif = () =>
  mirrored("M84 136L54 150L44 174M88 146L66 164L62 184M94 120L60 124L40 144", line("#b3200a", 7)) +
  mirrored("M92 96C76 84 66 68 66 52", line("#b3200a", 8)) +
  mirrored(
    "M66 52C46 52 34 34 42 18C50 30 60 32 68 26C72 16 64 8 56 6C76 2 90 20 84 40C80 48 74 52 66 52Z",
    solid("#ff5a36", "#6a1200"),
  ) +
  `<ellipse cx="120" cy="122" rx="54" ry="40" ${solid("#ff5a36", "#6a1200")}/>` +
  `<path d="M80 110Q120 92 160 110" ${line("#ffb08a", 4)} opacity=".7"/>` +
  `<path d="M108 94V76M132 94V76" ${line("#6a1200", 4)}/>` +
  eye(108, 72, 8) +
  eye(132, 72, 8) +
  `<path d="M108 134Q120 142 132 134" ${line("#6a1200", 3)}/>`;

export const turtle: Motif = () =>
  waterLine(170) +
  mirrored(
    "M86 84C66 66 44 62 28 70C40 84 60 92 82 96ZM88 138C70 148 58 162 56 176C74 172 88 160 96 148Z",
    solid("#5ac46a", "#1a4a22", 2.5),
  ) +
  `<path d="M120 152C108 160 110 178 120 182C130 178 132 160 120 152Z" ${solid("#5ac46a", "#1a4a22", 2.5)}/>` +
  `<ellipse cx="120" cy="40" rx="18" ry="20" ${solid("#5ac46a", "#1a4a22")}/>` +
  `<g fill="#16161e"><circle cx="112" cy="36" r="3"/><circle cx="128" cy="36" r="3"/></g>` +
  `<ellipse cx="120" cy="106" rx="52" ry="60" ${solid("#2f8a4a", "#123a1e")}/>` +
  `<path d="M120 66L140 84V114L120 132L100 114V84ZM120 66V50M140 84L164 72M140 114L164 128M120 132V162M100 114L76 128M100 84L76 72" ${line("#a8e06a", 3)}/>`;

export const stingray: Motif = (c) =>
  waterLine(168) +
  `<path d="M120 136C136 160 156 178 196 190" ${line("#3a3a58", 4)}/>` +
  `<path d="M120 40C132 40 144 56 150 70C172 74 198 84 218 100C196 112 168 118 150 120C144 134 132 146 120 146C108 146 96 134 90 120C72 118 44 112 22 100C42 84 68 74 90 70C96 56 108 40 120 40Z" fill="${paint(c, "a")}" stroke="#1a1a3a" stroke-width="3" stroke-linejoin="round"/>` +
  `<g fill="#fff" opacity=".3"><circle cx="80" cy="96" r="4"/><circle cx="160" cy="96" r="4"/><circle cx="120" cy="112" r="5"/><circle cx="100" cy="80" r="3"/><circle cx="140" cy="80" r="3"/></g>` +
  eye(110, 60, 5, "#1a1a3a") +
  eye(130, 60, 5, "#1a1a3a") +
  bubbles([
    [200, 50, 7],
    [40, 150, 6],
  ]);
