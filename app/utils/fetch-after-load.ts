/**
 * Files a page needs once its scripts run, fetched together with them (ADR 0032). A
 * `<link rel="x-fetch-after-load">` fetches nothing while the page loads; the script that starts the
 * page's modules after its load event (app/web/scripts-after-load.server.ts) fetches each such link's
 * file with them, and the module that needs it takes the answer from `fetchedAfterLoad()`.
 */
export const FETCH_AFTER_LOAD = "x-fetch-after-load";

/** Where the started fetches are kept, by the link's (absolute) href. */
export const FETCHES_KEY = "__fetchedAfterLoad";

/** The answer to the fetch started for `href` after the page's load, or a fetch made now. */
export function fetchedAfterLoad(href: string): Promise<Response> {
  const started = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[FETCHES_KEY]?.[href];
  return started ?? fetch(href, { credentials: "same-origin" });
}
