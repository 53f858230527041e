import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { MONEY, banner, brandOf, depositPaid, expectBalanceFitsHeader, headerBalance, registerVerified } from "./money-helpers";

const TAGS = { en: "en", tl: "fil", th: "th", vi: "vi", zh: "zh-CN", ja: "ja" } as const;
type Lng = keyof typeof TAGS;

/** Through the header's language form, as a player does. */
async function switchLanguage(page: Page, lng: Lng) {
  const switcher = page.locator("header details").filter({ has: page.locator('button[name="lng"]') });
  await switcher.locator("summary").click();
  await switcher.locator(`button[name="lng"][value="${lng}"]`).click();
  await expect(page.locator("html")).toHaveAttribute("lang", TAGS[lng]);
}

/** The colour a CSS value resolves to on this page, e.g. a theme token. */
function resolvedColour(page: Page, value: string): Promise<string> {
  return page.evaluate((v) => {
    const probe = document.createElement("span");
    probe.style.color = v;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, value);
}

/** Words of an element's text that the layout broke across two lines. */
function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) =>
    els.flatMap((el) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      }
      return broken;
    }),
  );
}

const LOGO = 'header a[href="/m/home"] img';
const JACKPOT_AMOUNT = '[aria-labelledby="jackpot-title"] p[aria-hidden="true"]';

/** How far the content of the element that overflows most runs past its own box (0 or less: all of it shows). */
async function overflow(elements: Locator): Promise<number> {
  const each = await elements.evaluateAll((els) => els.map((el) => el.scrollWidth - el.clientWidth));
  expect(each.length, "elements measured").toBeGreaterThan(0);
  return Math.max(...each);
}

test.describe("phone layout in every language", () => {
  for (const lng of ["tl", "th", "vi"] as const) {
    test(`the header logo stays legible beside long button labels (${lng})`, async ({ page }) => {
      await page.goto("/m/home");
      await switchLanguage(page, lng);
      const width = (await page.locator(LOGO).boundingBox())?.width ?? 0;
      expect(width).toBeGreaterThanOrEqual(80);
      // Nothing in the row spills out of it or out of its own pill.
      expect(await overflow(page.locator("header > div, header > div a, header > div summary"))).toBeLessThanOrEqual(0);
    });
  }

  for (const lng of ["en", "tl"] as const) {
    test(`a sign-in button breaks its label only once the logo has given all the room it can (${lng})`, async ({ page }) => {
      await page.goto("/m/home");
      await switchLanguage(page, lng);
      const buttons = page.locator('header a[href="/m/login"], header a[href="/m/register"]');
      await expect(buttons.first()).toBeVisible();
      const lines = await buttons.evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }),
      );
      const logo = (await page.locator('header a[href="/m/home"]').boundingBox())?.width ?? 0;
      // 6 rem: the narrowest the logo goes for a visitor, where its name still reads.
      if (lines.some((n) => n > 1)) expect(logo, `labels on ${lines.join(", ")} lines`).toBeCloseTo(96, 0);
      else expect(logo).toBeGreaterThanOrEqual(96);
    });
  }

  for (const lng of ["en", "vi", "th"] as const) {
    test(`the announcement ticker keeps one line with reduced motion (${lng})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await page.goto("/m/home");
      await switchLanguage(page, lng);
      const [height, line, overflowing] = await page
        .locator(".marquee-track")
        .evaluate((el) => [
          el.getBoundingClientRect().height,
          parseFloat(getComputedStyle(el).lineHeight),
          el.scrollWidth > el.clientWidth,
        ]);
      expect(height).toBeCloseTo(line, 0);
      expect(overflowing).toBe(true);
    });
  }

  for (const lng of ["en", "tl", "vi"] as const) {
    test(`side-menu tiles show whole labels without breaking a word (${lng})`, async ({ page }) => {
      await page.goto("/m/home");
      await switchLanguage(page, lng);
      await page.goto("/m/home?panel=menu");
      const labels = page.getByRole("dialog").locator("ul").first().locator("li a > span:last-child");
      expect(await labels.count()).toBeGreaterThan(0);
      const clamped = await labels.evaluateAll((els) =>
        els.filter((el) => el.scrollHeight > el.clientHeight + 1).map((el) => el.textContent),
      );
      expect(clamped).toEqual([]);
      expect(await brokenWords(labels)).toEqual([]);
    });

    test(`bottom-bar labels keep one line (${lng})`, async ({ page }) => {
      await page.goto("/m/home");
      await switchLanguage(page, lng);
      const labels = page
        .locator("nav")
        .filter({ has: page.locator('a[href="/m/member/home"]') })
        .locator("li a > span:last-child");
      await expect(labels.first()).toBeVisible();
      const lines = await labels.evaluateAll((els) =>
        els.map((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))),
      );
      expect(lines.length).toBeGreaterThan(0);
      expect(new Set(lines)).toEqual(new Set([1]));
    });
  }

  test("the desktop navigation stays out of the phone layout", async ({ page }) => {
    await page.goto("/m/home");
    await expect(page.getByTestId("desktop-nav")).toBeHidden();
    await expect(page.getByTestId("category-rail")).toBeVisible();
  });
});

// Phones 320 to 379 px wide (WCAG's reflow width and the many 360 px Androids): the brand's icon stands
// in for the logo, and the page never grows wider than the screen, for a visitor or a member.
for (const width of [320, 360]) {
  test.describe(`a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 720 } });

    test("the header fits the screen with the brand's icon for its logo", async ({ page }, testInfo) => {
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto("/m/home");
      await expect(page.locator(LOGO)).toHaveJSProperty("complete", true);
      expect(await page.locator(LOGO).evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
        /\/icon\.svg$/,
      );
      expect(await pageWidth()).toBe(width);
      expect(await overflow(page.locator("header > div, header > div a, header > div summary"))).toBeLessThanOrEqual(0);

      // Signed up at the Pixel 7's width, where the helpers find the avatar they check for. The pill
      // holds a five-figure balance: beside the avatar from 360 px, below it with the language's globe alone.
      await page.setViewportSize({ width: 412, height: 720 });
      await registerVerified(page, testInfo);
      await depositPaid(page, MONEY[brandOf(testInfo)].channel.id, "10000", "₱10,000.00");
      await page.goto("/m/home");
      await expect(headerBalance(page)).toHaveText("₱10,000.00");
      await page.setViewportSize({ width, height: 720 });
      await page.reload();
      const avatar = banner(page).getByRole("link", { name: /member centre/i });
      const languageCode = banner(page)
        .locator("summary")
        .getByText(/^[A-Z]{2}$/);
      await (width < 360 ? expect(avatar).toBeHidden() : expect(avatar).toBeVisible());
      await (width < 360 ? expect(languageCode).toBeHidden() : expect(languageCode).toBeVisible());
      await expectBalanceFitsHeader(page);
      expect(await pageWidth()).toBe(width);
    });
  });
}

test.describe("the brand's theme", () => {
  test("the jackpot box takes the brand's prize colours, not another brand's gold", async ({ page }, info) => {
    await page.goto("/m/home");
    const title = page.locator("#jackpot-title");
    const box = page.locator("section").filter({ has: title });
    const prize = await resolvedColour(page, "var(--prize)");
    expect(prize).not.toBe("");
    await expect(title).toHaveCSS("color", prize);
    const background = await box.evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(background).toContain(await resolvedColour(page, "var(--prize-from)"));
    if (info.project.name === "perlas-play") {
      expect(prize).not.toBe("rgb(245, 197, 66)");
      expect(background).not.toContain("rgb(74, 54, 12)");
    }
  });
});

test.describe("desktop layout at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test("a top navigation of Home and every game category but sports, and a page using the width", async ({ page }) => {
    await page.goto("/m/home");
    const nav = page.getByTestId("desktop-nav");
    await expect(nav).toBeVisible();
    // Every entry in view at once: nothing hides past the right edge.
    expect(await overflow(nav.locator("ul"))).toBeLessThanOrEqual(0);
    const rail = await page
      .getByTestId("category-rail")
      .locator("a[data-category]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("data-category")));
    expect(rail).toContain("SPORTS");
    const categories = await nav
      .locator("a[data-category]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("data-category")));
    expect(categories).toEqual(rail.filter((c) => c !== "HOME" && c !== "SPORTS"));
    await expect(nav.getByRole("link").first()).toHaveAttribute("href", "/m/home");
    await expect(nav.getByRole("link").first()).toHaveAttribute("aria-current", "page");

    await nav.locator('a[data-category="RNG"]').click();
    await expect(page).toHaveURL(/\/m\/home\?category=RNG$/);
    await expect(nav.locator('a[data-category="RNG"]')).toHaveAttribute("aria-current", "page");

    // The phone column (640 px) is gone: the page and its game grid use the width.
    expect((await page.locator("main").boundingBox())?.width ?? 0).toBeGreaterThan(1000);
    const columns = await page
      .getByTestId("game-grid")
      .locator("ul")
      .first()
      .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(" ").length);
    expect(columns).toBeGreaterThanOrEqual(6);
    // The top navigation replaces the bottom bar.
    await expect(page.locator("nav").filter({ has: page.locator('a[href="/m/member/home"]') })).toBeHidden();
    expect(await overflow(page.locator(JACKPOT_AMOUNT))).toBeLessThanOrEqual(0);
  });
});

test("the jackpot's amount shows whole in its card on a phone", async ({ page }) => {
  await page.goto("/m/home");
  await expect(page.locator("#jackpot-title")).toBeVisible();
  expect(await overflow(page.locator(JACKPOT_AMOUNT))).toBeLessThanOrEqual(0);
});
