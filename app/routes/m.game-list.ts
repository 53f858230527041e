import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadGamePage } from "~/web/lobby.server";
import { requireBrand } from "~/web/guards.server";
import { SCREENS } from "~/web/screens";
import { parseLobbyState } from "~/web/lobby-state";

/**
 * The infinite scroll's data: one page of a list as JSON, by the same state
 * as the page's own URL. `screen` names the route whose defaults apply.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const url = new URL(request.url);
  const screen = SCREENS.get(url.searchParams.get("screen") ?? "") ?? { defaults: {}, inHouse: false };
  const state = parseLobbyState(url.searchParams, screen.defaults);
  const page = await loadGamePage(request, c, state, screen);
  return Response.json(page, { headers: { "Cache-Control": "private, no-store" } });
}
