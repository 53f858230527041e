import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, reactHolds, test } from "./fixtures";
import { cards, grid, openList, PASSWORD, register, tileLink } from "./lobby-helpers";
import { REFUSED_AMOUNT_ERRORS, shot } from "./money-helpers";

/**
 * Issue 16, items 4, 5 and 7 as a player finds them on a phone: the footer's tagline leads to the
 * responsible-gaming page; a limit is set; a cooling-off closes the games and brings every later
 * sign-in back to the page, where the withdrawal stays open.
 */
async function logoutAndLogin(page: Page, username: string) {
  // The whole page first: login pop-ups that arrive late would close the menu opened meanwhile.
  await page.waitForLoadState("load");
  await page.getByRole("banner").locator("summary[aria-label='Menu']").click();
  await page.getByRole("link", { name: "Logout" }).click();
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/m\/home$/);
  await page.goto("/m/login");
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

test.describe("responsible gaming", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a player sets a limit, takes a cooling-off, cannot play, and comes back to the page after signing in", async ({
    page,
  }, testInfo) => {
    const username = await register(page);
    await page.getByRole("link", { name: "Gambling is addictive. Know when to stop." }).click();
    await expect(page).toHaveURL(/\/m\/responsibleGaming$/);
    await expect(page.getByRole("heading", { name: "Responsible gaming", level: 1 })).toBeVisible();
    await expect(page.getByTestId("help-lines")).toContainText("1553");
    await expectNoA11yViolations(page);

    // A first daily bet limit applies at once.
    const betForm = page.getByTestId("limit-form-bet");
    await betForm.getByLabel("Amount (₱)").fill("2,500");
    await betForm.getByRole("button", { name: "Save limit" }).click();
    await expect(page.getByText("Your limit is saved and applies now.")).toBeVisible();
    await expect(page.getByTestId("limit-bet-day")).toContainText("₱2,500.00");
    // Raising it waits 24 hours and says so.
    await page.getByTestId("limit-form-bet").getByLabel("Amount (₱)").fill("9000");
    await page.getByTestId("limit-form-bet").getByRole("button", { name: "Save limit" }).click();
    await expect(page.getByTestId("limit-bet-day")).toContainText("Changes to ₱9,000.00 on");
    await expect(page.getByTestId("limit-bet-day")).toContainText("₱2,500.00");

    // A cooling-off needs the player's confirmation.
    const cooling = page.getByTestId("break-cooling_off");
    await cooling.getByText("7 days").click();
    await cooling.getByLabel(/I understand that the break cannot be shortened/).check();
    await cooling.getByRole("button", { name: "Start cooling-off" }).click();
    await expect(page.getByTestId("exclusion-state")).toContainText("Cooling-off");
    await expect(page.getByTestId("exclusion-state")).toContainText("(Philippine time)");
    await expect(page.getByTestId("break-cooling_off").getByText("24 hours")).toHaveCount(0);
    await shot(page, testInfo, "responsible-gaming-cooling-off");

    // Games are closed.
    await openList(page, "/m/slot-games");
    await tileLink(cards(grid(page)).first()).click();
    await page.getByRole("button", { name: "Play now" }).click();
    await expect(page.getByText(/Your account is closed to play and deposits until/)).toBeVisible();
    await expect(page).toHaveURL(/\/m\/game\/\d+$/);

    // Signing in again lands on the page, with the withdrawal open.
    await logoutAndLogin(page, username);
    await expect(page).toHaveURL(/\/m\/responsibleGaming$/);
    await expect(page.getByTestId("exclusion-state")).toBeVisible();
    await page.getByTestId("exclusion-state").getByRole("link", { name: "Withdraw my balance" }).click();
    await expect(page).toHaveURL(/\/m\/withdraw$/);
  });

  test("the reality check reminds the player of the time played every hour, with a way to stop", async ({ page }) => {
    await page.clock.install();
    await register(page);
    await page.goto("/m/slot-games");
    // The reminder's timer starts with the page's scripts (after its load): time moves once they hold the page.
    await reactHolds(page.getByRole("banner").getByRole("link").first());
    await expect(page.getByTestId("reality-check")).toHaveCount(0);
    await page.clock.fastForward(60.5 * 60_000);
    const reminder = page.getByRole("alertdialog", { name: "Reality check" });
    await expect(reminder).toBeVisible();
    await expect(reminder).toContainText("You have been playing for 60 minutes since you logged in.");
    await expect(reminder).toContainText("Net result of your rounds: ₱0.00 won.");
    await expect(reminder.getByRole("link", { name: "Stop playing and log out" })).toHaveAttribute("href", "/m/logout");
    await expectNoA11yViolations(page);
    await reminder.getByRole("button", { name: "Keep playing" }).click();
    await expect(reminder).toHaveCount(0);
    // Answered: another page does not ask again before the next hour.
    await page.goto("/m/home");
    await reactHolds(page.getByRole("banner").getByRole("link").first());
    await page.clock.fastForward(10 * 60_000);
    await expect(page.getByTestId("reality-check")).toHaveCount(0);
    await page.clock.fastForward(50 * 60_000);
    await expect(page.getByRole("alertdialog", { name: "Reality check" })).toContainText("120 minutes");
  });

  test.describe("without JavaScript", () => {
    // The unconfirmed post is answered 400, which Chromium logs.
    test.use({ javaScriptEnabled: false, allowedConsoleErrors: REFUSED_AMOUNT_ERRORS });
    test("a self-exclusion is refused unconfirmed, then taken", async ({ page }) => {
      await register(page);
      await page.goto("/m/responsibleGaming");
      const form = page.getByTestId("break-self_exclusion");
      await form.getByText("1 year").click();
      // The browser would stop an unconfirmed post; a forged one reaches the server and is refused.
      await form.getByRole("checkbox").evaluate((box) => box.removeAttribute("required"));
      await form.getByRole("button", { name: "Self-exclude" }).click();
      await expect(page.getByText("Please confirm that you understand the break cannot be lifted.")).toBeVisible();
      await page.getByTestId("break-self_exclusion").getByText("1 year").click();
      await page.getByTestId("break-self_exclusion").getByRole("checkbox").check();
      await page.getByTestId("break-self_exclusion").getByRole("button", { name: "Self-exclude" }).click();
      await expect(page.getByTestId("exclusion-state")).toContainText("Self-excluded");
      await expect(page.getByTestId("exclusion-history")).toContainText("1 year");
    });
  });
});
