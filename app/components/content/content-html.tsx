/**
 * Operator HTML, sanitised on the server (domain/content/sanitise.server.ts) before it got here:
 * the allow-list there has no style, class or id, so the look comes from these theme rules.
 */
export function ContentHtml({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`space-y-2 text-sm leading-relaxed break-words text-text/90 [&_a]:font-semibold [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:border-primary/60 [&_blockquote]:pl-3 [&_blockquote]:text-muted [&_h1]:text-lg [&_h1]:font-bold [&_h2]:text-base [&_h2]:font-bold [&_h3]:font-semibold [&_h4]:font-semibold [&_hr]:border-line [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:ml-5 [&_ol]:list-decimal [&_strong]:text-text [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:bg-surface-2 [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc ${className}`}
      // Sanitised on the server by an allow-list; never raw operator input.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
