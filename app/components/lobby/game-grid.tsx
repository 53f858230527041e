import { Link } from "~/components/ui/link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { GameTile as Game, TilePage } from "./types";
import { EmptyState } from "./empty-state";
import { usePendingRemovals } from "./favourites";
import { GameCard } from "./game-card";
import { useTileList } from "./kept-tiles";

/** Spec §4/§9: the next page loads within 300 px of the end, at most once per 1000 ms. */
export const SCROLL_THRESHOLD_PX = 300;
export const LOAD_INTERVAL_MS = 1000;

type Props = {
  page: TilePage<Game>;
  /** URL of page n for links (no JavaScript) and of its data for the infinite scroll. */
  pageHref: (n: number) => string;
  dataHref: (n: number) => string;
  highlight?: string;
  /** The favourites list drops a game as soon as its removal is sent. */
  dropPendingRemovals?: boolean;
  emptyMessage?: string;
};

export function GameGrid({ page, pageHref, dataHref, highlight, dropPendingRemovals, emptyMessage }: Props) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [pages, setPages] = useState([page]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const lastLoad = useRef(0);
  const removing = usePendingRemovals();

  // A new list (filters changed, or data revalidated) starts over from what the server rendered.
  useEffect(() => {
    setPages((p) => (p.length === 1 && p[0] === page ? p : [page]));
    setFailed(false);
  }, [page]);

  const last = pages[pages.length - 1];
  const hasMore = last.pageNum < last.totalPages;

  const loadNext = useCallback(async () => {
    if (loading || !hasMore) return;
    const wait = lastLoad.current + LOAD_INTERVAL_MS - Date.now();
    if (wait > 0) return;
    lastLoad.current = Date.now();
    setLoading(true);
    try {
      const res = await fetch(dataHref(last.pageNum + 1), { headers: { accept: "application/json" } });
      if (!res.ok) throw new Error(String(res.status));
      const next = (await res.json()) as TilePage<Game>;
      setPages((p) => (p[p.length - 1].pageNum + 1 === next.pageNum ? [...p, next] : p));
      setFailed(false);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [loading, hasMore, dataHref, last.pageNum]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || failed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const gap = el.getBoundingClientRect().top - window.innerHeight;
      if (gap > SCROLL_THRESHOLD_PX) return;
      const wait = lastLoad.current + LOAD_INTERVAL_MS - Date.now();
      if (wait > 0) timer = setTimeout(check, wait);
      else void loadNext();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && check(), {
      rootMargin: `0px 0px ${SCROLL_THRESHOLD_PX}px 0px`,
    });
    observer.observe(el);
    check();
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [hasMore, failed, loadNext, pages.length]);

  // One array while its pages and removals stand: a visitor's first page stays as drawn until they change.
  const games = useMemo(
    () => pages.flatMap((p) => p.games).filter((g) => !(dropPendingRemovals && removing.has(g.nodeId))),
    [pages, dropPendingRemovals, removing],
  );
  const tiles = () =>
    games.map((g, i) => (
      <li key={g.nodeId}>
        <GameCard game={g} eager={i < 6} highlight={highlight} />
      </li>
    ));
  // Search results are rendered in place: one-off lists would only push kept rows out. A visitor's
  // grid is taken over as drawn (ADR 0042) until a page is added to it. Last hook (see useTileList).
  const list = useTileList(highlight ? null : "game-grid", games, null, tiles);
  if (games.length === 0 && !hasMore) return <EmptyState message={emptyMessage} />;

  return (
    <div data-testid="game-grid" data-total={page.totalCount}>
      {page.pageNum > 1 ? (
        <Link to={pageHref(page.pageNum - 1)} className="mb-3 block text-center text-xs font-semibold text-primary">
          {t("lobby.previousPage")}
        </Link>
      ) : null}
      <ul className="grid grid-cols-3 gap-x-2.5 gap-y-3.5 lg:grid-cols-6 xl:grid-cols-8" {...list} />
      {hydrated ? (
        <div ref={sentinel} className="flex h-14 items-center justify-center text-xs text-muted" aria-live="polite">
          {loading ? (
            <span className="flex items-center gap-2" data-testid="grid-loading">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-primary border-t-transparent" />
              {t("lobby.loading")}
            </span>
          ) : failed ? (
            <button type="button" onClick={() => void loadNext()} className="font-semibold text-primary underline">
              {t("lobby.retry")}
            </button>
          ) : !hasMore ? (
            t("lobby.end")
          ) : null}
        </div>
      ) : (
        <nav aria-label={t("lobby.pagination")} className="mt-4 flex items-center justify-between text-xs">
          <span className="text-muted">{t("lobby.pageOf", { page: page.pageNum, total: Math.max(1, page.totalPages) })}</span>
          {page.pageNum < page.totalPages ? (
            <Link to={pageHref(page.pageNum + 1)} className="btn-primary rounded-full px-4 py-2 font-bold" rel="next">
              {t("lobby.nextPage")}
            </Link>
          ) : null}
        </nav>
      )}
    </div>
  );
}
