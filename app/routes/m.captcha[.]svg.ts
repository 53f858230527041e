import type { LoaderFunctionArgs } from "@remix-run/node";
import { createCaptcha } from "~/domain/accounts/captcha.server";
import { takeCaptchaDraw } from "~/domain/accounts/request-limits.server";
import { serializeCookie } from "~/web/cookies.server";
import { requireBrand } from "~/web/guards.server";
import { resourcesFor } from "~/web/locales.server";
import type { LanguageId } from "~/utils/languages";
import { translatorFor } from "~/utils/translator";

/**
 * A fresh numeric captcha picture. Its answer stays on the server; the
 * player's cookie holds only the challenge's token. Tapping the image loads a
 * new one (a new URL), which replaces the cookie.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db, lng } = requireBrand(context);
  const hit = await takeCaptchaDraw(db, brand, context.clientIp);
  if (!hit.allowed) return refusal(lng, hit.retryAfterMs);
  const { token, svg } = await createCaptcha(db, brand);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "no-store",
      "Set-Cookie": serializeCookie("captcha", token, { secure: context.secureCookies, maxAgeSeconds: 300 }),
    },
  });
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * Too many pictures asked for: a picture of the captcha's size that says to
 * wait, so the refusal shows where the captcha would. No challenge is stored
 * and the cookie of the last one stays as it was.
 */
function refusal(lng: LanguageId, retryAfterMs: number): Response {
  const text = escapeXml(translatorFor(lng, resourcesFor(lng)).t("login.captchaWait"));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50" viewBox="0 0 150 50" role="img" aria-label="${text}">` +
    `<rect width="150" height="50" fill="#f4f1ea"/>` +
    `<text x="75" y="29" font-family="sans-serif" font-size="11" text-anchor="middle" fill="#3a3a3a">${text}</text></svg>`;
  return new Response(svg, {
    status: 429,
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
    },
  });
}
