import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { GuestPrompt } from "~/components/guest-prompt";
import { InboxMessage } from "~/components/inbox/inbox-message";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { isGuest } from "~/domain/accounts/member-types";
import { openInboxMessage } from "~/domain/inbox/inbox.server";
import { formatDate } from "~/utils/dates.server";
import { requireFlag, requireSession } from "~/web/guards.server";

/** One message (/m/inboxDetail?id=); opening it marks it read for this member. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireFlag(context, "INBOX3");
  const { brand, db, lng, session } = requireSession(request, context);
  const headers = { "Cache-Control": "private, no-store" };
  if (isGuest(session.type)) return data({ guest: true as const, message: null, error: null }, { status: 403, headers });
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9]\d{0,8}$/.test(id))
    return data({ guest: false as const, message: null, error: "inbox.invalidId" }, { status: 400, headers });
  const item = await openInboxMessage(db, brand, { memberId: session.memberId, type: session.type }, Number(id));
  if (!item) return data({ guest: false as const, message: null, error: "inbox.notFound" }, { status: 404, headers });
  const message = {
    title: item.title,
    body: item.body,
    date: formatDate(item.createdAt, lng, "YYYY-MM-DD HH:mm"),
    toAll: item.toAll,
  };
  return data({ guest: false as const, message, error: null }, { headers });
}

export default function InboxDetail() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (d.guest) return <GuestPrompt />;
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("inbox.detailTitle")} back="/m/inbox" backLabel={t("inbox.backToList")} />
      {d.message ? (
        <InboxMessage message={d.message} />
      ) : (
        <ContentEmpty title={t(d.error ?? "inbox.notFound")}>
          <Link to="/m/inbox" className={buttonClass("outline", "md")}>
            {t("inbox.backToList")}
          </Link>
        </ContentEmpty>
      )}
    </div>
  );
}
