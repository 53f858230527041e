// Monochrome wordmarks for game providers, used in the provider menu and
// filter chips. We do not ship real vendor trademarks, so each code gets a
// neutral geometric emblem plus its code set in a heavy face.

import { escapeXml, hashString, num, starPoints, svgOpen, textWidth } from "./svg";

export type VendorIconVariant = "white" | "black";

const W = 160;
const H = 64;
const TEXT_X = 64;
const TEXT_MAX = 90;
const EC = 30; // emblem centre x
const EY = 32; // emblem centre y

type Emblem = (ink: string, letter: string) => string;

function polygon(points: Array<[number, number]>): string {
  return points.map(([x, y]) => `${num(x)},${num(y)}`).join(" ");
}

function regular(n: number, r: number, rotDeg: number): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = ((rotDeg + (i * 360) / n) * Math.PI) / 180;
    pts.push([EC + r * Math.cos(a), EY + r * Math.sin(a)]);
  }
  return polygon(pts);
}

/** Knocked-in initial for outline emblems; gives the mark a monogram feel. */
function initial(ink: string, letter: string, size = 20): string {
  return `<text x="${EC}" y="${num(EY + size * 0.36)}" text-anchor="middle" font-size="${size}" font-weight="900" fill="${ink}">${escapeXml(letter)}</text>`;
}

const EMBLEMS: readonly Emblem[] = [
  (ink, l) =>
    `<polygon points="${regular(6, 23, -90)}" fill="none" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
    initial(ink, l),
  (ink, l) =>
    `<polygon points="${regular(4, 25, -90)}" fill="none" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
    `<polygon points="${regular(4, 17, -90)}" fill="none" stroke="${ink}" stroke-opacity=".45" stroke-width="2"/>` +
    initial(ink, l, 15),
  (ink, l) =>
    `<circle cx="${EC}" cy="${EY}" r="22" fill="none" stroke="${ink}" stroke-width="4"/>` +
    `<circle cx="${EC}" cy="${EY}" r="22" fill="none" stroke="${ink}" stroke-opacity=".5" stroke-width="9" stroke-dasharray="4 7.5"/>` +
    initial(ink, l, 18),
  (ink, l) =>
    `<path d="M${EC} 8L${EC + 20} 15V32C${EC + 20} 44 ${EC + 11} 52 ${EC} 57C${EC - 11} 52 ${EC - 20} 44 ${EC - 20} 32V15Z" fill="none" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
    initial(ink, l, 19),
  (ink) =>
    `<polygon points="${starPoints(EC, EY, 24, 10)}" fill="${ink}"/>` +
    `<circle cx="${EC}" cy="${EY}" r="5" fill="${ink}" opacity=".4"/>`,
  (ink) =>
    `<polygon points="${EC - 16},10 ${EC + 22},${EY} ${EC - 16},54" fill="none" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
    `<polygon points="${EC - 8},22 ${EC + 9},${EY} ${EC - 8},42" fill="${ink}"/>`,
  (ink) =>
    `<path d="M${EC - 20} 12L${EC - 2} ${EY}L${EC - 20} 52M${EC} 12L${EC + 18} ${EY}L${EC} 52" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
  (ink) =>
    `<g fill="${ink}"><circle cx="${EC}" cy="${EY - 12}" r="10"/><circle cx="${EC + 12}" cy="${EY}" r="10"/>` +
    `<circle cx="${EC}" cy="${EY + 12}" r="10"/><circle cx="${EC - 12}" cy="${EY}" r="10"/></g>` +
    `<circle cx="${EC}" cy="${EY}" r="5" fill="${ink}" opacity=".35"/>`,
];

export function vendorEmblemIndex(code: string): number {
  return hashString(String(code).trim().toUpperCase()) % EMBLEMS.length;
}

export function vendorIconSvg(code: string, variant: VendorIconVariant): string {
  const label =
    String(code ?? "")
      .trim()
      .toUpperCase()
      .slice(0, 12) || "?";
  const ink = variant === "black" ? "#15151c" : "#ffffff";
  const letter = Array.from(label)[0] ?? "?";
  const emblem = EMBLEMS[vendorEmblemIndex(label)](ink, letter);

  // Fit the code into the remaining width; very long codes get squeezed via textLength.
  const natural = textWidth(label, 1);
  const size = Math.max(17, Math.min(32, TEXT_MAX / natural));
  const width = natural * size;
  const squeeze = width > TEXT_MAX ? ` textLength="${TEXT_MAX}" lengthAdjust="spacingAndGlyphs"` : "";
  const barW = Math.min(TEXT_MAX, width) * 0.55;
  const baseline = EY + size * 0.36;

  return (
    svgOpen(`0 0 ${W} ${H}`, W, H, label) +
    emblem +
    `<text x="${TEXT_X}" y="${num(baseline)}" font-size="${num(size)}" font-weight="900" fill="${ink}" letter-spacing=".5"${squeeze}>${escapeXml(label)}</text>` +
    `<rect x="${TEXT_X + 1}" y="${num(baseline + 7)}" width="${num(barW)}" height="3" rx="1.5" fill="${ink}" opacity=".55"/>` +
    `<circle cx="${num(TEXT_X + barW + 8)}" cy="${num(baseline + 8.5)}" r="2" fill="${ink}" opacity=".55"/>` +
    `</svg>`
  );
}
