import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { LANGUAGES, LANGUAGE_IDS } from "~/utils/languages";
import { languageCookieHeader } from "~/web/language.server";
import { readForm } from "~/web/csrf.server";
import { requireBrand } from "~/web/guards.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { setToast } from "~/web/toast.server";

const schema = z.object({
  lng: z.enum(LANGUAGE_IDS),
  redirectTo: z.string().max(2000).optional(),
});

/** Nothing to show here: a stray GET goes home. */
export async function loader() {
  return redirect("/m/home");
}

/** Sets the language cookie and returns the player to the page they were on (no JavaScript needed). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { brand } = requireBrand(context);
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request, context)));
  const to = safeRedirectPath(parsed.success ? parsed.data.redirectTo : undefined);
  if (!parsed.success || !brand.languages.enabled.includes(parsed.data.lng)) {
    return redirect(to, {
      headers: { "Set-Cookie": await setToast(context, { kind: "fail", key: "toast.languageUnavailable" }) },
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await languageCookieHeader(parsed.data.lng, context.secureCookies));
  headers.append(
    "Set-Cookie",
    await setToast(context, {
      kind: "success",
      key: "toast.languageChanged",
      params: { name: LANGUAGES[parsed.data.lng].label },
    }),
  );
  return redirect(to, { headers });
}
