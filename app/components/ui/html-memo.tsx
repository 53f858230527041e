import { createContext, useContext, type ReactElement } from "react";
import type { Translator } from "~/utils/translator";
import { useTranslation } from "./i18n";

/**
 * The server's store of parts of pages rendered once (ADR 0022): given a key that names every input
 * of a part, it answers that part's HTML for this request, rendering it the first time. Only the
 * server's render provides one; in the browser every part renders as usual.
 */
export interface HtmlMemo {
  /** The part's HTML, or null when it cannot be rendered alone (it is then rendered in place). */
  html(key: string, translator: Translator, render: () => ReactElement): string | null;
}

export const HtmlMemoContext = createContext<HtmlMemo | null>(null);

/**
 * The HTML of a part of the page from the server's store, for `dangerouslySetInnerHTML` on the
 * part's element; null in the browser, or when the part must render in place. `inputs` must hold
 * everything the part's HTML depends on beyond the language (the translator in context is used)
 * and the CSRF token (a slot): equal inputs must mean equal HTML. A null name keeps nothing.
 */
export function useHtmlMemo(name: string | null, inputs: unknown, render: () => ReactElement): string | null {
  const memo = useContext(HtmlMemoContext);
  const { i18n } = useTranslation();
  if (!memo || name === null) return null;
  return memo.html(`${name}\n${JSON.stringify(inputs)}`, i18n, render);
}
