// Withdrawals: the payout account, and requests reviewed by support staff.
import { cli, expect, expectNoA11yViolations, test } from "./fixtures";
import { register } from "./lobby-helpers";
import {
  brandOf,
  headerBalance,
  hydrated,
  reloadUntil,
  shot,
  WITHDRAW,
  PIN,
  expectBalanceFitsHeader,
  requestWithdrawal,
  withdrawal,
  historyEntry,
  payingWallet,
  fundedPlayer,
  holdHydration,
  REFUSED_AMOUNT_ERRORS,
} from "./money-helpers";

test.use({ allowedConsoleErrors: REFUSED_AMOUNT_ERRORS });

for (const js of [true, false]) {
  test.describe(js ? "before the page is interactive" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: js });

    test("a bank chosen as payout method shows the bank list and is bound", async ({ page }) => {
      await register(page);
      await page.goto("/m/withdraw");
      await page.getByLabel(/^New payment password/).fill(PIN);
      await page.getByLabel(/^Confirm payment password/).fill(PIN);
      await page.getByRole("button", { name: "Save payment password" }).click();
      await expect(page.getByRole("heading", { name: "Add your payout account" })).toBeVisible();
      const release = js ? await holdHydration(page) : () => {};
      await page.reload();
      const bankList = page.locator("select").and(page.getByLabel("Bank", { exact: true }));
      await expect(bankList).toBeHidden();
      await page
        .locator("fieldset label")
        .filter({ hasText: /^Bank$/ })
        .click();
      await expect(bankList).toBeVisible();
      release();
      if (js) {
        await hydrated(page);
        // React took the choice over: the number field asks for the account, not a mobile number.
        await expect(page.getByLabel(/^Account number/)).toBeVisible();
      }
      await expect(bankList).toBeVisible();
      await bankList.selectOption("BPI");
      await page.getByLabel(/^(Account number|Mobile number)/).fill("1234567890");
      await page.getByLabel(/^Account holder name/).fill("Juan Dela Cruz");
      await page.getByRole("button", { name: "Save payout account" }).click();
      await expect(page.getByRole("heading", { name: "Request a withdrawal" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Change payout account" })).toContainText("BPI");
    });
  });
}

test.describe("withdrawals reviewed by support staff", () => {
  test("approved: held at once, then paid after the sandbox payout", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    await fundedPlayer(page, testInfo, payingWallet());
    await shot(page, testInfo, "withdraw-ready");
    const id = await requestWithdrawal(page, WITHDRAW.typed);
    await expect(page.getByRole("status").filter({ hasText: "Withdrawal requested: it is waiting for review" })).toBeVisible();
    await expect(withdrawal(page, id)).toContainText(WITHDRAW.shown);
    await expect(withdrawal(page, id)).toContainText("Pending review");
    // Held at once: neither spendable nor withdrawable while support looks at it.
    await expect(headerBalance(page)).toHaveText("₱500.00");
    await expect(page.getByTestId("withdrawable")).toHaveText("₱500.00");
    await shot(page, testInfo, "withdraw-pending");
    await expectNoA11yViolations(page);

    expect(cli("withdrawals", ["list", brand, "--state", "pending"])).toContain(id);
    expect(cli("withdrawals", ["approve", brand, id, "--by", "e2e", "--why", "documents checked"])).toContain(id);
    await reloadUntil(page, withdrawal(page, id).getByText("Paid", { exact: true }));
    await expect(headerBalance(page)).toHaveText("₱500.00");
    await shot(page, testInfo, "withdraw-paid");

    await page.goto("/m/transactions");
    await expect(historyEntry(page, id)).toContainText("Withdrawal · GCash");
    await expect(historyEntry(page, id)).toContainText(`-${WITHDRAW.shown}`);
    await expect(historyEntry(page, id)).toContainText("Paid");
  });

  test("rejected: the player sees the reason and gets the money back", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    await fundedPlayer(page, testInfo, payingWallet());
    const id = await requestWithdrawal(page, WITHDRAW.typed);
    await expect(headerBalance(page)).toHaveText("₱500.00");

    expect(cli("withdrawals", ["reject", brand, id, "--by", "e2e", "--why", "Name does not match"])).toContain(id);
    await page.reload();
    await expect(withdrawal(page, id)).toContainText("Rejected");
    await expect(withdrawal(page, id)).toContainText("Reason: Name does not match");
    await expect(headerBalance(page)).toHaveText("₱1,000.00");
    await expect(page.getByTestId("withdrawable")).toHaveText("₱1,000.00");
    await expectBalanceFitsHeader(page);
    await shot(page, testInfo, "withdraw-rejected");

    await page.goto("/m/transactions");
    await expect(historyEntry(page, id)).toContainText("Rejected");
    await expect(historyEntry(page, id)).toContainText("Reason: Name does not match");
    await expect(page.getByRole("listitem").filter({ hasText: "Deposit ·" })).toContainText("Paid");
    await shot(page, testInfo, "transactions-withdrawals");
  });

  test("approved to an account the payout fails for: failed with the reason, money back", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    await fundedPlayer(page, testInfo, "09171230000");
    const id = await requestWithdrawal(page, WITHDRAW.typed);
    await expect(headerBalance(page)).toHaveText("₱500.00");

    cli("withdrawals", ["approve", brand, id, "--by", "e2e", "--why", "documents checked"]);
    await reloadUntil(page, withdrawal(page, id).getByText("Failed", { exact: true }));
    await expect(withdrawal(page, id)).toContainText("Reason: The receiving account rejected the transfer");
    await expect(headerBalance(page)).toHaveText("₱1,000.00");
    await shot(page, testInfo, "withdraw-failed");
  });
});
