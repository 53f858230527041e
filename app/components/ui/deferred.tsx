import { memo, Suspense, type NamedExoticComponent, type ReactNode } from "react";

type Part<P> = (props: P) => ReactNode;

/** Each part's loader by its name, for `partsDrawn`. */
const loaders = new Map<string, () => Promise<void>>();

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
 *
 * A part the server drew must not wait for its chunk while the rest of the page is React's: an
 * update reaching it then (a navigation, a state set on mount) makes React throw its server HTML away
 * (React error 421) and show nothing there until the chunk is in. So each part leaves an inert
 * `<template data-part="name">` before itself, and the browser loads the chunks of the parts the page
 * holds (`partsDrawn`) before it hydrates.
 *
 * React hydrates the parts in a pass of their own after the rest of the page. A tap in between (the
 * login pop-ups closed the moment they show) is handled at once, and the state it sets re-renders the
 * shell around parts not yet hydrated; a part handed a new element there also loses its server HTML
 * (React error 421). So a part re-renders only when its props change: the shell's re-render passes
 * it by.
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
  if (import.meta.env.SSR) void start();
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
    return (
      <>
        <template data-part={name} />
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </>
    );
  });
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
