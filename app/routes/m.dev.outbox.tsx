import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/components/ui/i18n";
import { listOutbox } from "~/domain/accounts/outbox.server";
import { formatDate } from "~/utils/dates.server";
import { sameOriginLinks } from "~/utils/same-origin-links";
import { notFound, requireBrand } from "~/web/guards.server";

/**
 * Development only: the e-mails and SMS that no provider delivered, so a
 * developer can follow a reset link or read a code without a mail server.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, lng } = requireBrand(context);
  // Messages carry live codes and reset links: in production this page does not exist.
  if (context.production) throw notFound();
  const origin = new URL(request.url).origin;
  const rows = await listOutbox(context.db, { merchantCode: brand.merchantCode, limit: 50 });
  return {
    brandName: brand.displayName,
    messages: rows.map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      time: formatDate(row.createdAt, lng, "YYYY-MM-DD HH:mm:ss"),
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      parts: row.channel === "email" ? sameOriginLinks(row.body, origin) : [{ text: row.body }],
    })),
  };
}

export const headers = () => ({ "Cache-Control": "no-store" });

export default function DevOutbox() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="px-4 pt-3 pb-8">
      <h1 className="text-lg font-bold">{t("devOutbox.title")}</h1>
      <p className="mt-1 text-sm text-muted">{t("devOutbox.intro", { brand: d.brandName })}</p>
      {d.messages.length === 0 ? (
        <p className="mt-6 text-center text-muted">{t("devOutbox.empty")}</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {d.messages.map((m) => (
            <li key={m.id} className="rounded-card border border-line bg-surface p-4 text-sm">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-muted">{t("devOutbox.time")}</dt>
                <dd>
                  <time dateTime={m.at}>{m.time}</time>
                </dd>
                <dt className="text-muted">{t("devOutbox.channel")}</dt>
                <dd>{m.channel === "email" ? t("devOutbox.channelEmail") : t("devOutbox.channelSms")}</dd>
                <dt className="text-muted">{t("devOutbox.recipient")}</dt>
                <dd className="break-all">{m.recipient}</dd>
                {m.subject ? (
                  <>
                    <dt className="text-muted">{t("devOutbox.subject")}</dt>
                    <dd className="break-words">{m.subject}</dd>
                  </>
                ) : null}
                <dt className="col-span-2 mt-2 text-muted">{t("devOutbox.body")}</dt>
                <dd className="col-span-2 rounded-xl bg-surface-2 p-3 break-words whitespace-pre-wrap">
                  {m.parts.map((part, i) =>
                    part.href ? (
                      <a key={i} href={part.href} className="text-primary underline">
                        {part.text}
                      </a>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </dd>
              </dl>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
