import { useTranslation } from "~/components/ui/i18n";

/** One message: plain text from support staff, its line breaks kept, never read as HTML. */
export function InboxMessage({ message }: { message: { title: string; body: string; date: string; toAll: boolean } }) {
  const { t } = useTranslation();
  return (
    <article className="rounded-card border border-line/60 bg-surface p-4 shadow-lg shadow-black/30">
      <h2 className="text-base font-bold">{message.title}</h2>
      <p className="mt-1 text-xs text-muted">
        {message.date}
        <span className="ml-2 rounded-full bg-primary/15 px-2 py-0.5 text-primary">
          {message.toAll ? t("inbox.toAll") : t("inbox.toYou")}
        </span>
      </p>
      <p className="mt-4 text-sm leading-relaxed break-words whitespace-pre-line">{message.body}</p>
    </article>
  );
}
