import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon } from "~/components/ui/icons";
import { MailIcon } from "./mail-icon";

export interface InboxRow {
  id: number;
  title: string;
  excerpt: string;
  date: string;
  read: boolean;
}

/** The inbox list: unread messages stand out (bold, a dot, and said so to screen readers). */
export function InboxList({ messages }: { messages: InboxRow[] }) {
  const { t } = useTranslation();
  return (
    <ul
      className="overflow-hidden rounded-card border border-line/60 bg-surface divide-y divide-line/60"
      data-testid="inbox-list"
    >
      {messages.map((m) => (
        <li key={m.id}>
          <Link
            to={`/m/inboxDetail?id=${m.id}`}
            className="flex items-start gap-3 px-3 py-3 hover:bg-surface-2"
            data-read={m.read ? "1" : "0"}
          >
            <span
              className={`relative mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${m.read ? "bg-surface-2 text-muted" : "bg-primary/15 text-primary"}`}
            >
              <MailIcon width={18} height={18} />
              {m.read ? null : (
                <span
                  aria-hidden="true"
                  className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full border border-surface bg-accent"
                />
              )}
            </span>
            <span className="min-w-0 flex-1">
              <span className={`block truncate text-sm ${m.read ? "font-medium text-text/80" : "font-bold text-text"}`}>
                {m.read ? null : <span className="sr-only">{t("inbox.unread")}: </span>}
                {m.title}
              </span>
              <span className="mt-0.5 line-clamp-2 block text-xs text-muted">{m.excerpt}</span>
              <span className="mt-1 block text-[11px] text-muted">{m.date}</span>
            </span>
            <ChevronRightIcon width={16} height={16} className="mt-2 shrink-0 text-muted" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
