import { Form, useLocation, useNavigate } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/components/ui/i18n";
import {
  lobbySearch,
  withClassify,
  withDataType,
  withSearch,
  withVendor,
  type DataType,
  type LobbyState,
} from "~/web/lobby-state";
import { VendorLogo } from "../category-icons";
import type { GameTile, TilePage, VendorItem } from "./types";
import { ClockIcon, FireIcon, HeartIcon, SearchIcon } from "~/components/ui/icons";
import { GameGrid } from "./game-grid";

/** Spec §9: the name search waits 500 ms after the last keystroke; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 500;

type Ctx = { state: LobbyState; defaults: Partial<LobbyState> };

const chip = (active: boolean) =>
  `shrink-0 rounded-full px-3.5 py-1.5 text-xs font-semibold whitespace-nowrap transition ${
    active ? "btn-primary shadow" : "border border-line/70 bg-surface-2/70 text-muted hover:text-text"
  }`;

/** All, New, then the list's classifications (spec §2 category tab bar). */
export function ClassifyTabs({ state, defaults, classifications }: Ctx & { classifications: string[] }) {
  const { t } = useTranslation();
  const allActive = !state.classify && (state.dataType === "ALL" || state.dataType === defaults.dataType);
  const tabs = [
    { key: "all", label: t("lobby.all"), to: { ...withClassify(state, null), dataType: "ALL" as DataType }, active: allActive },
    {
      key: "new",
      label: t("lobby.new"),
      to: withDataType({ ...state, dataType: "ALL" }, "NEW"),
      active: state.dataType === "NEW",
    },
    ...classifications.map((c) => ({
      key: c,
      label: t(`classify.${c}`, { defaultValue: c }),
      to: withClassify(state, c),
      active: state.classify === c,
    })),
  ];
  return (
    <nav aria-label={t("lobby.classifications")} className="no-scrollbar -mx-3 flex gap-2 overflow-x-auto px-3 py-1">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={lobbySearch(tab.to, defaults) || "?"}
          preventScrollReset
          aria-current={tab.active ? "true" : undefined}
          className={chip(tab.active)}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** Recent, favourites and hot toggles; choosing the active one again switches it off. */
export function DataTypeToggles({ state, defaults }: Ctx) {
  const { t } = useTranslation();
  const items = [
    { type: "RECENT" as const, label: t("lobby.recent"), Icon: ClockIcon },
    { type: "FAV" as const, label: t("lobby.favourites"), Icon: HeartIcon },
    { type: "HOT" as const, label: t("lobby.hot"), Icon: FireIcon },
  ];
  return (
    <div role="group" aria-label={t("lobby.show")} className="flex gap-2">
      {items.map(({ type, label, Icon }) => {
        const on = state.dataType === type;
        return (
          <Link
            key={type}
            to={lobbySearch(withDataType(state, type), defaults) || "?"}
            preventScrollReset
            aria-pressed={on}
            role="button"
            className={`flex items-center gap-1 ${chip(on)}`}
          >
            <Icon width={14} height={14} />
            {label}
          </Link>
        );
      })}
    </div>
  );
}

/**
 * The name search: a GET form (works without JavaScript); with it, typing
 * searches 500 ms after the last key and Enter searches at once.
 */
export function NameSearch({
  state,
  defaults,
  searchType = "ALL",
  autoFocus,
}: Ctx & { searchType?: "ALL" | "SEARCH"; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The URL's q reaches the box when it changed elsewhere (back, a link), never under the player's fingers.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = state.q;
  }, [state.q]);
  const hidden = new URLSearchParams(lobbySearch(withSearch(state, "", searchType), defaults));
  const go = (q: string) => {
    clearTimeout(timer.current);
    navigate(`${pathname}${lobbySearch(withSearch(state, q, searchType), defaults)}`, {
      replace: true,
      preventScrollReset: true,
    });
  };
  return (
    <Form
      method="get"
      role="search"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        go(String(new FormData(e.currentTarget).get("q") ?? ""));
      }}
    >
      {[...hidden].map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="lobby-search" className="sr-only">
        {t("lobby.searchLabel")}
      </label>
      <input
        ref={input}
        id="lobby-search"
        name="q"
        type="search"
        defaultValue={state.q}
        maxLength={50}
        autoComplete="off"
        enterKeyHint="search"
        autoFocus={autoFocus}
        placeholder={t("lobby.searchPlaceholder")}
        onChange={(e) => {
          const q = e.currentTarget.value;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => go(q), SEARCH_DEBOUNCE_MS);
        }}
        className="h-10 w-full rounded-full border border-line/70 bg-surface-2/80 pr-11 pl-4 text-sm text-text placeholder:text-muted focus:border-primary focus:outline-none"
      />
      <button
        type="submit"
        aria-label={t("lobby.searchSubmit")}
        className="absolute top-1 right-1 flex h-8 w-8 items-center justify-center rounded-full text-primary"
      >
        <SearchIcon width={18} height={18} />
      </button>
    </Form>
  );
}

/** Horizontally scrolling vendor menu starting with All; the selected vendor is scrolled to the centre. */
export function VendorMenu({ state, defaults, vendors }: Ctx & { vendors: VendorItem[] }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !el) return;
    box.scrollTo({ left: el.offsetLeft - box.offsetLeft - (box.clientWidth - el.offsetWidth) / 2, behavior: "smooth" });
  }, [state.vassalage]);
  const items = [{ vassalage: null, label: t("lobby.allVendors") }, ...vendors];
  return (
    <nav aria-label={t("lobby.vendors")}>
      <div ref={scroller} className="no-scrollbar -mx-3 flex gap-2 overflow-x-auto px-3 py-1" data-testid="vendor-menu">
        {items.map((v) => {
          const active = state.vassalage === v.vassalage;
          return (
            <Link
              key={v.vassalage ?? "all"}
              to={lobbySearch(withVendor(state, v.vassalage), defaults) || "?"}
              preventScrollReset
              aria-current={active ? "true" : undefined}
              data-vendor={v.vassalage ?? "ALL"}
              className={`flex h-16 w-[4.5rem] shrink-0 flex-col items-center justify-center gap-1 rounded-card border text-[10px] font-semibold transition ${
                active ? "border-primary bg-primary/15 text-text" : "border-line/60 bg-surface-2/80 text-muted"
              }`}
            >
              {v.vassalage ? (
                <VendorLogo
                  vassalage={v.vassalage}
                  variant="white"
                  width={60}
                  height={24}
                  when="screen"
                  className="h-6 w-[60px]"
                />
              ) : (
                <span className="flex h-6 items-center justify-center rounded-full bg-primary/20 px-2 text-[11px] font-black text-primary">
                  {t("lobby.allShort")}
                </span>
              )}
              <span className="max-w-full truncate px-1">{v.label}</span>
            </Link>
          );
        })}
      </div>
    </nav>
  );
}

/**
 * A game list with its controls: classification tabs (unless `tabs` is false), the name search
 * (unless the page shows it above, `nameSearch` false: one search box a page), the Recent /
 * Favourites / Hot toggles, the vendor menu (when there is a choice) and the grid.
 */
export function FilteredGameList({
  state,
  defaults,
  classifications,
  vendors,
  tabs = true,
  nameSearch = true,
  page,
  pageHref,
  dataHref,
}: Ctx & {
  classifications: string[];
  vendors: VendorItem[];
  tabs?: boolean;
  nameSearch?: boolean;
  page: TilePage<GameTile>;
  pageHref: (n: number) => string;
  dataHref: (n: number) => string;
}) {
  return (
    <>
      {tabs ? (
        <div className="mt-3">
          <ClassifyTabs state={state} defaults={defaults} classifications={classifications} />
        </div>
      ) : null}
      <div className="mt-3 space-y-2.5">
        {nameSearch ? <NameSearch state={state} defaults={defaults} /> : null}
        <DataTypeToggles state={state} defaults={defaults} />
      </div>
      {vendors.length > 1 ? (
        <div className="mt-3">
          <VendorMenu state={state} defaults={defaults} vendors={vendors} />
        </div>
      ) : null}
      <div className="mt-4">
        <GameGrid
          page={page}
          pageHref={pageHref}
          dataHref={dataHref}
          highlight={state.q}
          dropPendingRemovals={state.dataType === "FAV"}
        />
      </div>
    </>
  );
}
