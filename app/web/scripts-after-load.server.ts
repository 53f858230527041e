import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";
import { FETCH_AFTER_LOAD, FETCHES_KEY } from "~/utils/fetch-after-load";

// What Remix's <Scripts /> writes, in this order: a module preload per module the page needs, the
// context script, then one inline module script that imports the route modules and the entry.
const PRELOAD = '<link rel="modulepreload"';
const MODULE_SCRIPT = /<script([^>]*) type="module"([^>]*)>([\s\S]*?)<\/script>/;

/** How long a page waits for its load event before its scripts start anyway (a slow image, say). */
export const SCRIPTS_START_AT_LATEST_MS = 3000;

/**
 * The module script's body, rewritten to start the page's modules once the page has loaded (ADR
 * 0028): its static imports, which a browser fetches at once, become dynamic imports made after the
 * load event's next frame, together with every module the preloads named, in parallel. The files
 * linked to be fetched after the first paint (`FETCH_AFTER_LOAD`, ADR 0032) are fetched after the
 * frame that follows the parse (the script runs then, being a module), so they are there when the
 * modules are. Undefined when the script is not the shape Remix writes; the page is then sent as it was.
 */
function deferredBody(body: string, preloads: string[]): string | undefined {
  const names: string[] = [];
  const routeModules: string[] = [];
  const rest = body.replace(/^import \* as (\w+) from "([^"]+)";$/gm, (_line, name: string, href: string) => {
    names.push(name);
    routeModules.push(href);
    return "";
  });
  const entry = /import\("([^"]+)"\);\s*$/.exec(rest)?.[1];
  if (names.length === 0 || !entry || /^\s*import\s/m.test(rest)) return undefined;
  const others = preloads.filter((href) => href !== entry && !routeModules.includes(href));
  const imports = [...routeModules, ...others].map((href) => `import(${JSON.stringify(href)})`).join(", ");
  return (
    `(() => {` +
    `const fetchFiles = () => {` +
    `const fetches = (window.${FETCHES_KEY} ??= {});` +
    // A fetch nobody awaits (the network gone before the modules came) must not be an unhandled
    // rejection: the no-op catch marks it handled, and the module that awaits it still sees it fail.
    `document.querySelectorAll('link[rel="${FETCH_AFTER_LOAD}"]').forEach((l) => { if (!fetches[l.href]) { fetches[l.href] = fetch(l.href, { credentials: "same-origin" }); fetches[l.href].catch(() => {}); } });` +
    `};` +
    `requestAnimationFrame(() => setTimeout(fetchFiles, 0));` +
    `let started = false;` +
    `const start = () => {` +
    `if (started) return; started = true;` +
    `fetchFiles();` +
    `Promise.all([${imports}]).then(([${names.join(", ")}]) => {${rest}});` +
    `};` +
    `const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));` +
    `if (document.readyState === "complete") afterPaint(); else addEventListener("load", afterPaint, { once: true });` +
    `setTimeout(start, ${SCRIPTS_START_AT_LATEST_MS});` +
    `})();`
  );
}

/**
 * Rewrites the part of the page Remix's <Scripts /> wrote (from its first module preload to the end of
 * its module script): the preloads stay as elements, so React hydrates the same tree, but preload
 * nothing; the module script starts the modules after the load event. Anything else is unchanged.
 */
export function deferScripts(segment: string): string {
  const script = MODULE_SCRIPT.exec(segment);
  if (!script) return segment;
  const preloads = Array.from(segment.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), (m) => m[1]);
  const body = deferredBody(script[3], preloads);
  if (body === undefined) return segment;
  const before = segment.slice(0, script.index).replaceAll(PRELOAD, '<link rel="x-modulepreload"');
  const after = segment.slice(script.index + script[0].length);
  return `${before}<script${script[1]} type="module"${script[2]}>${body}</script>${after}`;
}

/** The size of the buffers React 18's Node stream fills and sends (Fizz's VIEW_SIZE). */
const REACT_VIEW_BYTES = 2048;

/**
 * React 18.3's Node stream, when the next character of a string does not fit in the bytes left of
 * its 2,048-byte buffer, sends the whole buffer, whose unwritten last one to three bytes are zeros
 * (`writeStringChunk` in react-dom's server build): a page with a ₱ or a Chinese or Thai character
 * at that place got NUL characters in its text. Those zeros are dropped here. React writes no NUL of
 * its own, and the app's text holds none (input with one is refused).
 */
export function withoutViewPadding(chunk: Uint8Array): Uint8Array {
  if (chunk.byteLength !== REACT_VIEW_BYTES || chunk[REACT_VIEW_BYTES - 1] !== 0) return chunk;
  let end = REACT_VIEW_BYTES - 1;
  while (end > REACT_VIEW_BYTES - 3 && chunk[end - 1] === 0) end--;
  return chunk.subarray(0, end);
}

/** The length of the longest end of `text` that could be the start of PRELOAD (shorter than all of it). */
function partialPreloadAtEnd(text: string): number {
  for (let k = Math.min(PRELOAD.length - 1, text.length); k > 0; k--) {
    if (text.endsWith(PRELOAD.slice(0, k))) return k;
  }
  return 0;
}

/**
 * The page's HTML as React streams it, with its scripts started once the page has loaded (ADR 0028).
 * Text passes through at once up to Remix's first module preload; from there to the end of the module
 * script it is held and rewritten whole (`deferScripts`), then the rest passes through. Characters
 * split across chunks are kept whole, and React's padding of a full buffer dropped (`withoutViewPadding`).
 */
export function scriptsAfterLoad(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let state: "before" | "scripts" | "after" = "before";
  const take = (text: string): string => {
    if (state === "after") return text;
    held += text;
    if (state === "before") {
      const at = held.indexOf(PRELOAD);
      if (at === -1) {
        const keep = partialPreloadAtEnd(held);
        const out = held.slice(0, held.length - keep);
        held = held.slice(held.length - keep);
        return out;
      }
      state = "scripts";
    }
    const at = held.indexOf(PRELOAD);
    const script = MODULE_SCRIPT.exec(held.slice(at));
    if (!script) return "";
    const end = at + script.index + script[0].length;
    const out = held.slice(0, at) + deferScripts(held.slice(at, end)) + held.slice(end);
    held = "";
    state = "after";
    return out;
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const out = take(typeof chunk === "string" ? chunk : decoder.write(withoutViewPadding(chunk)));
      done(null, out.length > 0 ? out : undefined);
    },
    flush(done) {
      const rest = take(decoder.end()) + held;
      held = "";
      done(null, rest.length > 0 ? rest : undefined);
    },
  });
}
