/**
 * Parts of pages rendered once and kept (ADR 0022). A lobby row of game tiles is the same HTML for
 * every player with the same inputs (the games, the language, which of them the player keeps as
 * favourites), except for the CSRF token in the hearts' forms: it is rendered once with a slot in
 * the token's place, and each request gets the kept HTML with its own token in the slot.
 */
import { createHash, randomBytes } from "node:crypto";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { CsrfTokenContext } from "~/components/csrf-input";
import { TranslationProvider } from "~/components/ui/i18n";
import type { HtmlMemo } from "~/components/ui/html-memo";
import type { Translator } from "~/utils/translator";

/** Kept parts at most; the oldest is dropped first. Each is a few tens of kilobytes. */
export const MAX_PARTS = 400;
/** What the kept HTML holds where a request's CSRF token goes: unguessable, so no content can forge it. */
const SLOT = `csrf-slot-${randomBytes(12).toString("hex")}`;

const parts = new Map<string, string[]>();
let failures = 0;

function keep(key: string, pieces: string[]) {
  if (parts.size >= MAX_PARTS) parts.delete(parts.keys().next().value as string);
  parts.set(key, pieces);
}

/** The store as one request sees it: the kept parts with its CSRF token. */
export function createHtmlMemo(csrf: string): HtmlMemo {
  return {
    html(key: string, translator: Translator, render: () => ReactElement): string | null {
      const id = createHash("sha256").update(`${translator.language}\n${key}`).digest("base64url");
      let pieces = parts.get(id);
      if (!pieces) {
        try {
          pieces = renderToString(
            <TranslationProvider translator={translator}>
              <CsrfTokenContext.Provider value={SLOT}>{render()}</CsrfTokenContext.Provider>
            </TranslationProvider>,
          ).split(SLOT);
        } catch (err) {
          // A part that needs more than these contexts renders in place, as without the store.
          if (failures++ < 5) console.warn(`html memo: rendering in place: ${(err as Error).message}`);
          return null;
        }
        keep(id, pieces);
      }
      return pieces.join(csrf);
    },
  };
}

/** The number of kept parts (for tests). */
export const keptParts = () => parts.size;
