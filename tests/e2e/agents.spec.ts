import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { cli, expect, expectNoA11yViolations, test, uniqueName } from "./fixtures";
import { register } from "./lobby-helpers";
import { brandOf, shot } from "./money-helpers";

/**
 * Issue 17 as a new agent meets it, on both brands: support makes the agent and offers a contract
 * (npm run agents, over the running server's admin channel); the agent signs in through the agent
 * door, the prompt leads to the contract, it accepts; a player registers with its link and shows in
 * the team; another tree's agent sees none of it.
 */

const terms = mkdtempSync(path.join(os.tmpdir(), "agents-e2e-"));
const DAILY = path.join(terms, "daily.json");
const DIVIDEND = path.join(terms, "dividend.json");
writeFileSync(DAILY, JSON.stringify({ tiers: [{ turnover: "1000", activePlayers: 1, netLoss: "0", rate: "0.8" }] }));
writeFileSync(
  DIVIDEND,
  JSON.stringify({ period: "month", tiers: [{ turnover: "0", activePlayers: 1, netLoss: "1", rate: "25" }] }),
);

function newAgent(testInfo: TestInfo, type: "1" | "41", parent?: string): { name: string; password: string } {
  const name = uniqueName("agt");
  const out = cli("agents", [
    "create",
    brandOf(testInfo),
    name,
    "--type",
    type,
    ...(parent ? ["--parent", parent] : []),
    "--by",
    "e2e",
    "--why",
    "agents e2e",
  ]);
  return { name, password: /Password \(shown once\): (\S+)/.exec(out)![1]! };
}

function offer(testInfo: TestInfo, agent: string, kind: "daily-salary" | "dividend", file: string) {
  cli("agents", ["offer", brandOf(testInfo), agent, kind, "--terms", file, "--by", "e2e", "--why", "agents e2e"]);
}

async function agentLogin(page: Page, agent: { name: string; password: string }) {
  await page.goto("/m/login?mode=agent");
  await expect(page.getByRole("heading", { name: "Agent login" })).toBeVisible();
  await page.getByLabel(/^Username/).fill(agent.name);
  await page.getByLabel(/^Password/).fill(agent.password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
  // Without JavaScript, closing the login pop-ups leaves the prompts still to come in the address.
  await expect(page).toHaveURL(/\/m\/home(\?cp=[a-z_,]+)?$/);
}

test("an agent accepts its contract from the prompt after signing in, and sees the player its link brought", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const agent = newAgent(testInfo, "1");
  offer(testInfo, agent.name, "daily-salary", DAILY);
  await agentLogin(page, agent);

  const prompt = page.getByTestId("contract-prompts");
  await expect(prompt.getByRole("dialog")).toContainText("Daily salary contract");
  await expect(prompt).toContainText("A contract waits for your review.");
  await shot(page, testInfo, "agent-prompt");
  await prompt.getByTestId("contract-prompt-go").click();
  await expect(page).toHaveURL(/\/m\/member\/agent\/getSalaryContract$/);
  const table = page.getByTestId("tier-table");
  await expect(table).toContainText("₱1,000.00");
  await expect(table).toContainText("0.8");
  await expectNoA11yViolations(page);
  await shot(page, testInfo, "agent-contract");
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(page).toHaveURL(/\/m\/agent\/home$/);
  await expect(page.getByText("Contract accepted.")).toBeVisible();
  await expect(page.getByTestId("agent-earnings")).toContainText("Daily salary");
  await expect(page.getByTestId("contracts-waiting")).toHaveCount(0);

  // A player registers with the agent's link and joins its team.
  const code = (await page.getByTestId("agent-code").innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  const other = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const player = await other.newPage();
  const username = await register(player, `/m/register?affiliateCode=${code}`);
  await other.close();

  await page.reload();
  await expect(page.getByTestId("agent-kpi")).toContainText(/Registrations\s*1/);
  await expect(page.getByTestId("agent-downline")).toContainText(username);
  await expectNoA11yViolations(page);
  await shot(page, testInfo, "agent-home");

  // The member centre's one line leads here.
  await page.goto("/m/member/home");
  await expect(page.getByTestId("agent-line")).toContainText("Team: 1");
  // The bottom bar's invite entry is not a player's referral: it leads an agent to its affiliate link.
  await page.goto("/m/member/home?panel=invite");
  await page.getByTestId("invite-agent-centre").getByRole("link", { name: "Agent centre" }).click();
  await expect(page).toHaveURL(/\/m\/agent\/home$/);

  // An agent of another tree sees an empty team and cannot look into this one.
  const stranger = newAgent(testInfo, "41");
  const elsewhere = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
  const strangerPage = await elsewhere.newPage();
  await agentLogin(strangerPage, stranger);
  await strangerPage.goto("/m/agent/home");
  await expect(strangerPage.getByTestId("downline-empty")).toBeVisible();
  await expect(strangerPage.getByTestId("agent-downline")).not.toContainText(username);
  const peek = await strangerPage.goto(`/m/agent/home?under=${agent.name}`);
  expect(peek?.status()).toBe(404);
  await elsewhere.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Cancel steps through the prompts, one per offer, and Go still opens the contract", async ({ page }, testInfo) => {
    const agent = newAgent(testInfo, "1");
    offer(testInfo, agent.name, "daily-salary", DAILY);
    offer(testInfo, agent.name, "dividend", DIVIDEND);
    await agentLogin(page, agent);
    const prompt = page.getByTestId("contract-prompts");
    await expect(prompt).toContainText("Daily salary contract");
    await expect(prompt).toContainText("1 of 2");
    await prompt.getByTestId("contract-prompt-cancel").click();
    await expect(prompt).toContainText("Dividend contract");
    await prompt.getByTestId("contract-prompt-go").click();
    await expect(page).toHaveURL(/\/m\/member\/agent\/getDevidendContract$/);
    await expect(page.getByTestId("tier-table")).toContainText("25");
    await page.getByRole("button", { name: "Accept" }).click();
    await expect(page).toHaveURL(/\/m\/agent\/home$/);
    await expect(page.getByTestId("agent-earnings")).toContainText("Dividend");
    // The daily salary still waits, on the agent centre.
    await expect(page.getByTestId("contracts-waiting")).toContainText("Daily salary");
  });
});
