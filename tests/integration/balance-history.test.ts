import { describe, expect, it } from "vitest";
import { request } from "../setup/http";
import { TEST_ENGINE } from "../setup/test-db";
import {
  DAY,
  HOUR,
  alert,
  deposit,
  lucky,
  manila,
  marketDay,
  perlas,
  port,
  rows,
  setUpBalanceHistory,
  signedIn,
  withdrawal,
} from "./balance-history-fixtures";

setUpBalanceHistory();

describe(`the transaction history over HTTP on ${TEST_ENGINE}`, () => {
  it("lists the member's own deposits and withdrawals, newest first, with states, reasons and fees", async () => {
    const { jar, member } = await signedIn(lucky);
    const other = await signedIn(lucky);
    const abroad = await signedIn(perlas);
    const now = Date.now();
    const ids = {
      paid: await deposit(lucky, member.id, { state: "paid", at: new Date(now - 9 * HOUR), amount: 1_000_00n, fee: 20_00n }),
      pendingD: await deposit(lucky, member.id, { state: "pending", at: new Date(now - 8 * HOUR), channel: "maya" }),
      failedD: await deposit(lucky, member.id, { state: "failed", at: new Date(now - 7 * HOUR), reason: "Declined by bank" }),
      expired: await deposit(lucky, member.id, { state: "expired", at: new Date(now - 6 * HOUR), channel: "qrph" }),
      review: await withdrawal(lucky, member.id, { state: "pending", at: new Date(now - 5 * HOUR) }),
      approved: await withdrawal(lucky, member.id, { state: "approved", at: new Date(now - 4 * HOUR) }),
      paidW: await withdrawal(lucky, member.id, { state: "paid", at: new Date(now - 3 * HOUR) }),
      rejected: await withdrawal(lucky, member.id, { state: "rejected", at: new Date(now - 2 * HOUR), reason: "Name mismatch" }),
      failedW: await withdrawal(lucky, member.id, { state: "failed", at: new Date(now - 1 * HOUR), reason: "Account closed" }),
    };
    const theirs = [
      await deposit(lucky, other.member.id, { state: "paid", at: new Date(now - HOUR) }),
      await withdrawal(lucky, other.member.id, { state: "pending", at: new Date(now - HOUR) }),
      await deposit(perlas, abroad.member.id, { state: "paid", at: new Date(now - HOUR) }),
    ];

    const page = await jar.get("/m/transactions");
    expect(page.status).toBe(200);
    expect(rows(page.body)).toEqual([
      ids.failedW,
      ids.rejected,
      ids.paidW,
      ids.approved,
      ids.review,
      ids.expired,
      ids.failedD,
      ids.pendingD,
      ids.paid,
    ]);
    for (const id of theirs) expect(page.body).not.toContain(id);
    for (const badge of ["Pending review", "Processing", "Rejected", "Paid", "Pending", "Failed", "Expired"])
      expect(page.body, badge).toContain(`>${badge}</span>`);
    expect(page.body).toContain(">Reason: Name mismatch<");
    expect(page.body).toContain(">Reason: Account closed<");
    expect(page.body).toContain(">Reason: Declined by bank<");
    expect(page.body).toContain(">Fee ₱20.00 · credited ₱980.00<");
    expect(page.body).toContain("+<!-- -->₱1,000.00");
    expect(page.body).toMatch(/> · <!-- -->Maya</);
    expect(page.body).toMatch(/<time>\d{4}-\d{2}-\d{2} \d{2}:\d{2}<\/time>/);

    // The other member and the other brand see only their own rows.
    expect(rows((await other.jar.get("/m/transactions")).body).sort()).toEqual(theirs.slice(0, 2).sort());
    expect(rows((await abroad.jar.get("/m/transactions")).body)).toEqual([theirs[2]]);
    const crossBrand = await request(port, "/m/transactions", { host: perlas.hosts[0], headers: { cookie: jar.header() } });
    expect(crossBrand.status).toBe(302);
    expect(crossBrand.headers.location).toBe("/m/login?redirectTo=%2Fm%2Ftransactions");
  });

  it("filters by kind and by market days, both ends included", async () => {
    const { jar, member } = await signedIn(lucky);
    const day = marketDay(-5);
    const before = await deposit(lucky, member.id, { state: "paid", at: manila(marketDay(-6), 23, 59) });
    const first = await deposit(lucky, member.id, { state: "paid", at: manila(day, 0, 0) });
    const last = await withdrawal(lucky, member.id, { state: "pending", at: manila(day, 23, 59) });
    const after = await withdrawal(lucky, member.id, { state: "pending", at: manila(marketDay(-4), 0, 0) });
    const old = await deposit(lucky, member.id, { state: "paid", at: new Date(Date.now() - 40 * DAY) });

    // The default is the last 30 days.
    expect(rows((await jar.get("/m/transactions")).body)).toEqual([after, last, first, before]);
    expect(rows((await jar.get(`/m/transactions?from=${day}&to=${day}`)).body)).toEqual([last, first]);
    expect(rows((await jar.get(`/m/transactions?kind=deposits&from=${day}&to=${day}`)).body)).toEqual([first]);
    expect(rows((await jar.get(`/m/transactions?kind=withdrawals`)).body)).toEqual([after, last]);
    expect(rows((await jar.get(`/m/transactions?kind=deposits`)).body)).toEqual([first, before]);
    const oldDay = marketDay(-40);
    expect(rows((await jar.get(`/m/transactions?from=${oldDay}&to=${oldDay}`)).body)).toEqual([old]);
    // Exactly 90 days is allowed.
    const wide = await jar.get(`/m/transactions?from=${marketDay(-89)}&to=${marketDay()}`);
    expect(wide.status).toBe(200);
    expect(rows(wide.body)).toEqual([after, last, first, before, old]);

    const empty = await jar.get(`/m/transactions?from=${marketDay(-60)}&to=${marketDay(-50)}`);
    expect(empty.status).toBe(200);
    expect(rows(empty.body)).toEqual([]);
    expect(empty.body).toContain(">No deposits or withdrawals in this period.<");
  });

  it("pages 20 at a time in one order across both tables", async () => {
    const { jar, member } = await signedIn(lucky);
    const base = Date.now() - 10 * DAY;
    const made: string[] = [];
    for (let i = 0; i < 45; i++) {
      // Pairs share an instant, so the order inside one moment is settled by the query, not by luck.
      const at = new Date(base + Math.floor(i / 2) * HOUR);
      made.push(
        i % 3 === 0
          ? await withdrawal(lucky, member.id, { state: "pending", at })
          : await deposit(lucky, member.id, { state: "pending", at }),
      );
    }
    const pages = await Promise.all([1, 2, 3].map((p) => jar.get(`/m/transactions?page=${p}`)));
    expect(pages.map((p) => rows(p.body).length)).toEqual([20, 20, 5]);
    const seen = pages.flatMap((p) => rows(p.body));
    expect(new Set(seen).size).toBe(45);
    expect(new Set(seen)).toEqual(new Set(made));
    expect(pages[0]!.body).toContain(">Page 1 of 3<");
    const next = pages[0]!.body.match(/<a [^>]*rel="next"[^>]*>/)?.[0] ?? "";
    expect(next).toMatch(/href="\/m\/transactions\?kind=all&amp;from=[\d-]+&amp;to=[\d-]+&amp;page=2"/);
    // Asked again in parallel, every page answers the same rows.
    const again = await Promise.all([1, 2, 3, 1, 2, 3].map((p) => jar.get(`/m/transactions?page=${p}`)));
    expect(again.flatMap((p) => rows(p.body))).toEqual([...seen, ...seen]);
    const beyond = await jar.get("/m/transactions?page=4");
    expect(beyond.status).toBe(200);
    expect(rows(beyond.body)).toEqual([]);
  });

  it("refuses bad filters with a translated message and status 400, listing nothing", async () => {
    const { jar, member } = await signedIn(lucky);
    await deposit(lucky, member.id, { state: "paid", at: new Date() });
    const cases: [string, string][] = [
      ["from=2025-02-30&to=2025-03-01", "Enter dates as YYYY-MM-DD."],
      ["from=yesterday", "Enter dates as YYYY-MM-DD."],
      ["from=1e3&to=2025-01-01", "Enter dates as YYYY-MM-DD."],
      ["from=%EF%BC%92025-01-01", "Enter dates as YYYY-MM-DD."],
      ["from=2025-03-02&to=2025-03-01", "The start date must not be after the end date."],
      [`from=${marketDay(-90)}&to=${marketDay()}`, "Choose a range of at most 90 days."],
      ["kind=bonus", "Choose all, deposits or withdrawals."],
      ["page=0", "That page does not exist."],
      ["page=-1", "That page does not exist."],
      ["page=1.5", "That page does not exist."],
      ["page=99999999999999999999", "That page does not exist."],
      ["page=501", "That page does not exist."],
    ];
    const answers = await Promise.all(cases.map(([q]) => jar.get(`/m/transactions?${q}`)));
    answers.forEach((r, i) => {
      const [q, message] = cases[i]!;
      expect(r.status, q).toBe(400);
      expect(alert(r.body), q).toBe(message);
      expect(rows(r.body), q).toEqual([]);
    });

    await jar.get("/m/home");
    await jar.post("/m/language", { lng: "zh", redirectTo: "/m/home" });
    const zh = await jar.get("/m/transactions?from=2025-03-02&to=2025-03-01");
    expect(zh.status).toBe(400);
    expect(alert(zh.body)).toBe("开始日期不能晚于结束日期。");
  });

  it("is for members: trial players get free_reject at the member centre, visitors go to login", async () => {
    const guest = await signedIn(lucky, { type: 4 });
    const g = await guest.jar.get("/m/transactions");
    expect(g.status).toBe(302);
    expect(g.headers.location).toBe("/m/member/home");
    const anonymous = await request(port, "/m/transactions", { host: lucky.hosts[0] });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.location).toBe("/m/login?redirectTo=%2Fm%2Ftransactions");
  });

  it("is linked from the member centre", async () => {
    const { jar } = await signedIn(lucky);
    expect((await jar.get("/m/member/home")).body).toContain('href="/m/transactions"');
  });
});
