import { createContext, useContext, type ReactNode } from "react";
import type { Translator } from "~/utils/translator";

const TranslationContext = createContext<Translator>({ language: "en", t: (key) => key });

export function TranslationProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslationContext.Provider value={translator}>{children}</TranslationContext.Provider>;
}

/** The same shape components used with react-i18next: `const { t } = useTranslation()`. */
export function useTranslation(): { t: Translator["t"]; i18n: Translator } {
  const translator = useContext(TranslationContext);
  return { t: translator.t, i18n: translator };
}
