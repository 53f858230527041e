import { eq, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rawRows } from "../../app/db/client.server";
import { gameSessions, memberExclusions, memberLimits, members, turnoverRequirements } from "../../app/db/schema";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { handleSeamlessCall, SESSION_IDLE_MS, SESSION_SLIDE_MS } from "../../app/domain/wallet/seamless.server";
import type { BetCall, SeamlessCall } from "../../app/domain/wallet/seamless-port";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { hashToken } from "../../app/utils/tokens.server";
import { betCall, rollbackCall, runAlone, runBatch, runPlain, winCall, type AnswerJson } from "../setup/seamless-batches";
import { booksOf, fund, roundOf, uid, walletOnLuckyPeso, type LiveSession } from "../setup/seamless-client";

/**
 * A batch of plain calls (bets and wins of different players, each simply accepted) is written set
 * by set (seamless_batch_plain, migration 0025; ADR 0046). It must answer and write exactly what the
 * same calls decided alone write; any other batch is left, untouched, to the call-by-call loop.
 */

const wallet = walletOnLuckyPeso("plain-batch-test-provider-secret-0123456789");
const lucky = wallet.lucky;
const db = () => wallet.db();

type Row = Record<string, unknown>;
const rows = (query: SQL) => rawRows<Row>(db(), query);

/** What the wallet keeps of a member's play, without ids: balances, turnover, rounds, provider transactions and their transfers. */
async function keptFor(s: LiveSession) {
  const m = s.memberId;
  return {
    accounts: await rows(
      sql`select kind, balance_centavos::text as balance from wallet_accounts where member_id = ${m} order by kind`,
    ),
    turnover: await rows(sql`select remaining_centavos::text as remaining from turnover_requirements where member_id = ${m}`),
    rounds: await rows(
      sql`select bet_centavos::text as bet, win_centavos::text as win, closed, demo, game_code from game_rounds where member_id = ${m} order by id`,
    ),
    transactions: await rows(
      sql`select t.kind, t.demo, t.amount_centavos::text as amount, t.reference_transaction_uuid is not null as names_bet, t.status,
                 t.turnover_taken_centavos::text as taken, w.kind as transfer_kind, w.memo, w.reverses_id,
                 (select array_agg(e.amount_centavos::text order by e.amount_centavos) from wallet_entries e where e.transfer_id = w.id) as legs
          from seamless_transactions t join wallet_transfers w on w.id = t.transfer_id where t.member_id = ${m} order by t.id`,
    ),
  };
}

/** An answer without what names its own call (request, user, transfer id). */
const shape = (a: AnswerJson) => ({
  keys: Object.keys(a).sort(),
  status: a.status,
  balance: a.balance,
  currency: a.currency,
});

/**
 * The first call of each pair in one plain batch, the second of each decided alone, in turn: the
 * answers must agree but for what names the call. The batch's answers.
 */
async function batchedAndAlone(pairs: ReadonlyArray<readonly [SeamlessCall, SeamlessCall]>): Promise<AnswerJson[]> {
  const batched = await runPlain(
    db(),
    lucky(),
    pairs.map(([b]) => b),
  );
  expect(batched).not.toBeNull();
  const alone = [];
  for (const [, a] of pairs) alone.push(await runAlone(db(), lucky(), a));
  expect(batched!.map(shape)).toEqual(alone.map(shape));
  return batched!;
}

async function expiresAt(s: LiveSession) {
  const [row] = await db()
    .select()
    .from(gameSessions)
    .where(eq(gameSessions.tokenHash, hashToken(s.token)));
  return new Date(row!.expiresAt).getTime();
}

describe("a batch of plain calls", () => {
  it("answers and writes what the same calls decided alone do: cash and demo, turnover, a sliding session", async () => {
    // Twins: the batch's players and the same players' calls decided one at a time.
    const setups = [
      { cash: 50_000n },
      { cash: 20_000n, turnover: 1_500n },
      { cash: 20_000n, turnover: 90_000n },
      { trial: true },
      { cash: 10_000n, stale: true },
      { cash: 3_000n },
    ];
    const twins = await Promise.all(
      setups.map(async (o) => {
        const pair = [
          await wallet.session({ prefix: "spb", cash: o.cash, trial: o.trial }),
          await wallet.session({ prefix: "spa", cash: o.cash, trial: o.trial }),
        ] as const;
        for (const p of pair) {
          if (o.turnover)
            await db()
              .insert(turnoverRequirements)
              .values({ merchantCode: lucky().merchantCode, memberId: p.memberId, remaining: o.turnover });
          // A session whose expiry the next bet moves on.
          if (o.stale)
            await db()
              .update(gameSessions)
              .set({ expiresAt: new Date(Date.now() + SESSION_IDLE_MS - SESSION_SLIDE_MS - 60_000) })
              .where(eq(gameSessions.tokenHash, hashToken(p.token)));
        }
        return pair;
      }),
    );
    // The provider's house account opens with the brand's first bet on it, which a batch leaves to the loop.
    const opener = await wallet.session({ prefix: "spo", cash: 100n });
    expect(await runAlone(db(), lucky(), betCall(opener, 100n))).toMatchObject({ status: "RS_OK" });
    const amounts = [2_500n, 2_000n, 1_000n, 700n, 3_000n, 3_000n];
    const bets = twins.map(([b, a], i) => [betCall(b, amounts[i]!), betCall(a, amounts[i]!)] as const);
    const staleBefore = await expiresAt(twins[4]![0]);

    const batched = await batchedAndAlone(bets);
    expect(batched.map((a) => a.status)).toEqual(Array(6).fill("RS_OK"));
    expect(batched.map((a, i) => a.requestUuid === bets[i]![0].requestUuid && a.user === twins[i]![0].user)).toEqual(
      Array(6).fill(true),
    );
    expect(await expiresAt(twins[4]![0])).toBeGreaterThan(staleBefore + SESSION_SLIDE_MS);

    // Their wins, half naming their bet; one win of nothing (a lost round) is left out.
    const wins = bets.flatMap(([b, a], i) =>
      i === 2
        ? []
        : [[winCall(b, BigInt(i + 1) * 1_100n, i % 2 === 0), winCall(a, BigInt(i + 1) * 1_100n, i % 2 === 0)] as const],
    );
    const batchedWins = await batchedAndAlone(wins);

    for (const [b, a] of twins) expect(await keptFor(b)).toEqual(await keptFor(a));
    expect((await verifyLedger(db(), lucky().merchantCode)).problems).toEqual([]);

    // A provider retrying a batched call under a new request_uuid meets the fingerprint the call-by-call
    // path computes: the first answer for the same content, a duplicate for other content.
    const [firstBet] = bets[0]!;
    expect(await runAlone(db(), lucky(), { ...firstBet, requestUuid: uid("req") })).toEqual(batched[0]);
    expect(await runAlone(db(), lucky(), { ...wins[1]![0], requestUuid: uid("req") })).toEqual(batchedWins[1]);
    expect(await runAlone(db(), lucky(), { ...firstBet, requestUuid: uid("req"), amount: 2_501n })).toMatchObject({
      status: "RS_ERROR_DUPLICATE_TRANSACTION",
    });
    // And the ledger's own replay check meets the transfer's fingerprint.
    const replayed = await postTransfer(db(), lucky(), {
      key: `seamless:BGS:${firstBet.transactionUuid}`,
      kind: "bet",
      reference: `round:BGS:${firstBet.round}`,
      legs: [
        { account: { memberId: twins[0]![0].memberId, kind: "cash" }, amount: -2_500n },
        { account: { house: "house:provider:BGS" }, amount: 2_500n },
      ],
    });
    expect(replayed).toMatchObject({ replayed: true, id: Number(batched[0]!.walletTransactionId) });
    expect(await roundOf(db(), lucky(), twins[0]![0].memberId, firstBet.round)).toEqual({
      bet: 2_500n,
      win: 1_100n,
      closed: true,
      demo: false,
    });
  });

  it("takes many players' calls queued at once: every answer its own, a stake the balance does not cover refused, the books exact", async () => {
    const players = await Promise.all(Array.from({ length: 24 }, () => wallet.session({ prefix: "spq", cash: 10_000n })));
    const bets = players.map((p) => betCall(p, 1_000n));
    const betAnswers = await Promise.all(bets.map((c) => handleSeamlessCall(db(), lucky(), "BGS", c)));
    expect(betAnswers.map((a, i) => [a.status, a.requestUuid === bets[i]!.requestUuid, a.balance])).toEqual(
      bets.map(() => ["RS_OK", true, 9_000n]),
    );
    const wins = bets.map((b, i) => winCall(b, BigInt(i) * 100n + 100n, i % 3 === 0));
    const winAnswers = await Promise.all(wins.map((c) => handleSeamlessCall(db(), lucky(), "BGS", c)));
    expect(winAnswers.map((a) => [a.status, a.balance])).toEqual(wins.map((w) => ["RS_OK", 9_000n + w.amount]));
    for (const [i, p] of players.entries()) expect(await wallet.cash(p)).toBe(9_000n + wins[i]!.amount);
    // All at once again, each stake the player's whole balance plus or minus one: only those covered are taken.
    const stakes = players.map((_, i) => 9_000n + wins[i]!.amount + (i % 2 === 0 ? 0n : 1n));
    const allIn = players.map((p, i) => betCall(p, stakes[i]!));
    const allInAnswers = await Promise.all(allIn.map((c) => handleSeamlessCall(db(), lucky(), "BGS", c)));
    expect(allInAnswers.map((a) => a.status)).toEqual(
      stakes.map((_, i) => (i % 2 === 0 ? "RS_OK" : "RS_ERROR_NOT_ENOUGH_MONEY")),
    );
    for (const [i, p] of players.entries()) expect(await wallet.cash(p)).toBe(i % 2 === 0 ? 0n : stakes[i]! - 1n);
    expect((await verifyLedger(db(), lucky().merchantCode)).problems).toEqual([]);
  });
});

describe("a batch with a call that is not plain", () => {
  /** Two plain bets and the odd call, which `prepare` sets up. */
  const cases: Array<[string, (s: LiveSession) => Promise<SeamlessCall[]>]> = [
    ["two calls of one member", async (s) => [betCall(s, 100n), betCall(s, 100n)]],
    ["a balance call", async (s) => [{ ...betCall(s, 1n), action: "balance" } as SeamlessCall]],
    [
      "a rollback",
      async (s) => {
        const bet = betCall(s, 100n);
        await runAlone(db(), lucky(), bet);
        return [rollbackCall(bet)];
      },
    ],
    [
      "a request already answered",
      async (s) => {
        const bet = betCall(s, 100n);
        await runAlone(db(), lucky(), bet);
        return [bet];
      },
    ],
    [
      "a transaction already seen",
      async (s) => {
        const bet = betCall(s, 100n);
        await runAlone(db(), lucky(), bet);
        return [{ ...bet, requestUuid: uid("req") }];
      },
    ],
    [
      "a bet a rollback came before",
      async (s) => {
        const bet = betCall(s, 100n);
        await runAlone(db(), lucky(), rollbackCall(bet));
        return [bet];
      },
    ],
    ["an unknown session", async (s) => [{ ...betCall(s, 100n), token: "no-such-session-token" }]],
    ["another member's session", async (s) => [{ ...betCall(s, 100n), user: "someone-else" }]],
    ["another currency", async (s) => [{ ...betCall(s, 100n), currency: "USD" }]],
    ["a bet of nothing", async (s) => [betCall(s, 0n)]],
    ["a bet above the balance", async (s) => [betCall(s, 5_001n)]],
    [
      "a bet above the brand's most",
      async (s) => {
        const most = BigInt(lucky().play.maxBetCentavos);
        await fund(db(), lucky(), s.memberId, most);
        return [betCall(s, most + 1n)];
      },
    ],
    ["a win with no bet", async (s) => [winCall(betCall(s, 100n), 100n, false)]],
    [
      "a win of a bet rolled back",
      async (s) => {
        const bet = betCall(s, 100n);
        await runAlone(db(), lucky(), bet);
        await runAlone(db(), lucky(), rollbackCall(bet));
        return [winCall(bet, 100n, false)];
      },
    ],
    [
      "a win naming a bet of another round",
      async (s) => {
        const [bet, other] = [betCall(s, 100n), betCall(s, 100n)];
        for (const b of [bet, other]) await runAlone(db(), lucky(), b);
        return [{ ...winCall(bet, 100n, true), referenceTransactionUuid: other.transactionUuid }];
      },
    ],
    [
      "a bet on an expired session",
      async (s) => {
        await db()
          .update(gameSessions)
          .set({ expiresAt: new Date(Date.now() - 1_000) })
          .where(eq(gameSessions.tokenHash, hashToken(s.token)));
        return [betCall(s, 100n)];
      },
    ],
    [
      "a bet by a disabled member",
      async (s) => {
        await db().update(members).set({ status: "disabled" }).where(eq(members.id, s.memberId));
        return [betCall(s, 100n)];
      },
    ],
    [
      "a bet by a member with an exclusion on record",
      async (s) => {
        const now = Date.now();
        await db()
          .insert(memberExclusions)
          .values({
            merchantCode: lucky().merchantCode,
            memberId: s.memberId,
            kind: "cooling_off",
            period: "24h",
            startsAt: new Date(now + 3_600_000),
            endsAt: new Date(now + 90_000_000),
          });
        return [betCall(s, 100n)];
      },
    ],
  ];

  it.each(cases)("is left whole to the call-by-call loop, nothing written: %s", async (_, prepare) => {
    const [a, b, s] = await Promise.all([5_000n, 5_000n, 5_000n].map((cash) => wallet.session({ prefix: "spn", cash })));
    const batch = [betCall(a!, 100n), ...(await prepare(s!)), betCall(b!, 100n)];
    const before = await booksOf(db(), lucky());
    const calls = await rows(sql`select count(*)::int as n from seamless_calls`);
    expect(await runPlain(db(), lucky(), batch)).toBeNull();
    expect(await booksOf(db(), lucky())).toEqual(before);
    expect(await rows(sql`select count(*)::int as n from seamless_calls`)).toEqual(calls);
    // The loop decides it: the plain bets are taken either way.
    const answers = await runBatch(db(), lucky(), batch);
    expect([answers[0]!.status, answers.at(-1)!.status]).toEqual(["RS_OK", "RS_OK"]);
    expect((await verifyLedger(db(), lucky().merchantCode)).problems).toEqual([]);
  });

  it("is left whole to the loop when the brand is closed", async () => {
    const [a, b] = await Promise.all([
      wallet.session({ prefix: "spc", cash: 1_000n }),
      wallet.session({ prefix: "spc", cash: 1_000n }),
    ]);
    const actor = { name: "test", reason: "plain batch test" };
    await setSystemStatus(db(), lucky(), 1, actor);
    try {
      expect(await runPlain(db(), lucky(), [betCall(a, 100n), betCall(b, 100n)])).toBeNull();
      expect(await runBatch(db(), lucky(), [betCall(a, 100n), betCall(b, 100n)])).toEqual([{ siteClosed: 1 }, { siteClosed: 1 }]);
    } finally {
      await setSystemStatus(db(), lucky(), 0, actor);
    }
    expect(await wallet.cash(a)).toBe(1_000n);
  });

  it("a limit on record, even one not reached, leaves a bet to the loop", async () => {
    const [a, s] = await Promise.all([
      wallet.session({ prefix: "spl", cash: 1_000n }),
      wallet.session({ prefix: "spl", cash: 1_000n }),
    ]);
    await db().insert(memberLimits).values({
      merchantCode: lucky().merchantCode,
      memberId: s.memberId,
      kind: "bet",
      period: "day",
      amount: 100_000n,
      effectiveAt: new Date(),
    });
    const bet: BetCall = betCall(s, 100n);
    expect(await runPlain(db(), lucky(), [betCall(a, 100n), bet])).toBeNull();
    expect((await runBatch(db(), lucky(), [betCall(a, 100n), bet])).map((x) => x.status)).toEqual(["RS_OK", "RS_OK"]);
  });
});
