import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import { rawRows, type Database } from "../../app/db/client.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import {
  DuplicateTransferError,
  InsufficientFundsError,
  InvalidTransferError,
  postTransfer,
  reverseTransfer,
  type TransferRequest,
} from "../../app/domain/wallet/ledger.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { auditHistory } from "../../app/domain/site/audit.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
});
afterAll(() => database?.close());

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;

let seq = 0;
async function member(brand = lucky()) {
  return createMember(database.db, brand, { username: `ledger${++seq}x`, password: null });
}

/** Money in from the sandbox's clearing account, as a paid deposit would bring it. */
function deposit(memberId: number, amount: bigint, key = `test-deposit:${memberId}:${++seq}`): TransferRequest {
  return {
    key,
    kind: "deposit",
    reference: `test:${key}`,
    legs: [
      { account: { house: "house:clearing:sandbox" }, amount: -amount },
      { account: { memberId, kind: "cash" }, amount },
    ],
  };
}

/** Money out to a game provider, as a bet would take it. */
function bet(memberId: number, amount: bigint, key: string): TransferRequest {
  return {
    key,
    kind: "bet",
    reference: `round:${key}`,
    legs: [
      { account: { memberId, kind: "cash" }, amount: -amount },
      { account: { house: "house:provider:BGS" }, amount },
    ],
  };
}

async function expectClean(merchantCode: string | null = null) {
  const report = await verifyLedger(database.db, merchantCode);
  expect(report.problems).toEqual([]);
  return report;
}

describe("the ledger", () => {
  it("posts a balanced transfer and keeps the cached balance equal to the entries", async () => {
    const m = await member();
    const posted = await postTransfer(database.db, lucky(), deposit(m.id, 12_345n));
    expect(posted.replayed).toBe(false);
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(12_345n);
    await expectClean();
  });

  it("answers a replayed key with the first result and refuses the key with other content", async () => {
    const m = await member();
    const req = deposit(m.id, 5_000n, `replay:${m.id}`);
    const first = await postTransfer(database.db, lucky(), req);
    const again = await Promise.all(Array.from({ length: 20 }, () => postTransfer(database.db, lucky(), req)));
    for (const a of again) expect(a).toMatchObject({ id: first.id, replayed: true, createdAt: first.createdAt });
    await expect(postTransfer(database.db, lucky(), deposit(m.id, 5_001n, req.key))).rejects.toBeInstanceOf(
      DuplicateTransferError,
    );
    await expect(postTransfer(database.db, lucky(), { ...req, reference: "other" })).rejects.toBeInstanceOf(
      DuplicateTransferError,
    );
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(5_000n);
    // Keys are per brand: the same key is another transfer in another brand.
    const p = await member(perlas());
    expect(await postTransfer(database.db, perlas(), deposit(p.id, 7n, req.key))).toMatchObject({ replayed: false });
    await expectClean();
  });

  it("fingerprints a transfer exactly as before the posting moved into the database, so older keys replay", async () => {
    const m = await member();
    // Quotes, a backslash, control characters, non-ASCII and an emoji: every escape JSON has.
    const reference = 'order:"q" \\ \n\t\u0001 ñ ₱ 🎰';
    const req = { ...deposit(m.id, 1_234n, `print:${m.id}`), reference };
    // Two legs as given and the other way round (computed without a query since migration 0021), and three.
    const requests: TransferRequest[] = [
      req,
      { ...req, key: `print-reversed:${m.id}`, legs: [...req.legs].reverse() },
      {
        ...req,
        key: `print-three:${m.id}`,
        legs: [
          { account: { memberId: m.id, kind: "cash" }, amount: 1_000n },
          { account: { house: "house:fees" }, amount: 234n },
          { account: { house: "house:clearing:sandbox" }, amount: -1_234n },
        ],
      },
    ];
    for (const r of requests) {
      const posted = await postTransfer(database.db, lucky(), r);
      // The fingerprint the TypeScript ledger wrote for every transfer posted before migration 0008.
      const legs = r.legs.map((l) => `${"house" in l.account ? l.account.house : `member:${m.id}:cash`}=${l.amount}`).sort();
      const expected = createHash("sha256")
        .update(JSON.stringify([r.kind, reference, null, legs]))
        .digest("hex");
      const [row] = await rawRows<{ fingerprint: string }>(
        database.db,
        sql`select fingerprint from wallet_transfers where id = ${posted.id}`,
      );
      expect(row!.fingerprint, r.key).toBe(expected);
      expect(await postTransfer(database.db, lucky(), r)).toMatchObject({ id: posted.id, replayed: true });
    }
  });

  it("refuses transfers that do not balance, mix play money with cash or name an account twice", async () => {
    const m = await member();
    const bad: TransferRequest[] = [
      { ...deposit(m.id, 100n), legs: [deposit(m.id, 100n).legs[0], { account: { memberId: m.id, kind: "cash" }, amount: 99n }] },
      { ...deposit(m.id, 100n), legs: [deposit(m.id, 100n).legs[0]] },
      {
        ...deposit(m.id, 100n),
        legs: [
          { account: { house: "house:demo" }, amount: -100n },
          { account: { memberId: m.id, kind: "cash" }, amount: 100n },
        ],
      },
      {
        ...deposit(m.id, 100n),
        legs: [
          { account: { memberId: m.id, kind: "cash" }, amount: -100n },
          { account: { memberId: m.id, kind: "cash" }, amount: 100n },
        ],
      },
      { ...deposit(m.id, 0n) },
      { ...deposit(m.id, 100n), kind: "payout" as never },
      {
        ...deposit(m.id, 100n),
        legs: [{ account: { house: "house:anything" as never }, amount: -100n }, deposit(m.id, 100n).legs[1]],
      },
    ];
    for (const req of bad) await expect(postTransfer(database.db, lucky(), req)).rejects.toBeInstanceOf(InvalidTransferError);
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(0n);
  });

  it("never lets a player's balance below zero: a bet beyond it is refused and posts nothing", async () => {
    const m = await member();
    await postTransfer(database.db, lucky(), deposit(m.id, 1_000n));
    await expect(postTransfer(database.db, lucky(), bet(m.id, 1_001n, `over:${m.id}`))).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(1_000n);
    // The refused key was not spent: the same key may be posted once the money is there.
    await postTransfer(database.db, lucky(), deposit(m.id, 1n));
    await postTransfer(database.db, lucky(), bet(m.id, 1_001n, `over:${m.id}`));
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(0n);
    await expectClean();
  });

  it("200 concurrent debits against a balance that covers only some: exactly those pass, nothing goes negative", async () => {
    const m = await member();
    await postTransfer(database.db, lucky(), deposit(m.id, 100_000n)); // ₱1,000.00
    // 200 bets of ₱7.00 (₱1,400 in all): 142 fit.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => postTransfer(database.db, lucky(), bet(m.id, 700n, `burst:${m.id}:${i}`))),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter((r) => r.status === "rejected" && r.reason instanceof InsufficientFundsError).length;
    expect(ok).toBe(142);
    expect(refused).toBe(58);
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(100_000n - 142n * 700n);
    await expectClean();
  });

  it("200 concurrent transfers spread over many players and the shared house account stay balanced", async () => {
    const players = await Promise.all(Array.from({ length: 10 }, () => member()));
    await Promise.all(players.map((p) => postTransfer(database.db, lucky(), deposit(p.id, 1_000n))));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const p = players[i % players.length];
        // Bets and wins cross the same two accounts in opposite directions: locks are taken in one order.
        return i % 3 === 0
          ? postTransfer(database.db, lucky(), {
              key: `win:${p.id}:${i}`,
              kind: "win",
              reference: `round:${i}`,
              legs: [
                { account: { house: "house:provider:BGS" }, amount: -50n },
                { account: { memberId: p.id, kind: "cash" }, amount: 50n },
              ],
            })
          : postTransfer(database.db, lucky(), bet(p.id, 80n, `spread:${p.id}:${i}`));
      }),
    );
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(InsufficientFundsError);
    for (const p of players) expect(await getBalance(database.db, lucky(), p.id, "cash")).toBeGreaterThanOrEqual(0n);
    await expectClean();
  });

  it("corrects by a reversing transfer, once, and not with money already spent", async () => {
    const m = await member();
    const d = await postTransfer(database.db, lucky(), deposit(m.id, 2_000n));
    const { reversal } = await reverseTransfer(database.db, lucky(), d.id, "support: duplicate credit");
    expect(reversal.replayed).toBe(false);
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(0n);
    expect((await reverseTransfer(database.db, lucky(), d.id, "again")).reversal).toMatchObject({
      id: reversal.id,
      replayed: true,
    });
    await expect(reverseTransfer(database.db, lucky(), reversal.id, "reverse the reversal")).rejects.toBeInstanceOf(
      InvalidTransferError,
    );
    const spent = await postTransfer(database.db, lucky(), deposit(m.id, 500n));
    await postTransfer(database.db, lucky(), bet(m.id, 400n, `spent:${m.id}`));
    await expect(reverseTransfer(database.db, lucky(), spent.id, "too late")).rejects.toBeInstanceOf(InsufficientFundsError);
    // Another brand's transfer cannot be named.
    await expect(reverseTransfer(database.db, perlas(), spent.id, "wrong brand")).rejects.toBeInstanceOf(InvalidTransferError);
    await expectClean();
  });
});

describe("the database keeps the ledger's rules on its own", () => {
  it("refuses an overdraft, an unbalanced commit, an edit of history and a hand-set balance", async () => {
    const m = await member();
    await postTransfer(database.db, lucky(), deposit(m.id, 300n));
    const [account] = (
      (await database.db.execute(sql`select id from wallet_accounts where member_id = ${m.id} and kind = 'cash'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [house] = (
      (await database.db.execute(
        sql`select id from wallet_accounts where merchant_code = 'LUCKYPESO' and kind = 'house:clearing:sandbox'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;

    const refused = async (statements: ReturnType<typeof sql>[]) => {
      await expect(
        database.db.transaction(async (tx) => {
          for (const s of statements) await tx.execute(s);
        }),
      ).rejects.toThrow();
    };
    const transfer = (key: string) =>
      sql`insert into wallet_transfers (merchant_code, idempotency_key, kind, reference) values ('LUCKYPESO', ${key}, 'adjustment', 'test')`;
    const lastTransfer = sql`(select max(id) from wallet_transfers)`;
    // Overdraft written by hand, balanced: the CHECK on the cached balance refuses it.
    await refused([
      transfer(`hand-overdraft:${m.id}`),
      sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${lastTransfer}, ${account.id}, -301)`,
      sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${lastTransfer}, ${house.id}, 301)`,
    ]);
    // Unbalanced: refused by the statement that writes the legs (migration 0021), and so is a
    // balanced transfer whose legs come one statement at a time, or a leg added to a posted transfer.
    await refused([
      transfer(`hand-unbalanced:${m.id}`),
      sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${lastTransfer}, ${account.id}, 100)`,
    ]);
    await refused([
      transfer(`hand-split:${m.id}`),
      sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${lastTransfer}, ${house.id}, -100)`,
      sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${lastTransfer}, ${account.id}, 100)`,
    ]);
    const [posted] = await rawRows<{ id: number }>(
      database.db,
      sql`select max(transfer_id) as id from wallet_entries where account_id = ${account.id}`,
    );
    await refused([
      sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${posted!.id}, ${account.id}, 100)`,
    ]);
    // Written by hand in one statement, balanced and covered: taken, and the cached balance moves.
    await database.db.transaction(async (tx) => {
      await tx.execute(transfer(`hand-balanced:${m.id}`));
      await tx.execute(
        sql`insert into wallet_entries (transfer_id, account_id, amount_centavos) values (${lastTransfer}, ${account.id}, -100), (${lastTransfer}, ${house.id}, 100)`,
      );
    });
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(200n);
    await refused([sql`update wallet_entries set amount_centavos = amount_centavos + 1 where account_id = ${account.id}`]);
    await refused([sql`delete from wallet_entries where account_id = ${account.id}`]);
    await refused([sql`update wallet_transfers set kind = 'bonus' where merchant_code = 'LUCKYPESO'`]);
    await refused([sql`update wallet_accounts set balance_centavos = 1000000 where id = ${account.id}`]);
    await refused([sql`update wallet_accounts set may_go_negative = true where id = ${account.id}`]);
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(200n);
    await expectClean();
  });
});

describe("npm run ledger", () => {
  it("adjusts a member's cash with who and why, once per key, audited, and never below zero", async () => {
    const m = await member();
    const adjust = (amount: string, key: string, why = "goodwill credit, ticket 4411") =>
      runAdminCommand(database.db, registry, {
        command: "ledger.adjust",
        brand: "lucky-peso",
        user: m.username,
        amount,
        key,
        by: "Rhea",
        why,
      });
    const credited = await adjust("+150.50", `t-${m.id}-1`);
    expect(formatAdminResult(credited)).toEqual({
      ok: true,
      text: expect.stringMatching(
        /^Posted \+₱150\.50 to ledger\d+x on lucky-peso as transfer \d+ \(by Rhea: goodwill credit, ticket 4411\)\. Balance ₱150\.50\.$/,
      ),
    });
    // A retried command with the same key changes nothing, even in parallel.
    const retries = await Promise.all(Array.from({ length: 10 }, () => adjust("+150.50", `t-${m.id}-1`)));
    for (const r of retries) expect(r).toMatchObject({ ok: true, replayed: true });
    expect(await adjust("+99", `t-${m.id}-1`)).toMatchObject({ ok: false, error: expect.stringMatching(/already used/) });
    expect(await adjust("-150.51", `t-${m.id}-2`)).toMatchObject({ ok: false, error: expect.stringMatching(/below zero/) });
    for (const bad of ["150", "+0", "+1e3", "+-5", "+１", "+10.001"]) {
      expect((await adjust(bad, `t-${m.id}-bad`)).ok, bad).toBe(false);
    }
    expect(await adjust("-0.50", `t-${m.id}-3`)).toMatchObject({ ok: true, balance: "15000" });
    const audit = await auditHistory(database.db, lucky(), `ledger:member:${m.usernameKey}`);
    expect(audit.map((a) => [a.newValue?.replace(/\(.*\)/, ""), a.actor])).toEqual([
      ["adjustment -₱0.50 ", "Rhea"],
      ["adjustment +₱150.50 ", "Rhea"],
    ]);
    expect(
      await runAdminCommand(database.db, registry, {
        command: "ledger.adjust",
        brand: "lucky-peso",
        user: m.username,
        amount: "+1",
        key: "x",
        by: "Rhea",
        why: " ",
      }),
    ).toMatchObject({ ok: false });
    expect(await getBalance(database.db, lucky(), m.id, "cash")).toBe(15_000n);
  });

  it("verifies every brand and says so", async () => {
    const r = formatAdminResult(await runAdminCommand(database.db, registry, { command: "ledger.verify" }));
    expect(r.ok).toBe(true);
    expect(r.text).toMatch(/^lucky-peso: \d+ transfers, \d+ entries, \d+ accounts; members hold ₱[\d,]+\.\d\d\n {2}OK: /);
    expect(r.text).toMatch(/\nperlas-play: /);
    expect(await runAdminCommand(database.db, registry, { command: "ledger.verify", brand: "nope" })).toMatchObject({
      ok: false,
    });
  });
});

describe("ledger verify", () => {
  it("names the first broken row of each kind once the rules were bypassed", async () => {
    const db = await createTestDatabase();
    try {
      const m = await createMember(db.db, lucky(), { username: "brokenledger", password: null });
      await postTransfer(db.db, lucky(), deposit(m.id, 1_000n, "good"));
      expect((await verifyLedger(db.db, "LUCKYPESO")).problems).toEqual([]);
      // What only someone bypassing the triggers (a restore, a bad migration) could write.
      await db.db.execute(sql`alter table wallet_entries disable trigger user`);
      await db.db.execute(sql`alter table wallet_accounts disable trigger user`);
      await db.db.execute(sql`alter table wallet_accounts drop constraint wallet_accounts_not_negative`);
      await db.db.execute(sql`update wallet_entries set amount_centavos = 1500 where amount_centavos = 1000`);
      await db.db.execute(sql`update wallet_accounts set balance_centavos = -5 where member_id = ${m.id}`);
      const report = await verifyLedger(db.db, "LUCKYPESO");
      expect(report.problems.map((p) => p.check)).toEqual(["unbalanced-transfer", "balance-mismatch", "negative-balance"]);
      expect(report.problems[0].detail).toMatch(/transfer \d+ \(LUCKYPESO, key good\) sums to 500 over 2 legs/);
      expect(report.problems[1].detail).toMatch(/caches -5 but its entries sum to 1500/);
      // The other brand is untouched and clean.
      expect((await verifyLedger(db.db, "PERLAS")).problems).toEqual([]);
      // The command fails (the CLI exits 1) and names the row.
      const cli = formatAdminResult(await runAdminCommand(db.db, registry, { command: "ledger.verify", brand: "lucky-peso" }));
      expect(cli.ok).toBe(false);
      expect(cli.text).toMatch(/BROKEN \(unbalanced-transfer\): transfer \d+ \(LUCKYPESO, key good\)/);
    } finally {
      await db.close();
    }
  });
});
