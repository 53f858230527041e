// Issue 17: `npm run agents -- …` as support staff run it, through the running server's admin channel.
import fs from "node:fs";
import path from "node:path";
import { and, count, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agentContracts, agentSettlements, auditLog, gameRounds, walletTransfers } from "../../app/db/schema";
import { createMember, findMemberByUsername } from "../../app/domain/accounts/members.server";
import { acceptContract } from "../../app/domain/agents/contracts.server";
import { periodAt } from "../../app/domain/agents/periods";
import { adminCliBench } from "../setup/admin-cli";
import { TEST_ENGINE } from "../setup/test-db";

const bench = adminCliBench("agents-cli-");
const { dir } = bench;
/** The CLI in a process of its own, as `npm run agents -- …` starts it; no DATABASE_URL, so it finds the channel. */
const agents = (...args: string[]) => bench.run("scripts/agents.ts", ...args);
const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, content);
  return p;
};
const brand = () => bench.registry.byId.get("lucky-peso")!;

const GOOD_TERMS = {
  period: "month",
  tiers: [
    { turnover: "50000", activePlayers: 5, netLoss: "0", rate: "0.5" },
    { turnover: "200,000", activePlayers: 20, netLoss: "10000", rate: "1.25" },
  ],
};

async function settlementRows() {
  const [lines] = await bench.database.db
    .select({ n: count() })
    .from(agentSettlements)
    .where(eq(agentSettlements.merchantCode, brand().merchantCode));
  const [transfers] = await bench.database.db
    .select({ n: count() })
    .from(walletTransfers)
    .where(and(eq(walletTransfers.merchantCode, brand().merchantCode), eq(walletTransfers.kind, "commission")));
  return { lines: lines!.n, transfers: transfers!.n };
}

describe(`npm run agents on ${TEST_ENGINE}`, () => {
  it("creates a top agent and a sub-agent (audited), refuses an unknown parent and a taken name, lists the tree", async () => {
    const top = await agents("create", "lucky-peso", "agtop", "--why", "new affiliate, ticket 17", "--by", "ana");
    expect(top).toMatchObject({ status: 0, stderr: "" });
    expect(top.stdout).toMatch(
      /^Created agent agtop on lucky-peso, type 41 \(agent\), at the top of a new tree \(by ana: new affiliate, ticket 17\)\.\nInvite code: [A-Z2-9]{8}\nPassword \(shown once\): \S{10,}\n$/,
    );
    const sub = await agents("create", "lucky-peso", "agsub", "--type", "1", "--parent", "AGTOP", "--why", "sub of agtop");
    expect(sub).toMatchObject({ status: 0, stderr: "" });
    expect(sub.stdout).toContain("Created agent agsub on lucky-peso, type 1 (member, agent), under agtop (by ");

    const db = bench.database.db;
    const [t, s] = [await findMemberByUsername(db, brand(), "agtop"), await findMemberByUsername(db, brand(), "agsub")];
    expect(t).toMatchObject({ type: 41, agentId: null, upline: [] });
    expect(s).toMatchObject({ type: 1, agentId: t!.id, upline: [t!.id] });
    expect(top.stdout).toContain(`Invite code: ${t!.inviteCode}\n`);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, brand().merchantCode), like(auditLog.subject, "member:ag%")));
    expect(audit.map((a) => [a.subject, a.newValue, a.actor, a.reason]).sort()).toEqual([
      ["member:agsub", "agent created, type 1, under agtop", expect.any(String), "sub of agtop"],
      ["member:agtop", "agent created, type 41, at the top of a tree", "ana", "new affiliate, ticket 17"],
    ]);

    const [orphan, taken] = await Promise.all([
      agents("create", "lucky-peso", "agorphan", "--parent", "nobody1", "--why", "x"),
      agents("create", "lucky-peso", "AgTop", "--why", "again"),
    ]);
    expect(orphan).toMatchObject({ status: 1, stdout: "", stderr: "nobody1 is not an agent of lucky-peso.\n" });
    expect(taken).toMatchObject({ status: 1, stderr: "AgTop already exists on lucky-peso.\n" });
    expect(await findMemberByUsername(db, brand(), "agorphan")).toBeNull();

    // A player who joins through the sub-agent's code counts in both teams.
    await createMember(db, brand(), { username: "agplayer1", password: "goodpass12", invitedBy: s });
    const list = await agents("list", "lucky-peso");
    expect(list).toMatchObject({ status: 0, stderr: "" });
    expect(list.stdout).toMatch(/^Agents of lucky-peso, oldest first:\n/);
    expect(list.stdout).toMatch(new RegExp(`^agtop\\s+41 \\(agent\\)\\s+-\\s+${t!.inviteCode}\\s+2\\s`, "m"));
    expect(list.stdout).toMatch(new RegExp(`^agsub\\s+1 \\(member, agent\\)\\s+agtop\\s+${s!.inviteCode}\\s+1\\s`, "m"));
    expect(list.stdout).not.toContain("agplayer1");
  });

  it("offers terms from a file, refuses bad terms and non-agents, keeps every version", async () => {
    const good = file("good.json", JSON.stringify(GOOD_TERMS));
    const offered = await agents(
      "offer",
      "lucky-peso",
      "agtop",
      "dividend",
      "--terms",
      good,
      "--why",
      "monthly deal",
      "--by",
      "ana",
    );
    expect(offered).toMatchObject({ status: 0, stderr: "" });
    expect(offered.stdout).toContain("Offered agtop a dividend, version 1 (by ana: monthly deal).\n    paid per month\n");
    expect(offered.stdout).toContain(
      "    tier 2: turnover ₱200,000.00+, 20 active player(s)+, net loss ₱10,000.00+  →  1.25 %\n",
    );

    // Refusals write nothing, so they run side by side.
    const bad = file("bad.json", JSON.stringify({ ...GOOD_TERMS, tiers: [{ ...GOOD_TERMS.tiers[0], rate: "half" }] }));
    const none = path.join(dir, "none.json");
    const [refused, wrongPeriod, notJson, missing, player] = await Promise.all([
      agents("offer", "lucky-peso", "agtop", "dividend", "--terms", bad, "--why", "x"),
      agents("offer", "lucky-peso", "agtop", "daily-salary", "--terms", good, "--why", "x"),
      agents("offer", "lucky-peso", "agtop", "dividend", "--terms", file("x.json", "{tiers:"), "--why", "x"),
      agents("offer", "lucky-peso", "agtop", "dividend", "--terms", none, "--why", "x"),
      agents("offer", "lucky-peso", "agplayer1", "dividend", "--terms", good, "--why", "x"),
    ]);
    expect(refused).toMatchObject({ status: 1, stdout: "" });
    expect(refused.stderr).toBe("The terms are refused, nothing was offered: tiers.0.rate: a percentage such as 0.5 or 12.25\n");
    expect(wrongPeriod.stderr).toContain("period: a daily_salary is paid per day");
    expect(notJson.status).toBe(1);
    expect(notJson.stderr).toMatch(/^Error: the terms file .*x\.json is not JSON: /);
    expect(missing).toMatchObject({ status: 1, stderr: `Error: the terms file ${none} does not exist\n` });
    expect(player).toMatchObject({ status: 1, stderr: "agplayer1 on lucky-peso is not an agent (type 0).\n" });
    expect(await bench.database.db.select().from(agentContracts)).toHaveLength(1);

    const again = file("again.json", JSON.stringify({ tiers: [{ ...GOOD_TERMS.tiers[0], rate: "0.75" }] }));
    expect(await agents("offer", "lucky-peso", "agtop", "dividend", "--terms", again, "--why", "better rate")).toMatchObject({
      status: 0,
    });
    const history = await agents("contracts", "lucky-peso", "agtop");
    expect(history).toMatchObject({ status: 0, stderr: "" });
    expect(history.stdout).toMatch(/^#\d+\s+dividend\s+version 2\s+offered\n {4}offered \S+ \S+ by \S+: better rate\n/m);
    expect(history.stdout).toMatch(/^#\d+\s+dividend\s+version 1\s+withdrawn\n {4}offered .* by ana: monthly deal; withdrawn /m);
    expect(history.stdout.indexOf("version 2")).toBeLessThan(history.stdout.indexOf("version 1"));
    const rows = await bench.database.db.select().from(agentContracts);
    expect(rows.map((r) => [r.version, r.state]).sort()).toEqual([
      [1, "withdrawn"],
      [2, "offered"],
    ]);
    expect(rows.find((r) => r.version === 2)!.terms).toEqual({
      period: "month",
      tiers: [{ minTurnover: "5000000", minActivePlayers: 5, minNetLoss: "0", rateBp: 75 }],
    });
  });

  it("refuses a label that names no period and one not over yet, writing nothing; a past day without contracts pays nothing", async () => {
    // A dividend in force: a month not over yet is refused though there is something to settle.
    const top = (await findMemberByUsername(bench.database.db, brand(), "agtop"))!;
    expect(await acceptContract(bench.database.db, brand(), top, "dividend", 2)).toMatchObject({ ok: true });

    const badLabel = await agents("settle", "lucky-peso", "2026-13", "--by", "ana");
    expect(badLabel).toMatchObject({ status: 1, stdout: "" });
    expect(badLabel.stderr).toContain('"2026-13" names no period. Periods: 2026-11-27T14 (an hour: hourly salaries)');
    const month = periodAt("month", new Date()).label;
    const open = await agents("settle", "lucky-peso", month, "--by", "ana");
    expect(open).toMatchObject({ status: 1, stdout: "" });
    expect(open.stderr).toMatch(
      new RegExp(
        `^${month} is not over yet: it ends \\d{4}-\\d\\d-01 00:00 Manila time and may be settled 15 minutes later, when its last rounds are closed\\. Nothing was settled\\.\\n$`,
      ),
    );
    expect(await settlementRows()).toEqual({ lines: 0, transfers: 0 });

    const day = periodAt("day", new Date(Date.now() - 2 * 24 * 3600_000)).label;
    const settled = await agents("settle", "lucky-peso", day, "--by", "ana");
    expect(settled).toMatchObject({ status: 0, stderr: "" });
    expect(settled.stdout).toBe(
      `Settled the daily salary of ${day} on lucky-peso: no agent had a daily salary contract in force when it closed; nothing to pay.\n`,
    );
    expect(await settlementRows()).toEqual({ lines: 0, transfers: 0 });
    expect(await agents("settlements", "lucky-peso", "agtop")).toMatchObject({
      status: 0,
      stdout: "agtop on lucky-peso has no settlements yet.\n",
    });
  });

  it("settles a past day that pays: each line with its figures, credited once; the second run shows the same lines", async () => {
    const db = bench.database.db;
    const sub = (await findMemberByUsername(db, brand(), "agsub"))!;
    const terms = file(
      "daily.json",
      JSON.stringify({ tiers: [{ turnover: "500", activePlayers: 1, netLoss: "0", rate: "1.5" }] }),
    );
    expect(await agents("offer", "lucky-peso", "agsub", "daily-salary", "--terms", terms, "--why", "daily deal")).toMatchObject({
      status: 0,
    });
    expect(await acceptContract(db, brand(), sub, "daily_salary", 1)).toMatchObject({ ok: true });
    // The day two days ago: the contract was accepted before it and a player of the team played in it.
    const day = periodAt("day", new Date(Date.now() - 2 * 24 * 3600_000));
    await db
      .update(agentContracts)
      .set({ acceptedAt: new Date(day.start.getTime() - 3600_000) })
      .where(and(eq(agentContracts.agentId, sub.id), eq(agentContracts.kind, "daily_salary")));
    const player = await createMember(db, brand(), { username: "agplayer9", invitedBy: sub });
    await db.insert(gameRounds).values({
      merchantCode: brand().merchantCode,
      memberId: player.id,
      provider: "BGS",
      round: "cli-round-1",
      gameCode: "BGS_SLOT_1",
      demo: false,
      bet: 123_456n,
      win: 23_456n,
      closed: true,
      startedAt: new Date(day.start.getTime() + 3600_000),
    });
    const first = await agents("settle", "lucky-peso", day.label, "--by", "ana");
    expect(first).toMatchObject({ status: 0, stderr: "" });
    // floor(₱1,234.56 × 1.5 %) = ₱18.51
    expect(first.stdout).toContain("agsub");
    expect(first.stdout).toContain("₱1,234.56");
    expect(first.stdout).toContain("₱18.51");
    expect(await settlementRows()).toEqual({ lines: 1, transfers: 1 });
    const again = await agents("settle", "lucky-peso", day.label, "--by", "ana");
    expect(again).toMatchObject({ status: 0, stderr: "" });
    expect(again.stdout).toContain(`The daily salary of ${day.label} on lucky-peso was settled before; nothing changed.`);
    expect(again.stdout).toContain("₱18.51");
    expect(await settlementRows()).toEqual({ lines: 1, transfers: 1 });
    expect((await agents("settlements", "lucky-peso", "agsub")).stdout).toContain("₱18.51");
  });

  it("answers mistakes with the usage or a clear error", async () => {
    const [usage1, usage2, usage3, noWhy, badType] = await Promise.all([
      agents(),
      agents("create", "lucky-peso"),
      agents("offer", "lucky-peso", "agtop", "weekly", "--terms", "t.json"),
      agents("create", "lucky-peso", "agnowhy", "--type", "42"),
      agents("create", "lucky-peso", "agbadtype", "--type", "40", "--why", "x"),
    ]);
    for (const r of [usage1, usage2, usage3]) {
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("Usage:");
    }
    expect(noWhy).toMatchObject({ status: 1, stderr: "--why is required\n" });
    expect(badType).toMatchObject({ status: 1, stderr: "--type must be one of 1, 2, 41, 42\n" });
  });
});
