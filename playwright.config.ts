import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The forgot-password test starts its own SMTP server here; the app sends mail to it. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3125);
export const E2E_DATA_DIR = "tests/.artifacts/e2e-data";
/** The demo brands as they ship, but drawing their lotteries every minute (tests/e2e/brands). */
export const E2E_BRANDS_DIR = "tests/e2e/brands";

/** Debian's Chromium as every project launches it (tests/e2e/kyc-camera.spec.ts adds a fake camera). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

const brandProject = (name: string, host: string) => ({
  name,
  testIgnore: /status-gate\.spec\.ts/,
  use: { ...devices["Pixel 7"], baseURL: `http://${host}:${PORT}`, launchOptions: CHROMIUM_LAUNCH },
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Two cores run the server, two browsers and axe at once in CI: leave room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Headless Chromium composites in software: an idle page with the ticker and carousel moving
    // keeps a core 40 % busy, which starves the server and the other browser on two cores. The
    // product honours reduced motion (no ticker scroll, no autoplay), so tests run with it, and the
    // tests of motion itself ask for it back.
    reducedMotion: "reduce",
    // Each brand's service worker precaches the shell on a page's first load: tests/e2e/pwa.spec.ts tests it,
    // the other suites run without it so every request they make reaches the server as it is.
    serviceWorkers: "block",
  },
  outputDir: "tests/.artifacts/e2e-results",
  projects: [
    brandProject("lucky-peso", "luckypeso.localhost"),
    brandProject("perlas-play", "perlas.localhost"),
    {
      // Closes a brand with the support CLI, so it runs alone after the brand suites.
      name: "status-gate",
      testMatch: /status-gate\.spec\.ts/,
      dependencies: ["lucky-peso", "perlas-play"],
      use: { ...devices["Pixel 7"], baseURL: `http://perlas.localhost:${PORT}`, launchOptions: CHROMIUM_LAUNCH },
    },
  ],
  webServer: {
    // The host as production serves it (ADR 0026), built from the sources of this run.
    command: `rm -rf ${E2E_DATA_DIR} && npx tsx scripts/build-host.ts && node build/host/index.js`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      BRANDS_DIR: E2E_BRANDS_DIR,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: "no-reply@casino.test",
    },
  },
});
