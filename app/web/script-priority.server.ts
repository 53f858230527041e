import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/** What Remix's <Scripts /> writes for each module the page needs (ADR 0024). */
const PRELOAD = '<link rel="modulepreload"';
const LOW_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';

/** The length of the longest end of `text` that could be the start of PRELOAD (shorter than all of it). */
function partialMatchAtEnd(text: string): number {
  for (let k = Math.min(PRELOAD.length - 1, text.length); k > 0; k--) {
    if (text.endsWith(PRELOAD.slice(0, k))) return k;
  }
  return 0;
}

/**
 * The page's HTML as React streams it, with every module preload asked for at low priority: the
 * page is server-rendered and works before its scripts run, so the style sheet, the banner and the
 * visible game art go first on a slow connection and the scripts take the bandwidth left (ADR 0024).
 * A preload split across two chunks is rewritten too; characters split across chunks are kept whole.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = (held + (typeof chunk === "string" ? chunk : decoder.write(chunk))).replaceAll(PRELOAD, LOW_PRELOAD);
      const keep = partialMatchAtEnd(text);
      held = text.slice(text.length - keep);
      const out = text.slice(0, text.length - keep);
      done(null, out.length > 0 ? out : undefined);
    },
    flush(done) {
      const rest = held + decoder.end();
      held = "";
      done(null, rest.length > 0 ? rest.replaceAll(PRELOAD, LOW_PRELOAD) : undefined);
    },
  });
}
