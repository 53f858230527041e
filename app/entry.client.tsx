import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { Resources } from "~/utils/i18n-resources";
import { translatorFor } from "~/utils/translator";
import { fetchedAfterLoad } from "~/utils/fetch-after-load";
import { partsDrawn } from "~/components/ui/deferred";
import { quietAbortedRequests } from "~/utils/aborted-requests";

/**
 * Remix decodes the page's data (single fetch) on RemixBrowser's first render and suspends the root
 * until it has. A tap or a key press while the root is suspended makes React hydrate at once, which
 * it cannot do suspended: it throws (React error 345) and the page stays unhydrated. So the data is
 * decoded first: RemixBrowser, called once before React renders it, starts the decoding and throws
 * the promise of it, before it uses any hook. Anything else it throws is left to the real render.
 */
async function dataDecoded() {
  try {
    (RemixBrowser as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

/**
 * The page's translations come from their own file (root.tsx links it; it is fetched after the first
 * paint, ADR 0032) and prime the translator before React hydrates, so the first render matches the server's. If they
 * cannot be had, the page stays as the server drew it: it works without JavaScript.
 */
async function hydrate() {
  const decoded = dataDecoded();
  // The chunks of the parts the server drew (ui/deferred.tsx), in before React takes the page over.
  const parts = partsDrawn(document);
  const link = document.querySelector<HTMLLinkElement>("link#i18n");
  const lng = link?.dataset.lng;
  if (link && lng) {
    try {
      const response = await fetchedAfterLoad(link.href);
      if (!response.ok) throw new Error(`translations answered ${response.status}`);
      translatorFor(lng, (await response.json()) as Resources);
    } catch (err) {
      console.warn("translations not loaded; the page stays without JavaScript", (err as Error).message);
      return;
    }
  }
  await Promise.all([decoded, parts]);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}
quietAbortedRequests(window);
void hydrate();

// The installable app (server/pwa): each brand's origin gets its service worker once the page has loaded
// (Remix imports this module dynamically, so the load event may already be over).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((err: Error) => console.warn("service worker not registered", err.message));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
