import crypto from "node:crypto";
import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { paymentOrders, withdrawals } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { grantDemoBalance } from "../../app/domain/wallet/balances.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { projectBrands } from "../setup/brands";
import { portOf, request } from "../setup/http";
import { Jar } from "../setup/jar";
import { serveApp } from "../setup/test-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
let lucky: Brand;
let perlas: Brand;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  lucky = registry.byId.get("lucky-peso")!;
  perlas = registry.byId.get("perlas-play")!;
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
/** Manila is UTC+8 all year: the instant a market day's clock shows `hh:mm`. */
const manila = (day: string, hh: number, mm = 0) => new Date(Date.parse(`${day}T00:00:00Z`) - 8 * HOUR + hh * HOUR + mm * 60_000);
/** Today's date on the market's calendar, shifted by `days`. */
const marketDay = (days = 0) => new Date(Date.now() + 8 * HOUR + days * DAY).toISOString().slice(0, 10);
const publicId = (prefix: "D" | "W") => prefix + crypto.randomBytes(8).toString("hex").toUpperCase();

let serial = 0;
async function signedIn(brand: Brand, extra: { type?: number } = {}) {
  const member = await createMember(database.db, brand, {
    username: `bh${Date.now() % 1e6}${serial++}`,
    password: "goodpass12",
    ...extra,
  });
  const jar = new Jar(port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
  return { jar, member };
}

async function credit(brand: Brand, memberId: number, amount: bigint) {
  await postTransfer(database.db, brand, {
    key: `test-adjust:${crypto.randomUUID()}`,
    kind: "adjustment",
    reference: `support:test`,
    legs: [
      { account: { house: "house:adjustments" }, amount: -amount },
      { account: { memberId, kind: "cash" }, amount },
    ],
  });
}

async function deposit(
  brand: Brand,
  memberId: number,
  o: {
    state: "pending" | "paid" | "failed" | "expired";
    at: Date;
    amount?: bigint;
    fee?: bigint;
    channel?: string;
    reason?: string;
  },
) {
  const id = publicId("D");
  const amount = o.amount ?? 500_00n;
  const fee = o.fee ?? 0n;
  let transferId: number | null = null;
  if (o.state === "paid") {
    const t = await postTransfer(database.db, brand, {
      key: `deposit:${id}`,
      kind: "deposit",
      reference: `order:${id}`,
      legs: [
        { account: { house: "house:clearing:sandbox" }, amount: -(amount - fee) },
        { account: { memberId, kind: "cash" }, amount: amount - fee },
      ],
    });
    transferId = t.id;
  }
  await database.db.insert(paymentOrders).values({
    merchantCode: brand.merchantCode,
    publicId: id,
    memberId,
    gateway: "sandbox",
    channel: o.channel ?? "gcash",
    amount,
    fee,
    credit: amount - fee,
    state: o.state,
    failureReason: o.reason ?? null,
    transferId,
    createdAt: o.at,
    expiresAt: new Date(o.at.getTime() + 30 * 60_000),
  });
  return id;
}

async function withdrawal(
  brand: Brand,
  memberId: number,
  o: { state: "pending" | "approved" | "paid" | "rejected" | "failed"; at: Date; amount?: bigint; reason?: string },
) {
  const id = publicId("W");
  const amount = o.amount ?? 300_00n;
  await credit(brand, memberId, amount);
  const hold = await postTransfer(database.db, brand, {
    key: `hold:${id}`,
    kind: "withdrawal_hold",
    reference: `withdrawal:${id}`,
    legs: [
      { account: { memberId, kind: "cash" }, amount: -amount },
      { account: { house: "house:holds" }, amount },
    ],
  });
  let settleTransferId: number | null = null;
  if (o.state === "paid" || o.state === "rejected" || o.state === "failed") {
    const paid = o.state === "paid";
    const settle = await postTransfer(database.db, brand, {
      key: `settle:${id}`,
      kind: paid ? "withdrawal_payout" : "withdrawal_release",
      reference: `withdrawal:${id}`,
      legs: [
        { account: { house: "house:holds" }, amount: -amount },
        { account: paid ? { house: "house:clearing:sandbox" } : { memberId, kind: "cash" }, amount },
      ],
    });
    settleTransferId = settle.id;
  }
  await database.db.insert(withdrawals).values({
    merchantCode: brand.merchantCode,
    publicId: id,
    memberId,
    amount,
    state: o.state,
    payoutMethod: "gcash",
    payoutAccountNumber: "09171234567",
    payoutHolderName: "Juan Dela Cruz",
    gateway: "sandbox",
    reason: o.reason ?? null,
    holdTransferId: hold.id,
    settleTransferId,
    createdAt: o.at,
  });
  return id;
}

const header = (body: string) => body.match(/<header[\s\S]*?<\/header>/)?.[0] ?? "";
/** The amount the header shows (the element labelled "Balance"). */
const headerAmount = (body: string) => header(body).match(/aria-label="Balance"[^>]*>([^<]*)</)?.[1];
/** The public ids of the rendered history rows, in page order. */
const rows = (body: string) => [...body.matchAll(/<p class="font-mono[^"]*">([DW][0-9A-F]{16})<\/p>/g)].map((m) => m[1]);
const alert = (body: string) => body.match(/role="alert"[^>]*>([^<]*)</)?.[1];

describe(`the header balance over HTTP on ${TEST_ENGINE}`, () => {
  it("hides and shows the balance with a plain form post, remembered across requests", async () => {
    const { jar, member } = await signedIn(lucky);
    await credit(lucky, member.id, 1_000_00n);
    const shown = await jar.get("/m/home");
    expect(headerAmount(shown.body)).toBe("₱1,000.00");

    const hide = await jar.post("/m/balance", { hidden: "1", redirectTo: "/m/gameCenter?category=RNG" });
    expect(hide.status).toBe(302);
    expect(hide.headers.location).toBe("/m/gameCenter?category=RNG");
    const cookie = hide.headers["set-cookie"]!.find((c) => c.startsWith("balance_hidden="))!;
    expect(cookie).toMatch(/^balance_hidden=1;/);
    expect(cookie).toContain("Max-Age=31536000");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");

    for (const path of ["/m/home", "/m/member/home", "/m/gameCenter"]) {
      const page = await jar.get(path);
      expect(headerAmount(page.body), path).toBe("₱****");
      expect(header(page.body), path).not.toContain("1,000.00");
      expect(header(page.body), path).toContain('aria-label="Show balance"');
    }
    // The member centre's own balance card follows the same choice.
    expect((await jar.get("/m/member/home")).body).not.toContain("₱1,000.00");

    const show = await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/home" });
    expect(show.status).toBe(302);
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱1,000.00");
  });

  it("answers a script's toggle in place, also through the single-fetch data URL", async () => {
    const { jar } = await signedIn(lucky);
    await jar.get("/m/home");
    const direct = await jar.post("/m/balance", { hidden: "1" });
    expect(direct.status).toBe(200);
    expect(JSON.parse(direct.body)).toEqual({ hidden: true });
    expect(jar.cookies.get("balance_hidden")).toBe("1");
    const viaData = await jar.post("/m/balance.data", { hidden: "0" });
    expect(viaData.status).toBe(200);
    expect(jar.cookies.get("balance_hidden")).toBe("0");
  });

  it("refuses a toggle without the CSRF token or with a bad value, and changes nothing", async () => {
    const { jar } = await signedIn(lucky);
    await jar.get("/m/home");
    await jar.post("/m/balance", { hidden: "1", redirectTo: "/m/home" });
    const forged = await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/home" }, { csrf: false });
    expect(forged.status).toBe(403);
    const wrong = await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/home" }, { csrf: "not-the-token-0123456789" });
    expect(wrong.status).toBe(403);
    const bad = await jar.post("/m/balance", { hidden: "maybe", redirectTo: "/m/home" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ error: "Choose to hide or show the balance." });
    expect(jar.cookies.get("balance_hidden")).toBe("1");
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱****");
  });

  it("sends the no-JavaScript toggle back only to a page of this site", async () => {
    const { jar } = await signedIn(lucky);
    await jar.get("/m/home");
    for (const to of ["//evil.example/m/home", "https://evil.example/", "/\\evil.example"]) {
      const r = await jar.post("/m/balance", { hidden: "1", redirectTo: to });
      expect(r.status, to).toBe(302);
      expect(r.headers.location, to).toBe("/m/home");
    }
  });

  it("refreshes to the current balance, uncached; a trial player gets the play money", async () => {
    const { jar, member } = await signedIn(lucky);
    await credit(lucky, member.id, 250_50n);
    const first = await jar.get("/m/balance");
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(first.body)).toEqual({ balance: "25050" });
    // Credits landing while the player refreshes: every answer is a balance that existed, the last one all of them.
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        await credit(lucky, member.id, 100n);
        return JSON.parse((await jar.get(`/m/balance?i=${i}`)).body).balance as string;
      }),
    );
    for (const a of answers) expect(BigInt(a) >= 25150n && BigInt(a) <= 26050n, a).toBe(true);
    expect(JSON.parse((await jar.get("/m/balance")).body)).toEqual({ balance: "26050" });

    const guest = await signedIn(lucky, { type: 4 });
    await grantDemoBalance(database.db, lucky, guest.member.id);
    expect(JSON.parse((await guest.jar.get("/m/balance")).body)).toEqual({ balance: "200000" });
  });

  it("sends a refresh without a session to /m/login", async () => {
    const r = await request(port, "/m/balance", { host: lucky.hosts[0] });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/login");
    // A session of one brand is nobody on another.
    const { jar } = await signedIn(lucky);
    const elsewhere = await request(port, "/m/balance", { host: perlas.hosts[0], headers: { cookie: jar.header() } });
    expect(elsewhere.status).toBe(302);
    expect(elsewhere.headers.location).toBe("/m/login");
  });

  it("shows the new balance on the page after a deposit is credited", async () => {
    const { jar, member } = await signedIn(lucky);
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱0.00");
    await deposit(lucky, member.id, { state: "paid", at: new Date(), amount: 1_234_00n });
    expect(headerAmount((await jar.get("/m/home")).body)).toBe("₱1,234.00");
  });
});

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
