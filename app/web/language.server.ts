import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { isLanguageId, type LanguageId } from "~/utils/languages";
import type { Brand } from "~/brand/schema";
import { i18nConfig } from "~/utils/i18n-resources";
import { ALL_RESOURCES } from "./locales.server";

const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

/** The player's language choice, Secure by the same rule as every other cookie (SECURE_COOKIES, else production). */
export function languageCookieHeader(lng: LanguageId, secure: boolean): Promise<string> {
  return languageCookie.serialize(lng, { secure });
}

const detectors = new Map<string, RemixI18Next>();

/** One detector per brand: the player's cookie if the brand offers that language, else the brand's default. */
export function i18nFor(brand: Brand): RemixI18Next {
  let d = detectors.get(brand.id);
  if (!d) {
    d = new RemixI18Next({
      detection: {
        supportedLanguages: brand.languages.enabled,
        fallbackLanguage: brand.languages.default,
        cookie: languageCookie,
        order: ["cookie"],
      },
      i18next: { ...i18nConfig, resources: ALL_RESOURCES },
    });
    detectors.set(brand.id, d);
  }
  return d;
}

export async function detectLanguage(request: Request, brand: Brand): Promise<LanguageId> {
  const lng = await i18nFor(brand).getLocale(request);
  return isLanguageId(lng) && brand.languages.enabled.includes(lng) ? lng : brand.languages.default;
}
