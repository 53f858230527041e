import crypto from "node:crypto";
import type { LanguageId } from "~/utils/languages";
import type { Resources } from "~/utils/i18n-resources";
import en from "../../public/locales/en/common.json";
import ja from "../../public/locales/ja/common.json";
import th from "../../public/locales/th/common.json";
import tl from "../../public/locales/tl/common.json";
import ty from "../../public/locales/ty/common.json";
import vi from "../../public/locales/vi/common.json";
import zh from "../../public/locales/zh/common.json";

export const ALL_RESOURCES: Record<LanguageId, { common: Record<string, unknown> }> = {
  en: { common: en },
  ty: { common: ty },
  zh: { common: zh },
  ja: { common: ja },
  th: { common: th },
  vi: { common: vi },
  tl: { common: tl },
};

/** What one page needs: its language and English, the fallback of every language. */
export function resourcesFor(lng: LanguageId): Resources {
  return lng === "en" ? { en: ALL_RESOURCES.en } : { [lng]: ALL_RESOURCES[lng], en: ALL_RESOURCES.en };
}

const serialized = new Map<LanguageId, { body: string; version: string }>();

/** resourcesFor(lng) as the JSON the browser loads, with a version from its content (computed once per process). */
export function resourcesJson(lng: LanguageId): { body: string; version: string } {
  let out = serialized.get(lng);
  if (!out) {
    const body = JSON.stringify(resourcesFor(lng));
    out = { body, version: crypto.createHash("sha256").update(body).digest("hex").slice(0, 12) };
    serialized.set(lng, out);
  }
  return out;
}

/**
 * Where a page's translations are loaded from (served by the host, server/app.ts): a file of its own
 * that the browser keeps across pages and releases, instead of the same 90 KB inside every page's data.
 */
export function resourcesHref(lng: LanguageId): string {
  return `/i18n/${lng}.${resourcesJson(lng).version}.json`;
}
