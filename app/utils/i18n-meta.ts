import i18next, { type TFunction } from "i18next";
import type { Resources } from "~/i18n";
import { i18nConfig } from "~/i18n";

/** A translator for meta functions, built from the resources the root loader sent. */
export function metaT(lng: string, resources: Resources): TFunction {
  const inst = i18next.createInstance();
  void inst.init({ ...i18nConfig, lng, resources, initImmediate: false });
  return inst.t;
}
