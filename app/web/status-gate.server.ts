import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import { redirect } from "@remix-run/node";

type RouteEntry = ServerBuild["routes"][string];
type Handler = NonNullable<RouteEntry["module"]["loader"]>;
type HandlerArgs = Parameters<Handler>[0];

const closed = (context: AppLoadContext) => Boolean(context.brand) && context.status !== 0;

/** Machine-to-machine routes (the seamless-wallet API, payment webhooks) answer in JSON, never with a page. */
export const isApiRoute = (id: string) => id.startsWith("routes/api.");

/** What a machine route answers while its brand is closed. */
export function siteClosedAnswer(status: number) {
  return {
    status: 503,
    body: { error: "site_closed", status },
    headers: { "Retry-After": "300", "Cache-Control": "no-store" },
  };
}

function refusal(status: number): Response {
  const answer = siteClosedAnswer(status);
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

/** A person's browser asked for a page (a link, a reload), not a script for data. */
function isNavigation(request: Request): boolean {
  return request.headers.get("sec-fetch-mode") === "navigate" || (request.headers.get("accept") ?? "").includes("text/html");
}

/**
 * The system-status gate (spec §1: 0 open, 1 maintenance / IP-restricted,
 * 2 service error). While a brand is closed the root renders its status page
 * and nothing else of the app runs, whatever route a request names:
 * - page loaders are skipped (the page is not rendered, and nothing a loader
 *   records, such as a recent game, is written);
 * - every action is refused before it reads its form: a person's post is sent
 *   to the page it came from (or home), which shows the status page; a machine's
 *   gets 503 JSON;
 * - resource routes (JSON, images, the manifest) answer 503 JSON, or send a
 *   person's browser home to the status page.
 * Applied once to the whole build, so a route added later cannot forget it.
 */
export function gateClosedBrands(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (id === "root") {
      routes[id] = route;
      continue;
    }
    const { loader, action } = route.module;
    const page = Boolean(route.module.default);
    const api = isApiRoute(id);
    const gatedLoader = loader
      ? (args: HandlerArgs) => {
          if (!closed(args.context)) return loader(args);
          if (page) return null;
          if (!api && isNavigation(args.request)) throw redirect("/m/home");
          throw refusal(args.context.status);
        }
      : undefined;
    const gatedAction = action
      ? (args: HandlerArgs) => {
          if (!closed(args.context)) return action(args);
          if (api) throw refusal(args.context.status);
          const url = new URL(args.request.url);
          throw redirect(page ? url.pathname + url.search : "/m/home", 303);
        }
      : undefined;
    routes[id] = { ...route, module: { ...route.module, loader: gatedLoader, action: gatedAction } };
  }
  return { ...build, routes };
}
