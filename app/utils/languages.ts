/**
 * Interface languages. `ty` is the brand's house English for the Philippine
 * market: its own locale file, falling back to `en`, served as en-PH (never
 * `ty`, which is Tahitian). See docs/decisions/0005-languages.md.
 */
export const LANGUAGES = {
  en: { tag: "en", label: "English", dayjs: "en" },
  ty: { tag: "en-PH", label: "English (PH)", dayjs: "en" },
  zh: { tag: "zh-CN", label: "简体中文", dayjs: "zh-cn" },
  ja: { tag: "ja", label: "日本語", dayjs: "ja" },
  th: { tag: "th", label: "ไทย", dayjs: "th" },
  vi: { tag: "vi", label: "Tiếng Việt", dayjs: "vi" },
  tl: { tag: "fil", label: "Tagalog", dayjs: "tl-ph" },
} as const;

export type LanguageId = keyof typeof LANGUAGES;
export const LANGUAGE_IDS = Object.keys(LANGUAGES) as LanguageId[];

export function isLanguageId(v: unknown): v is LanguageId {
  return typeof v === "string" && Object.prototype.hasOwnProperty.call(LANGUAGES, v);
}
