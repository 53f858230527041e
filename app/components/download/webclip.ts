import { useEffect, useState } from "react";

/**
 * The web clip's mark (spec §2, §3): the configuration profile's icon opens `/m/home?source=webclip`,
 * and the first page it opens keeps WEBCLIP=1 in localStorage. From then on the download entries
 * no longer offer the profile, and a registration from it is recorded with registerMethod WEBCLIP.
 */
export const WEBCLIP_KEY = "WEBCLIP";
export const WEBCLIP_SOURCE = "webclip";

/** Private browsing can forbid storage: no flag then, never an error. */
export function readWebclipFlag(): boolean {
  try {
    return window.localStorage.getItem(WEBCLIP_KEY) === "1";
  } catch {
    return false;
  }
}

/** Keeps the mark when the address carries `source=webclip`. */
export function markWebclip(search: string): void {
  if (new URLSearchParams(search).get("source") !== WEBCLIP_SOURCE) return;
  try {
    window.localStorage.setItem(WEBCLIP_KEY, "1");
  } catch {
    // Storage refused: the profile stays on offer, which does no harm.
  }
}

/** The site runs from the home screen: an installed web app, or an iOS home-screen icon. */
export function isStandalone(): boolean {
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.("(display-mode: standalone)").matches === true
  );
}

/** How this registration is made (spec §3 registerMethod): the web clip, an installed app, or a browser tab. */
export function registerMethodOf(state: { webclip: boolean; standalone: boolean }): "WEBCLIP" | "PWA" | "H5" {
  if (state.webclip) return "WEBCLIP";
  if (state.standalone) return "PWA";
  return "H5";
}

/** The page the web clip opened, once per load: the mark goes into localStorage. */
export function useWebclipMark(): void {
  useEffect(() => markWebclip(window.location.search), []);
}

/** What only the browser knows; both false on the server and in the first render, so hydration matches. */
export function useInstallState(): { webclip: boolean; standalone: boolean } {
  const [state, setState] = useState({ webclip: false, standalone: false });
  useEffect(() => {
    // The page that carries source=webclip may render this before the mark's own effect has run.
    markWebclip(window.location.search);
    setState({ webclip: readWebclipFlag(), standalone: isStandalone() });
  }, []);
  return state;
}
