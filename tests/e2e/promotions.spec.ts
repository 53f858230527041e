import { execFileSync } from "node:child_process";
import type { Locator } from "@playwright/test";
import sharp from "sharp";
import { E2E_BRANDS_DIR, E2E_DATA_DIR, expect, expectNoA11yViolations, test } from "./fixtures";
import { register } from "./lobby-helpers";

/** Promotions on both brands (spec §2 /m/activity, /m/activityDetail) and applying for one with an image. */

// The seed's welcome promotion (app/db/seed/promotions.ts), in both brands.
const WELCOME = "₱888 Welcome Bonus";
const WELCOME_KEY = "seed-promotion-1";

/** `npm run promotions` against the running server, over its admin channel. */
function promotionsCli(args: string[]): string {
  return execFileSync("npx", ["tsx", "scripts/promotions.ts", ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, BRANDS_DIR: E2E_BRANDS_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
}

/** The picture's own shape against the frame it is shown in: equal when nothing is cropped. */
async function shownWhole(img: Locator): Promise<{ picture: number; frame: number }> {
  await expect(img).toHaveJSProperty("complete", true);
  return img.evaluate((el: HTMLImageElement) => ({
    picture: el.naturalWidth / el.naturalHeight,
    frame: el.clientWidth / el.clientHeight,
  }));
}

test.describe("promotions", () => {
  test.describe.configure({ timeout: 90_000 });

  test("the category menu filters the cards, the first category selected; a card opens its detail", async ({ page }) => {
    await page.goto("/m/activity");
    const menu = page.getByRole("navigation", { name: "Promotion categories" });
    await expect(menu.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: new RegExp(WELCOME) })).toBeVisible();
    await menu.getByRole("link", { name: "Rebate" }).click();
    await expect(page).toHaveURL(/category=rebate_promo/);
    await expect(menu.getByRole("link", { name: "Rebate" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: new RegExp(WELCOME) })).toHaveCount(0);
    await expectNoA11yViolations(page);

    await menu.getByRole("link", { name: "All" }).click();
    // The card and the detail show the whole picture: its headline starts at its left edge.
    const card = await shownWhole(page.getByRole("link", { name: new RegExp(WELCOME) }).locator("img"));
    expect(card.frame).toBeCloseTo(card.picture, 1);
    await page.getByRole("link", { name: new RegExp(WELCOME) }).click();
    await expect(page).toHaveURL(/\/m\/activityDetail\?id=\d+/);
    await expect(page.getByRole("heading", { level: 1, name: WELCOME })).toBeVisible();
    const detail = await shownWhole(page.locator("article img"));
    expect(detail.frame).toBeCloseTo(detail.picture, 1);
    await expect(page.getByText("2026/01/01 – Long term")).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test.describe("an unknown promotion", () => {
    // Its page is a 404, which Chromium logs.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });
    test("shows the not-found state", async ({ page }) => {
      const r = await page.goto("/m/activityDetail?id=999999");
      expect(r?.status()).toBe(404);
      await expect(page.getByText("Promotion not found")).toBeVisible();
    });
  });

  test("a member applies with an image and sees the application as applying", async ({ page }, info) => {
    const brand = info.project.name;
    promotionsCli(["intake", brand, WELCOME_KEY, "open", "--by", "e2e", "--why", "e2e apply test"]);
    await register(page);
    await page.goto("/m/activity");
    await page.getByRole("link", { name: new RegExp(WELCOME) }).click();
    await expect(page.getByRole("heading", { name: "Apply for this promotion" })).toBeVisible();
    await page.getByLabel("Comment").fill("Deposited ₱500 via GCash");
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } })
      .png()
      .toBuffer();
    await page.getByLabel("Proof images").setInputFiles({ name: "receipt.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Apply now" }).click();
    await expect(page.getByRole("status")).toContainText("Application sent.");
    await expect(page.getByRole("heading", { name: "My applications" })).toBeVisible();
    await expect(page.getByText("Deposited ₱500 via GCash")).toBeVisible();
    await expect(page.getByText("Images: 1")).toBeVisible();
    expect(promotionsCli(["applications", "list", brand, "--status", "applying"])).toContain(WELCOME_KEY);
  });

  test.describe("without JavaScript", () => {
    // The refused comment is answered 400, which Chromium logs.
    test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/the server responded with a status of 400/] });

    test("the menu still filters and a refused comment says why", async ({ page }, info) => {
      await page.goto("/m/activity?category=rebate_promo");
      await expect(
        page.getByRole("navigation", { name: "Promotion categories" }).getByRole("link", { name: "Rebate" }),
      ).toHaveAttribute("aria-current", "page");
      promotionsCli(["intake", info.project.name, WELCOME_KEY, "open", "--by", "e2e", "--why", "e2e apply test"]);
      await register(page);
      await page.goto("/m/activity");
      await page.getByRole("link", { name: new RegExp(WELCOME) }).click();
      await page.getByLabel("Comment").fill("x".repeat(141));
      await page.getByRole("button", { name: "Apply now" }).click();
      await expect(page.getByRole("alert")).toContainText("Your comment has 141 characters; at most 140 are allowed.");
    });
  });
});
