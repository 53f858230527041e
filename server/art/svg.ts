// Shared low-level helpers for the SVG art generators. Everything here is pure
// and deterministic so server and client renders produce identical markup.

import { hashString } from "~/utils/hash";

export { hashString };

export const SVG_NS = "http://www.w3.org/2000/svg";

// Bundled system fonts differ per device; DejaVu is the fallback that ships on
// our Linux render hosts, so width estimates below are tuned for it.
export const FONT_STACK = "'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

// Characters XML 1.0 forbids outright; a stray one would make the whole
// document unparseable, so they are dropped rather than escaped.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(value: string): string {
  return String(value)
    .replace(INVALID_XML_CHARS, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** Derives an independent sub-seed so several choices from one code do not correlate. */
export function subHash(seed: number, salt: number): number {
  let h = Math.imul(seed ^ (salt * 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function pick<T>(items: readonly T[], seed: number): T {
  return items[seed % items.length];
}

/** Rounds to one decimal so generated paths stay short. */
export function num(value: number): string {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

/** Short, DOM-id-safe prefix so several inline SVGs on one page never share gradient ids. */
export function idPrefix(kind: string, key: string): string {
  return kind + hashString(kind + "|" + key).toString(36);
}

export function svgOpen(viewBox: string, width: number, height: number, label: string, extraAttrs = ""): string {
  return (
    `<svg xmlns="${SVG_NS}" viewBox="${viewBox}" width="${width}" height="${height}" ` +
    `role="img" aria-label="${escapeXml(label)}" font-family="${FONT_STACK}"${extraAttrs ? " " + extraAttrs : ""}>`
  );
}

/** 4-point twinkle used across tiles and banners; drawn at unit size 10. */
export function sparkle(x: number, y: number, size: number, fill: string, opacity = 1): string {
  const s = num(size / 10);
  return (
    `<path transform="translate(${num(x)} ${num(y)}) scale(${s})" fill="${fill}"` +
    (opacity < 1 ? ` opacity="${opacity}"` : "") +
    ` d="M0-10C1-3 3-1 10 0C3 1 1 3 0 10C-1 3-3 1-10 0C-3-1-1-3 0-10Z"/>`
  );
}

export function starPoints(cx: number, cy: number, outer: number, inner: number, points = 5, rotDeg = -90): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = ((rotDeg + (i * 180) / points) * Math.PI) / 180;
    out.push(`${num(cx + r * Math.cos(a))},${num(cy + r * Math.sin(a))}`);
  }
  return out.join(" ");
}

/** Sunburst wedges from a centre; one path keeps the byte count low. */
export function raysPath(cx: number, cy: number, radius: number, count: number, widthDeg: number, rotDeg = 0): string {
  // Whole pixels are plenty for soft background rays and keep the path short.
  const r0 = (v: number) => String(Math.round(v));
  let d = "";
  for (let i = 0; i < count; i++) {
    const a = rotDeg + (i * 360) / count;
    const a1 = ((a - widthDeg / 2) * Math.PI) / 180;
    const a2 = ((a + widthDeg / 2) * Math.PI) / 180;
    d +=
      `M${r0(cx)} ${r0(cy)}L${r0(cx + radius * Math.cos(a1))} ${r0(cy + radius * Math.sin(a1))}` +
      `L${r0(cx + radius * Math.cos(a2))} ${r0(cy + radius * Math.sin(a2))}Z`;
  }
  return d;
}

// Approximate advance widths (em) of DejaVu Sans Bold, the widest face in our
// font stack, grouped by width. Erring wide means wrapped text never overflows.
const WIDTH_GROUPS: ReadonlyArray<[number, string]> = [
  [0.35, " .,:;'!|`ijlIJ"],
  [0.44, 'f()[]{}-"/'],
  [0.5, "rt"],
  [0.6, "csz*"],
  [0.66, "vxyk?"],
  [0.7, "aebdghnopqu0123456789$#_+=<>~^"],
  [0.74, "FLTEPSYZ"],
  [0.79, "ABKRVX&"],
  [0.85, "CDGHNOQU"],
  [0.93, "w%"],
  [1.06, "mM@"],
  [1.12, "W"],
];
const WIDTHS = new Map<string, number>();
for (const [w, chars] of WIDTH_GROUPS) for (const ch of chars) WIDTHS.set(ch, w);

function charWidth(ch: string): number {
  // Unknown glyphs (accents, CJK, emoji) are treated as wide to stay safe.
  return WIDTHS.get(ch) ?? (/\p{L}/u.test(ch) && ch.length === 1 && ch.charCodeAt(0) < 0x2e80 ? 0.75 : 1.0);
}

export function textWidth(text: string, fontSize: number): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w * fontSize;
}

/** Trims a string until it (plus an ellipsis) fits the width. */
export function ellipsize(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && textWidth(chars.join("").trimEnd() + "…", fontSize) > maxWidth) chars.pop();
  return chars.join("").trimEnd() + "…";
}

/**
 * Greedy word wrap capped at maxLines; overflow is folded into the last line
 * and ellipsized, so callers can rely on the line count bound.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, maxLines: number): string[] {
  const words = String(text).replace(INVALID_XML_CHARS, "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || maxLines < 1) return [];
  const lines: string[] = [];
  let current = "";
  const pushWord = (word: string) => {
    const candidate = current ? current + " " + word : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      current = candidate;
      return;
    }
    if (current) lines.push(current);
    current = "";
    // A single word wider than the box gets hard-broken so it cannot overflow.
    let chunk = "";
    for (const ch of word) {
      if (chunk && textWidth(chunk + ch, fontSize) > maxWidth) {
        lines.push(chunk);
        chunk = "";
      }
      chunk += ch;
    }
    current = chunk;
  };
  words.forEach(pushWord);
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines - 1);
  const rest = lines.slice(maxLines - 1).join(" ");
  kept.push(ellipsize(rest, maxWidth, fontSize));
  return kept;
}

/** Renders already-wrapped lines as one <text> with <tspan> rows. */
export function textLines(lines: string[], x: number, firstY: number, lineHeight: number, attrs: string): string {
  if (lines.length === 0) return "";
  const spans = lines
    .map((line, i) => `<tspan x="${num(x)}" y="${num(firstY + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join("");
  return `<text ${attrs}>${spans}</text>`;
}
