/**
 * A request the router cancels (a fetcher's reload made stale by a navigation, say) is no error,
 * but one cancelled while its `.data` answer is half read leaves a promise behind that rejects with
 * the abort: turbo-stream's decoder rejects the `done` of its result, which single fetch never
 * awaits (@remix-run/react's fetchAndDecode). The browser then logs "Uncaught (in promise)
 * AbortError: signal is aborted without reason" for what the router meant to do. The same abort can
 * also come out of a listener of the cancelled request's signal as a thrown error ("Uncaught
 * AbortError"): a second post sent while the first one's reload is still under way, in the
 * settings page's picture form for one. Such rejections and errors, and only they, are marked
 * handled; anything else uncaught is reported as before.
 */
export function quietAbortedRequests(target: Pick<Window, "addEventListener">): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isAbort(event.reason)) event.preventDefault();
  });
  target.addEventListener("error", (event) => {
    if (isAbort(event.error)) event.preventDefault();
  });
}

const isAbort = (thrown: unknown) => thrown instanceof DOMException && thrown.name === "AbortError";
