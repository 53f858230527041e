import type { Brand } from "~/brand/schema";
import { LANGUAGES, type LanguageId } from "~/utils/languages";
import { translatorFor } from "~/utils/translator";
import { resourcesFor } from "~/web/locales.server";

/**
 * The answers the host gives without Remix: when the database is down (Remix
 * cannot build a page without it) or when a request is refused before it may
 * reach an action (an unreadable path, a body over the limit).
 */
export type StatusPageKind = "outage" | "badRequest" | "tooLarge" | "offline";

const PAGES: Record<StatusPageKind, { status: number; title: string; body: string; action: string }> = {
  outage: { status: 503, title: "status.serviceTitle", body: "status.outageBody", action: "status.retry" },
  badRequest: { status: 400, title: "errors.badRequestTitle", body: "errors.badRequestBody", action: "errors.backHome" },
  tooLarge: { status: 413, title: "errors.badRequestTitle", body: "errors.tooLargeBody", action: "errors.backHome" },
  // Kept by the service worker and shown when the network is gone (server/pwa).
  offline: { status: 200, title: "status.offlineTitle", body: "status.offlineBody", action: "status.retry" },
};

export const statusOf = (kind: StatusPageKind) => PAGES[kind].status;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export interface StatusPageInput {
  kind: StatusPageKind;
  /** null: a host no brand serves. */
  brand: Pick<Brand, "id" | "displayName" | "themeColor"> | null;
  /** The brand theme's CSS variables. */
  themeCss: string;
  lng: LanguageId;
  nonce: string;
  /** Where the button goes: a path on this site; "" is the page the player asked for (the offline page's retry). */
  href: string;
}

/** A small self-contained page in the brand's colours and the player's language. */
export function renderStatusPage(input: StatusPageInput): string {
  const page = PAGES[input.kind];
  const { t } = translatorFor(input.lng, resourcesFor(input.lng));
  const title = t(page.title);
  const name = input.brand ? escapeHtml(input.brand.displayName) : "";
  const css = `${input.themeCss}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:var(--bg,#111);color:var(--text,#fff);font-family:system-ui,sans-serif;text-align:center}
main{max-width:28rem;padding:2rem}
img{height:3rem;width:12rem;object-fit:contain}
p{color:var(--muted,#bbb);line-height:1.5}
a{display:inline-block;margin-top:1rem;padding:.75rem 2rem;border-radius:999px;background:var(--primary,#fff);color:var(--on-primary,#000);font-weight:700;text-decoration:none}`;
  return `<!DOCTYPE html>
<html lang="${LANGUAGES[input.lng].tag}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
${input.brand ? `<meta name="theme-color" content="${escapeHtml(input.brand.themeColor)}">` : ""}
<title>${escapeHtml(title)}${name ? ` | ${name}` : ""}</title>
<style nonce="${escapeHtml(input.nonce)}">${css}</style>
</head>
<body>
<main>
${input.brand ? `<img src="/brands/${escapeHtml(input.brand.id)}/logo.svg" alt="${name}">` : ""}
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t(page.body))}</p>
<a href="${escapeHtml(input.href)}">${escapeHtml(t(page.action))}</a>
</main>
</body>
</html>`;
}
