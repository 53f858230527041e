// Issue 16, item 3 as a player meets it on a phone: the deposit page sends them to verify; a rejection's reason is shown.
import { cli, expect, expectNoA11yViolations, test } from "./fixtures";
import { fillDocuments, waitingSubmission } from "./kyc-helpers";
import { register } from "./lobby-helpers";
import { brandOf, shot } from "./money-helpers";

test.describe("identity verification", () => {
  test("the deposit page sends an unverified player to verify; without a camera the file field stays; a rejection is explained", async ({
    page,
  }, testInfo) => {
    const username = await register(page);
    await page.goto("/m/voucherCenter");
    const notice = page.getByTestId("kyc-notice");
    await expect(notice.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "kyc-deposit-notice");

    await notice.getByRole("link", { name: "Verify my identity" }).click();
    await expect(page).toHaveURL(/\/m\/verify$/);
    await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "none");
    // The headless browser has no camera: the page says so and the file field is the way.
    await page.getByRole("button", { name: "Take a selfie with the camera" }).click();
    await expect(page.getByText("The camera could not be opened.", { exact: false })).toBeVisible();
    await expect(page.getByLabel(/^Selfie/)).toBeVisible();
    await fillDocuments(page);
    await expect(page.getByText("As printed on the ID, for example 1234-5678-9012-3456")).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "kyc-form");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "pending");
    await expect(page.getByTestId("kyc-form")).toHaveCount(0);

    const id = waitingSubmission(testInfo, username);
    cli("kyc", [
      "reject",
      brandOf(testInfo),
      id,
      "--reason",
      "The ID photo is blurred: please retake it in daylight.",
      "--by",
      "e2e",
    ]);
    await page.goto("/m/voucherCenter");
    await expect(page.getByTestId("kyc-notice").getByTestId("kyc-reason")).toHaveText(
      "The ID photo is blurred: please retake it in daylight.",
    );
    await page.getByTestId("kyc-notice").getByRole("link", { name: "Send my documents again" }).click();
    await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "rejected");
    await expect(page.getByTestId("kyc-form")).toBeVisible();
    await expectNoA11yViolations(page);
    await shot(page, testInfo, "kyc-rejected");
  });

  test.describe("without JavaScript", () => {
    // The refused post (a wrong number) answers 400, which Chromium logs.
    test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/the server responded with a status of 400/] });

    test("the form is a plain post; the camera is allowed on this page only", async ({ page }) => {
      await register(page);
      const home = await page.goto("/m/member/home");
      expect(home!.headers()["permissions-policy"]).toContain("camera=()");
      const [verify] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === "/m/verify"),
        page.getByRole("link", { name: "Identity verification" }).click(),
      ]);
      expect(verify.headers()["permissions-policy"]).toContain("camera=(self)");
      await expect(page.getByRole("button", { name: "Take a selfie with the camera" })).toHaveCount(0);

      // A number the browser cannot judge: the server answers beside the field, keeping what was typed.
      await fillDocuments(page);
      await page.getByLabel(/^ID number/).fill("1234-5678");
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByText("This number does not match the format of the chosen ID.", { exact: false })).toBeVisible();
      await expect(page.getByLabel(/^ID number/)).toHaveValue("1234-5678");
      await expect(page.getByLabel("Type of ID")).toHaveValue("philsys");

      await fillDocuments(page);
      await page.getByRole("button", { name: "Send for review" }).click();
      await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "pending");
    });
  });
});
