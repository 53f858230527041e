import { LANGUAGE_IDS } from "./languages";

/** Shared by the server detector and the per-render instance in root.tsx. */
export const i18nConfig = {
  defaultNS: "common",
  ns: ["common"],
  supportedLngs: LANGUAGE_IDS as string[],
  // TY is house English: its own file, anything it lacks falls back to EN.
  fallbackLng: { ty: ["en"], default: ["en"] },
  interpolation: { escapeValue: false },
} as const;

export type Resources = Record<string, { common: Record<string, unknown> }>;
