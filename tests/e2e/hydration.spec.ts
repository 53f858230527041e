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
