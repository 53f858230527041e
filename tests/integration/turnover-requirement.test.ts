// The turnover requirement: added by a paid deposit, taken down by bets through the seamless-wallet API, holding withdrawals back until met.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seamlessTransactions, turnoverRequirements, withdrawals } from "../../app/db/schema";
import { turnoverRemaining } from "../../app/domain/wallet/turnover.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { fund, liveSession, uid } from "../setup/seamless-client";
import { client, db, deposit, lucky, perlas, player, setUpBetRecords, withdraw } from "./bet-records-fixtures";

setUpBetRecords();

describe("the turnover requirement", () => {
  it("is added by a paid deposit, taken down by bets, given back by a rollback, and holds withdrawals until met", async () => {
    const brand = lucky();
    expect(brand.play.turnoverMultiplier).toBe(1);
    const { m, s } = await player(brand);
    await deposit(brand, m, 1_000_00n);
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(1_000_00n);
    // Cash that is no deposit (as a support adjustment brings it) asks for no turnover.
    await fund(db(), brand, m.id, 1_000_00n);
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(1_000_00n);

    expect(await withdraw(brand, m, 200_00n)).toEqual({ ok: false, reason: "turnover", remaining: 1_000_00n });
    const r1 = uid("round");
    const bet1 = uid("bet");
    expect((await s.bet(bet1, 300_00n, r1)).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(700_00n);
    expect((await s.rollback(uid("rb"), bet1, r1, 300_00n)).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(1_000_00n);

    const r2 = uid("round");
    expect((await s.bet(uid("bet"), 600_00n, r2)).json.status).toBe("RS_OK");
    expect(await withdraw(brand, m, 200_00n)).toEqual({ ok: false, reason: "turnover", remaining: 400_00n });
    // A bet larger than what is left takes it to zero, never below.
    expect((await s.bet(uid("bet"), 500_00n, r2)).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(0n);
    const ok = await withdraw(brand, m, 200_00n);
    expect(ok.ok).toBe(true);
    expect((await verifyLedger(db(), brand.merchantCode)).problems).toEqual([]);
  });

  it("is not asked by a brand whose multiplier is 0, and demo bets do not count", async () => {
    expect(perlas().play.turnoverMultiplier).toBe(0);
    const { m } = await player(perlas());
    await deposit(perlas(), m, 1_000_00n);
    expect(await turnoverRemaining(db(), perlas(), m.id)).toBe(0n);
    expect((await withdraw(perlas(), m, 500_00n)).ok).toBe(true);

    const trial = await liveSession(db(), lucky(), client(lucky()), { trial: true, gameCode: "BRT_SLOT", prefix: "brtd" });
    await db()
      .insert(turnoverRequirements)
      .values({ merchantCode: lucky().merchantCode, memberId: trial.memberId, remaining: 100_00n });
    expect((await trial.bet(uid("bet"), 50_00n, uid("round"))).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), lucky(), trial.memberId)).toBe(100_00n);
  });

  it("stays consistent when bets and withdrawals race: no withdrawal goes through before the last bet that counted", async () => {
    const brand = lucky();
    const { m, s } = await player(brand);
    await deposit(brand, m, 2_000_00n);
    // Cash beyond the deposit, so the bets and withdrawals never run short of money: only turnover decides.
    await fund(db(), brand, m.id, 10_000_00n);
    const r = uid("round");
    const bets = Array.from({ length: 10 }, () => s.bet(uid("bet"), 250_00n, r));
    const asks = Array.from({ length: 3 }, () => withdraw(brand, m, 200_00n));
    const [betAnswers, outcomes] = await Promise.all([Promise.all(bets), Promise.all(asks)]);
    expect(betAnswers.map((a) => a.json.status)).toEqual(Array(10).fill("RS_OK"));
    for (const o of outcomes) {
      if (!o.ok) expect(o).toMatchObject({ reason: "turnover", remaining: expect.any(BigInt) as bigint });
    }

    expect(await turnoverRemaining(db(), brand, m.id)).toBe(0n);
    const taken = await db()
      .select({ taken: seamlessTransactions.turnoverTaken, transferId: seamlessTransactions.transferId })
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.memberId, m.id), eq(seamlessTransactions.kind, "bet")));
    expect(taken.reduce((n, t) => n + t.taken, 0n)).toBe(2_000_00n);
    // Every accepted withdrawal's hold was posted after every bet that still counted towards the requirement.
    const lastCounting = Math.max(...taken.filter((t) => t.taken > 0n).map((t) => t.transferId!));
    const held = await db().select({ hold: withdrawals.holdTransferId }).from(withdrawals).where(eq(withdrawals.memberId, m.id));
    expect(held).toHaveLength(outcomes.filter((o) => o.ok).length);
    for (const h of held) expect(h.hold!).toBeGreaterThan(lastCounting);
    // A withdrawal after the requirement is met goes through.
    if (held.length === 0) expect((await withdraw(brand, m, 200_00n)).ok).toBe(true);
    const negative = (await db().execute(
      sql`select count(*)::int as n from turnover_requirements where remaining_centavos < 0`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(negative.rows[0]!.n)).toBe(0);
  });
});
