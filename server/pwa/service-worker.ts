import { createHash } from "node:crypto";
import fs from "node:fs";
import type { Brand } from "~/brand/schema";
import { LANGUAGES } from "~/utils/languages";

/** The worker itself: plain JavaScript, read once; its configuration is prepended per brand. */
const WORKER = fs.readFileSync(new URL("./worker.js", import.meta.url), "utf8");

/** Game art the worker keeps at run time, and how many pictures at most (about 2 MB of SVG). */
export const ART_PREFIXES = ["/art/game/", "/art/vendor/"];
export const ART_LIMIT = 200;

export const offlinePath = (lng: string) => `/offline?lng=${lng}`;

/**
 * What the worker precaches for this build and brand: every script and stylesheet of the build (so a
 * screen opened without a network still draws, with its error page saying so), the brand's logo and
 * icon, and the offline page in each of its languages. Nothing personal: pages and data are never precached.
 */
export function precacheList(brand: Pick<Brand, "id" | "languages">, assets: string[]) {
  const brandFiles = [`/brands/${brand.id}/logo.svg`, `/brands/${brand.id}/icon.svg`];
  return [...new Set([...assets, ...brandFiles, ...brand.languages.enabled.map(offlinePath)])];
}

/** The script served at /sw.js: it changes, and so the browser installs it anew, whenever the build or the brand does. */
export function serviceWorkerScript(version: string, brand: Pick<Brand, "id" | "languages">, assets: string[]) {
  const offline = Object.fromEntries(brand.languages.enabled.map((lng) => [LANGUAGES[lng].tag, offlinePath(lng)]));
  const config = {
    version,
    precache: precacheList(brand, assets),
    offline,
    fallbackTag: LANGUAGES[brand.languages.default].tag,
    artPrefixes: ART_PREFIXES,
    artLimit: ART_LIMIT,
  };
  return `self.PWA = ${JSON.stringify(config)};\n${WORKER}`;
}

export const scriptEtag = (script: string) => `"${createHash("sha256").update(script).digest("base64url").slice(0, 27)}"`;
