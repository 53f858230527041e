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
