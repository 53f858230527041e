import { Link as RemixLink, type LinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/** True while React renders on the server (no document). */
export const onServer = typeof document === "undefined";

/**
 * The app's link. In the browser it is Remix's Link. On the server, a link to a path of this site
 * (`/…`) that prefetches nothing and does not reload the document renders the very anchor Remix's
 * Link renders there (its attributes, `data-discover` included), without the router's hooks:
 * those hooks cost more than the rest of a game tile, and a lobby page has over a hundred links
 * (ADR 0021). `link.test.tsx` holds the two renderings equal.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (!onServer || !plainOnServer(props)) return <RemixLink ref={ref} {...props} />;
  // What Remix's Link uses for navigation only, and never writes into the anchor.
  const {
    to,
    discover,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    ...anchor
  } = props;
  return <a {...anchor} ref={ref} data-discover={discover === "none" ? undefined : "true"} href={to as string} />;
});

function plainOnServer({ to, prefetch, reloadDocument }: LinkProps): boolean {
  return (
    typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && (prefetch ?? "none") === "none" && !reloadDocument
  );
}
