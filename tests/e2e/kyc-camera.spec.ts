// The selfie taken with the phone's front camera inside the verification page (JavaScript on).
import path from "node:path";
import sharp from "sharp";
import { CHROMIUM_LAUNCH } from "../../playwright.config";
import { cli, expect, expectNoA11yViolations, test } from "./fixtures";
import { fillDocuments, waitingSubmission } from "./kyc-helpers";
import { register } from "./lobby-helpers";
import { brandOf, shot } from "./money-helpers";

// Chromium's synthetic camera, allowed without a prompt: the project's launch options (playwright.config.ts)
// plus the two fake-media switches. A worker option, so it is set for the whole file.
test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
  permissions: ["camera"],
});

test("a selfie taken with the camera in the page is sent with the form as a JPEG", async ({ page }, testInfo) => {
  const username = await register(page);
  await page.goto("/m/verify");
  await fillDocuments(page, { selfie: false });
  await page.getByRole("button", { name: "Take a selfie with the camera" }).click();
  const preview = page.getByLabel("Camera preview");
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
  await expectNoA11yViolations(page);
  await shot(page, testInfo, "kyc-camera");

  await page.getByRole("button", { name: "Take the photo" }).click();
  await expect(page.getByRole("img", { name: "The selfie you took" })).toBeVisible();
  await expect(preview).toHaveCount(0);
  expect(await page.locator("#kyc-selfie").evaluate((i) => (i as HTMLInputElement).files?.[0]?.type)).toBe("image/jpeg");
  await page.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "pending");

  // What support staff see: the camera's frame, stored as a JPEG.
  const id = waitingSubmission(testInfo, username);
  const out = testInfo.outputPath("kyc");
  cli("kyc", ["show", brandOf(testInfo), id, "--out", out]);
  const selfie = await sharp(path.join(out, `kyc-${id}-selfie.jpg`)).metadata();
  expect(selfie.format).toBe("jpeg");
  expect(Math.min(selfie.width!, selfie.height!)).toBeGreaterThanOrEqual(240);
});
