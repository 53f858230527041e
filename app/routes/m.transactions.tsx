import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { HistoryFilters, type HistoryFilterView } from "~/components/history/history-filters";
import { HistoryList, HistoryPager, type HistoryEntryView } from "~/components/history/history-list";
import { useTranslation } from "~/components/ui/i18n";
import { BackIcon } from "~/components/ui/icons";
import {
  defaultHistoryFilter,
  HISTORY_KINDS,
  listHistory,
  parseHistoryFilter,
  type HistoryItem,
} from "~/domain/payments/history.server";
import { formatDate } from "~/utils/dates.server";
import type { LanguageId } from "~/utils/languages";
import { requireWallet } from "~/web/guards.server";

function entryView(item: HistoryItem, lng: LanguageId): HistoryEntryView {
  const date = formatDate(item.createdAt, lng, "YYYY-MM-DD HH:mm");
  return item.kind === "deposit"
    ? {
        kind: "deposit",
        publicId: item.publicId,
        amount: item.amount.toString(),
        fee: item.fee.toString(),
        credit: item.credit.toString(),
        via: item.channel,
        state: item.state,
        reason: item.reason,
        date,
      }
    : {
        kind: "withdrawal",
        publicId: item.publicId,
        amount: item.amount.toString(),
        via: item.method,
        state: item.state,
        reason: item.reason,
        date,
      };
}

/** Guests are sent to the member centre by the guard, which answers them with free_reject. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, session, db, lng } = requireWallet(request, context);
  const params = new URL(request.url).searchParams;
  const parsed = parseHistoryFilter(params, new Date());
  if (!parsed.ok) {
    // The form shows what was sent (bounded) so it can be corrected; no rows are read for it.
    const defaults = defaultHistoryFilter(new Date());
    const sent = (name: "from" | "to") => (params.get(name) ?? defaults[name]).slice(0, 10);
    const kind = params.get("kind");
    const filter: HistoryFilterView = {
      kind: (HISTORY_KINDS as readonly string[]).includes(kind ?? "") ? (kind as HistoryFilterView["kind"]) : "all",
      from: sent("from"),
      to: sent("to"),
    };
    return data(
      { filter, error: parsed.error as string | null, entries: [] as HistoryEntryView[], page: 1, pages: 1, total: 0 },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const { filter } = parsed;
  const result = await listHistory(db, brand, session.memberId, filter);
  return data(
    {
      filter: { kind: filter.kind, from: filter.from, to: filter.to } satisfies HistoryFilterView,
      error: null as string | null,
      entries: result.items.map((item) => entryView(item, lng)),
      page: filter.page,
      pages: result.pages,
      total: result.total,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export default function Transactions() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hrefFor = (page: number) => {
    const q = new URLSearchParams({ kind: d.filter.kind, from: d.filter.from, to: d.filter.to });
    if (page > 1) q.set("page", String(page));
    return `/m/transactions?${q}`;
  };
  return (
    <div className="space-y-4 px-4 pt-4">
      <div className="flex items-center gap-2">
        <Link
          to="/m/member/home"
          aria-label={t("history.back")}
          className="-ml-2 flex h-11 w-11 items-center justify-center rounded-full text-text hover:bg-surface-2"
        >
          <BackIcon width={22} height={22} />
        </Link>
        <h1 className="text-lg font-bold">{t("history.title")}</h1>
      </div>
      <HistoryFilters key={`${d.filter.kind}:${d.filter.from}:${d.filter.to}`} filter={d.filter} error={d.error} />
      {d.error ? null : (
        <>
          <HistoryList entries={d.entries} />
          <HistoryPager page={d.page} pages={d.pages} hrefFor={hrefFor} />
        </>
      )}
    </div>
  );
}
