/**
 * A request the router cancels (a fetcher's reload made stale by a navigation, say) is no error,
 * but one cancelled while its `.data` answer is half read leaves a promise behind that rejects with
 * the abort: turbo-stream's decoder rejects the `done` of its result, which single fetch never
 * awaits (@remix-run/react's fetchAndDecode). The browser then logs "Uncaught (in promise)
 * AbortError: signal is aborted without reason" for what the router meant to do. Such rejections,
 * and only they, are marked handled; any other unhandled rejection is reported as before.
 */
export function quietAbortedRequests(target: Pick<Window, "addEventListener">): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
  });
}
