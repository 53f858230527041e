import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/utils/translator";
import { TranslationProvider } from "~/components/ui/i18n";
import { HtmlMemoContext, type HtmlMemo } from "~/components/ui/html-memo";
import { FavouritesContext } from "~/components/lobby/favourites";
import { GameRow } from "~/components/lobby/game-row";
import { GameGrid } from "~/components/lobby/game-grid";
import type { GameTile } from "~/components/lobby/types";
import type { RootData } from "~/components/root-data";
import { renderOnServer } from "../tests/setup/server-render";
import { createHtmlMemo, keptParts } from "./html-memo.server";

const resources = (add: string) => ({
  en: {
    common: {
      favourites: { add, remove: "Remove {{name}} from favourites" },
      game: { play: "Play {{name}}", by: "by {{vendor}}" },
      home: { newBadge: "NEW" },
      lobby: {
        more: "More",
        moreOf: "More {{name}}",
        pagination: "Pages",
        pageOf: "Page {{page}} of {{total}}",
        nextPage: "Next",
      },
    },
  },
});
const english = createTranslator("en", resources("Add {{name}} to favourites"));
const other = createTranslator("en-x", { "en-x": resources("Keep {{name}}").en });

const tile = (nodeId: number, name: string): GameTile =>
  ({ nodeId, name, vassalage: "JILI", iconUrl: `/art/${nodeId}.webp`, isNew: nodeId % 2 === 0, favouritable: true }) as GameTile;
const games = [tile(100035, "Barong Fortune"), tile(100036, "Mango <Rush> & Co"), tile(100037, "Pearl Party")];

/** A page at /m/home as the server renders it: root data with this request's token, and the store or none. */
async function page(opts: {
  memo: HtmlMemo | null;
  csrf: string;
  favourites: number[];
  owner?: boolean;
  translator?: typeof english;
  rows?: ReactElement;
}) {
  const row = opts.rows ?? <GameRow id="hot" title="Hot" games={games} rows={1} moreHref="/m/gameCenter?category=HOT" eager />;
  return renderOnServer(
    <TranslationProvider translator={opts.translator ?? english}>
      <FavouritesContext.Provider value={{ ids: new Set(opts.favourites), owner: opts.owner ?? true, returnTo: "/m/home" }}>
        <HtmlMemoContext.Provider value={opts.memo}>{row}</HtmlMemoContext.Provider>
      </FavouritesContext.Provider>
    </TranslationProvider>,
    { rootData: { csrf: opts.csrf } satisfies Partial<RootData> },
  );
}

describe("a game row rendered once (ADR 0022)", () => {
  it("is the same HTML as the row rendered in place, for a member and for a visitor", async () => {
    for (const owner of [true, false]) {
      const inPlace = await page({ memo: null, csrf: "tokenA", favourites: [100036], owner });
      expect(inPlace).toContain("Mango &lt;Rush&gt; &amp; Co");
      expect(await page({ memo: createHtmlMemo("tokenA"), csrf: "tokenA", favourites: [100036], owner })).toBe(inPlace);
      // The second time it comes from the store, and is still the same.
      expect(await page({ memo: createHtmlMemo("tokenA"), csrf: "tokenA", favourites: [100036], owner })).toBe(inPlace);
    }
  });

  it("carries each request's own CSRF token, never the one of the request that rendered it", async () => {
    await page({ memo: createHtmlMemo("first-token"), csrf: "first-token", favourites: [] });
    const second = await page({ memo: createHtmlMemo("second-token"), csrf: "second-token", favourites: [] });
    expect(second).not.toContain("first-token");
    expect(second.match(/name="csrf" value="second-token"/g)).toHaveLength(games.length);
    expect(second).toBe(await page({ memo: null, csrf: "second-token", favourites: [] }));
  });

  it("is kept apart for other favourites, another language's text and other games", async () => {
    const memo = () => createHtmlMemo("t");
    const none = await page({ memo: memo(), csrf: "t", favourites: [] });
    const kept = keptParts();
    const one = await page({ memo: memo(), csrf: "t", favourites: [100035] });
    expect(keptParts()).toBe(kept + 1);
    expect(one).not.toBe(none);
    expect(one).toBe(await page({ memo: null, csrf: "t", favourites: [100035] }));
    expect(one).toContain('aria-pressed="true"');
    // A favourite that is not in the row changes nothing in it.
    expect(await page({ memo: memo(), csrf: "t", favourites: [100035, 999] })).toBe(one);
    const otherText = await page({ memo: memo(), csrf: "t", favourites: [], translator: other });
    expect(otherText).toContain("Keep Barong Fortune");
    const fewer = <GameRow id="hot" title="Hot" games={games.slice(1)} rows={1} eager />;
    expect(await page({ memo: memo(), csrf: "t", favourites: [], rows: fewer })).toBe(
      await page({ memo: null, csrf: "t", favourites: [], rows: fewer }),
    );
    // The favourite, the other text and the shorter row were each rendered and kept once.
    expect(keptParts()).toBe(kept + 3);
  });

  it("holds a game list's first page the same way, and renders a search's results in place", async () => {
    const grid = (highlight?: string) => (
      <GameGrid
        page={{ games, pageNum: 1, totalCount: 5, totalPages: 3 }}
        pageHref={(n) => `/m/gameCenter?category=RNG&page=${n}`}
        dataHref={(n) => `/m/game-list?category=RNG&page=${n}`}
        highlight={highlight}
      />
    );
    const inPlace = await page({ memo: null, csrf: "g", favourites: [100037], rows: grid() });
    expect(inPlace).toContain('data-testid="game-grid"');
    const kept = keptParts();
    expect(await page({ memo: createHtmlMemo("g"), csrf: "g", favourites: [100037], rows: grid() })).toBe(inPlace);
    expect(keptParts()).toBe(kept + 1);
    const searched = await page({ memo: createHtmlMemo("g"), csrf: "g", favourites: [], rows: grid("mango") });
    expect(searched).toContain("<mark");
    expect(searched).toBe(await page({ memo: null, csrf: "g", favourites: [], rows: grid("mango") }));
    expect(keptParts()).toBe(kept + 1);
  });
});
