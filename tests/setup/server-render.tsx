import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

/**
 * An element rendered as the server renders a page: inside a static data router at `url`, whose
 * one route has the id "root" and answers `rootData` as its loader data (what CsrfInput reads).
 */
export async function renderOnServer(element: ReactElement, opts: { url?: string; rootData?: object } = {}): Promise<string> {
  const url = new URL(opts.url ?? "/m/home", "http://localhost");
  const handler = createStaticHandler([{ id: "root", path: url.pathname, loader: () => opts.rootData ?? null, element }]);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}
