// The header balance: hidden, shown, refreshed in place.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  MONEY,
  banner,
  brandOf,
  depositPaid,
  headerBalance,
  hydrated,
  registerVerified,
  shot,
  REFUSED_AMOUNT_ERRORS,
} from "./money-helpers";

test.use({ allowedConsoleErrors: REFUSED_AMOUNT_ERRORS });

/**
 * The mask follows the click at once; the choice is kept by the cookie the post answers with,
 * so a reload waits for that answer.
 */
async function toggleBalance(page: Page, name: "Hide balance" | "Show balance") {
  const saved = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/m/balance"),
  );
  await banner(page).getByRole("button", { name }).click();
  expect((await saved).status()).toBe(200);
}

test("the header balance hides (remembered after a reload), shows, and refreshes in place", async ({
  page,
  context,
}, testInfo) => {
  const money = MONEY[brandOf(testInfo)];
  // The deposit below needs a verified identity (brands ask for it before the first deposit).
  await registerVerified(page, testInfo);
  const amount = headerBalance(page);
  await expect(amount).toHaveText("₱0.00");
  await hydrated(page);

  await toggleBalance(page, "Hide balance");
  await expect(amount).toHaveText("₱****");
  await expect(banner(page).getByRole("button", { name: "Show balance" })).toHaveAttribute("aria-pressed", "true");
  await shot(page, testInfo, "balance-hidden");
  await page.reload();
  await expect(amount).toHaveText("₱****");
  await hydrated(page);
  await toggleBalance(page, "Show balance");
  await expect(amount).toHaveText("₱0.00");
  await page.reload();
  await expect(amount).toHaveText("₱0.00");
  await hydrated(page);

  // Money arrives from elsewhere (another tab): this page learns of it only when asked.
  const other = await context.newPage();
  await depositPaid(other, money.channel.id, "750", "₱750.00");
  await other.close();
  await expect(amount).toHaveText("₱0.00");
  await banner(page).getByRole("button", { name: "Refresh balance" }).click();
  await expect(amount).toHaveText("₱750.00");
  await shot(page, testInfo, "balance-refreshed");
});
