import { hydrated } from "./money-helpers";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { cli, expect, expectNoA11yViolations, test } from "./fixtures";
import { register } from "./lobby-helpers";
import { brandOf, shot } from "./money-helpers";

// Refused settings posts answer 400 or 429, which Chromium notes on the console; nothing else may appear there.
test.use({ allowedConsoleErrors: [/the server responded with a status of (400|429)/] });

/** The layout each brand's mem_cen flag picks (brands/*.ts). */
const LAYOUT = { "lucky-peso": "new", "perlas-play": "classic" } as const;
/** Each brand's first VIP rank (brand vip.ranks). */
const FIRST_RANK = { "lucky-peso": "Bronze", "perlas-play": "Seed Pearl" } as const;

const tinyPng = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 30, g: 160, b: 90 } } })
    .png()
    .toBuffer();

async function saveNickname(page: Page, nickname: string) {
  await page.goto("/m/set");
  await page.getByRole("textbox", { name: "Nickname" }).fill(nickname);
  await page.locator("#nickname").getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your nickname is saved." })).toBeVisible();
}

function settingsSuite(js: boolean) {
  test.describe(`settings with JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("nickname, profile fields, picture and feedback, each refused with a message first", async ({ page }, testInfo) => {
      await register(page);
      await page.goto("/m/set");
      await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
      await expect(page.getByText("The dark theme is always on")).toBeVisible();

      // Nickname: markup is refused in words, then a real one is saved and shown in the member centre.
      await page.getByRole("textbox", { name: "Nickname" }).fill("<b>x</b>");
      await page.locator("#nickname").getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(/Use letters, digits, spaces, dots, dashes or underscores/)).toBeVisible();
      await saveNickname(page, "Maria Clara");

      // Profile: a hostile address is refused, then the fields are saved and shown selected.
      const profile = page.locator("#profile");
      await profile.getByLabel(/^Address/).fill('<img src=x onerror="alert(1)">');
      await profile.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(/The address may hold letters, digits, spaces/)).toBeVisible();
      await page
        .locator("#profile")
        .getByLabel(/^Nationality/)
        .selectOption("PH");
      await page
        .locator("#profile")
        .getByLabel(/^Address/)
        .fill("12 Rizal St., Quezon City");
      await page
        .locator("#profile")
        .getByLabel(/^Occupation/)
        .selectOption("ofw");
      await page
        .locator("#profile")
        .getByLabel(/^Source of income/)
        .selectOption("remittance");
      await page.locator("#profile").getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Your details are saved." })).toBeVisible();
      await expect(page.locator("#profile").getByLabel(/^Occupation/)).toHaveValue("ofw");
      await expect(page.getByTestId("birthday")).toHaveText("1994-06-15");

      // Picture: a renamed script is refused, a real picture is shown at once.
      await page
        .locator("#avatar-file")
        .setInputFiles({ name: "evil.png", mimeType: "image/png", buffer: Buffer.from("#!/bin/sh\n") });
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByText("Only PNG or JPG pictures can be used")).toBeVisible();
      await page.locator("#avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await tinyPng() });
      await page.getByRole("button", { name: "Upload picture" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Your new picture is saved." })).toBeVisible();
      await expect(page.getByRole("main").getByTestId("avatar")).toHaveJSProperty("naturalWidth", 256);
      // The header's avatar is the picture too.
      await expect(page.getByRole("banner").getByTestId("avatar")).toHaveJSProperty("naturalWidth", 256);

      // Feedback: sent, and support staff can read it.
      const message = `E2E feedback ${Date.now()}`;
      await page.getByLabel(/^Your message/).fill(message);
      await page.getByRole("button", { name: "Send feedback" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Thank you, your feedback was sent." })).toBeVisible();
      expect(cli("members", ["feedback", "list", brandOf(testInfo)])).toContain(message);

      // axe runs in the page: only where scripts may run.
      if (js) await expectNoA11yViolations(page);
      await shot(page, testInfo, `settings-js-${js ? "on" : "off"}`);
    });
  });
}

test.describe("the member centre", () => {
  test("shows the brand's layout with profile, balance, VIP progress and entries", async ({ page }, testInfo) => {
    const brand = brandOf(testInfo);
    const username = await register(page);
    await saveNickname(page, "Lucky Tester");
    await page.goto("/m/member/home");
    await expect(page.locator(`[data-layout="${LAYOUT[brand]}"]`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Lucky Tester" })).toBeVisible();
    await expect(page.getByTestId("member-account")).toHaveText(username);
    await expect(page.getByTestId("club-label")).toHaveText(FIRST_RANK[brand]);
    await expect(page.getByRole("progressbar", { name: "VIP progress" })).toHaveAttribute("aria-valuenow", "0");
    for (const name of ["Deposit", "Withdraw", "Transaction history", "Settings"]) {
      await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toBeVisible();
    }

    // Hide, then show: the mask follows and survives a reload (remembered on this device).
    const main = page.getByRole("main");
    // The toggle acts once React runs.
    await hydrated(page);
    // The choice is kept by the server (a cookie its post sets): let that post finish first.
    const saved = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/m/balance"),
    );
    await main.getByRole("button", { name: "Hide balance" }).click();
    await expect(main.getByLabel("Balance", { exact: true })).toHaveText("₱****");
    expect((await saved).status()).toBe(200);
    await page.reload();
    await hydrated(page);
    await expect(main.getByLabel("Balance", { exact: true })).toHaveText("₱****");
    // As for hiding: the post first, and the page's revalidation after it. When the post's answer
    // comes, the router cancels a refresh still loading (which Remix logs as an AbortError if it
    // was decoding the refresh's answer: seen in CI).
    const shown = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/m/balance"),
    );
    await main.getByRole("button", { name: "Show balance" }).click();
    await expect(main.getByLabel("Balance", { exact: true })).toHaveText(/^₱[\d,]+\.\d{2}$/);
    expect((await shown).status()).toBe(200);
    await page.waitForFunction(() => {
      type Idle = { state: string };
      const { state } = (window as unknown as { __remixRouter: { state: { revalidation: string; fetchers: Map<string, Idle> } } })
        .__remixRouter;
      return state.revalidation === "idle" && [...state.fetchers.values()].every((f) => f.state === "idle");
    });
    // The refreshed balance reads as the one before: wait for the refresh's own answer, or the logout
    // below starts while it is still loading and the router cuts it off (an AbortError on the page).
    const refreshed = page.waitForResponse(
      (r) => r.request().method() === "GET" && new URL(r.url()).pathname.startsWith("/m/balance"),
    );
    await main.getByRole("button", { name: "Refresh balance" }).click();
    expect((await refreshed).status()).toBe(200);
    await expect(main.getByLabel("Balance", { exact: true })).toHaveText(/^₱[\d,]+\.\d{2}$/);

    await expectNoA11yViolations(page);
    await shot(page, testInfo, "member-centre");

    // Logout asks first; cancelling keeps the session.
    await page.getByRole("main").getByRole("link", { name: "Logout" }).click();
    await expect(page.getByRole("alertdialog", { name: "Log out?" })).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/m\/home$/);
    await page.goto("/m/member/home");
    await expect(page).toHaveURL(/\/m\/login/);
  });

  test("a trial guest gets the register prompt", async ({ page }) => {
    await page.goto("/m/home");
    const freePlay = page.getByRole("button", { name: /Try for free/ });
    test.skip((await freePlay.count()) === 0, "free play is off for this brand");
    await freePlay.first().click();
    await page.goto("/m/member/home");
    await expect(page.getByRole("alertdialog", { name: "Please login an actual account to use this function" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Register now" })).toBeVisible();
  });
});

settingsSuite(true);
settingsSuite(false);
