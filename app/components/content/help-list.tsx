import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon } from "~/components/ui/icons";

export interface HelpEntryView {
  tag: string;
  /** A child topic (flattened into the list after its parent). */
  child: boolean;
  title: string;
  /** MM/DD/YYYY. */
  date: string;
  excerpt: string;
}

export function HelpList({ entries }: { entries: HelpEntryView[] }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-2">
      {entries.map((e) => (
        <li key={e.tag}>
          <article
            className={`rounded-card border border-line/60 bg-surface px-4 py-3 ${e.child ? "ml-3 border-l-2 border-l-primary/50" : ""}`}
          >
            <h2 className="font-semibold break-words">{e.title}</h2>
            <time className="mt-0.5 block text-xs text-muted">{e.date}</time>
            <p className="mt-2 text-sm text-text/80">{e.excerpt}</p>
            <Link
              to={`/m/helpDetail?tag=${encodeURIComponent(e.tag)}`}
              className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary"
            >
              {t("help.readMore")}
              <span className="sr-only">: {e.title}</span>
              <ChevronRightIcon width={14} height={14} />
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
