/* The service worker of one brand's origin. The server prepends `self.PWA = {…}` (pwa/service-worker.ts):
 * version: the build's version; precache: the app shell of this build and the brand's offline pages;
 * offline: the offline page per language tag; fallbackTag: the brand's default language tag;
 * artPrefixes / artLimit: game art kept at run time, at most artLimit pictures.
 *
 * What it never does: answer a page, a form post, a `.data` request or an API call from a cache. Pages
 * always go to the network; only when the network is gone does the player get the offline page.
 */
const { version, precache, offline, fallbackTag, artPrefixes, artLimit } = self.PWA;
const SHELL = `shell-${version}`;
const ART = "art-v1";
const STATE = "state-v1";
const LANGUAGE_KEY = "/__pwa/language";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      // Without cookies: nothing precached may carry a member's data.
      await cache.addAll(precache.map((url) => new Request(url, { credentials: "omit" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("shell-") && name !== SHELL) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

let language = null;

async function rememberLanguage(response) {
  const tag = response.headers.get("content-language");
  if (!tag || !offline[tag] || tag === language) return;
  language = tag;
  const state = await caches.open(STATE);
  await state.put(LANGUAGE_KEY, new Response(tag));
}

async function offlinePage() {
  if (!language) {
    const saved = await (await caches.open(STATE)).match(LANGUAGE_KEY);
    language = saved ? await saved.text() : fallbackTag;
  }
  const cache = await caches.open(SHELL);
  return (await cache.match(offline[language] ?? offline[fallbackTag])) ?? Response.error();
}

async function page(event) {
  try {
    const response = await fetch(event.request);
    event.waitUntil(rememberLanguage(response).catch(() => {}));
    return response;
  } catch {
    return offlinePage();
  }
}

/** Hashed build files and precached brand files: the cache first, then the network. */
async function shellFile(request) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/")) await cache.put(request, response.clone());
  return response;
}

/** Game art: the cache first; new pictures are kept, the oldest dropped beyond artLimit. */
async function art(request) {
  const cache = await caches.open(ART);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    for (const old of keys.slice(0, Math.max(0, keys.length - artLimit))) await cache.delete(old);
  }
  return response;
}

const precached = new Set(precache);

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith("/assets/") || precached.has(url.pathname)) {
    event.respondWith(shellFile(request));
  } else if (artPrefixes.some((prefix) => url.pathname.startsWith(prefix))) {
    event.respondWith(art(request));
  }
  // Everything else (data requests, API calls, uploads, avatars) is the network's alone.
});
