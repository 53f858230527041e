import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getBalance, houseBalance } from "../../app/domain/wallet/balances.server";
import { handleSeamlessCall } from "../../app/domain/wallet/seamless.server";
import type { BetWinCall, SeamlessAnswer } from "../../app/domain/wallet/seamless-port";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { booksOf, nowSeconds, roundOf, uid, walletOnLuckyPeso, type LiveSession } from "../setup/seamless-client";

/**
 * The wallet's side of the seamless-wallet API called as the route calls it (the canonical reader,
 * then handleSeamlessCall), for the cases that are about order and concurrency rather than HTTP:
 * calls that race, repeat or arrive out of order must leave the books exact to the centavo.
 */

const wallet = walletOnLuckyPeso("ledger-test-provider-secret-0123456789abcdef");
const lucky = wallet.lucky;
const session = (opts: { cash?: bigint; trial?: boolean } = {}) => wallet.session({ prefix: "swl", ...opts });
const cash = wallet.cash;
const providerHouse = () => houseBalance(wallet.db(), lucky(), "house:provider:BGS");

async function expectExact() {
  const report = await verifyLedger(wallet.db(), lucky().merchantCode);
  expect(report.problems).toEqual([]);
}

async function transfersWithKey(key: string): Promise<number> {
  const r = (await wallet
    .db()
    .execute(
      sql`select count(*)::int as n from wallet_transfers where merchant_code = ${lucky().merchantCode} and idempotency_key = ${key}`,
    )) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}

describe("calls out of order", () => {
  it("answers a rollback of a bet never seen with RS_OK, then refuses the late bet and moves nothing", async () => {
    const s = await session({ cash: 10_000n });
    const houseBefore = await providerHouse();
    const round = uid("round");
    const betUuid = uid("bet");

    const rb = await s.rollback(uid("rb"), betUuid, round, 2_500n);
    expect(rb.json).toMatchObject({ status: "RS_OK", user: s.user, currency: "PHP", balance: 10_000 });

    const late = await s.bet(betUuid, 2_500n, round);
    expect(late.json).toMatchObject({ status: "RS_ERROR_DUPLICATE_TRANSACTION", balance: 10_000 });
    expect(await cash(s)).toBe(10_000n);
    expect(await providerHouse()).toBe(houseBefore);
    expect(await transfersWithKey(`seamless:BGS:${betUuid}`)).toBe(0);
    // The refused bet is no round of the bet record.
    expect((await roundOf(wallet.db(), lucky(), s.memberId, round))?.bet ?? 0n).toBe(0n);
    // And a win for it has no bet to pay.
    expect((await s.win(uid("win"), 9_000n, round, betUuid)).json.status).toBe("RS_ERROR_TRANSACTION_DOES_NOT_EXIST");
    expect(await cash(s)).toBe(10_000n);
    await expectExact();
  });

  it("keeps the books exact when a timed-out provider sends the rollback after, before or instead of the bet", async () => {
    const s = await session({ cash: 50_000n });
    const houseBefore = await providerHouse();

    // After: the bet landed but the provider never saw the answer; its rollback gives the stake back.
    const after = { round: uid("round"), bet: uid("bet") };
    expect((await s.bet(after.bet, 7_000n, after.round)).json).toMatchObject({ status: "RS_OK", balance: 43_000 });
    expect((await s.rollback(uid("rb"), after.bet, after.round, 7_000n)).json).toMatchObject({
      status: "RS_OK",
      balance: 50_000,
    });
    // Its own retry of the bet (same transaction, same content) gets the first answer and moves nothing.
    expect((await s.bet(after.bet, 7_000n, after.round)).json).toMatchObject({ status: "RS_OK", balance: 43_000 });
    expect(await cash(s)).toBe(50_000n);

    // Before: the rollback overtook the bet.
    const before = { round: uid("round"), bet: uid("bet") };
    expect((await s.rollback(uid("rb"), before.bet, before.round, 3_000n)).json.status).toBe("RS_OK");
    expect((await s.bet(before.bet, 3_000n, before.round)).json.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");

    // Instead: the bet never arrives at all.
    const instead = { round: uid("round"), bet: uid("bet") };
    expect((await s.rollback(uid("rb"), instead.bet, instead.round, 4_000n)).json).toMatchObject({
      status: "RS_OK",
      balance: 50_000,
    });

    // A round that stands, for contrast: 1,000 staked, 2,500 paid.
    const played = { round: uid("round"), bet: uid("bet") };
    expect((await s.bet(played.bet, 1_000n, played.round)).json.status).toBe("RS_OK");
    expect((await s.win(uid("win"), 2_500n, played.round, played.bet)).json).toMatchObject({ status: "RS_OK", balance: 51_500 });

    expect(await cash(s)).toBe(51_500n);
    expect((await providerHouse()) - houseBefore).toBe(-1_500n);
    expect(await roundOf(wallet.db(), lucky(), s.memberId, after.round)).toMatchObject({ bet: 0n, win: 0n });
    expect(await roundOf(wallet.db(), lucky(), s.memberId, played.round)).toMatchObject({
      bet: 1_000n,
      win: 2_500n,
      closed: true,
    });
    await expectExact();
  });

  it("gives the stake back on a rollback after a win, keeps the win, and refuses a later win of the round", async () => {
    const s = await session({ cash: 20_000n });
    const round = uid("round");
    const bet = uid("bet");
    expect((await s.bet(bet, 5_000n, round)).json.balance).toBe(15_000);
    expect((await s.win(uid("win"), 8_000n, round, bet)).json.balance).toBe(23_000);
    expect((await s.rollback(uid("rb"), bet, round, 5_000n)).json).toMatchObject({ status: "RS_OK", balance: 28_000 });
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 0n, win: 8_000n });
    // The round's only bet is rolled back: nothing left for a win to pay.
    expect((await s.win(uid("win"), 1_000n, round, null)).json).toMatchObject({
      status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
      balance: 28_000,
    });
    expect(await cash(s)).toBe(28_000n);
    await expectExact();
  });

  it("answers a repeated rollback with its first answer and refuses a second rollback of the same bet", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const bet = uid("bet");
    await s.bet(bet, 4_000n, round);
    const rbUuid = uid("rb");
    const first = await s.rollback(rbUuid, bet, round, 4_000n);
    expect(first.json).toMatchObject({ status: "RS_OK", balance: 10_000 });
    const again = await s.rollback(rbUuid, bet, round, 4_000n);
    expect(again.json).toEqual(first.json);
    const other = await s.rollback(uid("rb"), bet, round, 4_000n);
    expect(other.json).toMatchObject({ status: "RS_ERROR_DUPLICATE_TRANSACTION", balance: 10_000 });
    expect(await cash(s)).toBe(10_000n);
    expect(await transfersWithKey(`seamless:BGS:${rbUuid}`)).toBe(1);
    await expectExact();
  });

  it("refuses a win before its round's bet without recording it, so the provider's retry pays once the bet lands", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const bet = uid("bet");
    const winUuid = uid("win");
    expect((await s.win(winUuid, 6_000n, round, null)).json).toMatchObject({
      status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
      balance: 10_000,
    });
    expect((await s.bet(bet, 2_000n, round)).json.balance).toBe(8_000);
    expect((await s.win(winUuid, 6_000n, round, null)).json).toMatchObject({ status: "RS_OK", balance: 14_000 });
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 2_000n, win: 6_000n, closed: true });
    // A win naming a bet of another round, or a bet of no one, is refused too.
    expect((await s.win(uid("win"), 100n, uid("round"), uid("bet"))).json.status).toBe("RS_ERROR_TRANSACTION_DOES_NOT_EXIST");
    expect(await cash(s)).toBe(14_000n);
    await expectExact();
  });
});

describe("a session that ended", () => {
  it("answers a bet resent after its session expired with its first answer, so the provider learns it stood", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const bet = uid("bet");
    const first = await s.bet(bet, 4_000n, round);
    expect(first.json).toMatchObject({ status: "RS_OK", balance: 6_000 });
    await wallet
      .db()
      .execute(sql`update game_sessions set expires_at = now() - interval '1 second' where member_id = ${s.memberId}`);
    // The provider never saw the answer and retries after the session ended: the money did move.
    expect((await s.bet(bet, 4_000n, round)).json).toEqual(first.json);
    // A new bet is refused, and a changed one is still a duplicate.
    expect((await s.bet(uid("bet"), 100n, round)).json).toMatchObject({ status: "RS_ERROR_TOKEN_EXPIRED", balance: 6_000 });
    expect((await s.bet(bet, 4_001n, round)).json.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
    expect(await cash(s)).toBe(6_000n);
    await expectExact();
  });
});

describe("bet and settle in one call", () => {
  function betwin(
    s: LiveSession,
    transactionUuid: string,
    amount: bigint,
    winAmount: bigint,
    round = uid("round"),
  ): Promise<SeamlessAnswer> {
    const call: BetWinCall = {
      action: "betwin",
      requestUuid: uid("req"),
      timestamp: nowSeconds(),
      token: s.token,
      user: s.user,
      currency: "PHP",
      gameCode: s.gameCode,
      round,
      roundClosed: true,
      transactionUuid,
      amount,
      winAmount,
    };
    return handleSeamlessCall(wallet.db(), lucky(), "BGS", call);
  }

  it("posts the stake and the win at once, refuses both when the stake is not covered, and a rollback undoes both", async () => {
    const s = await session({ cash: 3_000n });
    const houseBefore = await providerHouse();
    const round = uid("round");
    const tx = uid("bw");
    expect(await betwin(s, tx, 2_000n, 5_000n, round)).toMatchObject({ status: "RS_OK", balance: 6_000n });
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 2_000n, win: 5_000n, closed: true });
    // A replay with the same content: the first answer; other content: a duplicate.
    expect(await betwin(s, tx, 2_000n, 5_000n, round)).toMatchObject({ status: "RS_OK", balance: 6_000n });
    expect(await betwin(s, tx, 2_000n, 9_000n, round)).toMatchObject({
      status: "RS_ERROR_DUPLICATE_TRANSACTION",
      balance: 6_000n,
    });

    // Even a winning round needs its stake covered.
    const short = uid("bw");
    expect(await betwin(s, short, 6_001n, 50_000n)).toMatchObject({ status: "RS_ERROR_NOT_ENOUGH_MONEY", balance: 6_000n });
    expect(await transfersWithKey(`seamless:BGS:${short}#win`)).toBe(0);

    expect((await s.rollback(uid("rb"), tx, round, 2_000n)).json).toMatchObject({ status: "RS_OK", balance: 3_000 });
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 0n, win: 0n });
    expect(await cash(s)).toBe(3_000n);
    expect(await providerHouse()).toBe(houseBefore);
    await expectExact();
  });
});

describe("bets in parallel", () => {
  it("lets exactly the covered number of 200 simultaneous bets through and never goes negative", async () => {
    const s = await session({ cash: 73n * 150n });
    const houseBefore = await providerHouse();
    const answers = await Promise.all(Array.from({ length: 200 }, () => s.bet(uid("bet"), 150n, uid("round"))));
    const statuses = answers.map((a) => a.json.status);
    expect(statuses.filter((x) => x === "RS_OK")).toHaveLength(73);
    expect(statuses.filter((x) => x === "RS_ERROR_NOT_ENOUGH_MONEY")).toHaveLength(127);
    for (const a of answers) expect(Number(a.json.balance)).toBeGreaterThanOrEqual(0);
    expect(await cash(s)).toBe(0n);
    expect((await providerHouse()) - houseBefore).toBe(73n * 150n);
    await expectExact();
  });

  it("moves money once for the same call sent 20 times at once, and answers every copy alike", async () => {
    const s = await session({ cash: 10_000n });
    const body = s.body({ round: uid("round"), round_closed: false, transaction_uuid: uid("bet"), amount: 1_234n });
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.client.send("bet", body)));
    for (const a of answers) expect(a.raw).toBe(answers[0]!.raw);
    expect(answers[0]!.json).toMatchObject({ status: "RS_OK", balance: 8_766 });
    expect(await cash(s)).toBe(8_766n);
    expect(await transfersWithKey(`seamless:BGS:${String(body.transaction_uuid)}`)).toBe(1);
    await expectExact();
  });

  it("moves money once for one transaction sent 20 times at once under different request ids", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const bet = uid("bet");
    const answers = await Promise.all(Array.from({ length: 20 }, () => s.bet(bet, 2_000n, round)));
    for (const a of answers) expect(a.json).toMatchObject({ status: "RS_OK", balance: 8_000 });
    expect(await cash(s)).toBe(8_000n);
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 2_000n });
    await expectExact();
  });

  it("leaves the books exact when bets race their own rollbacks", async () => {
    const s = await session({ cash: 100_000n });
    const houseBefore = await providerHouse();
    const pairs = Array.from({ length: 30 }, () => ({ round: uid("round"), bet: uid("bet"), rb: uid("rb") }));
    const answers = await Promise.all(
      pairs.flatMap((p, i) => {
        const bet = () => s.bet(p.bet, 1_000n + BigInt(i), p.round);
        const rb = () => s.rollback(p.rb, p.bet, p.round, 1_000n + BigInt(i));
        return i % 2 ? [bet(), rb()] : [rb(), bet()];
      }),
    );
    // Every rollback stands; each bet either landed and was given back, or came second and was refused.
    for (let i = 0; i < pairs.length; i++) {
      const [a, b] = i % 2 ? [answers[2 * i]!, answers[2 * i + 1]!] : [answers[2 * i + 1]!, answers[2 * i]!];
      expect(b.json.status).toBe("RS_OK");
      expect(["RS_OK", "RS_ERROR_DUPLICATE_TRANSACTION"]).toContain(a.json.status);
    }
    expect(await cash(s)).toBe(100_000n);
    expect(await providerHouse()).toBe(houseBefore);
    for (const p of pairs) expect((await roundOf(wallet.db(), lucky(), s.memberId, p.round))?.bet ?? 0n).toBe(0n);
    await expectExact();
  });
});

describe("the bet record and the demo account", () => {
  it("sums a round's bets and wins, and takes a rolled-back bet off", async () => {
    const s = await session({ cash: 30_000n });
    const round = uid("round");
    const [b1, b2, b3] = [uid("bet"), uid("bet"), uid("bet")];
    await s.bet(b1, 1_000n, round);
    await s.bet(b2, 2_000n, round);
    await s.bet(b3, 4_000n, round);
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 7_000n, win: 0n, closed: false });
    await s.rollback(uid("rb"), b2, round, 2_000n, { round_closed: false });
    await s.win(uid("win"), 3_500n, round, null, { round_closed: false });
    await s.win(uid("win"), 0n, round, null, { round_closed: true });
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({
      bet: 5_000n,
      win: 3_500n,
      closed: true,
      demo: false,
    });
    expect(await cash(s)).toBe(30_000n - 5_000n + 3_500n);
    await expectExact();
  });

  it("plays a trial member on the demo account and never touches the provider's cash account", async () => {
    const s = await session({ trial: true });
    const houseBefore = await providerHouse();
    const booksBefore = await booksOf(wallet.db(), lucky());
    const round = uid("round");
    const bet = uid("bet");
    expect((await s.balance()).json).toMatchObject({ status: "RS_OK", balance: 200_000 });
    expect((await s.bet(bet, 10_000n, round)).json).toMatchObject({ status: "RS_OK", balance: 190_000 });
    expect((await s.win(uid("win"), 25_000n, round, bet)).json).toMatchObject({ status: "RS_OK", balance: 215_000 });
    const lost = uid("bet");
    await s.bet(lost, 5_000n, uid("round"));
    expect(await getBalance(wallet.db(), lucky(), s.memberId, "demo")).toBe(210_000n);
    expect(await cash(s)).toBe(0n);
    expect(await providerHouse()).toBe(houseBefore);
    const booksAfter = await booksOf(wallet.db(), lucky());
    expect(booksAfter[":house:provider:BGS"]).toBe(booksBefore[":house:provider:BGS"]);
    expect(BigInt(booksAfter[":house:demo"]!) - BigInt(booksBefore[":house:demo"]!)).toBe(-10_000n);
    expect(await roundOf(wallet.db(), lucky(), s.memberId, round)).toMatchObject({ bet: 10_000n, win: 25_000n, demo: true });
    await expectExact();
  });
});
