export type TextPart = { text: string; href?: undefined } | { text: string; href: string };

/** A URL in running text, without the punctuation that usually follows one in a sentence. */
const URL_RE = /https?:\/\/[^\s<>"']+/g;
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * Splits a message body into text and links. Only http(s) links to `origin`
 * become links: anything else in a stored message (which may quote what a
 * player typed) stays inert text.
 */
export function sameOriginLinks(body: string, origin: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_RE)) {
    const raw = match[0].replace(TRAILING, "");
    const start = match.index;
    let href: string | null = null;
    try {
      const url = new URL(raw);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.origin === origin) href = url.href;
    } catch {
      href = null;
    }
    if (!href) continue;
    if (start > last) parts.push({ text: body.slice(last, start) });
    parts.push({ text: raw, href });
    last = start + raw.length;
  }
  if (last < body.length) parts.push({ text: body.slice(last) });
  return parts;
}
