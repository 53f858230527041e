/** Identity verification as a player sends it and support staff review it (brands ask for it before the first deposit). */
import type { Page, TestInfo } from "@playwright/test";
import sharp from "sharp";
import { cli, expect, type BrandId } from "./fixtures";

/** A plain picture large enough for the page's checks (at least 240 pixels a side). */
let picture: Promise<Buffer> | null = null;
export const aPicture = () =>
  (picture ??= sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 140, g: 170, b: 110 } } })
    .png()
    .toBuffer());

/** Fills the form on /m/verify: a PhilSys ID, its photo and, unless the camera gave one, a selfie file. */
export async function fillDocuments(page: Page, opts: { selfie: boolean } = { selfie: true }) {
  const file = { name: "id.png", mimeType: "image/png", buffer: await aPicture() };
  await page.getByLabel("Type of ID").selectOption("philsys");
  await page.getByLabel(/^ID number/).fill("1234-5678-9012-3456");
  await page.getByLabel(/^Photo of the ID/).setInputFiles(file);
  if (opts.selfie) await page.getByLabel(/^Selfie/).setInputFiles({ ...file, name: "selfie.png" });
}

/** The id of the member's waiting submission, as `npm run kyc -- list` shows it to support staff. */
export function waitingSubmission(testInfo: TestInfo, username: string): string {
  const waiting = cli("kyc", ["list", testInfo.project.name as BrandId]);
  const id = new RegExp(`^\\S+\\s+(\\d+)\\s+${username}\\s`, "m").exec(waiting)?.[1];
  expect(id, `${username}'s verification in:\n${waiting}`).toBeTruthy();
  return id!;
}

/**
 * Sends an ID and a selfie on /m/verify (the file fields, which work with JavaScript on or off:
 * the headless browser has no camera), then approves the submission with `npm run kyc` over the
 * running server's admin channel.
 */
export async function verifyIdentity(page: Page, testInfo: TestInfo, username: string) {
  await page.goto("/m/verify");
  await fillDocuments(page);
  await page.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "pending");
  cli("kyc", ["approve", testInfo.project.name, waitingSubmission(testInfo, username), "--by", "e2e"]);
  await page.reload();
  await expect(page.getByTestId("kyc-status")).toHaveAttribute("data-status", "approved");
}
