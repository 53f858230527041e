import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect } from "react";
import { ContentHtml } from "~/components/content/content-html";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { getNotice, markNoticeRead } from "~/domain/content/content.server";
import { DETAIL_DATE_FORMAT, keepsReadState } from "~/domain/content/rules";
import { formatDate } from "~/utils/dates.server";
import { requireBrand } from "~/web/guards.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * One announcement. Opening it marks it read (spec §2) for a member, also without JavaScript;
 * an id that is not this brand's, has ended or is malformed gets the same 404 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, db, lng, session } = requireBrand(context);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const reader = session ? { memberId: session.memberId, type: session.type } : null;
  const notice = /^[1-9]\d{0,8}$/.test(id) ? await getNotice(db, brand, lng, Number(id), reader) : null;
  if (!notice) return data({ notice: null, justMarked: false }, { status: 404, headers: NO_STORE });
  const justMarked = keepsReadState(reader) && !notice.read;
  if (justMarked) await markNoticeRead(db, brand, reader, notice.id);
  return data(
    {
      notice: {
        id: notice.id,
        title: notice.title,
        date: formatDate(notice.startDate, lng, DETAIL_DATE_FORMAT),
        html: notice.html,
      },
      justMarked,
    },
    { headers: NO_STORE },
  );
}

export default function NoticeDetail() {
  const { notice, justMarked } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { revalidate } = useRevalidator();
  // The unread badge was counted beside this page's loader: count again now that it is read.
  useEffect(() => {
    if (justMarked) revalidate();
  }, [justMarked, revalidate]);
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("titles.noticeDetail")} back="/m/notice" backLabel={t("notice.backToList")} />
      {notice ? (
        <article className="space-y-3 rounded-card border border-line/60 bg-surface px-4 py-4">
          <header>
            <h2 className="text-lg font-bold break-words">{notice.title}</h2>
            <time className="mt-1 block text-xs text-muted">{notice.date}</time>
          </header>
          <ContentHtml html={notice.html} />
        </article>
      ) : (
        <ContentEmpty title={t("notice.notFoundTitle")} body={t("notice.notFoundBody")}>
          <Link to="/m/notice" className={buttonClass("primary", "md")}>
            {t("notice.backToList")}
          </Link>
        </ContentEmpty>
      )}
    </div>
  );
}
