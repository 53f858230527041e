import type { Page } from "@playwright/test";
import { expect, reactHolds, test } from "./fixtures";
import { register } from "./lobby-helpers";
import { banner } from "./money-helpers";

/**
 * A part of the page whose code is a chunk of its own (ui/deferred.tsx) and that the server drew, the
 * member's balance chip here, is React's as soon as the rest of the page is. Were it still waiting
 * for its chunk when an update reached it (a tap on a link, a state set on mount), React would throw
 * its server HTML away (React error 421 on the console) and leave the chip empty until the chunk came.
 * The chip's chunk is held back on purpose; the fixtures fail the test on any console error.
 */
test("a part whose code arrives late is taken over with the page: a navigation right away keeps the chip", async ({ page }) => {
  await register(page);
  let held = 0;
  await page.route(/\/assets\/header-member-[\w-]+\.js$/, async (route) => {
    held++;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  const balance = banner(page).getByLabel("Balance", { exact: true });
  for (const path of ["/m/home", "/m/game/100035"]) {
    await page.goto(path);
    // The first moment React holds the page, a client-side navigation re-renders the header.
    const firstLink = page.getByRole("navigation", { name: "Main navigation" }).getByRole("link").first();
    await reactHolds(firstLink);
    await firstLink.click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(balance).toBeVisible();
    await reactHolds(banner(page).getByRole("button", { name: "Refresh balance" }));
  }
  expect(held, "the chip's chunk was asked for, and held back").toBeGreaterThan(0);
});

/**
 * A tap the moment React is given the page is handled at once, and the state it sets re-renders the
 * shell around the deferred parts (ui/deferred.tsx): had one of them still been waiting in a Suspense
 * boundary of its own for React's later pass, React would throw its server HTML away (React error 421).
 * The login pop-ups' close is tapped here the moment React is given the page, every time: the pages'
 * scripts are held until the page with the pop-ups is there, and a script of the test waits for React.
 */
test("a tap while React takes the page over closes the login pop-ups and keeps the header", async ({ page }) => {
  await page.removeLocatorHandler(page.getByTestId("login-popups"));
  const release = await tapTheMomentReactHasThePage(page, '[data-testid="login-popups-close"]');
  // Signed up without scripts (they are held): the form posts and the first page comes with the pop-ups.
  await register(page);
  await expect(page.getByTestId("login-popups")).toBeVisible();
  release();
  await expect(page.getByTestId("login-popups")).toHaveCount(0);
  await expect(page).toHaveURL(/\/m\/home$/);
  await expect(banner(page).getByLabel("Balance", { exact: true })).toBeVisible();
  await reactHolds(banner(page).getByRole("button", { name: "Refresh balance" }));
});

/**
 * A heart tapped the moment React is given the lobby is React's at once: the game is kept, and no
 * part of the page loses its server HTML (React error 421 would fail the test; the page holds no
 * Suspense boundary React would hydrate apart, ui/deferred.tsx).
 */
test("a heart tapped while React takes the lobby over keeps the game, and every section its HTML", async ({ page }) => {
  await register(page);
  const release = await tapTheMomentReactHasThePage(
    page,
    '[data-section="popular"] [data-testid="game-card"] button[aria-pressed="false"]',
  );
  await page.goto("/m/home");
  const popular = page.locator('[data-section="popular"]');
  const first = popular.getByTestId("game-card").first();
  const name = (await first.getAttribute("data-node-id")) ?? "";
  expect(name).not.toBe("");
  release();
  await expect(first.getByRole("button", { pressed: true })).toBeVisible();
  await reactHolds(page.getByTestId("home-sections").getByTestId("game-card").last().locator("a").first());
  await page.goto("/m/home");
  await expect(
    page.locator(`[data-section="popular"] [data-node-id="${name}"]`).getByRole("button", { pressed: true }),
  ).toBeVisible();
});

/**
 * Holds every script of the site until `release()` is called, and taps the first element matching
 * `selector` from a script of the page the moment React has been given the document (before it has
 * hydrated the page).
 */
async function tapTheMomentReactHasThePage(page: Page, selector: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[\w.-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.addInitScript((target) => {
    const tap = () => {
      const element = document.querySelector<HTMLElement>(target);
      if (element && Object.keys(document).some((key) => key.startsWith("__reactContainer$"))) element.click();
      else setTimeout(tap, 0);
    };
    tap();
  }, selector);
  return release;
}
