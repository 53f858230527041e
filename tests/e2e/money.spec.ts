import type { Page, TestInfo } from "@playwright/test";
import { cli, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { register } from "./lobby-helpers";
import {
  MONEY,
  banner,
  brandOf,
  continueToCheckout,
  depositPaid,
  finishCheckout,
  headerBalance,
  hydrated,
  reloadUntil,
  shot,
} from "./money-helpers";

// Refused amounts answer 400, which Chromium notes on the console; nothing else may appear there.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

/** Within both brands' minimum withdrawal (₱200 and ₱500). */
const WITHDRAW = { typed: "500", shown: "₱500.00" };
const PIN = "246810";

/** The amount and its two controls stay inside the header's member pill (412 px wide on a Pixel 7). */
async function expectBalanceFitsHeader(page: Page) {
  const pill = await headerBalance(page).locator("xpath=ancestor::div[1]").boundingBox();
  const refresh = await banner(page).getByLabel("Refresh balance").boundingBox();
  expect(refresh!.x + refresh!.width).toBeLessThanOrEqual(pill!.x + pill!.width - 1);
}

/** Sets the payment password and binds a GCash number (an account ending in 0000 fails in the sandbox). */
async function prepareWithdrawals(page: Page, wallet: string) {
  await page.goto("/m/withdraw");
  await page.getByLabel(/^New payment password/).fill(PIN);
  await page.getByLabel(/^Confirm payment password/).fill(PIN);
  await page.getByRole("button", { name: "Save payment password" }).click();
  await expect(page.getByRole("heading", { name: "Add your payout account" })).toBeVisible();
  await page.getByLabel(/^Mobile number/).fill(wallet);
  await page.getByLabel(/^Account holder name/).fill("Juan Dela Cruz");
  await page.getByRole("button", { name: "Save payout account" }).click();
  await expect(page.getByRole("heading", { name: "Request a withdrawal" })).toBeVisible();
}

/** Asks for a withdrawal and returns its id, as the list on the page shows it. */
async function requestWithdrawal(page: Page, amount: string): Promise<string> {
  const form = page.getByRole("region", { name: "Request a withdrawal" });
  const before = await page.locator("[data-withdrawal]").count();
  await form.getByLabel(/^Amount/).fill(amount);
  await form.getByLabel(/^Payment password/).fill(PIN);
  await form.getByRole("button", { name: "Withdraw", exact: true }).click();
  await expect(page.locator("[data-withdrawal]")).toHaveCount(before + 1);
  const id = await page.locator("[data-withdrawal]").first().getAttribute("data-withdrawal");
  expect(id).toMatch(/^W[A-Z2-7]{16}$/);
  return id!;
}

const withdrawal = (page: Page, id: string) => page.locator(`[data-withdrawal="${id}"]`);
const historyEntry = (page: Page, id: string) => page.getByRole("listitem").filter({ hasText: id });

/** A GCash number of the sandbox's paying kind (it fails only numbers ending in 0000). */
function payingWallet(): string {
  return `0917${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}7`;
}

/** Registers, deposits ₱1,000 and gets the withdraw screen ready. */
async function fundedPlayer(page: Page, testInfo: TestInfo, wallet: string) {
  const username = await register(page);
  await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "1000", "₱1,000.00");
  await expect(banner(page)).toContainText("₱1,000.00");
  waiveTurnover(testInfo, username);
  await prepareWithdrawals(page, wallet);
}

/** These tests are about withdrawals, not wagering: support waives the brand's "turnover x N" (play.spec.ts plays it). */
function waiveTurnover(testInfo: TestInfo, username: string) {
  cli("members", ["waive-turnover", brandOf(testInfo), username, "--by", "e2e", "--why", "withdrawal tests"]);
}

test.describe("deposits through the sandbox gateway", () => {
  test("a new player pays a deposit: paid after the webhook, the header shows the new balance", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    await register(page);
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
    await page.getByRole("link", { name: "₱500.00", exact: true }).click();
    await expect(page.getByLabel(/^Amount/)).toHaveValue("500");
    await expect(page.getByTestId("deposit-credit")).toHaveText("₱500.00");
    await shot(page, testInfo, "deposit-form");
    await expectNoSeriousA11yViolations(page);

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
    await expectNoSeriousA11yViolations(page);
  });

  test("a failed and an abandoned deposit credit nothing; the history shows each state", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    await register(page);
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
    await register(page);
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

/** Holds the page's translations (and so its hydration) until the returned function is called. */
async function holdHydration(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/i18n\/[a-z]{2}\.[0-9a-f]{12}\.json$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test("an amount typed before the page is interactive stays in the field and is what the deposit asks for", async ({
  page,
}, testInfo) => {
  const money = MONEY[brandOf(testInfo)];
  await register(page);
  // The page hydrates only once its translations arrive: hold them until the player has typed.
  const release = await holdHydration(page);
  await page.goto(`/m/voucherCenter?channel=${money.channel.id}`);
  const field = page.getByLabel(/^Amount/);
  await field.fill("750");
  release();
  await hydrated(page);
  // The quote is drawn only for what the state holds: it appears, so React took the typed amount over.
  await expect(page.getByTestId("deposit-credit")).toBeVisible();
  await expect(field).toHaveValue("750");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\/cs_sbx_[0-9a-f]{24}$/);
  await expect(page.getByText("₱750.00", { exact: true })).toBeVisible();
});

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

test("the header balance hides (remembered after a reload), shows, and refreshes in place", async ({
  page,
  context,
}, testInfo) => {
  const money = MONEY[brandOf(testInfo)];
  await register(page);
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
    await expectNoSeriousA11yViolations(page);

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

test.describe("with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a deposit reaches the sandbox and comes back paid; a withdrawal is requested", async ({ page }, testInfo) => {
    const money = MONEY[brandOf(testInfo)];
    const username = await register(page);
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
