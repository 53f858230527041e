import { getBalance } from "../../app/domain/wallet/balances.server";
import { describe, expect, it } from "vitest";
import { announcements, gameRounds } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { contractHistory, currentContracts, offerContract } from "../../app/domain/agents/contracts.server";
import { manilaDay } from "../../app/domain/agents/periods";
import { settlePeriod } from "../../app/domain/agents/settlement.server";
import { parseTerms } from "../../app/domain/agents/terms";
import { createAgent } from "../../app/domain/agents/tree.server";
import type { AgentContractKind } from "../../app/db/schema";
import { retireContent } from "../../app/domain/content/manage.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();
const staff = { name: "test", reason: "agents http test" };

const lucky = () => app.registry.byId.get("lucky-peso")!;
const perlas = () => app.registry.byId.get("perlas-play")!;

let seq = 0;
const uniq = (prefix: string) => `${prefix}${++seq}${Date.now().toString(36).slice(-4)}`;

async function agent(type: 1 | 2 | 41 | 42, parent: Member | null = null, brand = lucky()): Promise<Member> {
  const made = await createAgent(app.database.db, brand, { username: uniq("ag"), type, parent: parent?.username ?? null }, staff);
  return made.agent;
}

const player = (invitedBy: Member | null, brand = lucky()) =>
  createMember(app.database.db, brand, { username: uniq("pl"), password: "goodpass12", invitedBy });

/** A cash round of the in-house server, begun now. */
async function round(memberId: number, bet: bigint, win: bigint) {
  await app.database.db.insert(gameRounds).values({
    merchantCode: lucky().merchantCode,
    memberId,
    provider: "BGS",
    round: `agents-${memberId}-${++seq}`,
    gameCode: "dice",
    demo: false,
    bet,
    win,
    closed: true,
  });
}

async function signedIn(member: Member, brand = lucky()): Promise<Jar> {
  const jar = new Jar(app.port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, brand, member.id));
  return jar;
}

const TERMS = {
  tiers: [
    { turnover: "1000", activePlayers: 1, netLoss: "0", rate: "0.5" },
    { turnover: "50,000", activePlayers: 5, netLoss: "0", rate: "1.25" },
  ],
};

async function offer(to: Member, kind: AgentContractKind, input: unknown = TERMS) {
  const parsed = parseTerms(kind, input);
  if (!parsed.ok) throw new Error(parsed.error);
  return offerContract(app.database.db, lucky(), to, kind, parsed.terms, staff);
}

const kpiValue = (body: string, id: string) =>
  new RegExp(`data-kpi="${id}"[\\s\\S]*?data-kpi-value="[^"]*">([^<]+)<`).exec(body)?.[1] ?? null;
const downlineNames = (body: string) => [...body.matchAll(/data-downline="([^"]+)"/g)].map((m) => m[1]);
/** The href of the link a test id names, whatever the order of its attributes. */
const hrefOf = (body: string, testId: string) =>
  /href="([^"]*)"/.exec(new RegExp(`<a [^>]*data-testid="${testId}"[^>]*>`).exec(body)?.[0] ?? "")?.[1]?.replace(/&amp;/g, "&") ??
  null;
/** A text shown as its locale key: a key missing from the locale files. */
const untranslated = (body: string) => body.match(/>\s*(?:agent|titles|toast)\.[A-Za-z_.]+\s*</g) ?? [];
const promptKinds = (body: string) => [...body.matchAll(/data-prompt="([^"]+)"/g)].map((m) => m[1]);

describe(`the agent home over HTTP on ${TEST_ENGINE}`, () => {
  it("sends a visitor to sign in and a player (type 0) home", async () => {
    const visitor = await new Jar(app.port, lucky().hosts[0]).get("/m/agent/home");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.location).toBe("/m/login?redirectTo=%2Fm%2Fagent%2Fhome");
    const jar = await signedIn(await player(null));
    const r = await jar.get("/m/agent/home");
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/home");
  });

  it("shows an agent (type 41) its code and link, the KPI cards and the player it invited", async () => {
    const boss = await agent(41);
    const invited = await player(boss);
    await round(invited.id, 150_00n, 50_00n);
    const r = await (await signedIn(boss)).get("/m/agent/home");
    expect(r.status).toBe(200);
    expect(r.headers["cache-control"]).toBe("private, no-store");
    expect(r.body).toMatch(new RegExp(`data-testid="agent-code"[^>]*>${boss.inviteCode}<`));
    // siteOrigin: a *.localhost test host keeps the scheme it was asked on.
    expect(r.body).toContain(`value="http://luckypeso.localhost/m/register?affiliateCode=${boss.inviteCode}"`);
    expect(r.body).toContain("Players who register with this code or link join your team.");
    expect(r.body).toContain('data-range="today"');
    expect(kpiValue(r.body, "turnover")).toBe("₱150.00");
    expect(kpiValue(r.body, "registrations")).toBe("1");
    expect(kpiValue(r.body, "activePlayers")).toBe("1");
    expect(kpiValue(r.body, "netWin")).toBe("-₱100.00");
    expect(downlineNames(r.body)).toEqual([invited.username]);
    // No contract yet: the empty state says how contracts come.
    expect(r.body).toContain('data-testid="earnings-empty"');
    expect(r.body).toContain("No settlements yet.");
    expect(untranslated(r.body)).toEqual([]);
  });

  it("opens a sub-agent's team with ?under= and answers 404 for any name outside the team", async () => {
    const top = await agent(41);
    const sub = await agent(42, top);
    const subPlayer = await player(sub);
    const topPlayer = await player(top);
    const jar = await signedIn(top);

    const agents = await jar.get("/m/agent/home?tab=agents");
    expect(downlineNames(agents.body)).toEqual([sub.username]);
    expect(agents.body).toContain(`href="/m/agent/home?under=${sub.username}"`);
    const players = await jar.get("/m/agent/home");
    // The sub-agent's player belongs to the sub-agent's own downline, not the top's direct one.
    expect(downlineNames(players.body)).toEqual([topPlayer.username]);

    const under = await jar.get(`/m/agent/home?under=${sub.username}&range=thisWeek`);
    expect(under.status).toBe(200);
    expect(downlineNames(under.body)).toEqual([subPlayer.username]);
    expect(under.body).toContain(`Team of ${sub.username}`);
    expect(under.body).toContain('data-testid="team-trail"');
    expect(under.body).toContain('data-range="thisWeek"');
    // The viewer's own code and earnings are not the sub-agent's.
    expect(under.body).not.toContain('data-testid="agent-affiliate"');
    expect(under.body).not.toContain(top.inviteCode);

    const stranger = await agent(41);
    const otherBrand = await agent(41, null, perlas());
    for (const name of [stranger.username, otherBrand.username, "nobody-here", subPlayer.username, "x".repeat(200)]) {
      const r = await jar.get(`/m/agent/home?under=${encodeURIComponent(name)}`);
      expect(r.status, name).toBe(404);
      expect(r.body, name).not.toContain(name.slice(0, 40));
    }
    // The sub-agent cannot look up at its parent.
    expect((await (await signedIn(sub)).get(`/m/agent/home?under=${top.username}`)).status).toBe(404);
  });

  it("reads bad query values as the defaults, searches by name and says when nothing matches", async () => {
    const boss = await agent(41);
    const a = await player(boss);
    await player(boss);
    const jar = await signedIn(boss);
    const r = await jar.get("/m/agent/home?range=forever%27%3B--&page=-3&tab=%3Cx%3E");
    expect(r.status).toBe(200);
    expect(r.body).toContain('data-range="today"');
    expect(r.body).toContain('data-tab="players"');
    expect(downlineNames(r.body)).toHaveLength(2);

    const found = await jar.get(`/m/agent/home?q=${a.username.slice(0, -1).toUpperCase()}`);
    expect(downlineNames(found.body)).toEqual([a.username]);
    const none = await jar.get("/m/agent/home?q=%25_");
    expect(none.status).toBe(200);
    expect(downlineNames(none.body)).toEqual([]);
    expect(none.body).toContain("No user name matches “%_”.");

    const empty = await (await signedIn(await agent(41))).get("/m/agent/home");
    expect(empty.body).toContain("No players in this team yet.");
  });

  it("is not there (404) with AFFMAN3 off, nor are the contract pages", async () => {
    const jar = await signedIn(await agent(41));
    await setFlag(app.database.db, lucky(), "AFFMAN3", false, staff);
    try {
      expect((await jar.get("/m/agent/home")).status).toBe(404);
      expect((await jar.get("/m/member/agent/getSalaryContract")).status).toBe(404);
    } finally {
      await setFlag(app.database.db, lucky(), "AFFMAN3", null, staff);
    }
    expect((await jar.get("/m/agent/home")).status).toBe(200);
  });

  it("shows an agent's team line in the member centre", async () => {
    const boss = await agent(1);
    await player(boss);
    const r = await (await signedIn(boss)).get("/m/member/home");
    expect(r.status).toBe(200);
    expect(r.body).toMatch(/data-testid="agent-line"[\s\S]*?Team: 1[\s\S]*?Today&#x27;s turnover ₱0\.00/);
    const plain = await (await signedIn(await player(null))).get("/m/member/home");
    expect(plain.body).not.toContain('data-testid="agent-line"');
  });
});

describe(`the contract pages over HTTP on ${TEST_ENGINE}`, () => {
  it("shows the offered terms and, accepted with the version shown, puts the contract in force", async () => {
    const boss = await agent(41);
    const jar = await signedIn(boss);
    const emptyPage = await jar.get("/m/member/agent/getHourContract");
    expect(emptyPage.status).toBe(200);
    expect(emptyPage.body).toContain('data-testid="contract-empty"');

    await offer(boss, "daily_salary");
    const page = await jar.get("/m/member/agent/getSalaryContract");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<h1[^>]*>Daily salary contract<\/h1>/);
    expect(page.body).toContain('<input type="hidden" name="version" value="1"/>');
    expect(page.body).toContain("₱1,000.00");
    expect(page.body).toContain("₱50,000.00");
    expect(page.body).toContain("0.5%");
    expect(page.body).toContain("1.25%");
    expect(untranslated(page.body)).toEqual([]);

    const home = await jar.get("/m/agent/home");
    expect(home.body).toContain('data-testid="contracts-waiting"');
    expect(home.body).toContain('href="/m/member/agent/getSalaryContract"');

    const accept = await jar.post("/m/member/agent/getSalaryContract", { intent: "accept", version: "1" });
    expect(accept.status).toBe(302);
    expect(accept.headers.location).toBe("/m/agent/home");
    const contracts = await currentContracts(app.database.db, lucky(), boss.id);
    expect(contracts.map((c) => [c.kind, c.version, c.state])).toEqual([["daily_salary", 1, "accepted"]]);

    const after = await jar.get("/m/agent/home");
    expect(after.body).toContain("Contract accepted. It is in force from now on.");
    expect(after.body).toContain('data-estimate="daily_salary"');
    expect(after.body).toContain("No tier yet");
    expect(untranslated(after.body)).toEqual([]);

    // A player of the team plays ₱2,000 today: tier 1 (₱1,000 and one active player) at 0.5 % pays ₱10.00.
    await round((await player(boss)).id, 2000_00n, 0n);
    const estimate = await jar.get("/m/agent/home");
    expect(estimate.body).toMatch(/data-estimate="daily_salary"[\s\S]*?data-amount="[^"]*">₱10\.00</);
    expect(estimate.body).toContain("Tier 1");
    // Today settled as if the day were over: the line and the range's settled total show it.
    const settled = await settlePeriod(
      app.database.db,
      lucky(),
      manilaDay(new Date()),
      staff,
      new Date(Date.now() + 2 * 86_400_000),
    );
    expect(settled.ok).toBe(true);
    const lines = await jar.get("/m/agent/home");
    expect(lines.body).toMatch(/data-settlement="\d{4}-\d\d-\d\d"[\s\S]*?Daily salary[\s\S]*?\+₱10\.00/);
    expect(lines.body).toMatch(/data-testid="earnings-settled"[\s\S]*?₱10\.00/);
    expect(untranslated(lines.body)).toEqual([]);
    // The commission is in the agent's wallet, which an agent-only account withdraws from like a player.
    expect(await getBalance(app.database.db, lucky(), boss.id, "cash")).toBe(10_00n);
    expect((await jar.get("/m/withdraw")).status).toBe(200);
    expect((await jar.get("/m/transactions")).status).toBe(200);

    const inForce = await jar.get("/m/member/agent/getSalaryContract");
    expect(inForce.body).toContain('data-testid="contract-in-force"');
    expect(inForce.body).not.toContain('name="version"');

    // Posting again: nothing waits any more.
    const again = await jar.post("/m/member/agent/getSalaryContract", { intent: "accept", version: "1" });
    expect(again.status).toBe(302);
    expect(again.headers.location).toBe("/m/member/agent/getSalaryContract");
    expect((await jar.get("/m/member/agent/getSalaryContract")).body).toContain("No contract waits for your acceptance.");
  });

  it("refuses an old version with the translated message and the new terms, and a bad form without a crash", async () => {
    const boss = await agent(42);
    await offer(boss, "dividend");
    const jar = await signedIn(boss);
    await jar.get("/m/member/agent/getDevidendContract");
    await offer(boss, "dividend", {
      period: "month",
      tiers: [{ turnover: "0", activePlayers: 2, netLoss: "10000", rate: "20" }],
    });
    const r = await jar.post("/m/member/agent/getDevidendContract", { intent: "accept", version: "1" });
    expect(r.status).toBe(400);
    expect(r.body).toContain("The terms changed; read them again.");
    expect(r.body).toContain('<input type="hidden" name="version" value="2"/>');
    expect(r.body).toContain("20%");

    // In the player's language.
    jar.cookies.set("lng", encodeURIComponent(Buffer.from(JSON.stringify("zh")).toString("base64")));
    const zh = await jar.post("/m/member/agent/getDevidendContract", { intent: "accept", version: "1" });
    expect(zh.status).toBe(400);
    expect(zh.body).toContain("条款已变更，请重新阅读。");
    jar.cookies.delete("lng");

    for (const version of ["", "abc", "-1", "1".repeat(20)]) {
      const bad = await jar.post("/m/member/agent/getDevidendContract", { intent: "accept", version });
      expect(bad.status, version).toBe(400);
      expect(bad.body).toContain("This form is out of date.");
    }
    expect((await currentContracts(app.database.db, lucky(), boss.id)).map((c) => c.state)).toEqual(["offered"]);
  });

  it("refuses a post without the CSRF token", async () => {
    const boss = await agent(41);
    await offer(boss, "hourly_salary");
    const jar = await signedIn(boss);
    await jar.get("/m/member/agent/getHourContract");
    const r = await jar.post("/m/member/agent/getHourContract", { intent: "accept", version: "1" }, { csrf: false });
    expect(r.status).toBe(403);
    const wrong = await jar.post("/m/member/agent/getHourContract", { intent: "accept", version: "1" }, { csrf: "forged" });
    expect(wrong.status).toBe(403);
    expect((await currentContracts(app.database.db, lucky(), boss.id)).map((c) => c.state)).toEqual(["offered"]);
  });

  it("records exactly one acceptance when ten posts come at once", async () => {
    const boss = await agent(41);
    await offer(boss, "daily_salary");
    const jar = await signedIn(boss);
    await jar.get("/m/member/agent/getSalaryContract");
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => jar.post("/m/member/agent/getSalaryContract", { intent: "accept", version: "1" })),
    );
    expect(replies.map((r) => r.status)).toEqual(Array(10).fill(302));
    expect(replies.filter((r) => r.headers.location === "/m/agent/home")).toHaveLength(1);
    const history = await contractHistory(app.database.db, lucky(), boss.id);
    expect(history.map((c) => [c.version, c.state])).toEqual([[1, "accepted"]]);
  });
});

describe(`the contract prompts after sign-in over HTTP on ${TEST_ENGINE}`, () => {
  it("come on the first page for a type 1 agent with offers waiting, in order, and Cancel leads to the next", async () => {
    const boss = await agent(1);
    await offer(boss, "dividend");
    await offer(boss, "daily_salary");
    const jar = await signedIn(boss);
    const first = await jar.get("/m/home");
    expect(first.status).toBe(200);
    expect(first.body).toContain('data-testid="contract-prompts"');
    expect(promptKinds(first.body)).toEqual(["daily_salary"]);
    expect(first.body).toContain('role="dialog"');
    expect(first.body).toContain("A contract waits for your review.");
    expect(untranslated(first.body)).toEqual([]);
    expect(hrefOf(first.body, "contract-prompt-cancel")).toBe("/m/home?cp=dividend");
    expect(hrefOf(first.body, "contract-prompt-go")).toBe("/m/member/agent/getSalaryContract");

    // The next page of the session has none; Cancel without JavaScript asks for the kinds left.
    const second = await jar.get("/m/home");
    expect(second.body).not.toContain('data-testid="contract-prompts"');
    const cancelled = await jar.get("/m/home?cp=dividend");
    expect(promptKinds(cancelled.body)).toEqual(["dividend"]);
    expect(hrefOf(cancelled.body, "contract-prompt-cancel")).toBe("/m/home");
  });

  it("are not shown for a type 41 agent, nor for kinds that do not wait", async () => {
    const only = await agent(41);
    await offer(only, "daily_salary");
    const jar = await signedIn(only);
    const first = await jar.get("/m/agent/home");
    expect(first.status).toBe(200);
    expect(first.body).not.toContain('data-testid="contract-prompts"');
    expect((await jar.get("/m/agent/home?cp=daily_salary")).body).not.toContain('data-testid="contract-prompts"');

    const plays = await agent(2);
    await offer(plays, "daily_salary");
    const other = await signedIn(plays);
    await other.get("/m/home");
    const none = await other.get("/m/home?cp=dividend");
    expect(none.status).toBe(200);
    expect(none.body).not.toContain('data-testid="contract-prompts"');
    expect(promptKinds((await other.get("/m/home?cp=dividend,daily_salary,zzz")).body)).toEqual(["daily_salary"]);
  });

  it("follow the login pop-ups: closing the list without JavaScript leads to the prompts", async () => {
    const boss = await agent(2);
    await offer(boss, "hourly_salary");
    await app.database.db.insert(announcements).values({
      merchantCode: lucky().merchantCode,
      contentType: "PU",
      title: "Welcome to the weekend",
      content: "<p>Free spins</p>",
      startDate: new Date(Date.now() - 60_000),
      key: "agents-popup-test",
      language: lucky().languages.default,
    });
    try {
      const jar = await signedIn(boss);
      const first = await jar.get("/m/home");
      expect(first.body).toContain('data-testid="login-popups"');
      expect(first.body).not.toContain('data-testid="contract-prompts"');
      expect(hrefOf(first.body, "login-popups-close")).toBe("/m/home?cp=hourly_salary");
      const next = await jar.get("/m/home?cp=hourly_salary");
      expect(next.body).not.toContain('data-testid="login-popups"');
      expect(promptKinds(next.body)).toEqual(["hourly_salary"]);
      expect(hrefOf(next.body, "contract-prompt-go")).toBe("/m/member/agent/getHourContract");
    } finally {
      await retireContent(app.database.db, lucky(), "announcement", "agents-popup-test", staff);
    }
  });
});
