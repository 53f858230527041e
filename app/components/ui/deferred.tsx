import { Suspense, type ReactNode } from "react";

type Part<P> = (props: P) => ReactNode;

/**
 * A part that only some pages show (the side menu of `?panel=menu`, the login pop-ups, a category's
 * game list on the home page): its code is a chunk of its own, which the browser loads only when a
 * page shows the part, instead of with every page.
 *
 * The server loads every such chunk when it starts and renders the part at once, so a page that shows
 * it is whole without JavaScript. In the browser, hydration keeps the server's HTML of the part while
 * its chunk loads and takes it over after; a part that appears later (the menu opened) shows once its
 * chunk is in. A chunk that cannot be loaded (the network gone) is an error for the error boundary
 * (on the server, React leaves such a part for the browser to render).
 */
export function deferred<P extends object>(load: () => Promise<Part<P>>): Part<P> {
  let loaded: Part<P> | null = null;
  let failure: { error: unknown } | null = null;
  let loading: Promise<void> | null = null;
  const start = () =>
    (loading ??= load().then(
      (part) => {
        loaded = part;
      },
      (error: unknown) => {
        failure = { error };
      },
    ));
  if (import.meta.env.SSR) void start();

  // Suspends (React's protocol: a thrown promise) until the chunk is in; the same component before
  // and after, so the part keeps its state.
  function Loaded(props: P) {
    if (failure) throw failure.error;
    if (!loaded) throw start();
    const Component = loaded;
    return <Component {...props} />;
  }
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
