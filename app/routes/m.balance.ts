import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { isGuest } from "~/domain/accounts/member-types";
import { getBalance } from "~/domain/wallet/balances.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { translatorFor } from "~/utils/translator";
import { balanceHiddenCookie } from "~/web/balance-visibility.server";
import { readForm } from "~/web/csrf.server";
import { requireBrand } from "~/web/guards.server";
import { resourcesFor } from "~/web/locales.server";

/**
 * The header's refresh asks here for the balance as it is now (trial players: their play
 * money). Signed out, it goes to /m/login (spec §4); a fetcher follows that redirect.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db, session } = requireBrand(context);
  if (!session) throw redirect("/m/login");
  const balance = await getBalance(db, brand, session.memberId, isGuest(session.type) ? "demo" : "cash");
  return Response.json({ balance: balance.toString() }, { headers: { "Cache-Control": "no-store" } });
}

const schema = z.object({
  hidden: z.enum(["0", "1"]),
  redirectTo: z.string().max(2000).optional(),
});

/**
 * Hides or shows the balance for this browser. A plain form (no JavaScript) names the page
 * to go back to; the header's fetcher does not, and gets the answer in place while the
 * root loader revalidates with the new cookie.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { lng } = requireBrand(context);
  const parsed = schema.safeParse(Object.fromEntries(await readForm(request, context)));
  if (!parsed.success) {
    const error = translatorFor(lng, resourcesFor(lng)).t("balance.invalidChoice");
    return Response.json({ error }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const hidden = parsed.data.hidden === "1";
  const headers = new Headers({ "Set-Cookie": balanceHiddenCookie(hidden, context.secureCookies) });
  if (parsed.data.redirectTo !== undefined) return redirect(safeRedirectPath(parsed.data.redirectTo), { headers });
  headers.set("Cache-Control", "no-store");
  return Response.json({ hidden }, { headers });
}
