import { expect, test } from "./fixtures";
import { PAGE_SIZE, HOME_ORDER, grid, cards, openList, expectHydratedList, expectAllBy, expectCentred } from "./lobby-helpers";

test.describe("home sections", () => {
  test("shows its sections in the spec's order, each with content", async ({ page }) => {
    await page.goto("/m/home");
    const sections = page.getByTestId("home-sections").getByTestId("home-section");
    await expect(sections).toHaveCount(HOME_ORDER.length);
    expect(await sections.evaluateAll((els) => els.map((e) => e.getAttribute("data-section")))).toEqual(HOME_ORDER);

    for (const key of HOME_ORDER) {
      const section = page.locator(`[data-testid=home-section][data-section="${key}"]`);
      if (key === "banners") {
        expect(await section.getByRole("link").count(), key).toBeGreaterThanOrEqual(1);
      } else if (key === "vendors-rng") {
        const links = section.locator('a[href^="/m/gameCenter?category=RNG&vassalage="]');
        expect(await links.count(), key).toBeGreaterThanOrEqual(1);
      } else {
        expect(await cards(section).count(), key).toBeGreaterThanOrEqual(1);
      }
    }

    const popular = page.locator("[data-testid=home-section][data-section=popular]");
    await expect(popular).toBeVisible();
    await expect(popular.getByRole("heading", { name: "Popular picks" })).toBeVisible();
    expect(await cards(popular).count()).toBeGreaterThanOrEqual(1);
    // The popular row sits above the category rail, not among the rail's sections.
    await expect(page.getByTestId("home-sections").locator("[data-section=popular]")).toHaveCount(0);

    // Lottery, e-lottery and e-sports never render on home.
    await expect(page.locator("[data-section*=lott], [data-section*=esports]")).toHaveCount(0);
    await expect(page.getByTestId("category-rail").locator("[data-category=HOME]")).toHaveAttribute("aria-current", "true");
  });

  test("the rail's categories show the hot preview, vendor grids and game lists", async ({ page }) => {
    await page.goto("/m/home?category=HOT");
    const hot = page.getByTestId("hot-view");
    await expect(cards(hot)).toHaveCount(6);
    const showAll = hot.getByRole("link", { name: /^Show all \d+ hot games$/ });
    await expect(showAll).toHaveAttribute("href", "/m/home?category=HOT&expand=1");
    await expect(page.getByTestId("category-rail").locator("[data-category=HOT]")).toHaveAttribute("aria-current", "true");

    for (const category of ["SPORTS", "LOTT"]) {
      await page.goto(`/m/home?category=${category}`);
      await expect(page.getByTestId("vendor-grid").getByRole("link").first()).toBeVisible();
    }

    await openList(page, "/m/home?category=RNG");
    expect(await cards(grid(page)).count()).toBe(PAGE_SIZE);
    // Beside the rail too, the chosen vendor is brought to the middle of the menu.
    const menu = page.getByTestId("vendor-menu");
    await menu.locator("[data-vendor=JDB]").click();
    await expect(page).toHaveURL(/\/m\/home\?category=RNG&vassalage=JDB$/);
    await expect(menu.locator("[data-vendor=JDB]")).toHaveAttribute("aria-current", "true");
    await expectAllBy(grid(page), "JDB");
    await expectCentred(menu, menu.locator("[data-vendor=JDB]"));
  });

  test("a row's More opens the game centre on that vendor", async ({ page }) => {
    await page.goto("/m/home");
    const jili = page.locator("[data-testid=home-section][data-section=games-rng-jili]");
    await jili.getByRole("link", { name: /^More / }).click();
    await expect(page).toHaveURL(/\/m\/gameCenter\?category=RNG&vassalage=JILI$/);
    await expectHydratedList(page);
    await expect(page.getByTestId("game-centre")).toHaveAttribute("data-screen", "centre");
    await expect(page.getByTestId("vendor-menu").locator("[data-vendor=JILI]")).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("vendor-menu").locator("[aria-current=true]")).toHaveCount(1);
    await expectAllBy(grid(page), "JILI");

    await page.goto("/m/home");
    await page
      .locator("[data-testid=home-section][data-section=hot]")
      .getByRole("link", { name: /^More / })
      .click();
    await expect(page).toHaveURL(/\/m\/hot-games$/);
    await expect(cards(grid(page)).first()).toBeVisible();
  });
});
