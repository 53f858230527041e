import { useSyncExternalStore } from "react";

/** Chrome's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

// Chrome fires the event once per page load, whenever it decides the site is installable, which can
// be before any download entry is on screen: it is caught from the moment this module loads (the
// service widget brings it into every page). It is not cancelled, so Chrome's own install banner
// stays as the browser shows it.
if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (e) => {
    offer = e as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    changed();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Chrome's "Install" dialog, when the browser has offered it on this page: a function that shows
 * it (an offer can be used once), or null (no JavaScript, another browser, or already installed).
 */
export function useInstallPrompt(): (() => Promise<void>) | null {
  const current = useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
  if (!current) return null;
  return async () => {
    offer = null;
    changed();
    await current.prompt();
    await current.userChoice.catch(() => undefined);
  };
}
