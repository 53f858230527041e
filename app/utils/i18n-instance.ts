import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { i18nConfig, type Resources } from "~/i18n";

const instances = new Map<string, i18n>();

/**
 * One i18next instance per language per process: the resources of a language
 * never change while the app runs, so building one per request is waste.
 */
export function i18nInstance(lng: string, resources: Resources, cacheKey = lng): i18n {
  let inst = instances.get(cacheKey);
  if (!inst) {
    inst = i18next.createInstance();
    void inst.use(initReactI18next).init({ ...i18nConfig, lng, resources, initImmediate: false });
    instances.set(cacheKey, inst);
  }
  return inst;
}
