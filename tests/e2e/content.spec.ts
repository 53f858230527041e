import type { Page } from "@playwright/test";
import { expect, expectNoA11yViolations, reactHolds, test } from "./fixtures";
import { register } from "./lobby-helpers";

/** Announcements, their unread badge, the login pop-up list and the help centre, on both brands (spec §2). */

/** The unread count the side menu reads out, or 0 without a badge. */
async function unread(page: Page): Promise<number> {
  await page.goto("/m/home?panel=menu");
  const entry = page.getByRole("dialog").getByRole("link", { name: /^Announcements/ });
  await expect(entry).toBeVisible();
  const label = await entry.textContent();
  return Number(/Unread announcements: (\d+)/.exec(label ?? "")?.[1] ?? 0);
}

test.describe("announcements", () => {
  // Registering hashes a password (Argon2id) on two busy cores.
  test.describe.configure({ timeout: 90_000 });

  test("after sign-in the pop-up list shows once; the list expands and collapses; reading drops the badge", async ({ page }) => {
    await page.removeLocatorHandler(page.getByTestId("login-popups"));
    await register(page);
    const popups = page.getByTestId("login-popups");
    await expect(popups.getByRole("heading", { name: "Announcements" })).toBeVisible();
    await expect(popups.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await popups.getByTestId("login-popups-close").click();
    await expect(popups).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("login-popups")).toHaveCount(0);

    const before = await unread(page);
    expect(before).toBeGreaterThan(1);

    await page.goto("/m/notice");
    await expect(page.getByRole("heading", { level: 1, name: "Announcements" })).toBeVisible();
    const first = page.getByTestId("notice-list").locator("details").first();
    const summary = first.locator("summary");
    await expect(summary.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    const marked = page.waitForResponse((r) => r.url().includes("/m/notice.data") && r.request().method() === "POST");
    await summary.click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByRole("link", { name: "Open announcement" })).toBeVisible();
    expect((await marked).status()).toBe(200);
    await summary.click();
    await expect(first).not.toHaveAttribute("open", "");

    // The second item, opened by its own page: YYYY-MM-DD there.
    const second = page.getByTestId("notice-list").locator("details").nth(1);
    await second.locator("summary").click();
    await second.getByRole("link", { name: "Open announcement" }).click();
    await expect(page).toHaveURL(/\/m\/noticeDetail\?id=\d+$/);
    await expect(page.getByRole("article").getByText(/^\d{4}-\d{2}-\d{2}$/)).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("main").getByRole("link", { name: "All announcements" }).click();
    await expect(page).toHaveURL(/\/m\/notice$/);

    expect(await unread(page)).toBe(before - 2);
  });

  test("a request the router cancels is no error on the page; any other rejection or error still is", async ({ page }) => {
    // A fetcher's reload cut by a navigation in the middle of its answer leaves a promise that rejects
    // with the abort, and an abort can come out of a signal's listener as a thrown error
    // (app/utils/aborted-requests.ts); a page is checked for errors on its own.
    const other = await page.context().newPage();
    const errors: string[] = [];
    other.on("pageerror", (err) => errors.push(`${err.name}: ${err.message}`));
    await other.goto("/m/notice");
    await reactHolds(other.getByTestId("notice-list"));
    await other.evaluate(() => {
      void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
      void Promise.reject(new Error("a real fault"));
      const request = new AbortController();
      request.signal.addEventListener("abort", () => {
        throw request.signal.reason;
      });
      const other = new AbortController();
      other.signal.addEventListener("abort", () => {
        throw new Error("a listener's fault");
      });
      setTimeout(() => {
        request.abort();
        other.abort();
      });
    });
    await expect.poll(() => errors.toSorted()).toEqual(["Error: a listener's fault", "Error: a real fault"]);
    await other.close();
  });

  test.describe("a visitor", () => {
    // The missing announcement's page is a 404, which Chromium logs.
    test.use({ allowedConsoleErrors: [/the server responded with a status of 404/] });
    test("reads announcements with no badge, and a missing one is a translated 404", async ({ page }) => {
      await page.goto("/m/notice");
      await expect(page.getByTestId("notice-list").locator("details").first()).toBeVisible();
      await expect(page.getByText("Unread", { exact: true })).toHaveCount(0);
      expect(await unread(page)).toBe(0);
      const res = await page.goto("/m/noticeDetail?id=999999");
      expect(res?.status()).toBe(404);
      await expect(page.getByText("Announcement not found")).toBeVisible();
      await expectNoA11yViolations(page);
    });
  });
});

test.describe("the help centre", () => {
  test("the list leads to a topic and back; back on the list goes home", async ({ page }) => {
    await page.goto("/m/help");
    await expect(page.getByRole("heading", { level: 1, name: "Help Centre" })).toBeVisible();
    const topic = page.getByRole("article").first();
    await expect(topic.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
    const title = (await topic.getByRole("heading").textContent())!;
    await topic.getByRole("link", { name: /^Read more/ }).click();
    await expect(page).toHaveURL(/\/m\/helpDetail\?tag=[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    await expectNoA11yViolations(page);
    await page.getByRole("link", { name: "All help topics" }).click();
    await expect(page).toHaveURL(/\/m\/help$/);
    await page.getByRole("link", { name: "Back to home" }).first().click();
    await expect(page).toHaveURL(/\/m\/home$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/the server responded with a status of 404/] });

  test("announcements open and close, their page opens, and help topics open", async ({ page }) => {
    await page.goto("/m/notice");
    const first = page.getByTestId("notice-list").locator("details").first();
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await first.getByRole("link", { name: "Open announcement" }).click();
    await expect(page).toHaveURL(/\/m\/noticeDetail\?id=\d+$/);
    await expect(page.getByRole("article")).toBeVisible();

    await page.goto("/m/help");
    await page
      .getByRole("link", { name: /^Read more/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/m\/helpDetail\?tag=/);
    const res = await page.goto("/m/helpDetail?tag=no-such-topic");
    expect(res?.status()).toBe(404);
    await expect(page.getByText("Help topic not found")).toBeVisible();
  });
});
