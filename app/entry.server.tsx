import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/ui/nonce";
import { partsLoaded } from "~/components/ui/deferred";
import { HtmlMemoContext } from "~/components/ui/html-memo";
import { createHtmlMemo } from "~/html-memo.server";
import { primedTranslator, translatorFor } from "~/utils/translator";
import { resourcesFor } from "~/web/locales.server";
import { scriptsAfterLoad } from "~/web/scripts-after-load.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The status gate answers 503 so that caches and monitors see the site is closed.
  let status = responseStatusCode === 200 && loadContext.brand && loadContext.status !== 0 ? 503 : responseStatusCode;
  if (status === 503) responseHeaders.set("Retry-After", "300");
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  const nonce = loadContext.nonce;
  // The page's translator: the browser loads the same resources from the page's translations file.
  if (loadContext.lng && !primedTranslator(loadContext.lng)) translatorFor(loadContext.lng, resourcesFor(loadContext.lng));
  // Every deferred part is drawn whole, with no Suspense boundary for the browser to hydrate apart.
  await partsLoaded();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <HtmlMemoContext.Provider value={loadContext.csrf ? createHtmlMemo(loadContext.csrf.token) : null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </HtmlMemoContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = scriptsAfterLoad();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
