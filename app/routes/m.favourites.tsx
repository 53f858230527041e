import type { ActionFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { addFavourite, removeFavourite, type FavouriteResult } from "~/domain/catalogue/favourites.server";
import { favouriteOwner } from "~/web/lobby.server";
import { readForm } from "~/web/csrf.server";
import { loginRedirect, requireBrand } from "~/web/guards.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { setToast } from "~/web/toast.server";

export async function loader() {
  return redirect("/m/fav-games");
}

const TOASTS: Record<FavouriteResult, { kind: "success" | "fail" | "info"; key: string }> = {
  added: { kind: "success", key: "toast.favouriteAdded" },
  exists: { kind: "info", key: "toast.favouriteAdded" },
  removed: { kind: "success", key: "toast.favouriteRemoved" },
  not_found: { kind: "fail", key: "toast.gameUnavailable" },
  not_allowed: { kind: "fail", key: "toast.favouriteNotAllowed" },
  limit: { kind: "fail", key: "toast.favouriteLimit" },
};

/**
 * Adds or removes a favourite (spec §4). Visitors and trial guests go to
 * login. Script requests get the result as data; a plain form post goes back
 * to the page it came from with a toast.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { brand, db } = requireBrand(context);
  const form = await readForm(request, context);
  const back = safeRedirectPath(form.get("redirectTo"));
  const owner = favouriteOwner(context);
  if (owner === null) throw loginRedirect(back);
  const nodeId = Number(form.get("nodeId"));
  const intent = form.get("intent");
  const valid = Number.isSafeInteger(nodeId) && nodeId > 0 && (intent === "add" || intent === "remove");
  const result: FavouriteResult = !valid
    ? "not_found"
    : intent === "add"
      ? await addFavourite(db, brand, owner, nodeId)
      : await removeFavourite(db, brand, owner, nodeId);
  if (form.get("js") === "1") return data({ result }, { status: valid ? 200 : 400 });
  return redirect(back, { headers: { "Set-Cookie": await setToast(context, TOASTS[result]) } });
}
