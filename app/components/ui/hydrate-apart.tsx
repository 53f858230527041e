import { memo, Suspense, type NamedExoticComponent, type ReactNode } from "react";

/**
 * A part of a page that React hydrates in a pass of its own. React hydrates the page in one pass,
 * then each Suspense boundary the server drew in a pass of its own, each committed on its own: a
 * long page split into such parts is taken over in several short tasks instead of one long one,
 * which a phone's main thread feels (Lighthouse counts every task over 50 ms as blocking time).
 *
 * Nothing suspends inside: on the server and in the browser the part renders at once, with no
 * fallback ever shown. The part is `memo`, the boundary inside it: a re-render of the page around it
 * with the same props (the loader's data) passes it by, so a tap handled before the part's own pass
 * (React cannot hydrate other parts first at a tap's priority) does not make React throw the part's
 * server HTML away (React error 421; see ui/deferred.tsx). Give it the loader's data as it is.
 */
export function hydratedApart<P extends object>(Part: (props: P) => ReactNode): NamedExoticComponent<P> {
  return memo(function HydratedApart(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  });
}
