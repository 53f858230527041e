import type { Page } from "@playwright/test";
import { isBuilt } from "../../app/components/built-screens";
import { expect, test, uniqueName } from "./fixtures";

// A whole journey (register, then every page of the shell) with Argon2id on two busy cores.
test.describe.configure({ timeout: 120_000 });

/** Every link on the page that stays on this site, as path and query (the drawer's and panels' included). */
async function siteLinks(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await page.locator("a[href]").evaluateAll((els) => els.map((a) => (a as HTMLAnchorElement).href));
  return hrefs.filter((h) => h.startsWith(`${origin}/`)).map((h) => h.slice(origin.length));
}

/** Opens each page and gathers its links; none may lead to a screen that is not built yet. */
async function expectOnlyBuiltScreens(page: Page, paths: string[]): Promise<Set<string>> {
  const all = new Set<string>();
  for (const path of paths) {
    await page.goto(path);
    const links = await siteLinks(page);
    expect(
      links.filter((l) => !isBuilt(l)),
      `links on ${path}`,
    ).toEqual([]);
    for (const l of links) all.add(l);
  }
  return all;
}

/**
 * Each screen the links reach answers as itself: not the coming-soon page, and not a bounce home.
 * Asked from the page (the test runner's own resolver does not know *.localhost), redirects followed.
 */
async function expectEveryScreenAnswers(page: Page, links: Set<string>) {
  const byPath = new Map<string, string>();
  for (const l of links) {
    const path = l.replace(/[?#].*$/, "").replace(/^\/m\/game\/\d+$/, "/m/game/:id");
    if (!byPath.has(path)) byPath.set(path, l);
  }
  const answers = await page.evaluate(
    async (hrefs) => {
      const out = [];
      for (const href of hrefs) {
        const res = await fetch(href);
        const body = await res.text();
        out.push({
          href,
          status: res.status,
          landed: new URL(res.url).pathname,
          comingSoon: body.includes('data-testid="coming-soon"'),
        });
      }
      return out;
    },
    [...byPath.values()],
  );
  for (const a of answers) {
    expect(a.status, a.href).toBe(200);
    expect(a.comingSoon, a.href).toBe(false);
    // Signing in and up send a signed-in member home by design (spec §2).
    if (!/^\/m\/(home|login|register)/.test(a.href)) expect(a.landed, `${a.href} bounces home`).not.toBe("/m/home");
  }
}

test("no control of home, the side menu, the bottom bar or the member centre leads to a screen not built yet", async ({
  page,
}) => {
  const visitor = await expectOnlyBuiltScreens(page, ["/m/home", "/m/home?panel=menu", "/m/home?panel=invite"]);
  const bar = page.getByRole("navigation", { name: "Main navigation" });
  await expect(bar.getByRole("link")).toHaveCount(5);
  await expectEveryScreenAnswers(page, visitor);

  const username = uniqueName("links");
  await page.goto("/m/register");
  await page.getByLabel(/^Username/).fill(username);
  await page.getByLabel(/^Password/).fill("play2win88");
  await page.getByLabel(/^Confirm password/).fill("play2win88");
  const mobile = page.getByLabel(/^Mobile number/);
  if (await mobile.count()) await mobile.fill(`0917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`);
  await page.getByLabel(/^Full name/).fill("Maria Clara Santos");
  await page.getByLabel(/^Birthday/).fill("1994-06-15");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/m\/home$/);

  const member = await expectOnlyBuiltScreens(page, ["/m/home", "/m/home?panel=menu", "/m/member/home"]);
  await expect(
    page.getByRole("navigation", { name: "Member menu" }).getByRole("link", { name: "Change password" }),
  ).toBeVisible();
  await expectEveryScreenAnswers(page, member);
});

// Every screen with a title is built now (the agent pages were the last), so no link shows the coming-soon page.
test("the agent centre, built now, asks a visitor to sign in first", async ({ page }) => {
  await page.goto("/m/agent/home");
  await expect(page).toHaveURL(/\/m\/login\?redirectTo=%2Fm%2Fagent%2Fhome$/);
  await expect(page.getByTestId("coming-soon")).toHaveCount(0);
});
