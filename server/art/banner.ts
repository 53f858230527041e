// Promotional hero banner for the lobby carousel: copy on the left, a lit-up
// prize object on the right. Brand colours drive the mood; `variant` drives
// the composition so adjacent slides are visibly different.

import { bannerHero, bannerTexture, heroPlacement } from "./banner-decor";
import { type MotifCtx, sharedDefs } from "./motif-kit";
import { darken, lighten, luminance, mix, paletteFromBrand, safeHex } from "./palette";
import { ellipsize, escapeXml, idPrefix, num, svgOpen, textLines, textWidth, wrapText } from "./svg";

export interface BannerInput {
  title: string;
  subtitle: string;
  /** null: no button, for a banner that leads nowhere (yet). */
  cta: string | null;
  brandName: string;
  primary: string;
  accent: string;
  variant: number;
}

const W = 750;
const H = 300;
const TEXT_X = 40;
const TEXT_MAX = 390;

function titleLayout(title: string): { lines: string[]; size: number } {
  const one = wrapText(title, TEXT_MAX, 50, 1);
  if (one.length === 1 && !one[0].endsWith("…")) return { lines: one, size: 50 };
  return { lines: wrapText(title, TEXT_MAX, 40, 2), size: 40 };
}

function ctaButton(u: string, label: string, y: number, accent: string): string {
  const text = ellipsize(label.trim().toUpperCase() || "PLAY NOW", 240, 19);
  const w = Math.max(160, Math.min(300, textWidth(text, 19) + 66));
  // Dark label on bright accents, white on deep ones, for contrast either way.
  const ink = luminance(accent) > 0.35 ? "#1a1206" : "#ffffff";
  const x = TEXT_X;
  return (
    `<rect x="${x}" y="${y + 5}" width="${num(w)}" height="50" rx="25" fill="#000" opacity=".35"/>` +
    `<rect x="${x}" y="${y}" width="${num(w)}" height="50" rx="25" fill="url(#${u}c)" stroke="#fff" stroke-opacity=".6" stroke-width="2"/>` +
    `<rect x="${x + 10}" y="${y + 4}" width="${num(w - 20)}" height="18" rx="9" fill="#fff" opacity=".3"/>` +
    `<text x="${num(x + (w - 22) / 2)}" y="${y + 32}" text-anchor="middle" font-size="19" font-weight="800" fill="${ink}" letter-spacing=".5">${escapeXml(text)}</text>` +
    `<path d="M${num(x + w - 34)} ${y + 17}L${num(x + w - 24)} ${y + 25}L${num(x + w - 34)} ${y + 33}" fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function copyBlock(u: string, b: BannerInput, accent: string): string {
  const kicker = ellipsize(b.brandName.trim().toUpperCase(), TEXT_MAX, 15);
  const t = titleLayout(b.title);
  const sub = wrapText(b.subtitle, TEXT_MAX, 19, 2);
  const titleLead = t.size + 4;
  // Stack the blocks from a computed top so short copy stays vertically centred.
  const blockH = 22 + t.lines.length * titleLead + sub.length * 25 + (b.cta === null ? 0 : 14 + 50);
  let y = Math.max(26, (H - blockH) / 2);
  let out = "";
  if (kicker) {
    out +=
      `<rect x="${TEXT_X}" y="${num(y)}" width="28" height="4" rx="2" fill="${accent}"/>` +
      `<text x="${TEXT_X + 38}" y="${num(y + 7)}" font-size="15" font-weight="800" fill="${accent}" letter-spacing="3">${escapeXml(kicker)}</text>`;
  }
  y += 22 + t.size * 0.9;
  out += textLines(
    t.lines,
    TEXT_X,
    y,
    titleLead,
    `font-size="${t.size}" font-weight="900" fill="url(#${u}t)" stroke="${darken(accent, 0.75)}" stroke-width="5" paint-order="stroke" stroke-linejoin="round"`,
  );
  y += (t.lines.length - 1) * titleLead + 32;
  out += textLines(sub, TEXT_X, y, 25, `font-size="19" font-weight="600" fill="#fff" fill-opacity=".88"`);
  y += Math.max(0, sub.length - 1) * 25 + 22;
  return b.cta === null ? out : out + ctaButton(u, b.cta, Math.min(H - 64, y), accent);
}

export function bannerSvg(b: BannerInput): string {
  const variant = ((Math.trunc(Number(b.variant)) % 8) + 8) % 8 || 0;
  const primary = safeHex(b.primary, "#1a1030");
  const accent = safeHex(b.accent, "#f5c542");
  const u = idPrefix("b", [b.title, b.brandName, primary, accent, variant].join("|"));
  const ctx: MotifCtx = { u, p: paletteFromBrand(primary, accent), seed: variant * 7919 };
  const at = heroPlacement(variant);

  // Odd variants flip the light source so the carousel alternates moods.
  const flip = variant % 2 === 1;
  const body =
    `<g clip-path="url(#${u}k)">` +
    `<rect width="${W}" height="${H}" fill="url(#${u}b)"/>` +
    bannerTexture(u, variant, accent, at.cx, at.cy) +
    (flip
      ? `<path d="M0 0H470L400 300H0Z" fill="${darken(primary, 0.4)}" opacity=".55"/><path d="M470 0H482L412 300H400Z" fill="${accent}" opacity=".7"/>`
      : `<ellipse cx="170" cy="300" rx="320" ry="70" fill="${accent}" opacity=".08"/>`) +
    bannerHero(ctx, variant) +
    copyBlock(u, b, accent) +
    `<rect width="${W}" height="90" fill="url(#${u}h)"/>` +
    `</g>` +
    `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="21" fill="none" stroke="${accent}" stroke-opacity=".35" stroke-width="2"/>`;

  const v = `x2="0" y2="1"`;
  const defs =
    `<defs>${sharedDefs(ctx, body)}` +
    `<linearGradient id="${u}b" x2="1" y2="1"><stop stop-color="${mix(primary, accent, flip ? 0.08 : 0.22)}"/>` +
    `<stop offset=".6" stop-color="${primary}"/><stop offset="1" stop-color="${darken(primary, 0.5)}"/></linearGradient>` +
    `<radialGradient id="${u}g"><stop stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${u}t" ${v}><stop stop-color="#fff"/><stop offset=".55" stop-color="${lighten(accent, 0.35)}"/><stop offset="1" stop-color="${accent}"/></linearGradient>` +
    `<linearGradient id="${u}c" ${v}><stop stop-color="${lighten(accent, 0.45)}"/><stop offset=".5" stop-color="${accent}"/><stop offset="1" stop-color="${darken(accent, 0.25)}"/></linearGradient>` +
    `<linearGradient id="${u}h" ${v}><stop stop-color="#fff" stop-opacity=".12"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<clipPath id="${u}k"><rect width="${W}" height="${H}" rx="22"/></clipPath></defs>`;

  return svgOpen(`0 0 ${W} ${H}`, W, H, `${b.title} — ${b.subtitle}`) + defs + body + `</svg>`;
}
