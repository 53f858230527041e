/** Helpers shared by the money and play specs: the header balance, sandbox deposits, screenshots. */
import { mkdirSync } from "node:fs";
import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, type BrandId } from "./fixtures";

/** What differs between the brands' money settings (brands/*.ts); amounts as the player reads them. */
export const MONEY = {
  // dep_func 1: the channel grid; GCash up to ₱50,000; withdrawals from ₱200.
  "lucky-peso": { grid: true, channel: { id: "gcash", name: "GCash" }, channelMax: "₱50,000.00" },
  // dep_func 0: the classic form with a channel select; Maya up to ₱30,000; withdrawals from ₱500.
  "perlas-play": { grid: false, channel: { id: "maya", name: "Maya" }, channelMax: "₱30,000.00" },
} as const;

const SHOTS = "/tmp/e2e-shots";

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
