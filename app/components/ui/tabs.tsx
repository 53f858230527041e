import { useSearchParams } from "@remix-run/react";
import { Link } from "~/components/ui/link";

export interface TabLink {
  to: string;
  label: string;
  current: boolean;
}

/**
 * Tabs that switch a form's mode by URL, so they work without JavaScript. They are links that
 * load another page, not an ARIA tablist (which promises arrow keys and in-page panels): a
 * labelled navigation whose current link carries aria-current="page".
 */
export function TabLinks({ tabs, label }: { tabs: TabLink[]; label: string }) {
  return (
    <nav aria-label={label} className="mb-4 flex rounded-full border border-line bg-surface-2 p-1 text-sm font-semibold">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          replace
          aria-current={tab.current ? "page" : undefined}
          className="flex-1 rounded-full py-2 text-center text-muted aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The current URL's query with some parameters changed ("" removes one), so a tab keeps the rest
 * (redirectTo, an invitation code) when it switches the mode.
 */
export function useTabHref(): (changes: Record<string, string>) => string {
  const [params] = useSearchParams();
  return (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const query = next.toString();
    // "?" when nothing is left: an explicit empty query, so the link clears the parameters.
    return query ? `?${query}` : "?";
  };
}
