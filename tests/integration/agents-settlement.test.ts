import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { AgentContractKind } from "../../app/db/schema";
import { rawRows } from "../../app/db/client.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { acceptContract, offerContract } from "../../app/domain/agents/contracts.server";
import { teamKpi, teamTurnover } from "../../app/domain/agents/kpi.server";
import { periodAt } from "../../app/domain/agents/periods";
import { earningsSummary, SETTLE_GRACE_MS, settlePeriod } from "../../app/domain/agents/settlement.server";
import { parseTerms } from "../../app/domain/agents/terms";
import { createAgent } from "../../app/domain/agents/tree.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { liveSession, uid, type LiveSession } from "../setup/seamless-client";
import { TEST_ENGINE } from "../setup/test-db";
import { bgs, database, expectExact, lucky, perlas, setUpSeamlessApi } from "./seamless-api-fixtures";

/**
 * Issue 17, item 4: a two-level downline plays through the seamless-wallet API (over HTTP), then the
 * day's salaries and the month's dividends are settled, twice and in parallel: every line written
 * once, every centavo credited once through the ledger, and nothing of another brand touched.
 */
setUpSeamlessApi();

const actor = { name: "ops", reason: "issue 17 test" };
let seq = 0;

async function agentWith(brand: Brand, parent: string | null, contracts: [AgentContractKind, unknown][]) {
  const { agent } = await createAgent(
    database.db,
    brand,
    { username: `ag${process.pid % 1000}x${++seq}`, type: 41, parent },
    actor,
  );
  for (const [kind, input] of contracts) {
    const parsed = parseTerms(kind, input);
    if (!parsed.ok) throw new Error(parsed.error);
    const offered = await offerContract(database.db, brand, agent, kind, parsed.terms, actor);
    expect((await acceptContract(database.db, brand, agent, kind, offered.version)).ok).toBe(true);
  }
  return agent;
}

const salary = (rate: string) => ({ tiers: [{ turnover: "100", activePlayers: 1, netLoss: "0", rate }] });
const dividend = (rate: string) => ({ period: "month", tiers: [{ turnover: "0", activePlayers: 1, netLoss: "1", rate }] });

/** One cash round: a bet, then a win (0 for a loss), through the API. */
async function round(s: LiveSession, bet: bigint, win: bigint) {
  const r = uid("round");
  const betTx = uid("bet");
  expect((await s.bet(betTx, bet, r)).json.status).toBe("RS_OK");
  expect((await s.win(uid("win"), win, r, betTx)).json.status).toBe("RS_OK");
}

const cashOf = (id: number, brand = lucky()) => getBalance(database.db, brand, id, "cash");
const transfers = async () =>
  Number(
    (await rawRows<{ n: unknown }>(database.db, sql`select count(*) as n from wallet_transfers where kind = 'commission'`))[0]!.n,
  );

describe(`agents' settlement on ${TEST_ENGINE}`, () => {
  it("settles a two-level downline's day and month once, centavo-exact, with the level difference", async () => {
    const top = await agentWith(lucky(), null, [
      ["daily_salary", salary("2")],
      ["dividend", dividend("30")],
    ]);
    const sub = await agentWith(lucky(), top.username, [["daily_salary", salary("1.5")]]);
    // Players: one of the top agent's own, one of the sub-agent's, and one the sub-agent's player invited.
    const p1 = await liveSession(database.db, lucky(), bgs, { cash: 100_000n, invitedBy: top, prefix: "agp" });
    const p2 = await liveSession(database.db, lucky(), bgs, { cash: 100_000n, invitedBy: sub, prefix: "agp" });
    const p2member = { id: p2.memberId, type: 0, agentId: sub.id, upline: [top.id, sub.id] };
    const p3 = await liveSession(database.db, lucky(), bgs, { cash: 100_000n, invitedBy: p2member, prefix: "agp" });
    const outsider = await liveSession(database.db, lucky(), bgs, { cash: 100_000n, prefix: "agp" });
    await round(p1, 30_000n, 0n); // top's own player loses 300.00
    await round(p2, 10_001n, 5_000n); // the sub team: 100.01 and 50.00 staked
    await round(p3, 5_000n, 12_000n);
    await round(outsider, 50_000n, 0n); // in no tree: counts for nobody
    await expectExact();

    const today = periodAt("day", new Date());
    const kpiTop = await teamKpi(database.db, lucky(), top.id, today);
    expect(kpiTop).toMatchObject({ registrations: 3, turnover: 45_001n, netWin: 17_000n - 45_001n, activePlayers: 3 });
    const kpiSub = await teamKpi(database.db, lucky(), sub.id, today);
    expect(kpiSub).toMatchObject({ registrations: 2, turnover: 15_001n, netWin: 1_999n, activePlayers: 2 });
    // The member centre's line reads the turnover alone: the same figure.
    expect(await teamTurnover(database.db, lucky(), top.id, today)).toBe(45_001n);
    expect(await teamTurnover(database.db, lucky(), sub.id, today)).toBe(15_001n);

    const est = await earningsSummary(database.db, lucky(), sub.id, today);
    expect(est.estimates).toEqual([expect.objectContaining({ kind: "daily_salary", tier: 1, rateBp: 150, amount: 225n })]);

    const before = { top: await cashOf(top.id), sub: await cashOf(sub.id) };
    const later = new Date(today.end.getTime() + SETTLE_GRACE_MS);
    const first = await settlePeriod(database.db, lucky(), today.label, actor, later);
    expect(first.ok && !first.already).toBe(true);
    if (!first.ok) return;
    // sub: floor(15,001 × 1.5 %) = 225; top: floor(45,001 × 2 %) = 900, less the sub-agent's 225 = 675.
    const lines = Object.fromEntries(first.settled.map((l) => [l.agentId, l]));
    expect(lines[sub.id]).toMatchObject({
      turnover: 15_001n,
      activePlayers: 2,
      tier: 1,
      gross: 225n,
      subAgents: 0n,
      amount: 225n,
    });
    expect(lines[top.id]).toMatchObject({ turnover: 45_001n, activePlayers: 3, gross: 900n, subAgents: 225n, amount: 675n });
    expect(await cashOf(sub.id)).toBe(before.sub + 225n);
    expect(await cashOf(top.id)).toBe(before.top + 675n);

    // Again: the same lines, no money moves.
    const count = await transfers();
    const again = await settlePeriod(database.db, lucky(), today.label, actor, later);
    expect(again.ok && again.already).toBe(true);
    expect(await transfers()).toBe(count);
    expect(await cashOf(top.id)).toBe(before.top + 675n);

    // The month's dividend, five runs at once: the top agent's team lost 450.01 - 170.00 = 280.01; 30 % → 84.00.
    const month = periodAt("month", new Date());
    const runs = await Promise.all(
      Array.from({ length: 5 }, () =>
        settlePeriod(database.db, lucky(), month.label, actor, new Date(month.end.getTime() + SETTLE_GRACE_MS)),
      ),
    );
    for (const r of runs) expect(r.ok && r.settled.find((l) => l.agentId === top.id)?.amount).toBe(8_400n);
    expect(await transfers()).toBe(count + 1);
    expect(await cashOf(top.id)).toBe(before.top + 675n + 8_400n);
    await expectExact();
  });

  it("refuses a period that is still open or that names none, and writes nothing", async () => {
    const count = await transfers();
    expect(await settlePeriod(database.db, lucky(), periodAt("day", new Date()).label, actor)).toEqual({
      ok: false,
      error: "open",
    });
    for (const label of ["2026-13", "yesterday", "2026-02-30", ""]) {
      expect(await settlePeriod(database.db, lucky(), label, actor)).toEqual({ ok: false, error: "period" });
    }
    expect(await transfers()).toBe(count);
  });

  it("keeps brands apart: another brand's settlement sees none of this brand's agents or rounds", async () => {
    const agent = await agentWith(perlas(), null, [["daily_salary", salary("2")]]);
    const day = periodAt("day", new Date());
    const r = await settlePeriod(database.db, perlas(), day.label, actor, new Date(day.end.getTime() + SETTLE_GRACE_MS));
    expect(r.ok && r.settled.map((l) => [l.agentId, l.turnover, l.amount])).toEqual([[agent.id, 0n, 0n]]);
    expect(await cashOf(agent.id, perlas())).toBe(0n);
  });

  it("fixes an account's place in the tree when it is made", async () => {
    const top = await agentWith(lucky(), null, []);
    const player = await createMember(database.db, lucky(), { username: `agfix${seq}`, invitedBy: top });
    expect(player).toMatchObject({ agentId: top.id, upline: [top.id], referrerId: top.id });
    await expect(
      database.db.execute(sql`update members set agent_id = null, upline = '{}' where id = ${player.id}`),
    ).rejects.toThrow();
    // The upline and the direct agent can never disagree.
    await expect(
      database.db.execute(
        sql`insert into members (merchant_code, username, username_key, invite_code, agent_id, upline)
            values (${lucky().merchantCode}, 'agbad', 'agbad', 'AGBAD001', ${top.id}, '{}')`,
      ),
    ).rejects.toThrow();
  });
});
