/**
 * Files a page needs once its scripts run, fetched after its first paint (ADR 0032). A
 * `<link rel="x-fetch-after-load">` fetches nothing while the page is parsed and drawn; the script
 * that starts the page's modules (app/web/scripts-after-load.server.ts) fetches each such link's file
 * after the frame that follows the parse, so it is there when the modules are, and the module that
 * needs it takes the answer from `fetchedAfterLoad()`.
 */
export const FETCH_AFTER_LOAD = "x-fetch-after-load";

/** Where the started fetches are kept, by the link's (absolute) href. */
export const FETCHES_KEY = "__fetchedAfterLoad";

/** The answer to the fetch started for `href` after the first paint, or a fetch made now. */
export function fetchedAfterLoad(href: string): Promise<Response> {
  const started = (window as unknown as Record<string, Record<string, Promise<Response>> | undefined>)[FETCHES_KEY]?.[href];
  return started ?? fetch(href, { credentials: "same-origin" });
}
