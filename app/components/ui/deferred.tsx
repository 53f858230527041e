import { memo, Suspense, useState, type NamedExoticComponent, type ReactNode } from "react";

type Part<P> = (props: P) => ReactNode;

/** Each part's loader by its name, for `partsDrawn`. */
const loaders = new Map<string, () => Promise<void>>();

/** On the server: settles once every part registered so far has its chunk in (or failed), for `partsLoaded`. */
let serverParts: Promise<unknown> = Promise.resolve();

/**
 * A part that only some pages show (the side menu of `?panel=menu`, the login pop-ups, a category's
 * game list on the home page): its code is a chunk of its own, which the browser loads only when a
 * page shows the part, instead of with every page.
 *
 * The server loads every such chunk when it starts and draws no page before they are in
 * (`partsLoaded`), so a page that shows a part is whole without JavaScript. Each part leaves an inert
 * `<template data-part="name">` before itself, and the browser loads the chunks of the parts the page
 * holds (`partsDrawn`) before it hydrates. A chunk that cannot be loaded (the network gone) is an
 * error for the error boundary (on the server, React leaves such a part for the browser to render).
 *
 * A part whose chunk is in when it mounts (every part on the server, every part the page held in the
 * browser) is drawn without a Suspense boundary, and hydrated with the page. React hydrates a
 * server-drawn boundary in a pass of its own at the lowest priority, after everything else the page
 * does; an update reaching the part before that pass (a tap, a navigation ending, a context changed)
 * made React throw the part's server HTML away (React error 421). Only a part that appears later
 * with its chunk still loading (the menu opened) waits in a boundary of its own, for as long as it is
 * on the page (its state kept). A part is `memo`: the shell's re-render passes it by.
 */
export function deferred<P extends object>(name: string, load: () => Promise<Part<P>>): NamedExoticComponent<P> {
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
  if (import.meta.env.SSR) serverParts = Promise.all([serverParts, start()]);
  loaders.set(name, start);

  // Suspends (React's protocol: a thrown promise) until the chunk is in; the same component before
  // and after, so the part keeps its state.
  function Loaded(props: P) {
    if (failure) throw failure.error;
    if (!loaded) throw start();
    const Component = loaded;
    return <Component {...props} />;
  }
  return memo(function Deferred(props: P) {
    const [inAtMount] = useState(() => loaded !== null);
    return (
      <>
        <template data-part={name} />
        {inAtMount ? (
          <Loaded {...props} />
        ) : (
          <Suspense fallback={null}>
            <Loaded {...props} />
          </Suspense>
        )}
      </>
    );
  });
}

/**
 * On the server, every part's chunk, loaded or failed: the server draws no page before (see
 * `deferred`). One promise, started when each part was registered: a page's request only awaits it.
 */
export async function partsLoaded(): Promise<void> {
  await serverParts;
}

/**
 * Loads the chunk of every deferred part drawn in `root` (the page the server sent, before React
 * hydrates it). A chunk that cannot be loaded settles too: its part throws to the error boundary
 * when React renders it, as before.
 */
export async function partsDrawn(root: Pick<ParentNode, "querySelectorAll">): Promise<void> {
  const names = new Set(Array.from(root.querySelectorAll<HTMLElement>("template[data-part]"), (t) => t.dataset.part ?? ""));
  await Promise.all(Array.from(names, (n) => loaders.get(n)?.()));
}
