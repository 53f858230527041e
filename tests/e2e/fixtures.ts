import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Any console error or uncaught exception on a page fails the test that opened it. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
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
  "lucky-peso": { name: "Lucky Peso", lang: "en-PH", primary: "rgb(245, 197, 66)", hotTitle: "Hot games" },
  "perlas-play": { name: "Perlas Play", lang: "en", primary: "rgb(46, 197, 255)", hotTitle: "Hot games" },
} as const;

export type BrandId = keyof typeof BRANDS;
