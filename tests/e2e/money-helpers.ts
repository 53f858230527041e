/** Helpers shared by the money and play specs: the header balance, sandbox deposits and withdrawals, screenshots. */
import { mkdirSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { cli, expect, type BrandId } from "./fixtures";
import { verifyIdentity } from "./kyc-helpers";
import { register } from "./lobby-helpers";

/** What differs between the brands' money settings (brands/*.ts); amounts as the player reads them. */
export const MONEY = {
  // dep_func 1: the channel grid; GCash up to ₱50,000; withdrawals from ₱200.
  "lucky-peso": { grid: true, channel: { id: "gcash", name: "GCash" }, channelMax: "₱50,000.00" },
  // dep_func 0: the classic form with a channel select; Maya up to ₱30,000; withdrawals from ₱500.
  "perlas-play": { grid: false, channel: { id: "maya", name: "Maya" }, channelMax: "₱30,000.00" },
} as const;

const SHOTS = "/tmp/e2e-shots";

/** Refused amounts answer 400, which Chromium notes on the console; nothing else may appear there. */
export const REFUSED_AMOUNT_ERRORS = [/the server responded with a status of 400/];

export const brandOf = (testInfo: TestInfo) => testInfo.project.name as BrandId;

export async function shot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/${testInfo.project.name}-${name}${testInfo.retry ? `-retry${testInfo.retry}` : ""}.png`,
  });
}

export const banner = (page: Page) => page.getByRole("banner");
/** The amount itself (its hide and refresh controls are labelled "… balance" too). */
export const headerBalance = (page: Page) => banner(page).getByLabel("Balance", { exact: true });

/** The header's refresh control is a button only once React runs: a sign the page is hydrated. */
export async function hydrated(page: Page) {
  await expect(banner(page).getByRole("button", { name: "Refresh balance" })).toBeVisible();
}

/** Fills the deposit form already showing the channel and sends it; lands on the sandbox checkout. */
export async function continueToCheckout(page: Page, amount: string, shown: string) {
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/\/sandbox-gateway\/checkout\/cs_sbx_[0-9a-f]{24}$/);
  await expect(page.getByRole("heading", { name: "Complete your payment" })).toBeVisible();
  await expect(page.getByText(shown, { exact: true })).toBeVisible();
}

/** On the sandbox checkout: pay, fail or walk away; back on our order page, whose id is returned. */
export async function finishCheckout(page: Page, button: "Pay" | "Fail" | "Abandon"): Promise<string> {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/m\/deposit\/D[A-Z2-7]{16}$/);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** A deposit paid in the sandbox, straight from a prefilled form (the journey itself is money.spec's). */
export async function depositPaid(page: Page, channel: string, amount: string, shown: string): Promise<string> {
  await page.goto(`/m/voucherCenter?channel=${channel}`);
  await continueToCheckout(page, amount, shown);
  const id = await finishCheckout(page, "Pay");
  await expect(page.getByRole("heading", { name: "Deposit received" })).toBeVisible({ timeout: 15_000 });
  return id;
}

/** depositPaid without JavaScript: the channel chosen in the form, our order page reloaded until the money lands. */
export async function depositPaidWithoutScripts(page: Page, testInfo: TestInfo, amount: string, shown: string) {
  const money = MONEY[brandOf(testInfo)];
  await page.goto(`/m/voucherCenter?channel=${money.channel.id}`);
  if (!money.grid) await page.getByLabel("Payment channel").selectOption(money.channel.id);
  await continueToCheckout(page, amount, shown);
  await finishCheckout(page, "Pay");
  await reloadUntil(page, page.getByRole("heading", { name: "Deposit received" }));
}

/** Without JavaScript a page refreshes itself, if at all; a test does not wait for that, it reloads. */
export async function reloadUntil(page: Page, target: Locator, timeout = 20_000) {
  await expect
    .poll(
      async () => {
        if (await target.isVisible()) return true;
        await page.reload();
        return target.isVisible();
      },
      { timeout, intervals: [1_000] },
    )
    .toBe(true);
}

/** Within both brands' minimum withdrawal (₱200 and ₱500). */
export const WITHDRAW = { typed: "500", shown: "₱500.00" };
export const PIN = "246810";

/** The amount and its two controls stay inside the header's member pill, at whatever width the page is. */
export async function expectBalanceFitsHeader(page: Page) {
  // Retried: the amount is swapped for a placeholder while the balance refreshes (after a deposit, say).
  await expect(async () => {
    const pill = await headerBalance(page).locator("xpath=ancestor::div[1]").boundingBox({ timeout: 1000 });
    const refresh = await banner(page).getByLabel("Refresh balance").boundingBox({ timeout: 1000 });
    expect(pill && refresh, "the balance and its refresh control on screen").toBeTruthy();
    expect(refresh!.x + refresh!.width).toBeLessThanOrEqual(pill!.x + pill!.width - 1);
  }).toPass({ timeout: 10_000 });
}

/** Sets the payment password and binds a GCash number (an account ending in 0000 fails in the sandbox). */
export async function prepareWithdrawals(page: Page, wallet: string) {
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
export async function requestWithdrawal(page: Page, amount: string): Promise<string> {
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

export const withdrawal = (page: Page, id: string) => page.locator(`[data-withdrawal="${id}"]`);
export const historyEntry = (page: Page, id: string) => page.getByRole("listitem").filter({ hasText: id });

/** A GCash number of the sandbox's paying kind (it fails only numbers ending in 0000). */
export function payingWallet(): string {
  return `0917${String(Math.floor(Math.random() * 1e6)).padStart(6, "0")}7`;
}

/**
 * A fresh member, signed in, whose identity support staff have verified: one who may deposit.
 * Back on the home page afterwards, where `register` leaves a player.
 */
export async function registerVerified(page: Page, testInfo: TestInfo): Promise<string> {
  const username = await register(page);
  await verifyIdentity(page, testInfo, username);
  await page.goto("/m/home");
  return username;
}

/** Registers, deposits ₱1,000 and gets the withdraw screen ready. */
export async function fundedPlayer(page: Page, testInfo: TestInfo, wallet: string) {
  const username = await registerVerified(page, testInfo);
  await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "1000", "₱1,000.00");
  await expect(banner(page)).toContainText("₱1,000.00");
  waiveTurnover(testInfo, username);
  await prepareWithdrawals(page, wallet);
}

/** These tests are about withdrawals, not wagering: support waives the brand's "turnover x N" (play.spec.ts plays it). */
export function waiveTurnover(testInfo: TestInfo, username: string) {
  cli("members", ["waive-turnover", brandOf(testInfo), username, "--by", "e2e", "--why", "withdrawal tests"]);
}

/** Holds the page's translations (and so its hydration) until the returned function is called. */
export async function holdHydration(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/i18n\/[a-z]{2}\.[0-9a-f]{12}\.json$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
