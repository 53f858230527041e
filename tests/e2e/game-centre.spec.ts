import type { Page } from "@playwright/test";
import { expect, heldByReact, markDocument, test } from "./fixtures";
import { PAGE_SIZE, grid, cards, openList, nodeIds, expectAllBy, expectCentred, gameName, tileLink } from "./lobby-helpers";

test.describe("game centre", () => {
  test("the vendor menu filters the list and marks its choice", async ({ page }) => {
    await openList(page, "/m/slot-games");
    const menu = page.getByTestId("vendor-menu");
    const total = await grid(page).getAttribute("data-total");
    await expect(menu.locator("[data-vendor=ALL]")).toHaveAttribute("aria-current", "true");

    const jdb = menu.locator("[data-vendor=JDB]");
    await jdb.click();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JDB$/);
    await expect(jdb).toHaveAttribute("aria-current", "true");
    await expect(menu.locator("[aria-current=true]")).toHaveCount(1);
    await expect(grid(page)).not.toHaveAttribute("data-total", total!);
    await expectAllBy(grid(page), "JDB");
    await expectCentred(menu, jdb);

    await menu.locator("[data-vendor=ALL]").click();
    await expect(page).toHaveURL(/\/m\/slot-games$/);
    await expect(menu.locator("[data-vendor=ALL]")).toHaveAttribute("aria-current", "true");
    await expect(jdb).not.toHaveAttribute("aria-current", "true");
    await expect(grid(page)).toHaveAttribute("data-total", total!);
  });

  test("a visitor's grid is taken over as drawn: its tiles open their page without a reload; a page added renders live", async ({
    page,
  }) => {
    await openList(page, "/m/slot-games");
    const tile = tileLink(cards(grid(page)).first());
    expect(await heldByReact(tile), "React holds no tile of a visitor's grid").toBe(false);
    const inPage = await markDocument(page);
    const href = (await tile.getAttribute("href"))!;
    await tile.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId("game-page")).toBeVisible();
    expect(await inPage(), "no document was loaded").toBe(true);

    await openList(page, "/m/slot-games");
    const first = await nodeIds(grid(page));
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(cards(grid(page))).toHaveCount(2 * PAGE_SIZE);
    expect((await nodeIds(grid(page))).slice(0, PAGE_SIZE)).toEqual(first);
    expect(await heldByReact(tileLink(cards(grid(page)).first())), "with a page added the tiles are React's").toBe(true);
    expect(await heldByReact(tileLink(cards(grid(page)).last()))).toBe(true);
  });

  test("scrolling to the end loads the next page once", async ({ page }) => {
    await openList(page, "/m/slot-games");
    const list = cards(grid(page));
    await expect(list).toHaveCount(PAGE_SIZE);
    const first = await nodeIds(grid(page));

    // Hold the next page until the loading indicator has been seen.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const requested: string[] = [];
    await page.route("**/m/game-list?*", async (route) => {
      requested.push(route.request().url());
      await gate;
      await route.continue();
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByTestId("grid-loading")).toBeVisible();
    release();
    await expect(list).toHaveCount(2 * PAGE_SIZE);
    await expect(page.getByTestId("grid-loading")).toHaveCount(0);

    const ids = await nodeIds(grid(page));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, PAGE_SIZE)).toEqual(first);
    expect(requested).toHaveLength(1);
    const next = new URL(requested[0]);
    expect(next.searchParams.get("page")).toBe("2");
    expect(next.searchParams.get("screen")).toBe("/m/slot-games");
  });

  test("the name search waits for typing to stop; Enter searches at once", async ({ page }) => {
    // Keystrokes and the start of each search request, on the page's own clock.
    await page.addInitScript(() => {
      performance.setResourceTimingBufferSize(2000);
      const w = window as unknown as { inputs: number[]; enters: number[] };
      w.inputs = [];
      w.enters = [];
      document.addEventListener("input", () => w.inputs.push(performance.now()), true);
      document.addEventListener("keydown", (e) => e.key === "Enter" && w.enters.push(performance.now()), true);
    });
    const timings = () =>
      page.evaluate(() => {
        const w = window as unknown as { inputs: number[]; enters: number[] };
        const searches = performance
          .getEntriesByType("resource")
          .filter((e) => /\.data\?(.*&)?q=/.test(e.name))
          .map((e) => ({ q: new URL(e.name).searchParams.get("q"), at: e.startTime }));
        return { inputs: w.inputs, enters: w.enters, searches };
      });

    await openList(page, "/m/slot-games");
    const total = Number(await grid(page).getAttribute("data-total"));
    const name = await gameName(cards(grid(page)).first());
    const word = (name.match(/[A-Za-z]+/g) ?? [name]).reduce((a, b) => (b.length > a.length ? b : a));
    const term = (word.length >= 5 ? word.slice(1, -1) : word).toLowerCase();

    const input = page.getByLabel("Search games by name");
    await expect(input).toHaveAttribute("type", "search");
    await input.pressSequentially(term, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`/m/slot-games\\?q=${term}$`));
    const typed = await timings();
    expect(typed.inputs).toHaveLength(term.length);
    // The list asks for the whole term, and no search ever starts within 300 ms of a keystroke.
    expect(typed.searches.at(-1)?.q).toBe(term);
    for (const s of typed.searches) {
      const lastKey = Math.max(...typed.inputs.filter((t) => t <= s.at));
      expect(s.at - lastKey, `search for "${s.q}"`).toBeGreaterThanOrEqual(300);
    }

    await expect(grid(page)).not.toHaveAttribute("data-total", String(total));
    expect(Number(await grid(page).getAttribute("data-total"))).toBeGreaterThanOrEqual(1);
    await expect(grid(page).locator("mark").first()).toHaveText(new RegExp(`^${term}$`, "i"));

    // The search screen (a list's own box filters the list; the screen is where vendor lists send
    // a search): Enter searches without waiting. The term is put in the box without an input
    // event, so no pause timer runs: only Enter can start this search.
    // Reached client-side, from the page hydrated above: in a page just loaded and not yet hydrated,
    // Enter submits the form as a plain GET (a page load, no data request), not what this measures.
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }).__remixRouter.navigate("/m/search-games"),
    );
    await expect(page.getByTestId("game-centre")).toHaveAttribute("data-screen", "search");
    const box = page.getByLabel("Search games by name");
    await box.evaluate((el, v) => ((el as HTMLInputElement).value = v), term);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/m/search-games\\?(.*&)?q=${term}(&|$)`));
    // A request's timing entry is recorded when its answer has been read to the end, which may be
    // just after the page has moved to the new URL: polled for.
    const searchesAfterEnter = async () => {
      const entered = await timings();
      const enter = entered.enters.at(-1)!;
      return entered.searches.filter((s) => s.at >= enter).map((s) => ({ q: s.q, afterEnter: s.at - enter }));
    };
    await expect.poll(async () => (await searchesAfterEnter()).map((s) => s.q)).toEqual([term]);
    expect((await searchesAfterEnter())[0]!.afterEnter).toBeLessThan(300);
    await expect(grid(page).locator("mark").first()).toHaveText(new RegExp(`^${term}$`, "i"));
  });

  /** Slots by JILI, then its video slots: returns JILI's total. */
  async function chooseVendorThenClassification(page: Page): Promise<string> {
    await openList(page, "/m/slot-games");
    await page.getByTestId("vendor-menu").locator("[data-vendor=JILI]").click();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
    // The URL can change before the new list is on screen: read the total once JILI is the marked vendor.
    await expect(page.getByTestId("vendor-menu").locator("[data-vendor=JILI]")).toHaveAttribute("aria-current", "true");
    await expectAllBy(grid(page), "JILI");
    const jiliTotal = (await grid(page).getAttribute("data-total"))!;
    const tabs = page.getByRole("navigation", { name: "Game types" });
    await tabs.getByRole("link", { name: "Video slots" }).click();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI&classify=VIDEO$/);
    await expect(tabs.getByRole("link", { name: "Video slots" })).toHaveAttribute("aria-current", "true");
    await expect(grid(page)).not.toHaveAttribute("data-total", jiliTotal);
    return jiliTotal;
  }

  test("reload keeps the chosen vendor and classification", async ({ page }) => {
    await chooseVendorThenClassification(page);
    const total = await grid(page).getAttribute("data-total");
    await page.reload();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI&classify=VIDEO$/);
    await expect(page.getByTestId("vendor-menu").locator("[data-vendor=JILI]")).toHaveAttribute("aria-current", "true");
    const tabs = page.getByRole("navigation", { name: "Game types" });
    await expect(tabs.getByRole("link", { name: "Video slots" })).toHaveAttribute("aria-current", "true");
    await expect(grid(page)).toHaveAttribute("data-total", total!);
    await expectAllBy(grid(page), "JILI");
  });

  test("back restores the previous vendor and classification", async ({ page }) => {
    const jiliTotal = await chooseVendorThenClassification(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/, { timeout: 5_000 });
    await expect(page.getByTestId("vendor-menu").locator("[data-vendor=JILI]")).toHaveAttribute("aria-current", "true");
    const tabs = page.getByRole("navigation", { name: "Game types" });
    await expect(tabs.getByRole("link", { name: "All", exact: true })).toHaveAttribute("aria-current", "true");
    await expect(grid(page)).toHaveAttribute("data-total", jiliTotal);
    await page.reload();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
    await expect(grid(page)).toHaveAttribute("data-total", jiliTotal);
  });

  test("typing on after a search has run keeps the box focused and the text", async ({ page }) => {
    await openList(page, "/m/slot-games");
    const total = (await grid(page).getAttribute("data-total"))!;
    const input = page.getByLabel("Search games by name");
    await input.fill("thu");
    await expect(page).toHaveURL(/\/m\/slot-games\?q=thu$/);
    // The results are in: the page has rendered the search's state.
    await expect(grid(page)).not.toHaveAttribute("data-total", total);
    await expect(input).toBeFocused({ timeout: 2_000 });
    await page.keyboard.type("nder");
    await expect(input).toHaveValue("thunder", { timeout: 2_000 });
    await expect(page).toHaveURL(/\/m\/slot-games\?q=thunder$/);
  });

  test("hostile query parameters fall back to defaults", async ({ page }) => {
    const response = await page.goto("/m/slot-games?page=-1&vassalage=%3Cscript%3E&type=NOPE&q=%25%27--");
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId("game-centre")).toHaveAttribute("data-screen", "centre");
    await expect(page.getByLabel("Search games by name")).toHaveValue("%'--");
    await expect(page.getByTestId("vendor-menu").locator("[data-vendor=ALL]")).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("game-grid").or(page.getByTestId("empty-state"))).toBeVisible();

    // The infinite scroll's data answers the same state (asked by the page: *.localhost is the browser's).
    const data = await page.evaluate(async () => {
      const res = await fetch("/m/game-list?screen=/m/slot-games&page=-1&vassalage=%3Cscript%3E&type=NOPE&q=%25%27--");
      return { status: res.status, body: (await res.json()) as { pageNum: number } };
    });
    expect(data.status).toBe(200);
    expect(data.body.pageNum).toBe(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists page by links; classification and vendor links work", async ({ page }) => {
    await page.goto("/m/slot-games");
    const total = Number(await grid(page).getAttribute("data-total"));
    const pagesCount = Math.ceil(total / PAGE_SIZE);
    expect(pagesCount).toBeGreaterThan(1);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages).toContainText(`Page 1 of ${pagesCount}`);
    await expect(cards(grid(page))).toHaveCount(PAGE_SIZE);
    await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    const one = await nodeIds(grid(page));

    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/m\/slot-games\?page=2$/);
    await expect(pages).toContainText(`Page 2 of ${pagesCount}`);
    await expect(cards(grid(page))).toHaveCount(PAGE_SIZE);
    const two = await nodeIds(grid(page));
    expect(two.filter((id) => one.includes(id))).toEqual([]);
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(/\/m\/slot-games$/);
    await expect(pages).toContainText(`Page 1 of ${pagesCount}`);
    await expect(cards(grid(page))).toHaveCount(PAGE_SIZE);
    expect(await nodeIds(grid(page))).toEqual(one);

    const tabs = page.getByRole("navigation", { name: "Game types" });
    await tabs.getByRole("link", { name: "Video slots" }).click();
    await expect(page).toHaveURL(/\/m\/slot-games\?classify=VIDEO$/);
    await expect(tabs.getByRole("link", { name: "Video slots" })).toHaveAttribute("aria-current", "true");
    await expect(pages).toBeVisible();
    expect(Number(await grid(page).getAttribute("data-total"))).toBeLessThan(total);

    await page.getByTestId("vendor-menu").locator("[data-vendor=JILI]").click();
    await expect(page).toHaveURL(/\/m\/slot-games\?vassalage=JILI$/);
    await expect(page.getByTestId("vendor-menu").locator("[data-vendor=JILI]")).toHaveAttribute("aria-current", "true");
    await expect(pages).toBeVisible();
    await expectAllBy(grid(page), "JILI");
  });
});
