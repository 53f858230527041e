import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";

const PAGE_SIZE = 36;
const PASSWORD = "play2win88";

const HOME_ORDER = [
  "banners",
  "hot",
  "games-rng-jili",
  "games-rng-fc",
  "games-rng-pge",
  "games-rng",
  "games-bingo",
  "games-fish",
  "vendors-rng",
];

/** A fresh member, signed in (the minimal path of accounts.spec.ts). */
async function register(page: Page): Promise<string> {
  const username = uniqueName("lob");
  await page.goto("/m/register");
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  const mobile = page.getByLabel(/^Mobile number/);
  if (await mobile.count()) await mobile.fill(`0917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  await page.getByLabel(/^Birthday/).fill("1994-06-15");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(page.getByRole("banner").getByRole("link", { name: new RegExp(username) })).toBeVisible();
  return username;
}

const grid = (page: Page) => page.getByTestId("game-grid");
const cards = (scope: Page | Locator) => scope.getByTestId("game-card");
/** The tile's own link (the heart is a second link for visitors). */
const tileLink = (card: Locator) => card.locator('a[href^="/m/game/"]');

/**
 * Opens a game list and waits for hydration: the server renders page links,
 * which the grid swaps for its infinite-scroll sentinel once JavaScript runs.
 */
async function openList(page: Page, path: string) {
  await page.goto(path);
  await expectHydratedList(page);
}

async function expectHydratedList(page: Page) {
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0, { timeout: 30_000 });
}

async function nodeIds(scope: Locator): Promise<string[]> {
  return cards(scope).evaluateAll((els) => els.map((e) => e.getAttribute("data-node-id") ?? ""));
}

async function tileLabels(scope: Locator): Promise<string[]> {
  return tileLink(cards(scope)).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
}

/** Every tile is by the vendor (labels read "Play <name> by <vendor>", maybe followed by NEW). */
async function expectAllBy(scope: Locator, vendor: string) {
  const labels = await tileLabels(scope);
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(new RegExp(` by ${vendor}( NEW)?$`));
}

/** The chosen vendor is brought to the middle of the menu (as far as the menu can scroll). */
async function expectCentred(menu: Locator, item: Locator) {
  await expect
    .poll(async () => {
      const [m, i] = await Promise.all([menu.boundingBox(), item.boundingBox()]);
      const off = i!.x + i!.width / 2 - (m!.x + m!.width / 2);
      const { left, max } = await menu.evaluate((el) => ({ left: el.scrollLeft, max: el.scrollWidth - el.clientWidth }));
      // Off-centre only where the menu cannot scroll any further that way.
      return Math.abs(off) <= 2 || (off > 0 && left >= max - 1) || (off < 0 && left <= 1);
    })
    .toBe(true);
}

/** A tile's game name, as shown under its picture. */
const gameName = (card: Locator) => card.locator("p").first().innerText();

test.describe("home", () => {
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

    // The search screen: Enter searches without waiting. The term is put in the box without
    // an input event, so no pause timer runs: only Enter can start this search.
    await page.getByRole("link", { name: "Search games", exact: true }).click();
    await expect(page).toHaveURL(/\/m\/search-games(\?|$)/);
    await expect(page.getByTestId("game-centre")).toHaveAttribute("data-screen", "search");
    const box = page.getByLabel("Search games by name");
    await box.evaluate((el, v) => ((el as HTMLInputElement).value = v), term);
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/m/search-games\\?(.*&)?q=${term}(&|$)`));
    const entered = await timings();
    const enter = entered.enters.at(-1)!;
    const started = entered.searches.filter((s) => s.at >= enter);
    expect(started.map((s) => s.q)).toEqual([term]);
    expect(started[0].at - enter).toBeLessThan(300);
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

test.describe("favourites and recent games", () => {
  // Registering hashes a password (Argon2id) on two busy cores.
  test.describe.configure({ timeout: 90_000 });

  test("a visitor's heart and tile lead to login; lottery tiles have no heart", async ({ page }) => {
    await page.goto("/m/provider?vassalage=TCG");
    await expect(cards(grid(page)).first()).toBeVisible();
    await expect(grid(page).getByRole("link", { name: /favourites$/ })).toHaveCount(0);
    await expect(grid(page).getByRole("button", { name: /favourites$/ })).toHaveCount(0);

    await openList(page, "/m/slot-games?vassalage=JILI");
    const card = cards(grid(page)).first();
    const name = await gameName(card);
    const nodeId = await card.getAttribute("data-node-id");
    await tileLink(card).click();
    await expect(page).toHaveURL(new RegExp(`/m/login\\?redirectTo=%2Fm%2Fgame%2F${nodeId}$`));

    await openList(page, "/m/slot-games?vassalage=JILI");
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
