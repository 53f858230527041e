// Issue 16, item 8: the AML report of covered transactions, withdrawals after little play and shared payout accounts.
import { describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { amlReport, parseAmlPeriod } from "../../app/domain/compliance/aml.server";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { csvCell } from "../../scripts/lib/format-aml";
import { uid } from "../setup/seamless-client";
import { TEST_ENGINE } from "../setup/test-db";
import { dayOf, db, deposit, perlas, player, registry, setUpBetRecords, withdraw } from "./bet-records-fixtures";

setUpBetRecords();

const today = () => parseAmlPeriod(dayOf(0))!;
const withAml = (brand: Brand, aml: Partial<Brand["compliance"]["aml"]>): Brand => ({
  ...brand,
  compliance: { ...brand.compliance, aml: { ...brand.compliance.aml, ...aml } },
});

describe(`the AML report on ${TEST_ENGINE}`, () => {
  it("flags a withdrawal after little play, a payout account shared by three members and, above its threshold, covered transactions", async () => {
    const brand = perlas();
    expect(brand.compliance.aml).toEqual({
      coveredTransactionCentavos: 500_000_000,
      littlePlayPercent: 50,
      sharedPayoutAccountMembers: 3,
    });
    // Deposits, withdraws half without a bet.
    const quick = await player(brand);
    await deposit(brand, quick.m, 1_000_00n);
    const w1 = await withdraw(brand, quick.m, 500_00n);
    expect(w1.ok).toBe(true);
    // Deposits, bets 60 % of it, then withdraws: enough play.
    const steady = await player(brand);
    await deposit(brand, steady.m, 2_000_00n);
    expect((await steady.s.bet(uid("bet"), 1_200_00n, uid("round"))).json.status).toBe("RS_OK");
    expect(await withdraw(brand, steady.m, 500_00n)).toMatchObject({ ok: true });
    // Bets exactly half: on the line, not below it.
    const half = await player(brand);
    await deposit(brand, half.m, 2_000_00n);
    expect((await half.s.bet(uid("bet"), 1_000_00n, uid("round"))).json.status).toBe("RS_OK");
    expect((await withdraw(brand, half.m, 500_00n)).ok).toBe(true);

    const flags = await amlReport(db(), brand, today());
    const withdrawal = w1.ok ? w1.withdrawal : null;
    expect(flags.filter((f) => f.flag === "little_play")).toEqual([
      {
        flag: "little_play",
        member: quick.m.username,
        reference: withdrawal!.publicId,
        amountCentavos: 500_00n,
        at: expect.any(Date),
        depositsCentavos: 1_000_00n,
        betsCentavos: 0n,
      },
    ]);
    // Every player of the fixture binds the same GCash number.
    expect(flags.filter((f) => f.flag === "shared_payout_account")).toEqual([
      {
        flag: "shared_payout_account",
        members: [quick.m.username, steady.m.username, half.m.username].sort(),
        method: "gcash",
        accountNumber: "09171234567",
      },
    ]);
    // ₱1,000 deposits are far below the ₱5,000,000 default; at a ₱1,000 threshold all three are covered.
    expect(flags.filter((f) => f.flag.startsWith("covered"))).toEqual([]);
    const covered = (await amlReport(db(), withAml(brand, { coveredTransactionCentavos: 1_000_00 }), today())).filter((f) =>
      f.flag.startsWith("covered"),
    );
    expect(covered.map((f) => [f.flag, "member" in f ? f.member : ""])).toEqual(
      [quick.m, steady.m, half.m].map((m) => ["covered_deposit", m.username]),
    );
    // Four members on one account at a threshold of 4: not yet.
    expect(
      (await amlReport(db(), withAml(brand, { sharedPayoutAccountMembers: 4 }), today())).some(
        (f) => f.flag === "shared_payout_account",
      ),
    ).toBe(false);
    // The day before: nothing had happened yet.
    expect(await amlReport(db(), brand, parseAmlPeriod(dayOf(1))!)).toEqual([]);
  });

  it("is written as CSV by npm run aml -- report, and refuses a period that is none", async () => {
    const r = await runAdminCommand(db(), registry(), { command: "aml.report", brand: "perlas-play", period: dayOf(0) });
    const text = formatAdminResult(r);
    expect(text.ok).toBe(true);
    const lines = text.text.split("\n");
    expect(lines[0]).toBe("flag,members,reference,amount_php,at,deposits_php,cash_bets_php,payout_method,payout_account");
    expect(lines.find((l) => l.startsWith("little_play,"))).toMatch(
      /^little_play,[a-z0-9]+,W[0-9A-Z]{16},500\.00,\d{4}-\d{2}-\d{2}T[\d:.]+Z,1000\.00,0\.00,,$/,
    );
    expect(lines.find((l) => l.startsWith("shared_payout_account,"))).toMatch(
      /^shared_payout_account,[a-z0-9 ]+,,,,,,gcash,09171234567$/,
    );

    for (const period of ["2026-13", "2026-02-30", "2026-11-05..2026-11-01", "yesterday", "2026-11-01..", "=1+1"]) {
      const refused = formatAdminResult(
        await runAdminCommand(db(), registry(), { command: "aml.report", brand: "perlas-play", period }),
      );
      expect(refused, period).toEqual({ ok: false, text: expect.stringContaining("is not a period") });
    }
    expect(
      formatAdminResult(await runAdminCommand(db(), registry(), { command: "aml.report", brand: "nosuch", period: "2026-11" }))
        .ok,
    ).toBe(false);
  });

  it("counts periods in Manila days and keeps spreadsheet formulas out of the CSV", () => {
    expect(parseAmlPeriod("2026-11")).toEqual({
      label: "2026-11",
      from: new Date("2026-10-31T16:00:00Z"),
      to: new Date("2026-11-30T16:00:00Z"),
    });
    expect(parseAmlPeriod("2026-12")!.to).toEqual(new Date("2026-12-31T16:00:00Z"));
    expect(parseAmlPeriod("2026-11-27")).toMatchObject({
      from: new Date("2026-11-26T16:00:00Z"),
      to: new Date("2026-11-27T16:00:00Z"),
    });
    expect(parseAmlPeriod("2026-11-01..2026-11-15")).toMatchObject({ to: new Date("2026-11-15T16:00:00Z") });
    expect(parseAmlPeriod("2026-11-27..2026-11-27")).toMatchObject({ to: new Date("2026-11-27T16:00:00Z") });
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+639171234567")).toBe("'+639171234567");
    expect(csvCell('Dela Cruz, "JDC"')).toBe('"Dela Cruz, ""JDC"""');
    expect(csvCell("09171234567")).toBe("09171234567");
  });
});
