// Deposits through the sandbox gateway: paid, failed, abandoned, refused; typed before the page is interactive.
import { expect, expectNoA11yViolations, test } from "./fixtures";
import {
  MONEY,
  banner,
  brandOf,
  continueToCheckout,
  depositPaid,
  finishCheckout,
  headerBalance,
  hydrated,
  shot,
  expectBalanceFitsHeader,
  historyEntry,
  holdHydration,
  REFUSED_AMOUNT_ERRORS,
  registerVerified,
} from "./money-helpers";

test.use({ allowedConsoleErrors: REFUSED_AMOUNT_ERRORS });

test.describe("deposits through the sandbox gateway", () => {
  test("a new player pays a deposit: paid after the webhook, the header shows the new balance", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    await registerVerified(page, testInfo);
    await expect(banner(page)).toContainText("₱0.00");
    await hydrated(page);

    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Deposit" }).click();
    await expect(page).toHaveURL(/\/m\/voucherCenter$/);
    if (money.grid) {
      // The grid alone until a channel is chosen.
      await expect(page.getByRole("heading", { name: "Choose how to pay" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
      await shot(page, testInfo, "deposit-grid");
      await page.getByRole("link", { name: new RegExp(`^${money.channel.name}`) }).click();
      await expect(page.getByRole("link", { name: new RegExp(`^${money.channel.name}`) })).toHaveAttribute(
        "aria-current",
        "true",
      );
    } else {
      await expect(page.getByRole("heading", { name: "Choose how to pay" })).toHaveCount(0);
      await page.getByLabel("Payment channel").selectOption(money.channel.id);
    }
    // The quote's box holds its place before there is a quote, so the button does not move when one
    // arrives: a tap aimed at it as the quote lands must still press it.
    const quick = page.getByRole("link", { name: "₱500.00", exact: true });
    await expect(quick).toBeVisible();
    await expect(page.getByTestId("deposit-credit")).toHaveText("—");
    // Where the button is on the page (a tap scrolls the chip into view, so not on the screen).
    const buttonTop = () =>
      page.getByRole("button", { name: "Continue to payment" }).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const before = await buttonTop();
    await quick.click();
    await expect(page.getByLabel(/^Amount/)).toHaveValue("500");
    await expect(page.getByTestId("deposit-credit")).toHaveText("₱500.00");
    expect(await buttonTop()).toBe(before);
    await shot(page, testInfo, "deposit-form");
    await expectNoA11yViolations(page);

    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
    await expect(page.getByText("₱500.00", { exact: true })).toBeVisible();
    await expect(page.getByText(money.channel.name, { exact: true })).toBeVisible();
    await shot(page, testInfo, "sandbox-checkout");

    await finishCheckout(page, "Pay");
    await expect(page.getByRole("heading", { name: "Deposit received" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("₱500.00 was added to your balance")).toBeVisible();
    await expect(page.getByTestId("deposit-new-balance")).toHaveText("₱500.00");
    await expect(headerBalance(page)).toHaveText("₱500.00");
    await expectBalanceFitsHeader(page);
    await shot(page, testInfo, "deposit-paid");
    await expectNoA11yViolations(page);
  });

  test("a failed and an abandoned deposit credit nothing; the history shows each state", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    await registerVerified(page, testInfo);
    const paid = await depositPaid(page, money.channel.id, "500", "₱500.00");
    await expect(headerBalance(page)).toHaveText("₱500.00");

    await page.goto(`/m/voucherCenter?channel=${money.channel.id}`);
    await continueToCheckout(page, "300", "₱300.00");
    const failed = await finishCheckout(page, "Fail");
    await expect(page.getByRole("heading", { name: "The payment did not go through" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("Reason: The payment was declined by the customer's bank")).toBeVisible();
    await expect(headerBalance(page)).toHaveText("₱500.00");
    await shot(page, testInfo, "deposit-failed");

    await page.goto(`/m/voucherCenter?channel=${money.channel.id}`);
    await continueToCheckout(page, "250.50", "₱250.50");
    const abandoned = await finishCheckout(page, "Abandon");
    await expect(page.getByRole("heading", { name: "Waiting for the payment confirmation…" })).toBeVisible();
    // Still open: the player can go back and pay.
    await expect(page.getByRole("link", { name: "Continue to payment" })).toHaveAttribute(
      "href",
      /\/sandbox-gateway\/checkout\//,
    );
    await shot(page, testInfo, "deposit-abandoned");
    // Long enough for a webhook to have come, had there been one.
    await page.waitForTimeout(2_500);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Waiting for the payment confirmation…" })).toBeVisible();
    await expect(headerBalance(page)).toHaveText("₱500.00");

    await page.goto("/m/transactions");
    await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
    await expect(historyEntry(page, paid)).toContainText(`Deposit · ${money.channel.name}`);
    await expect(historyEntry(page, paid)).toContainText("+₱500.00");
    await expect(historyEntry(page, paid)).toContainText("Paid");
    await expect(historyEntry(page, failed)).toContainText("+₱300.00");
    await expect(historyEntry(page, failed)).toContainText("Failed");
    await expect(historyEntry(page, abandoned)).toContainText("+₱250.50");
    await expect(historyEntry(page, abandoned)).toContainText("Pending");
    await shot(page, testInfo, "transactions-deposits");
  });

  test("hostile amounts get a translated error beside the field and create nothing", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    await registerVerified(page, testInfo);
    await page.goto(`/m/voucherCenter?channel=${money.channel.id}`);
    await hydrated(page);
    const invalid = "Enter an amount in pesos, like 500 or 500.50";
    const cases: [string, string][] = [
      ["0", invalid],
      ["-5", invalid],
      ["1e3", invalid],
      ["12.345", invalid],
      ["10000000", `The maximum for this channel is ${money.channelMax}`],
    ];
    const amount = page.getByLabel(/^Amount/);
    for (const [typed, error] of cases) {
      await amount.fill(typed);
      const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/m/voucherCenter"));
      await page.getByRole("button", { name: "Continue to payment" }).click();
      expect((await answer).status(), typed).toBe(400);
      await expect(page.locator("#deposit-amount-error")).toHaveText(error);
      await expect(amount).toHaveAttribute("aria-invalid", "true");
      await expect(page).toHaveURL(/\/m\/voucherCenter/);
    }
    await shot(page, testInfo, "deposit-hostile");

    await page.goto("/m/transactions");
    await expect(page.getByText("No deposits or withdrawals in this period.")).toBeVisible();
    await expect(headerBalance(page)).toHaveText("₱0.00");
  });
});

test("an amount typed before the page is interactive stays in the field and is what the deposit asks for", async ({
  page,
}, testInfo) => {
  const money = MONEY[brandOf(testInfo)];
  await registerVerified(page, testInfo);
  // The page hydrates only once its translations arrive: hold them until the player has typed.
  const release = await holdHydration(page);
  await page.goto(`/m/voucherCenter?channel=${money.channel.id}`);
  const field = page.getByLabel(/^Amount/);
  await field.fill("750");
  release();
  await hydrated(page);
  // The quote is drawn only for what the state holds: it shows, so React took the typed amount over.
  await expect(page.getByTestId("deposit-credit")).toHaveText("₱750.00");
  await expect(field).toHaveValue("750");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\/cs_sbx_[0-9a-f]{24}$/);
  await expect(page.getByText("₱750.00", { exact: true })).toBeVisible();
});
