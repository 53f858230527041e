import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { chromium, devices, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { register } from "./lobby-helpers";
import { brandOf, hydrated } from "./money-helpers";
import { E2E_BRANDS_DIR } from "../../playwright.config";

// The rest of the suite runs without service workers (playwright.config.ts); here they are the subject.
test.use({ serviceWorkers: "allow" });

const OFFLINE_TITLE = { "lucky-peso": "No Internet", "perlas-play": "No Internet" } as const;

/** Once the brand's worker is active and controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
}

/** Every URL the page's origin keeps in Cache Storage, as paths with their query. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname + new URL(req.url).search);
    }
    return paths;
  });

test("each brand's site is installable: manifest, PNG icons and an active service worker", async ({ browserName }, testInfo) => {
  expect(browserName).toBe("chromium");
  // Chromium never offers to install from an incognito profile, which every Playwright context is: a real profile here.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "pwa-profile-"));
  const { use } = testInfo.project;
  const context = await chromium.launchPersistentContext(profile, {
    ...devices["Pixel 7"],
    executablePath: use.launchOptions?.executablePath,
    args: use.launchOptions?.args,
    baseURL: use.baseURL,
    serviceWorkers: "allow",
  });
  try {
    const page = await context.newPage();
    await page.goto("/m/home");
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const manifest = await cdp.send("Page.getAppManifest");
    expect(manifest.errors).toEqual([]);
    const icons = (JSON.parse(manifest.data ?? "{}") as { icons: { src: string; type: string; purpose?: string }[] }).icons;
    expect(icons.filter((i) => i.type === "image/png").map((i) => i.purpose ?? "any")).toEqual(
      expect.arrayContaining(["any", "maskable"]),
    );
    for (const icon of icons) {
      const res = await page.evaluate(async (src) => {
        const r = await fetch(src);
        return { status: r.status, type: r.headers.get("content-type") ?? "" };
      }, icon.src);
      expect(res.status, icon.src).toBe(200);
      expect(res.type, icon.src).toContain(icon.type);
    }
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test.describe("without a network", () => {
  // The browser's own words for requests made while offline (a route's script, a data request).
  test.use({
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|dynamically imported module/],
  });

  test("a page shows the offline page in the player's language, and comes back with the network", async ({
    page,
    context,
  }, testInfo) => {
    await page.goto("/m/home");
    await controlled(page);
    await context.setOffline(true);
    // With JavaScript: the toast at once, then a link followed without a network.
    await expect(page.getByTestId("connection-notice")).toHaveText(OFFLINE_TITLE[brandOf(testInfo)]);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link").nth(1).click();
    await expect(page.getByRole("heading", { name: OFFLINE_TITLE[brandOf(testInfo)] })).toBeVisible();
    // A page loaded anew: the service worker's offline page.
    await page.goto("/m/gameCenter");
    await expect(page.getByRole("heading", { name: OFFLINE_TITLE[brandOf(testInfo)] })).toBeVisible();
    await expect(page).toHaveURL(/\/m\/gameCenter$/);

    // In Tagalog once the player has chosen it.
    await context.setOffline(false);
    await page.goto("/m/home");
    await page.locator("header details summary").first().click();
    await page.getByRole("button", { name: "Tagalog" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fil");
    await page.reload(); // a page the worker passes on, in Tagalog
    await context.setOffline(true);
    await page.goto("/m/activity");
    await expect(page.getByRole("heading", { name: "Walang Internet" })).toBeVisible();

    // Try again, with the network back: the page asked for.
    await context.setOffline(false);
    await page.getByRole("link", { name: "Subukang muli" }).click();
    await expect(page).toHaveURL(/\/m\/activity$/);
    await expect(page.getByRole("heading", { name: "Walang Internet" })).toHaveCount(0);
  });

  test("a member's pages are never kept: offline, the member centre is the offline page", async ({ page, context }, testInfo) => {
    const username = await register(page);
    await page.goto("/m/member/home");
    await controlled(page);
    await page.reload();
    await expect(page.getByTestId("member-account")).toHaveText(username);
    const kept = await cachedPaths(page);
    expect(kept.length).toBeGreaterThan(5);
    expect(kept.filter((p) => p.startsWith("/m/"))).toEqual([]);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { name: OFFLINE_TITLE[brandOf(testInfo)] })).toBeVisible();
    await expect(page.getByText(username)).toHaveCount(0);
  });
});

/** A second server on its own port and data, serving the given build: a release replacing the one before. */
const UPDATE_PORT = 3191;
const UPDATE_DATA = "tests/.artifacts/pwa-update-data";

async function startServer(buildDir: string): Promise<ChildProcess> {
  const child = spawn("npx", ["tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(UPDATE_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: UPDATE_DATA,
      BRANDS_DIR: E2E_BRANDS_DIR,
      BUILD_DIR: buildDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${buildDir} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${UPDATE_PORT}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server for ${buildDir} did not start within 90 s`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid!, "SIGTERM");
  await exited;
}

test("after a new build the service worker updates and drops the old build's files", async ({ page }, testInfo) => {
  test.skip(brandOf(testInfo) !== "lucky-peso", "one brand is enough: the worker is the same code for every origin");
  test.setTimeout(240_000);
  const version = /"version": "([^"]+)" \};/.exec(fs.readFileSync("build/server/index.js", "utf8"))?.[1];
  expect(version, "the build's version in build/server/index.js").toBeTruthy();
  // The next release: the same files under a new version, as a rebuild gives them.
  const next = path.resolve("tests/.artifacts/pwa-next-build");
  fs.rmSync(next, { recursive: true, force: true });
  fs.rmSync(UPDATE_DATA, { recursive: true, force: true });
  fs.cpSync("build", next, { recursive: true });
  const serverFile = path.join(next, "server/index.js");
  fs.writeFileSync(
    serverFile,
    fs.readFileSync(serverFile, "utf8").replace(`"version": "${version}" };`, `"version": "${version}next" };`),
  );

  let server = await startServer("./build");
  try {
    await page.goto(`http://luckypeso.localhost:${UPDATE_PORT}/m/home`);
    await controlled(page);
    await expect.poll(() => page.evaluate(() => caches.keys())).toContain(`shell-${version}`);
    // Nothing of the old release open while it is replaced; the next visit finds the new worker.
    await page.goto("about:blank");
    await stopServer(server);
    server = await startServer(next);
    await page.goto(`http://luckypeso.localhost:${UPDATE_PORT}/m/home`);
    // Installed, then active: the old build's shell is gone.
    await expect
      .poll(async () => (await page.evaluate(() => caches.keys())).filter((k) => k.startsWith("shell-")), { timeout: 30_000 })
      .toEqual([`shell-${version}next`]);
    await expect(page.getByRole("banner")).toBeVisible();
  } finally {
    await stopServer(server);
  }
});

test.describe("a slow network", () => {
  test.use({ serviceWorkers: "block" });

  test("a page that keeps the player waiting says 'Slow Connection' until it arrives", async ({ page }) => {
    await register(page);
    await hydrated(page);
    // The promotions page's data, held back 4.5 s (the notice comes after 3 s).
    await page.route(/\/m\/activity\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 4_500));
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link").nth(1).click();
    await expect(page.getByTestId("connection-notice")).toHaveText("Slow Connection");
    await expect(page).toHaveURL(/\/m\/activity$/);
    await expect(page.getByTestId("connection-notice")).toHaveCount(0);
  });
});
