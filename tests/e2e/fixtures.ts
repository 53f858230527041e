import AxeBuilder from "@axe-core/playwright";
import { execFileSync } from "node:child_process";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

/** Any console error or uncaught exception on a page fails the test that opened it. */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
  /**
   * The e2e server trusts X-Forwarded-For (as behind a proxy): each test comes from its own
   * address, so one test's failed logins never bring the captcha to another.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies by destructuring
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    const n =
      (testInfo.workerIndex * 1000 + testInfo.repeatEachIndex * 100 + (hashTitle(testInfo.titlePath.join("/")) % 100)) % 65000;
    await provide({ "X-Forwarded-For": `10.${testInfo.retry + 1}.${Math.floor(n / 250)}.${(n % 250) + 1}` });
  },
  /**
   * The login pop-up list (spec §2) covers the first page after every sign-in: wherever it is in
   * the way of a test's action, it is closed first. tests/e2e/content.spec.ts checks the list itself.
   */
  page: async ({ page }, provide) => {
    await page.addLocatorHandler(page.getByTestId("login-popups"), async (dialog) => {
      await dialog.getByTestId("login-popups-close").click();
    });
    await provide(page);
  },
  /** Messages a test expects, e.g. Chromium's note that a closed site answered 503. */
  allowedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !allowedConsoleErrors.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until React has taken over an element of a freshly loaded page. A page starts its scripts
 * after its load event (ADR 0028), so a test that types at once types into the server's page, as a
 * player without JavaScript would; a test of what the scripts do waits for this first.
 */
export async function reactHolds(element: Locator) {
  await expect.poll(() => heldByReact(element), { message: "React has not hydrated the element" }).toBe(true);
}

/** Whether React has taken this element over (it keeps its props on the element). */
export function heldByReact(element: Locator): Promise<boolean> {
  return element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")));
}

/**
 * Marks the document now in the page; the returned check tells whether it is still the one shown,
 * that is whether what happened since changed the page without loading a document.
 */
export async function markDocument(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => ((window as { samePage?: boolean }).samePage = true));
  return () => page.evaluate(() => (window as { samePage?: boolean }).samePage === true);
}

/** No axe violation above minor: a page's structure too (one level-one heading, landmarks told apart), not only what blocks use. */
export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.filter((v) => v.impact !== "minor");
  expect(
    found.map((v) => `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "moderate, serious or critical axe violations",
  ).toEqual([]);
}

export const BRANDS = {
  // lucky-peso speaks TY (house English, its own texts); perlas-play EN.
  "lucky-peso": {
    name: "Lucky Peso",
    lang: "en-PH",
    primary: "rgb(245, 197, 66)",
    hotTitle: "Hottest games",
    inviteTitle: "Invite your barkada",
  },
  "perlas-play": {
    name: "Perlas Play",
    lang: "en",
    primary: "rgb(46, 197, 255)",
    hotTitle: "Hot games",
    inviteTitle: "Invite friends",
  },
} as const;

export type BrandId = keyof typeof BRANDS;

function hashTitle(s: string): number {
  let h = 0;
  for (const c of s) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

export const E2E_DATA_DIR = "tests/.artifacts/e2e-data";
export const E2E_BRANDS_DIR = "tests/e2e/brands";

/** Support staff's own commands, talking to the running server over its admin channel. */
export function cli(
  script: "status" | "flags" | "members" | "outbox" | "withdrawals" | "kyc" | "agents",
  args: string[],
): string {
  return execFileSync("npx", ["tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, BRANDS_DIR: E2E_BRANDS_DIR, NODE_ENV: "production" },
    encoding: "utf8",
  });
}

/** A username nobody has used yet in this run (both brand projects share one server). */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
