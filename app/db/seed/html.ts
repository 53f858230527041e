/**
 * Builders for the small HTML subset seeded content may use (p, strong, em,
 * ul, li and in-app links). The rendering side sanitises anyway; keeping the
 * seed inside the subset means nothing is silently stripped.
 */

export const ALLOWED_TAGS = ["p", "strong", "em", "ul", "li", "a"] as const;

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * Inline markup inside a paragraph: **bold**, _italic_ and [label](/m/path).
 * Links must stay inside the app, so anything not starting with /m/ is refused.
 */
function inline(text: string): string {
  return escape(text)
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|\s)_(.+?)_(?=[\s.,!?]|$)/g, "$1<em>$2</em>")
    .replace(/\[(.+?)\]\((.+?)\)/g, (_m, label: string, href: string) => {
      if (!/^\/m\/[A-Za-z0-9\-/?=&;]*$/.test(href)) throw new Error(`link outside the app: ${href}`);
      return `<a href="${href}">${label}</a>`;
    });
}

export function p(text: string): string {
  return `<p>${inline(text)}</p>`;
}

export function ul(items: string[]): string {
  return `<ul>${items.map((i) => `<li>${inline(i)}</li>`).join("")}</ul>`;
}

export function html(...blocks: string[]): string {
  return blocks.join("");
}
