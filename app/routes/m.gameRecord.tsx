import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { BetRecordFilters } from "~/components/bet-record/bet-record-filters";
import { BetRecordList, BetTotals } from "~/components/bet-record/bet-record-list";
import { RoundDetail } from "~/components/bet-record/round-detail";
import type { BetRecordFilterView, BetRoundView, BetTotalsView } from "~/components/bet-record/types";
import { HistoryPager } from "~/components/history/history-list";
import { useTranslation } from "~/components/ui/i18n";
import { BackIcon } from "~/components/ui/icons";
import {
  BET_RECORD_RANGES,
  BET_RECORD_TYPES,
  defaultBetRecordFilter,
  getBetRound,
  listBetRecords,
  parseBetRecordFilter,
  type BetRound,
} from "~/domain/wallet/bet-records.server";
import { formatDate } from "~/utils/dates.server";
import type { LanguageId } from "~/utils/languages";
import { notFound, requireSession, type SignedIn } from "~/web/guards.server";
import { setToast } from "~/web/toast.server";

/** Spec §2: a session (else /m/login), then TRANSBETREPMEM3; without it a toast sends the player to service. */
async function guard(request: Request, context: AppLoadContext): Promise<SignedIn> {
  const c = requireSession(request, context);
  if (!c.flags.TRANSBETREPMEM3) {
    const cookie = await setToast(context, { kind: "info", key: "toast.contactService" });
    throw redirect("/m/home", { headers: { "Set-Cookie": cookie } });
  }
  return c;
}

function roundView(r: BetRound, lng: LanguageId): BetRoundView {
  return {
    id: r.id,
    round: r.round,
    gameName: r.gameName,
    vendor: r.vendor ?? r.provider,
    at: formatDate(r.startedAt, lng, "YYYY-MM-DD HH:mm:ss"),
    bet: r.bet.toString(),
    win: r.win.toString(),
    net: r.net.toString(),
    demo: r.demo,
    closed: r.closed,
  };
}

const NO_STORE = { "Cache-Control": "no-store" };

/** Trial players have only demo rounds, shown marked as such. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand, session, db, lng } = await guard(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const roundParam = params.get("round");
  if (roundParam !== null) {
    // Someone else's round, another brand's or no round: the same 404.
    const round = /^\d{1,10}$/.test(roundParam) ? await getBetRound(db, brand, session.memberId, Number(roundParam), lng) : null;
    if (!round) throw notFound();
    params.delete("round");
    return data(
      { view: "round" as const, round: roundView(round, lng), back: `/m/gameRecord${params.toString() ? `?${params}` : ""}` },
      { headers: NO_STORE },
    );
  }
  const parsed = parseBetRecordFilter(params, now);
  if (!parsed.ok) {
    // The form shows what was sent (bounded) so it can be corrected; no rows are read for it.
    const defaults = defaultBetRecordFilter(now);
    const pick = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
      const v = params.get(name);
      return (allowed as readonly string[]).includes(v ?? "") ? (v as T) : fallback;
    };
    const filter: BetRecordFilterView = {
      range: pick("range", BET_RECORD_RANGES, "custom"),
      from: (params.get("from") ?? defaults.from).slice(0, 10),
      to: (params.get("to") ?? defaults.to).slice(0, 10),
      type: pick("type", BET_RECORD_TYPES, "all"),
    };
    return data(
      {
        view: "list" as const,
        filter,
        categories: brand.categories,
        error: parsed.error as string | null,
        rounds: [] as BetRoundView[],
        totals: null as BetTotalsView | null,
        page: 1,
        pages: 1,
      },
      { status: 400, headers: NO_STORE },
    );
  }
  const { filter } = parsed;
  const result = await listBetRecords(db, brand, session.memberId, filter, lng);
  return data(
    {
      view: "list" as const,
      categories: brand.categories,
      filter: { range: filter.range, from: filter.from, to: filter.to, type: filter.type } satisfies BetRecordFilterView,
      error: null as string | null,
      rounds: result.rounds.map((r) => roundView(r, lng)),
      totals: {
        bet: result.totals.bet.toString(),
        win: result.totals.win.toString(),
        net: result.totals.net.toString(),
        rounds: result.total,
      } as BetTotalsView | null,
      page: filter.page,
      pages: result.pages,
    },
    { headers: NO_STORE },
  );
}

function Heading({ title, back, backLabel }: { title: string; back: string; backLabel: string }) {
  return (
    <div className="flex items-center gap-2">
      <Link
        to={back}
        aria-label={backLabel}
        className="-ml-2 flex h-11 w-11 items-center justify-center rounded-full text-text hover:bg-surface-2"
      >
        <BackIcon width={22} height={22} />
      </Link>
      <h1 className="text-lg font-bold">{title}</h1>
    </div>
  );
}

export default function GameRecord() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (d.view === "round") {
    return (
      <div className="space-y-4 px-4 pt-4">
        <Heading title={t("betRecord.detail")} back={d.back} backLabel={t("betRecord.backToList")} />
        <RoundDetail round={d.round} />
      </div>
    );
  }
  const query = (extra: Record<string, string>) => {
    const q = new URLSearchParams({ range: d.filter.range, type: d.filter.type });
    if (d.filter.range === "custom") {
      q.set("from", d.filter.from);
      q.set("to", d.filter.to);
    }
    for (const [k, v] of Object.entries(extra)) q.set(k, v);
    return `/m/gameRecord?${q}`;
  };
  const pageHref = (page: number) => query(page > 1 ? { page: String(page) } : {});
  const roundHref = (id: number) => query({ ...(d.page > 1 ? { page: String(d.page) } : {}), round: String(id) });
  return (
    <div className="space-y-4 px-4 pt-4">
      <Heading title={t("betRecord.title")} back="/m/member/home" backLabel={t("betRecord.back")} />
      <BetRecordFilters
        key={`${d.filter.range}:${d.filter.from}:${d.filter.to}:${d.filter.type}`}
        filter={d.filter}
        categories={d.categories}
        error={d.error}
      />
      {d.error || !d.totals ? null : (
        <>
          <BetTotals totals={d.totals} />
          <BetRecordList rounds={d.rounds} hrefFor={roundHref} />
          <HistoryPager page={d.page} pages={d.pages} hrefFor={pageHref} />
        </>
      )}
    </div>
  );
}
