import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { getHelp } from "~/domain/content/content.server";
import { LIST_DATE_FORMAT } from "~/domain/content/rules";
import { formatDate } from "~/utils/dates.server";
import { requireBrand } from "~/web/guards.server";

/** A help topic by tag; an unknown or malformed tag gets a translated not-found page with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, db, lng } = requireBrand(context);
  const tag = new URL(request.url).searchParams.get("tag") ?? "";
  const entry = /^[a-z0-9][a-z0-9_-]{0,63}$/.test(tag) ? await getHelp(db, brand, lng, tag) : null;
  if (!entry) return data({ entry: null }, { status: 404 });
  return data({
    entry: {
      title: entry.title,
      date: formatDate(entry.startDate, lng, LIST_DATE_FORMAT),
      paragraphs: entry.content
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean),
    },
  });
}

export default function HelpDetail() {
  const { entry } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("titles.helpDetail")} back="/m/help" backLabel={t("help.backToList")} />
      {entry ? (
        <article className="space-y-3 rounded-card border border-line/60 bg-surface px-4 py-4">
          <header>
            <h2 className="text-lg font-bold break-words">{entry.title}</h2>
            <time className="mt-1 block text-xs text-muted">{entry.date}</time>
          </header>
          {/* Plain text: React escapes it, and blank lines make paragraphs. */}
          {entry.paragraphs.map((p, i) => (
            <p key={i} className="text-sm leading-relaxed whitespace-pre-line text-text/90">
              {p}
            </p>
          ))}
        </article>
      ) : (
        <ContentEmpty title={t("help.notFoundTitle")} body={t("help.notFoundBody")}>
          <Link to="/m/help" className={buttonClass("primary", "md")}>
            {t("help.backToList")}
          </Link>
        </ContentEmpty>
      )}
    </div>
  );
}
