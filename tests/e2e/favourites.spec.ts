import { expect, test } from "./fixtures";
import { HOME_ORDER, register, grid, cards, tileLink, openList, nodeIds, gameName } from "./lobby-helpers";

test.describe("favourites and recent games", () => {
  // Registering hashes a password (Argon2id) on two busy cores.
  test.describe.configure({ timeout: 90_000 });

  test("a visitor's heart and tile lead to login; lottery tiles have no heart", async ({ page }) => {
    await page.goto("/m/provider?vassalage=TCG");
    await expect(cards(grid(page)).first()).toBeVisible();
    await expect(grid(page).getByRole("link", { name: /favourites$/ })).toHaveCount(0);
    await expect(grid(page).getByRole("button", { name: /favourites$/ })).toHaveCount(0);

    // A live table has no free play: opening it asks a visitor to log in first.
    await page.goto("/m/provider?vassalage=EVO");
    const table = cards(grid(page)).first();
    const tableId = await table.getAttribute("data-node-id");
    await tileLink(table).click();
    await expect(page).toHaveURL(new RegExp(`/m/login\\?redirectTo=%2Fm%2Fgame%2F${tableId}$`));

    await openList(page, "/m/slot-games?vassalage=JILI");
    const card = cards(grid(page)).first();
    const name = await gameName(card);

    // The way back is the list's own state: unknown parameters are not carried into every tile.
    await openList(page, "/m/slot-games?vassalage=JILI&utm_source=banner");
    await card.getByRole("link", { name: `Add ${name} to favourites` }).click();
    await expect(page).toHaveURL(/\/m\/login\?redirectTo=%2Fm%2Fslot-games%3Fvassalage%3DJILI$/);
  });

  test("a member keeps a favourite, sees it on home, and removes it", async ({ page }) => {
    await register(page);
    await openList(page, "/m/slot-games");
    const card = cards(grid(page)).nth(1);
    const nodeId = (await card.getAttribute("data-node-id"))!;
    const name = await gameName(card);
    const heart = card.getByRole("button", { name: `Add ${name} to favourites` });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    const added = page.waitForResponse((r) => r.url().includes("/m/favourites.data") && r.request().method() === "POST");
    await heart.click();
    const remove = card.getByRole("button", { name: `Remove ${name} from favourites` });
    await expect(remove).toHaveAttribute("aria-pressed", "true");
    expect((await added).status()).toBe(200);

    await openList(page, "/m/fav-games");
    await expect(page.getByTestId("game-centre")).toHaveAttribute("data-screen", "search");
    await expect(cards(grid(page))).toHaveCount(1);
    await expect(grid(page).locator(`[data-node-id="${nodeId}"]`)).toBeVisible();

    await page.goto("/m/home");
    const sections = page.getByTestId("home-sections").getByTestId("home-section");
    await expect(sections.first()).toHaveAttribute("data-section", "favourites");
    expect(await sections.evaluateAll((els) => els.map((e) => e.getAttribute("data-section")))).toEqual([
      "favourites",
      ...HOME_ORDER,
    ]);
    await expect(sections.first().locator(`[data-node-id="${nodeId}"]`)).toBeVisible();

    // Removing drops the tile while the request is still on its way.
    await openList(page, "/m/fav-games");
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route("**/m/favourites.data*", async (route) => {
      await gate;
      await route.continue();
    });
    const saved = page.waitForResponse((r) => r.url().includes("/m/favourites.data") && r.request().method() === "POST");
    await grid(page)
      .getByRole("button", { name: `Remove ${name} from favourites` })
      .click();
    await expect(page.locator(`[data-node-id="${nodeId}"]`)).toHaveCount(0);
    release();
    expect((await saved).status()).toBe(200);
    await expect(page.getByTestId("empty-state")).toBeVisible();

    await page.reload();
    await expect(page.getByTestId("empty-state")).toContainText("No favourites yet");
    await expect(page.locator(`[data-node-id="${nodeId}"]`)).toHaveCount(0);
  });

  test("games a member opens are listed under recent, newest first", async ({ page }) => {
    await register(page);
    await openList(page, "/m/slot-games");
    const first = cards(grid(page)).nth(2);
    const firstId = (await first.getAttribute("data-node-id"))!;
    await tileLink(first).click();
    await expect(page).toHaveURL(new RegExp(`/m/game/${firstId}$`));
    await expect(page.getByTestId("game-page")).toBeVisible();

    // Then another game, from the game page's own row.
    const other = page.locator("[data-section=game-more]").getByTestId("game-card").first();
    const otherId = (await other.getAttribute("data-node-id"))!;
    await other.locator('a[href^="/m/game/"]').click();
    await expect(page).toHaveURL(new RegExp(`/m/game/${otherId}$`));
    await expect(page.getByTestId("game-page")).toBeVisible();

    await openList(page, "/m/search-games?type=RECENT");
    expect(await nodeIds(grid(page))).toEqual([otherId, firstId]);
    await expect(page.getByRole("link", { name: "Recent", exact: true })).toHaveAttribute("aria-current", "true");

    // The game centre's Recent toggle shows the same list.
    await openList(page, "/m/slot-games");
    const recent = page.getByRole("button", { name: "Recent" });
    await expect(recent).toHaveAttribute("aria-pressed", "false");
    await recent.click();
    await expect(page).toHaveURL(/\/m\/slot-games\?type=RECENT$/);
    await expect(recent).toHaveAttribute("aria-pressed", "true");
    await expect(cards(grid(page))).toHaveCount(2);
    expect(await nodeIds(grid(page))).toEqual([otherId, firstId]);
  });
});
