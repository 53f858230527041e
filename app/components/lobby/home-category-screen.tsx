import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { HOME_DEFAULTS, lobbySearch, withPage } from "~/web/lobby-state";
import { FireIcon, RefreshIcon } from "~/components/ui/icons";
import { GameGrid } from "./game-grid";
import { FilteredGameList, NameSearch } from "./list-controls";
import { VendorGrid } from "./vendor-grid";
import { GameCard } from "./game-card";
import type { HomeView } from "./types";

/**
 * The home page with a category chosen (spec §2): the category's providers, the hot list or the
 * category's games with their filters. Loaded by the browser only when the home page shows one.
 */
export function HomeCategoryScreen({ d }: { d: HomeView }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { state } = d;
  const pageHref = (n: number) => `${pathname}${lobbySearch(withPage(state, n), HOME_DEFAULTS)}`;
  const dataHref = (n: number) => `/m/game-list${lobbySearch(withPage(state, n), {}) || "?"}`;

  if (d.screen === "vendors") {
    return (
      <section className="mt-1" aria-label={t(`category.${state.category}`)}>
        <h2 className="mb-3 text-base font-bold">{t(`category.${state.category}`)}</h2>
        <VendorGrid vendors={d.vendors} category={state.category ?? ""} />
      </section>
    );
  }

  if (d.screen === "hot" && d.page) {
    const preview = d.hotPreview;
    return (
      <section className="mt-1" aria-labelledby="hot-title" data-testid="hot-view">
        <div className="mb-3 flex items-center gap-2">
          <h2 id="hot-title" className="flex items-center gap-2 text-base font-bold">
            <FireIcon width={18} height={18} className="text-accent" />
            {t("home.hotGames")}
          </h2>
          <Link
            to="/m/home?category=HOT&refresh=hot"
            replace
            preventScrollReset
            className="ml-auto flex items-center gap-1 text-[11px] font-semibold text-muted"
          >
            <RefreshIcon width={14} height={14} />
            {t("home.refresh")}
          </Link>
        </div>
        <div className="mb-3">
          <NameSearch state={state} defaults={HOME_DEFAULTS} />
        </div>
        {preview ? (
          <>
            <ul className="grid grid-cols-3 gap-x-2.5 gap-y-3.5 lg:grid-cols-6 xl:grid-cols-8">
              {preview.games.map((g, i) => (
                <li key={g.nodeId}>
                  <GameCard game={g} eager={i < 6} />
                </li>
              ))}
            </ul>
            {d.page.totalCount > preview.games.length ? (
              <Link
                to="/m/home?category=HOT&expand=1"
                preventScrollReset
                className="mt-4 block rounded-full border border-primary/70 py-2 text-center text-xs font-bold text-primary"
              >
                {t("home.showAllHot", { count: d.page.totalCount })}
              </Link>
            ) : null}
          </>
        ) : (
          <GameGrid page={d.page} pageHref={pageHref} dataHref={dataHref} highlight={state.q} />
        )}
      </section>
    );
  }

  if (!d.page) return null;
  return (
    <section className="mt-1" aria-label={t(`category.${state.category}`)}>
      <FilteredGameList
        state={state}
        defaults={HOME_DEFAULTS}
        classifications={d.classifications}
        vendors={d.vendors}
        page={d.page}
        pageHref={pageHref}
        dataHref={dataHref}
      />
    </section>
  );
}
