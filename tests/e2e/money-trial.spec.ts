// A trial player is refused deposits and withdrawals.
import { expect, test } from "./fixtures";
import { banner, shot, REFUSED_AMOUNT_ERRORS } from "./money-helpers";

test.use({ allowedConsoleErrors: REFUSED_AMOUNT_ERRORS });

test.describe("a trial player", () => {
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "lucky-peso", "free play (FREEPLAY3) is lucky-peso's"));

  test("is refused deposit and withdraw with free_reject, and shown no form", async ({ page }, testInfo) => {
    await page.goto("/m/login");
    await page.getByRole("button", { name: "Try for free" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(banner(page)).toContainText("₱2,000.00");
    for (const path of ["/m/voucherCenter", "/m/withdraw"]) {
      await page.goto(path);
      await expect(page.getByRole("alertdialog")).toContainText("Please login an actual account to use this function");
      await expect(page.getByRole("link", { name: "Register now" })).toBeVisible();
      await expect(page.locator("form[method='post'] input[name='amount']")).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^(Continue to payment|Withdraw)$/ })).toHaveCount(0);
    }
    await shot(page, testInfo, "guest-withdraw");
  });
});
