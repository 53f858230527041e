import { describe, expect, it } from "vitest";
import { handleSeamlessCall } from "../../app/domain/wallet/seamless.server";
import type { SeamlessCall } from "../../app/domain/wallet/seamless-port";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { betCall, runBatch as runBatchOf } from "../setup/seamless-batches";
import { booksOf, walletOnLuckyPeso, type LiveSession } from "../setup/seamless-client";

/**
 * Provider calls that queue behind a busy lane reach the database as one batch
 * (seamless_call_batch, migration 0024; ADR 0045). A batch decides each call as it would be decided
 * alone, in order; a batch that fails changes nothing, and its calls are decided again one by one,
 * so that only the call at fault fails.
 */

const wallet = walletOnLuckyPeso("batch-test-provider-secret-0123456789abcdef");
const lucky = wallet.lucky;
const session = (cash: bigint) => wallet.session({ prefix: "swb", cash });
const cash = wallet.cash;

const runBatch = (calls: SeamlessCall[]) => runBatchOf(wallet.db(), lucky(), calls);

describe("seamless_call_batch", () => {
  it("decides each call in order, as alone: the second bet sees the balance the first left", async () => {
    const s = await session(1_000n);
    const answers = await runBatch([betCall(s, 600n), betCall(s, 600n), betCall(s, 400n)]);
    expect(answers.map((a) => [a.status, a.balance])).toEqual([
      ["RS_OK", "400"],
      ["RS_ERROR_NOT_ENOUGH_MONEY", "400"],
      ["RS_OK", "0"],
    ]);
    expect(await cash(s)).toBe(0n);
    expect((await verifyLedger(wallet.db(), lucky().merchantCode)).problems).toEqual([]);
  });

  it("changes nothing when one of its calls fails, not even the calls before it", async () => {
    const s = await session(5_000n);
    const before = await booksOf(wallet.db(), lucky());
    const tooBig = { ...betCall(s, 1n), amount: 2n ** 64n };
    await expect(runBatch([betCall(s, 1_000n), tooBig])).rejects.toThrow();
    expect(await booksOf(wallet.db(), lucky())).toEqual(before);
    expect(await cash(s)).toBe(5_000n);
  });
});

describe("calls queued behind a busy lane", () => {
  it("are all decided, and a call the database cannot take fails alone", async () => {
    const s = await session(100_000n);
    const other = await session(100_000n);
    const good = [
      ...Array.from({ length: 30 }, () => betCall(s, 1_000n)),
      ...Array.from({ length: 10 }, () => betCall(other, 500n)),
    ];
    const bad = { ...betCall(s, 1n), amount: 2n ** 64n };
    // Sent together: the first of each lane goes alone, the rest queue and go as batches, the bad call among them.
    const calls = [...good.slice(0, 15), bad, ...good.slice(15)];
    const results = await Promise.allSettled(calls.map((c) => handleSeamlessCall(wallet.db(), lucky(), "BGS", c)));
    const failed = results.flatMap((r, i) => (r.status === "rejected" ? [calls[i]] : []));
    expect(failed).toEqual([bad]);
    // Each answer is its own call's, and a player's calls were decided in the order they came.
    const answered = results.flatMap((r, i) => (r.status === "fulfilled" ? [{ call: calls[i]!, answer: r.value }] : []));
    for (const { call, answer } of answered) expect(answer).toMatchObject({ status: "RS_OK", requestUuid: call.requestUuid });
    const balancesOf = (p: LiveSession) => answered.filter((a) => a.call.user === p.user).map((a) => a.answer.balance);
    expect(balancesOf(s)).toEqual(Array.from({ length: 30 }, (_, i) => 100_000n - BigInt(i + 1) * 1_000n));
    expect(balancesOf(other)).toEqual(Array.from({ length: 10 }, (_, i) => 100_000n - BigInt(i + 1) * 500n));
    expect(await cash(s)).toBe(100_000n - 30n * 1_000n);
    expect(await cash(other)).toBe(100_000n - 10n * 500n);
    expect((await verifyLedger(wallet.db(), lucky().merchantCode)).problems).toEqual([]);
  });

  it("answer a replay within one batch with the first answer, moving the money once", async () => {
    const s = await session(10_000n);
    const bet = betCall(s, 2_500n);
    const copies = Array.from({ length: 12 }, () => ({ ...bet }));
    const answers = await Promise.all(copies.map((c) => handleSeamlessCall(wallet.db(), lucky(), "BGS", c)));
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: "RS_OK", balance: 7_500n });
    expect(await cash(s)).toBe(7_500n);
  });
});
