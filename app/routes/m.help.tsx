import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { HelpList, type HelpEntryView } from "~/components/content/help-list";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { useTranslation } from "~/components/ui/i18n";
import { listHelp } from "~/domain/content/content.server";
import { excerpt, LIST_DATE_FORMAT } from "~/domain/content/rules";
import { formatDate } from "~/utils/dates.server";
import { requireBrand } from "~/web/guards.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db, lng } = requireBrand(context);
  const entries: HelpEntryView[] = (await listHelp(db, brand, lng)).map((h) => ({
    tag: h.tag,
    child: h.parentTag !== null,
    title: h.title,
    date: formatDate(h.startDate, lng, LIST_DATE_FORMAT),
    excerpt: excerpt(h.content),
  }));
  return data({ entries });
}

export default function Help() {
  const { entries } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("help.title")} back="/m/home" backLabel={t("help.back")} />
      {entries.length === 0 ? (
        <ContentEmpty title={t("help.empty")} body={t("help.emptyBody")} />
      ) : (
        <HelpList entries={entries} />
      )}
    </div>
  );
}
