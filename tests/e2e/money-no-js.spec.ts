// Deposit and withdrawal with JavaScript off.
import { expect, test } from "./fixtures";
import {
  MONEY,
  brandOf,
  finishCheckout,
  headerBalance,
  reloadUntil,
  shot,
  WITHDRAW,
  prepareWithdrawals,
  requestWithdrawal,
  withdrawal,
  payingWallet,
  waiveTurnover,
  REFUSED_AMOUNT_ERRORS,
  registerVerified,
} from "./money-helpers";

test.use({ allowedConsoleErrors: REFUSED_AMOUNT_ERRORS });

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a deposit reaches the sandbox and comes back paid; a withdrawal is requested", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    const username = await registerVerified(page, testInfo);
    await page.goto("/m/voucherCenter");
    if (money.grid) {
      // Cards and quick amounts are links that come back with the form prefilled.
      await page.getByRole("link", { name: new RegExp(`^${money.channel.name}`) }).click();
      await expect(page).toHaveURL(new RegExp(`channel=${money.channel.id}`));
      await page.getByRole("link", { name: "₱1,000.00", exact: true }).click();
      await expect(page.getByLabel(/^Amount/)).toHaveValue("1000");
    } else {
      await page.getByLabel("Payment channel").selectOption(money.channel.id);
      await page.getByLabel(/^Amount/).fill("1000");
    }
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
    await expect(page.getByText("₱1,000.00", { exact: true })).toBeVisible();
    await expect(page.getByText(money.channel.name, { exact: true })).toBeVisible();
    await finishCheckout(page, "Pay");
    await reloadUntil(page, page.getByRole("heading", { name: "Deposit received" }));
    await expect(headerBalance(page)).toHaveText("₱1,000.00");
    await shot(page, testInfo, "nojs-deposit-paid");

    waiveTurnover(testInfo, username);
    await prepareWithdrawals(page, payingWallet());
    const id = await requestWithdrawal(page, WITHDRAW.typed);
    await expect(withdrawal(page, id)).toContainText("Pending review");
    await expect(headerBalance(page)).toHaveText("₱500.00");
    await shot(page, testInfo, "nojs-withdraw-pending");
  });
});
