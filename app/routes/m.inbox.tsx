import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentEmpty, PageHeading } from "~/components/content/page-heading";
import { GuestPrompt } from "~/components/guest-prompt";
import { InboxList } from "~/components/inbox/inbox-list";
import { useTranslation } from "~/components/ui/i18n";
import { isGuest } from "~/domain/accounts/member-types";
import { listInbox } from "~/domain/inbox/inbox.server";
import { formatDate } from "~/utils/dates.server";
import { requireFlag, requireSession } from "~/web/guards.server";

/** The member's inbox (INBOX3); trial guests have none and get the spec's free_reject prompt. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireFlag(context, "INBOX3");
  const { brand, db, lng, session } = requireSession(request, context);
  const noStore = { "Cache-Control": "private, no-store" };
  if (isGuest(session.type)) return data({ guest: true as const, messages: [] }, { status: 403, headers: noStore });
  const items = await listInbox(db, brand, { memberId: session.memberId, type: session.type });
  const messages = items.map((m) => ({
    id: m.id,
    title: m.title,
    excerpt: m.body.length > 120 ? `${m.body.slice(0, 120)}…` : m.body,
    date: formatDate(m.createdAt, lng, "YYYY-MM-DD HH:mm"),
    read: m.read,
  }));
  return data({ guest: false as const, messages }, { headers: noStore });
}

export default function Inbox() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (d.guest) return <GuestPrompt />;
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("inbox.title")} back="/m/member/home" backLabel={t("inbox.back")} />
      {d.messages.length === 0 ? (
        <ContentEmpty title={t("inbox.empty")} body={t("inbox.emptyBody")} />
      ) : (
        <InboxList messages={d.messages} />
      )}
    </div>
  );
}
