import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { E2E_BRANDS_DIR, E2E_DATA_DIR, expect, expectNoA11yViolations, test } from "./fixtures";
import { register } from "./lobby-helpers";
import { brandOf } from "./money-helpers";

/** `npm run inbox`, talking to the running e2e server over its admin channel. */
function inbox(args: string[]): string {
  return execFileSync("npx", ["tsx", "scripts/inbox.ts", ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, BRANDS_DIR: E2E_BRANDS_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
}

/** The header's dropdown (a <details>): its summary carries the label, its list the same name. */
const headerMenu = (page: Page) => page.getByRole("banner").locator('summary[aria-label="Menu"]');
const bottomBar = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test.describe("the member centre's extras", () => {
  // Each test registers and runs a support CLI against the server.
  test.describe.configure({ timeout: 120_000 });
  // Perlas Play keeps REWCEN3 off: its reward centre is a 404, which Chromium logs.
  test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });
  test("inbox: a message from support shows its badge until it is read", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    const username = await register(page);
    const title = `Welcome ${username}`;
    expect(inbox(["send", brand, "--to", username, "--title", title, "--body", "Line one\nLine two", "--by", "e2e"])).toContain(
      `sent to ${username}`,
    );
    await page.goto("/m/home");
    await headerMenu(page).click();
    const entry = page.getByRole("banner").getByRole("link", { name: /Inbox/ });
    await expect(entry).toContainText("1");
    await entry.click();
    await expect(page).toHaveURL(/\/m\/inbox$/);
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await expect(page).toHaveURL(/\/m\/inboxDetail\?id=\d+$/);
    await expect(page.getByRole("heading", { name: title })).toBeVisible();
    await expect(page.getByText("Line two")).toBeVisible();
    await page.goto("/m/inbox");
    await expect(page.getByTestId("inbox-list").locator('[data-read="0"]')).toHaveCount(0);
    await expect(page.getByText(/Unread messages/)).toHaveCount(0);
  });

  test("the floating service widget lists the brand's links above the bottom bar", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    await page.goto("/m/home");
    const widget = page.getByTestId("service-widget");
    await widget.getByLabel("Customer service and community").click();
    const links = widget.getByRole("navigation", { name: "Customer service" });
    await expect(links.getByRole("link", { name: /Live chat/ })).toHaveAttribute("href", /moduleId=CBS3/);
    await expect(links.getByRole("link", { name: /Facebook/ })).toHaveCount(1);
    if (brand === "perlas-play") {
      // Two Telegram resources: a short list under its heading; and WhatsApp.
      await expect(links.getByText("Telegram groups")).toBeVisible();
      await expect(links.getByRole("link", { name: /Telegram/ })).toHaveCount(2);
      await expect(links.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/639171234567");
    } else {
      await expect(links.getByRole("link", { name: /Telegram/ })).toHaveCount(1);
      await expect(links.getByRole("link", { name: "Download the app" })).toBeVisible();
    }
    const bar = await bottomBar(page).boundingBox();
    const button = await widget.getByLabel("Customer service and community").boundingBox();
    expect(button!.y + button!.height).toBeLessThanOrEqual(bar!.y);
    await expectNoA11yViolations(page);
  });

  test("the invite panel shows the member's link and its QR code", async ({ page }) => {
    await register(page);
    await bottomBar(page)
      .getByRole("link", { name: /Invite/ })
      .click();
    await expect(page).toHaveURL(/panel=invite/);
    const link = page.getByLabel("Your invitation link");
    await expect(link).toHaveValue(/\/m\/register\?affiliateCode=[A-Z0-9]{8}$/);
    const qr = page.getByRole("img", { name: "QR code of your invitation link" });
    await expect(qr).toBeVisible();
    // The picture has arrived (it starts loading when the panel shows).
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByTestId("invite-referred")).toHaveText("0");
  });

  test("the reward centre pays the daily reward once, with JavaScript off too", async ({ browser, page }, testInfo) => {
    const brand = brandOf(testInfo);
    await register(page);
    const centre = await page.goto("/m/rewardCenter");
    // Perlas Play keeps REWCEN3 off: the page is not there.
    if (brand === "perlas-play") {
      expect(centre?.status()).toBe(404);
      return;
    }
    await expectNoA11yViolations(page);
    await page.getByRole("button", { name: "Claim ₱1.00" }).click();
    await expect(page.getByText("₱1.00 has been added to your balance.")).toBeVisible();
    await expect(page.getByRole("button", { name: /^Claim/ })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Come back tomorrow for the next one.")).toBeVisible();

    const noJs = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
    const plain = await noJs.newPage();
    try {
      await register(plain);
      await plain.goto("/m/rewardCenter");
      await plain.getByRole("button", { name: "Claim ₱1.00" }).click();
      await expect(plain.getByText("₱1.00 has been added to your balance.")).toBeVisible();
      await expect(plain.getByRole("button", { name: /^Claim/ })).toHaveCount(0);
    } finally {
      await noJs.close();
    }
  });
});
