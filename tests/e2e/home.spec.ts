import { BRANDS, expect, expectNoA11yViolations, heldByReact, markDocument, reactHolds, test, type BrandId } from "./fixtures";

test.describe("home", () => {
  test("shows the brand's own name, theme, default language, carousel and hot games", async ({ page }, info) => {
    const brand = BRANDS[info.project.name as BrandId];
    const response = await page.goto("/m/home");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(`\\| ${brand.name}$`));
    await expect(page.locator("html")).toHaveAttribute("lang", brand.lang);
    await expect(page.getByRole("link", { name: `${brand.name} home` })).toBeVisible();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--primary").trim());
    const swatch = await page.evaluate((c) => {
      const el = document.createElement("div");
      el.style.color = c;
      document.body.append(el);
      const rgb = getComputedStyle(el).color;
      el.remove();
      return rgb;
    }, primary);
    expect(swatch).toBe(brand.primary);

    const carousel = page.getByTestId("banner-carousel");
    await expect(carousel.locator("[data-slide] img").first()).toBeVisible();
    await expect(carousel).toHaveAttribute("data-loop", "true");

    const hot = page.locator("[data-testid=home-section][data-section=hot]");
    const cards = hot.getByTestId("game-card");
    expect(await cards.count()).toBeGreaterThanOrEqual(9);
    await expect(cards.first().locator("img")).toBeVisible();
    await expect(page.getByRole("region", { name: "Announcements" })).toBeVisible();
    await expect(hot.getByRole("heading", { name: brand.hotTitle, exact: true })).toBeVisible();
  });

  test.describe("for a player who has not asked for reduced motion", () => {
    test.use({ reducedMotion: "no-preference" });

    test("the carousel advances on its own, loops from the last banner to the first, and swipes", async ({ page }) => {
      await page.goto("/m/home");
      const carousel = page.getByTestId("banner-carousel");
      await expect(carousel).toHaveAttribute("data-autoplay", "on");
      const count = await carousel.locator("[data-banner-id]").count();
      expect(count).toBeGreaterThan(1);
      // The banner in view is the one the dots mark as active.
      const inView = () =>
        carousel.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth) % el.querySelectorAll("[data-banner-id]").length);
      await expect(carousel).toHaveAttribute("data-active", "1", { timeout: 9_000 });
      expect(await inView()).toBe(1);
      // A swipe (a finger down, which stops a move under way, a scroll to the last banner, the finger up)
      // moves it too; the next move goes on to the first.
      await carousel.dispatchEvent("pointerdown");
      await carousel.evaluate((el, n) => el.scrollTo({ left: (n - 1) * el.clientWidth }), count);
      await carousel.dispatchEvent("pointerup");
      await expect(carousel).toHaveAttribute("data-active", String(count - 1));
      await expect(carousel).toHaveAttribute("data-active", "0", { timeout: 9_000 });
      await expect.poll(() => carousel.evaluate((el) => el.scrollLeft)).toBe(0);
    });
  });

  test("with reduced motion the carousel does not advance on its own", async ({ page }) => {
    await page.goto("/m/home");
    const carousel = page.getByTestId("banner-carousel");
    await expect(carousel).toHaveAttribute("data-autoplay", "off");
    await page.waitForTimeout(5_000); // longer than the 4 s autoplay delay
    await expect(carousel).toHaveAttribute("data-active", "0");
    expect(await carousel.evaluate((el) => el.scrollLeft)).toBe(0);
  });

  test.describe("with a banner image that fails to load", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource/] });

    test("hides that banner and keeps the others", async ({ page }) => {
      // A banner whose screen is not built yet asks for its art without the button (?cta=0).
      await page.route("**/art/banner/*/m_game-2.svg*", (route) => route.abort());
      await page.goto("/m/home");
      const carousel = page.getByTestId("banner-carousel");
      await expect(carousel).toHaveAttribute("data-autoplay", /^(on|off)$/);
      await expect(carousel.locator('img[src*="m_game-2.svg"]')).toHaveCount(0);
      await expect(carousel.locator('[data-banner-id][src*="m_game-1.svg"]')).toHaveCount(1);
      await expect(carousel.locator("[data-banner-id]")).toHaveCount(4);
    });
  });

  /**
   * A visitor's rows of tiles stay as the server drew them (ADR 0042): React holds the page but no tile
   * of a row, and a tap on a tile or on its heart still moves within the page, as a Link's would.
   */
  test("a visitor's rows are taken over as drawn: a tile and its heart still open their page without a reload", async ({
    page,
  }) => {
    await page.goto("/m/home");
    await reactHolds(page.locator('header a[href="/m/login"]'));
    const card = page.locator("[data-testid=home-section][data-section=hot]").getByTestId("game-card").first();
    const tile = card.locator("a").first();
    expect(await heldByReact(tile), "React holds no tile of a visitor's row").toBe(false);
    const inPage = await markDocument(page);

    const href = (await tile.getAttribute("href"))!;
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId("game-page")).toBeVisible();
    expect(await inPage(), "the tile opened its game without loading a document").toBe(true);

    await page.goBack();
    await expect(page).toHaveURL(/\/m\/home$/);
    await card.getByRole("link", { name: /to favourites$/ }).click();
    await expect(page).toHaveURL(/\/m\/login\?redirectTo=/);
    await expect(page.getByRole("button", { name: "Log in" }).first()).toBeVisible();
    expect(await inPage(), "the heart led to login without loading a document").toBe(true);
  });

  test("home aliases render the lobby and unknown paths go home", async ({ page }) => {
    for (const path of ["/", "/m", "/m/", "/m/index", "/m/index.html"]) {
      await page.goto(path);
      await expect(page.locator("[data-testid=home-section][data-section=hot]")).toBeVisible();
    }
    await page.goto("/m/no-such-page?x=1");
    await expect(page).toHaveURL(/\/m\/home$/);
  });

  test("has no accessibility violations above minor", async ({ page }) => {
    // axe checks contrast element by element: on two cores that takes tens of seconds.
    test.setTimeout(120_000);
    await page.goto("/m/home");
    await expect(page.getByTestId("banner-carousel")).toHaveAttribute("data-autoplay", /^(on|off)$/);
    await expectNoA11yViolations(page);
  });

  test("the bottom bar's invite panel opens and closes", async ({ page }, info) => {
    const brand = BRANDS[info.project.name as BrandId];
    await page.goto("/m/home");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Invite" }).click();
    const dialog = page.getByRole("dialog", { name: brand.inviteTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});
