// Minimal XML well-formedness checker for tests. Node has no DOMParser and we
// must not add dependencies, so this covers exactly what our generators emit:
// elements, quoted attributes, comments, text and the five named entities.

const NAME = "[A-Za-z_][\\w.:-]*";
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`);
const ATTR = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");
const BAD_AMP = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/** Returns null when well-formed, otherwise a short reason. */
export function xmlProblem(xml: string): string | null {
  const stack: string[] = [];
  let roots = 0;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf("<", i);
    const text = lt === -1 ? xml.slice(i) : xml.slice(i, lt);
    if (BAD_AMP.test(text)) return `bad entity in text near ${i}`;
    if (stack.length === 0 && text.trim() !== "") return `text outside root near ${i}`;
    if (lt === -1) break;
    if (xml.startsWith("<!--", lt)) {
      const end = xml.indexOf("-->", lt + 4);
      if (end === -1) return "unterminated comment";
      i = end + 3;
      continue;
    }
    const m = TAG.exec(xml.slice(lt));
    if (!m) return `malformed tag near ${lt}: ${xml.slice(lt, lt + 40)}`;
    const [whole, closing, name, attrs, selfClosing] = m;
    if (closing) {
      if (attrs.trim() || selfClosing) return `junk in closing tag </${name}>`;
      const open = stack.pop();
      if (open !== name) return `mismatched </${name}>, expected </${open ?? "(none)"}>`;
    } else {
      if (stack.length === 0 && ++roots > 1) return "more than one root element";
      const seen = new Set<string>();
      for (const a of attrs.matchAll(ATTR)) {
        if (seen.has(a[1])) return `duplicate attribute ${a[1]} on <${name}>`;
        seen.add(a[1]);
        const value = a[2] ?? a[3] ?? "";
        if (value.includes("<")) return `raw < in attribute ${a[1]}`;
        if (BAD_AMP.test(value)) return `bad entity in attribute ${a[1]}`;
      }
      if (!selfClosing) stack.push(name);
    }
    i = lt + whole.length;
  }
  if (stack.length) return `unclosed <${stack[stack.length - 1]}>`;
  if (roots !== 1) return "no root element";
  return null;
}

/** All id attribute values, for checking uniqueness within one document. */
export function xmlIds(xml: string): string[] {
  return Array.from(xml.matchAll(/\sid="([^"]*)"/g), (m) => m[1]);
}
