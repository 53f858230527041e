import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/utils/translator";
import { TranslationProvider } from "~/components/ui/i18n";
import { FavouriteButton, FavouritesContext, FetcherHeart } from "./favourites";
import type { GameTile } from "./types";
import { renderOnServer } from "../../../tests/setup/server-render";

const translator = createTranslator("en", {
  en: { common: { favourites: { add: "Add {{name}} to favourites", remove: "Remove {{name}} from favourites" } } },
});

const game = { nodeId: 100035, name: "Barong Fortune", favouritable: true } as GameTile;

const render = (element: ReactElement, ids: number[]) =>
  renderOnServer(
    <TranslationProvider translator={translator}>
      <FavouritesContext.Provider value={{ ids: new Set(ids), owner: true, returnTo: "/m/home" }}>
        {element}
      </FavouritesContext.Provider>
    </TranslationProvider>,
  );

describe("a member's heart (ADR 0021)", () => {
  it.each([
    ["not a favourite", [], "add"],
    ["a favourite", [100035], "remove"],
  ])("is written on the server as the browser's fetcher form hydrates it: %s", async (_name, ids, intent) => {
    const server = await render(<FavouriteButton game={game} />, ids);
    expect(server).toContain(`name="intent" value="${intent}"`);
    expect(server).toContain('action="/m/favourites"');
    expect(server).toBe(await render(<FetcherHeart game={game} />, ids));
  });
});
