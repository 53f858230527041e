/** Helpers shared by the lobby specs: a signed-in member, game lists and their tiles. */
import type { Locator, Page } from "@playwright/test";
import { expect, uniqueName } from "./fixtures";

export const PAGE_SIZE = 36;
export const PASSWORD = "play2win88";

export const HOME_ORDER = [
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

/** A fresh member, signed in (the minimal path of accounts.spec.ts); `from`: a registration link with a code. */
export async function register(page: Page, from = "/m/register"): Promise<string> {
  const username = uniqueName("lob");
  await page.goto(from);
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  const mobile = page.getByLabel(/^Mobile number/);
  if (await mobile.count()) await mobile.fill(`0917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  await page.getByLabel(/^Full name/).fill("Maria Clara Santos");
  await page.getByLabel(/^Birthday/).fill("1994-06-15");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(page.getByRole("banner").getByRole("link", { name: new RegExp(username) })).toBeVisible();
  return username;
}

export const grid = (page: Page) => page.getByTestId("game-grid");
export const cards = (scope: Page | Locator) => scope.getByTestId("game-card");
/** The tile's own link (the heart is a second link for visitors). */
export const tileLink = (card: Locator) => card.locator('a[href^="/m/game/"]');

/**
 * Opens a game list and waits for hydration: the server renders page links,
 * which the grid swaps for its infinite-scroll sentinel once JavaScript runs.
 */
export async function openList(page: Page, path: string) {
  await page.goto(path);
  await expectHydratedList(page);
}

export async function expectHydratedList(page: Page) {
  await expect(grid(page)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0, { timeout: 30_000 });
}

export async function nodeIds(scope: Locator): Promise<string[]> {
  return cards(scope).evaluateAll((els) => els.map((e) => e.getAttribute("data-node-id") ?? ""));
}

export async function tileLabels(scope: Locator): Promise<string[]> {
  return tileLink(cards(scope)).evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") ?? ""));
}

/** Every tile is by the vendor (labels read "Play <name> by <vendor>", maybe followed by NEW). */
export async function expectAllBy(scope: Locator, vendor: string) {
  const labels = await tileLabels(scope);
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(new RegExp(` by ${vendor}( NEW)?$`));
}

/** The chosen vendor is brought to the middle of the menu (as far as the menu can scroll). */
export async function expectCentred(menu: Locator, item: Locator) {
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
export const gameName = (card: Locator) => card.locator("p").first().innerText();
