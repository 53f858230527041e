import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// The installable app (server/pwa): each brand's origin gets its service worker once the page has loaded
// (Remix imports this module dynamically, so the load event may already be over).
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch((err: Error) => console.warn("service worker not registered", err.message));
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
