import { devices, type Locator, type Page, type TestInfo } from "@playwright/test";
import { BRANDS, cli, expect, expectNoA11yViolations, test } from "./fixtures";
import { register } from "./lobby-helpers";
import { brandOf, shot } from "./money-helpers";

/** The list of ways to install, in the page or the popup, as their data-entry names. */
const entryKinds = (scope: Page | Locator) =>
  scope
    .getByTestId("download-entries")
    .locator("li[data-entry]")
    .evaluateAll((lis) => lis.map((li) => li.getAttribute("data-entry")));

/** Chrome's install offer, as the browser fires it when it finds the site installable. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt"), {
      prompt: async () => {
        (window as unknown as { prompted: boolean }).prompted = true;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
}

/** The whole page, below the fold too, beside the viewport shots of money-helpers' shot(). */
const fullShot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `/tmp/e2e-shots/${testInfo.project.name}-${name}-full.png`, fullPage: true });

const widgetDownload = (page: Page) =>
  page
    .getByTestId("service-widget")
    .getByRole("navigation", { name: "Customer service" })
    .getByRole("link", { name: "Download the app" });

test.describe("the download page on an Android phone", () => {
  test("offers the browser's install with its steps, and the brand's Android app when it has one", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    const { name } = BRANDS[brand];
    await page.goto("/m/download");
    await expect(page.getByRole("heading", { level: 1, name: `Get the ${name} app` })).toBeVisible();
    await expect(page).toHaveTitle(`Download app | ${name}`);
    // Lucky Peso ships an Android app; Perlas Play has none, and its iOS profile is not for Android.
    expect(await entryKinds(page)).toEqual(brand === "lucky-peso" ? ["homescreen", "android"] : ["homescreen"]);
    if (brand === "lucky-peso") {
      await expect(page.getByRole("link", { name: /Android app/ })).toHaveAttribute(
        "href",
        "https://luckypeso.ph/download/luckypeso.apk",
      );
    }
    await expect(page.getByRole("link", { name: /iPhone/ })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "download-page");
    await fullShot(page, testInfo, "download-page");

    await page.getByRole("link", { name: /Add to home screen/ }).click();
    await expect(page).toHaveURL(/\/m\/download\?view=homescreen$/);
    await expect(page.getByRole("heading", { level: 1, name: `Add ${name} to your home screen` })).toBeVisible();
    await expect(page.getByTestId("download-entries")).toHaveCount(0);
    const steps = page.getByTestId("homescreen-steps-android").getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(1)).toContainText("Install app or Add to Home screen");
    // The browser offers its install: a real button for it.
    await offerInstall(page);
    await page.getByTestId("install-button").click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
    await expect(page.getByTestId("install-button")).toHaveCount(0);
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "download-steps-android");
    await page.getByRole("link", { name: "Back to download options" }).click();
    await expect(page).toHaveURL(/\/m\/download$/);
    await expect(page.getByTestId("download-entries")).toBeVisible();
  });

  test("the service widget opens the download popup over the page; closing it returns to the page", async ({
    page,
  }, testInfo) => {
    const brand = brandOf(testInfo);
    const { name } = BRANDS[brand];
    await page.goto("/m/home");
    await page.getByTestId("service-widget").getByLabel("Customer service and community").click();
    // With JavaScript running, the download button opens a dialog instead of leaving the page.
    await expect(widgetDownload(page)).toHaveAttribute("aria-haspopup", "dialog");
    await widgetDownload(page).click();
    const popup = page.getByRole("dialog", { name: `Get the ${name} app` });
    await expect(popup).toBeVisible();
    await expect(page).toHaveURL(/\/m\/home$/);
    expect(await entryKinds(popup)).toEqual(brand === "lucky-peso" ? ["homescreen", "android"] : ["homescreen"]);
    await expect(popup.getByRole("link", { name: "Close" })).toBeFocused();
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "download-popup");

    // The home-screen steps take the popup's place, and give it back.
    await popup.getByRole("button", { name: /Add to home screen/ }).click();
    const steps = page.getByRole("dialog", { name: `Add ${name} to your home screen` });
    await expect(steps.getByTestId("homescreen-steps-android")).toBeVisible();
    await expect(steps.getByTestId("download-entries")).toHaveCount(0);
    await expect(steps.getByRole("button", { name: "Back to download options" })).toBeFocused();
    await shot(page, testInfo, "download-popup-steps");
    await steps.getByRole("button", { name: "Back to download options" }).click();
    await expect(popup.getByTestId("download-entries")).toBeVisible();

    // Escape closes it, and focus goes back to the widget; the close button does too.
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);
    await expect(page.getByTestId("service-widget").getByLabel("Customer service and community")).toBeFocused();
    await page.getByTestId("service-widget").getByLabel("Customer service and community").click();
    await widgetDownload(page).click();
    await expect(popup).toBeVisible();
    await popup.getByRole("link", { name: "Close" }).click();
    await expect(popup).toHaveCount(0);
    await expect(page).toHaveURL(/\/m\/home$/);
    await expect(page.getByRole("heading", { name: BRANDS[brand].hotTitle })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the widget's download button is a link to the page, whose steps are a page of their own", async ({
      page,
    }, testInfo) => {
      const { name } = BRANDS[brandOf(testInfo)];
      await page.goto("/m/home");
      await page.getByTestId("service-widget").getByLabel("Customer service and community").click();
      await expect(widgetDownload(page)).not.toHaveAttribute("aria-haspopup", /.*/);
      await widgetDownload(page).click();
      await expect(page).toHaveURL(/\/m\/download$/);
      await expect(page.getByRole("heading", { level: 1, name: `Get the ${name} app` })).toBeVisible();
      await page.getByRole("link", { name: /Add to home screen/ }).click();
      await expect(page).toHaveURL(/\/m\/download\?view=homescreen$/);
      await expect(page.getByTestId("homescreen-steps-android").getByRole("listitem")).toHaveCount(3);
      await expect(page.getByTestId("install-button")).toHaveCount(0);
    });
  });
});

// Chromium with an iPhone's screen and User-Agent: the server decides the entries from the latter.
const { defaultBrowserType: _webkit, ...iPhone } = devices["iPhone 13"];

test.describe("the download page on an iPhone", () => {
  test.use(iPhone);

  test("offers Safari's Add to Home Screen steps and the brand's configuration profile", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    const { name } = BRANDS[brand];
    await page.goto("/m/download");
    await expect(page.getByRole("heading", { level: 1, name: `Get the ${name} app` })).toBeVisible();
    expect(await entryKinds(page)).toEqual(brand === "lucky-peso" ? ["homescreen", "profile", "ios"] : ["homescreen", "profile"]);
    const profile = page.getByRole("link", { name: /iPhone home-screen icon/ });
    const origin = new URL(page.url()).origin;
    await expect(profile).toHaveAttribute("href", `${origin}/m/download/webclip.mobileconfig`);
    await expect(page.getByTestId("profile-tip")).toContainText("Profile Downloaded");
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "download-page-iphone");
    await fullShot(page, testInfo, "download-page-iphone");

    // Fetched by the page (Node's resolver does not know *.localhost).
    const file = await page.evaluate(
      async (href) => {
        const r = await fetch(href);
        return { type: r.headers.get("content-type"), disposition: r.headers.get("content-disposition"), xml: await r.text() };
      },
      (await profile.getAttribute("href"))!,
    );
    expect(file.type).toBe("application/x-apple-aspen-config");
    expect(file.disposition).toBe(`attachment; filename="${brand}.mobileconfig"`);
    const xml = file.xml;
    expect(xml).toContain(`<string>${name}</string>`);
    expect(xml).toContain(`<string>${origin}/m/home?source=webclip</string>`);

    await page.getByRole("link", { name: /Add to home screen/ }).click();
    await expect(page).toHaveURL(/\/m\/download\?view=homescreen$/);
    await expect(page.getByTestId("download-entries")).toHaveCount(0);
    const steps = page.getByTestId("homescreen-steps-ios").getByRole("listitem");
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText("Share");
    await expect(steps.nth(1)).toContainText("Add to Home Screen");
    await expect(steps.nth(0).locator("svg").first()).toBeVisible();
    await fullShot(page, testInfo, "download-steps-iphone");
  });

  test("once the web clip has opened the site, the profile is no longer offered and registration records WEBCLIP", async ({
    page,
  }, testInfo) => {
    const brand = brandOf(testInfo);
    const { name } = BRANDS[brand];
    await page.goto("/m/register");
    await expect(page.locator('input[name="registerMethod"]')).toHaveValue("H5");
    // What the profile's icon opens.
    await page.goto("/m/home?source=webclip");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("WEBCLIP"))).toBe("1");
    await page.goto("/m/download");
    await expect(page.getByRole("heading", { level: 1, name: `Get the ${name} app` })).toBeVisible();
    await expect(page.locator('li[data-entry="profile"]')).toHaveCount(0);
    await expect(page.locator('li[data-entry="homescreen"]')).toBeVisible();
    await page.goto("/m/register");
    await expect(page.locator('input[name="registerMethod"]')).toHaveValue("WEBCLIP");
    // The member is recorded as registered from the web clip.
    const username = await register(page);
    expect(cli("members", ["show", brand, username])).toMatch(/registered\s+.* via WEBCLIP on /);
  });
});
