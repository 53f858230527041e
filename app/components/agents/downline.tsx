import { Form } from "@remix-run/react";
import { Fragment } from "react";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon, SearchIcon, UserIcon } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { Pager } from "~/components/ui/pager";
import { TabLinks } from "~/components/ui/tabs";
import { agentHomeHref, type AgentHomeQuery, type DownlineRowView, type DownlineView } from "./types";

/** Where a sub-agent's view sits in the viewer's team: "My team › agent › sub-agent". */
export function TeamTrail({ query, trail }: { query: AgentHomeQuery; trail: string[] }) {
  const { t } = useTranslation();
  if (trail.length === 0) return null;
  const reset = { tab: "players" as const, q: "", page: 1 };
  return (
    <nav aria-label={t("agent.trail")} data-testid="team-trail">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        <li>
          <Link
            to={agentHomeHref(query, { ...reset, under: null })}
            className="font-semibold text-primary underline-offset-2 hover:underline"
          >
            {t("agent.myTeam")}
          </Link>
        </li>
        {trail.map((name, i) => (
          <Fragment key={name}>
            <li aria-hidden="true" className="text-muted">
              <ChevronRightIcon width={14} height={14} />
            </li>
            <li className="min-w-0">
              {i === trail.length - 1 ? (
                <span aria-current="page" className="font-semibold break-all">
                  {name}
                </span>
              ) : (
                <Link
                  to={agentHomeHref(query, { ...reset, under: name })}
                  className="break-all text-primary underline-offset-2 hover:underline"
                >
                  {name}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

function Row({ row, query }: { row: DownlineRowView; query: AgentHomeQuery }) {
  const { t } = useTranslation();
  const body = (
    <>
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-surface-3 text-primary">
        <UserIcon width={20} height={20} />
      </span>
      <span className="min-w-0 flex-1 space-y-0.5">
        <span className="flex items-center gap-1.5">
          <span className="truncate text-sm font-semibold">{row.username}</span>
          {row.agent ? (
            <span className="shrink-0 rounded-full bg-primary/20 px-2 py-0.5 text-[10px] font-semibold text-primary">
              {t("agent.downline.agentBadge")}
            </span>
          ) : null}
        </span>
        <span className="block text-[11px] text-muted tabular-nums">
          {t("agent.downline.joined", { date: row.joined })} ·{" "}
          {row.lastLogin ? t("agent.downline.lastLogin", { date: row.lastLogin }) : t("agent.downline.neverLoggedIn")}
        </span>
      </span>
    </>
  );
  if (!row.agent) {
    return (
      <li className="flex items-center gap-3 px-4 py-3" data-downline={row.username}>
        {body}
      </li>
    );
  }
  return (
    <li data-downline={row.username}>
      <Link
        to={agentHomeHref(query, { under: row.username, tab: "players", q: "", page: 1 })}
        className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
        aria-label={t("agent.downline.viewTeamOf", { name: row.username })}
      >
        {body}
        <span className="flex shrink-0 items-center gap-1 text-xs text-muted">
          {t("agent.downline.teamSize", { size: row.teamSize ?? 0 })}
          <ChevronRightIcon width={16} height={16} />
        </span>
      </Link>
    </li>
  );
}

function Empty({ downline, own }: { downline: DownlineView; own: boolean }) {
  const { t } = useTranslation();
  const message = downline.q
    ? t("agent.downline.noResult", { q: downline.q })
    : downline.tab === "agents"
      ? t("agent.downline.noAgents")
      : t("agent.downline.noPlayers");
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-card border border-line bg-surface px-6 py-8 text-center"
      data-testid="downline-empty"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-surface-3 text-muted">
        {downline.q ? <SearchIcon width={24} height={24} /> : <UserIcon width={24} height={24} />}
      </span>
      <p className="text-sm text-muted">{message}</p>
      {!downline.q && own && downline.tab === "players" ? (
        <p className="text-xs text-muted">{t("agent.downline.shareHint")}</p>
      ) : null}
    </div>
  );
}

/**
 * The direct downline of the agent shown: players or sub-agents (tabs that are links), a search by
 * user name and pages of 20, all in the address so it works without JavaScript. A sub-agent's row
 * opens its own team.
 */
export function Downline({ query, downline, own }: { query: AgentHomeQuery; downline: DownlineView; own: boolean }) {
  const { t } = useTranslation();
  const tab = (id: DownlineView["tab"]) => ({
    to: agentHomeHref(query, { tab: id, q: "", page: 1 }),
    label: t(id === "agents" ? "agent.downline.agents" : "agent.downline.players"),
    current: downline.tab === id,
  });
  return (
    <section aria-labelledby="downline-title" className="space-y-3" data-testid="agent-downline" data-tab={downline.tab}>
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="downline-title" className="text-base font-bold">
          {t("agent.downline.title")}
        </h2>
        <p className="text-xs text-muted">{t("agent.downline.total", { total: downline.total })}</p>
      </div>
      <TabLinks label={t("agent.downline.tabs")} tabs={[tab("players"), tab("agents")]} />
      <Form method="get" role="search" className="flex gap-2" aria-label={t("agent.downline.search")}>
        {query.under ? <input type="hidden" name="under" value={query.under} /> : null}
        {query.range !== "today" ? <input type="hidden" name="range" value={query.range} /> : null}
        {downline.tab !== "players" ? <input type="hidden" name="tab" value={downline.tab} /> : null}
        <label htmlFor="downline-q" className="sr-only">
          {t("agent.downline.search")}
        </label>
        <input
          id="downline-q"
          type="search"
          name="q"
          defaultValue={downline.q}
          maxLength={32}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("agent.downline.search")}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line bg-surface-2 px-3 text-sm text-text focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none"
        />
        <button type="submit" className={buttonClass("primary", "md", "shrink-0")}>
          {t("agent.downline.searchButton")}
        </button>
      </Form>
      {downline.q ? (
        <Link to={agentHomeHref(query, { q: "", page: 1 })} className="inline-block text-xs font-semibold text-primary">
          {t("agent.downline.clear")}
        </Link>
      ) : null}
      {downline.rows.length === 0 ? (
        <Empty downline={downline} own={own} />
      ) : (
        <ul className="divide-y divide-line/60 overflow-hidden rounded-card border border-line bg-surface">
          {downline.rows.map((r) => (
            <Row key={r.username} row={r} query={query} />
          ))}
        </ul>
      )}
      <Pager page={downline.page} pages={downline.pages} hrefFor={(page) => agentHomeHref(query, { page })} />
    </section>
  );
}
