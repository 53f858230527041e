import type { Resources } from "./i18n-resources";

export type TOptions = { defaultValue?: string; count?: number } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  language: string;
  t: TFunction;
}

/**
 * The few i18next features the product's texts use: nested keys, `{{name}}`
 * interpolation, `_one`/`_other` plurals by `count`, `defaultValue`, and
 * English as every language's fallback. i18next itself is 14 kB of gzip in
 * every page's first load; this is well under one (ADR 0011).
 */
export function createTranslator(lng: string, resources: Resources): Translator {
  const chain = [lng, ...(lng === "en" ? [] : ["en"])].map((l) => resources[l]?.common).filter(Boolean);
  let plural: Intl.PluralRules;
  try {
    plural = new Intl.PluralRules(lng === "ty" ? "en" : lng);
  } catch {
    plural = new Intl.PluralRules("en");
  }
  const lookup = (key: string): string | undefined => {
    for (const texts of chain) {
      let node: unknown = texts;
      for (const part of key.split("."))
        node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
      if (typeof node === "string") return node;
    }
    return undefined;
  };
  const t: TFunction = (key, options = {}) => {
    const count = options.count;
    const text =
      (typeof count === "number" ? (lookup(`${key}_${plural.select(count)}`) ?? lookup(`${key}_other`)) : undefined) ??
      lookup(key) ??
      options.defaultValue ??
      key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      options[name] === undefined || options[name] === null ? whole : String(options[name]),
    );
  };
  return { language: lng, t };
}

const translators = new Map<string, Translator>();

/**
 * One translator per language per process: the resources of a language never
 * change while the app runs, so building one per request is waste.
 */
export function translatorFor(lng: string, resources: Resources, cacheKey = lng): Translator {
  let tr = translators.get(cacheKey);
  if (!tr) {
    tr = createTranslator(lng, resources);
    translators.set(cacheKey, tr);
  }
  return tr;
}

/**
 * The translator of a language whose resources this process was given (the server's entry from
 * resourcesFor, the browser's from the page's translations file), or null.
 */
export function primedTranslator(lng: string): Translator | null {
  return translators.get(lng) ?? null;
}
