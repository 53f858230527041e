import type { LoaderFunctionArgs } from "@remix-run/node";
import { createCaptcha } from "~/domain/accounts/captcha.server";
import { serializeCookie } from "~/web/cookies.server";
import { requireBrand } from "~/web/guards.server";

/**
 * A fresh numeric captcha picture. Its answer stays on the server; the
 * player's cookie holds only the challenge's token. Tapping the image loads a
 * new one (a new URL), which replaces the cookie.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db } = requireBrand(context);
  const { token, svg } = await createCaptcha(db, brand);
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "no-store",
      "Set-Cookie": serializeCookie("captcha", token, { secure: context.secureCookies, maxAgeSeconds: 300 }),
    },
  });
}
