import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Any console error or uncaught exception on a page fails the test that opened it. */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; consoleErrors: string[] }>({
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

export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "serious or critical axe violations",
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
