import { BRANDS, expect, test, type BrandId } from "./fixtures";

test.describe("language switch without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("switches to Chinese and keeps it across pages", async ({ page }, info) => {
    const brand = BRANDS[info.project.name as BrandId];
    await page.goto("/m/index?from=test");
    await expect(page.locator("html")).toHaveAttribute("lang", brand.lang);
    await page.locator("header details summary").first().click();
    await page.getByRole("button", { name: "简体中文" }).click();
    await expect(page).toHaveURL(/\/m\/index\?from=test$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("heading", { name: "热门游戏" })).toBeVisible();
    await expect(page.getByRole("status")).toContainText("简体中文");
    // The toast leaves by itself, JavaScript or not.
    await expect(page.getByRole("status").getByText("简体中文")).toBeHidden({ timeout: 6_000 });

    await page.goto("/m/home?panel=invite");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("the first banner and hot games render without JavaScript", async ({ page }) => {
    await page.goto("/m/home");
    await expect(page.getByTestId("banner-carousel").locator("img").first()).toBeVisible();
    expect(await page.getByTestId("game-card").count()).toBeGreaterThanOrEqual(9);
  });
});
