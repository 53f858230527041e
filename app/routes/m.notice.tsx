import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/components/root-data";
import { NoticeList, type NoticeView } from "~/components/content/notice-list";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { useTranslation } from "~/components/ui/i18n";
import { listNotices, markNoticeRead } from "~/domain/content/content.server";
import { LIST_DATE_FORMAT } from "~/domain/content/rules";
import { formatDate } from "~/utils/dates.server";
import { readForm } from "~/web/csrf.server";
import { requireBrand } from "~/web/guards.server";

/** Announcements are public: visitors read them too (spec §1), and for them every one counts as read. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, db, lng, session } = requireBrand(context);
  const reader = session ? { memberId: session.memberId, type: session.type } : null;
  const notices = await listNotices(db, brand, lng, reader);
  const views: NoticeView[] = notices.map((n) => ({
    id: n.id,
    contentType: n.contentType,
    title: n.title,
    date: formatDate(n.startDate, lng, LIST_DATE_FORMAT),
    html: n.html,
    read: n.read,
  }));
  // Read marks are the member's own: no shared cache may keep this page.
  return data({ notices: views }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Opening an item of the list (a fetcher post): marks it read for a member; guests and visitors keep no marks. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { brand, db, session } = requireBrand(context);
  const form = await readForm(request, context);
  const id = String(form.get("id") ?? "");
  if (!/^[1-9]\d{0,8}$/.test(id)) return data({ ok: false, error: "notice.invalidId" }, { status: 400 });
  const reader = session ? { memberId: session.memberId, type: session.type } : null;
  const found = await markNoticeRead(db, brand, reader, Number(id));
  if (!found) return data({ ok: false, error: "notice.notFoundTitle" }, { status: 404 });
  return data({ ok: true, error: null });
}

export default function Notices() {
  const { notices } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData("root") as RootData;
  const { t } = useTranslation();
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("notice.title")} back="/m/home" backLabel={t("notice.back")} />
      {notices.length === 0 ? (
        <ContentEmpty title={t("notice.empty")} body={t("notice.emptyBody")} />
      ) : (
        <NoticeList notices={notices} csrf={root.csrf} />
      )}
    </div>
  );
}
