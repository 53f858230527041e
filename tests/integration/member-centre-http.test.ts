import { describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { gameRounds } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();

const lucky = () => app.registry.byId.get("lucky-peso")!;
const perlas = () => app.registry.byId.get("perlas-play")!;

let seq = 0;
async function signedIn(brand: Brand, opts: { type?: number; nickname?: string; cash?: bigint } = {}) {
  const member = await createMember(app.database.db, brand, {
    username: `mcentre${++seq}`,
    password: "goodpass12",
    type: opts.type ?? 0,
    nickname: opts.nickname,
  });
  if (opts.cash) await credit(brand, member.id, opts.cash, "start");
  const jar = new Jar(app.port, brand.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, brand, member.id));
  return { jar, member };
}

async function credit(brand: Brand, memberId: number, amount: bigint, tag: string) {
  await postTransfer(app.database.db, brand, {
    key: `mc-test:${memberId}:${tag}`,
    kind: "deposit",
    reference: `test:${memberId}:${tag}`,
    legs: [
      { account: { house: "house:clearing:sandbox" }, amount: -amount },
      { account: { memberId, kind: "cash" }, amount },
    ],
  });
}

async function round(brand: Brand, memberId: number, bet: bigint, opts: { demo?: boolean; closed?: boolean } = {}) {
  await app.database.db.insert(gameRounds).values({
    merchantCode: brand.merchantCode,
    memberId,
    provider: "BGS",
    round: `mc-${memberId}-${++seq}`,
    gameCode: "dice",
    demo: opts.demo ?? false,
    bet,
    win: 0n,
    closed: opts.closed ?? true,
  });
}

const progressOf = (body: string) => Number(/data-progress-bps="(\d+)"/.exec(body)?.[1]);
const entries = (body: string) => [...body.matchAll(/data-entry="([a-zA-Z]+)"/g)].map((m) => m[1]);

describe(`the member centre over HTTP on ${TEST_ENGINE}`, () => {
  it("sends visitors to /m/login and shows trial guests the free_reject prompt", async () => {
    const visitor = new Jar(app.port, lucky().hosts[0]);
    const r = await visitor.get("/m/member/home");
    expect(r.status).toBe(302);
    expect(r.headers.location).toMatch(/^\/m\/login/);

    const { jar } = await signedIn(lucky(), { type: 4 });
    const page = await jar.get("/m/member/home");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Please login an actual account to use this function");
    expect(page.body).toContain('href="/m/register"');
    expect(page.body).not.toContain("data-layout");
    expect(page.body).not.toContain('data-testid="vip-progress"');
  });

  it("shows the new layout where mem_cen is 1 and the classic one where it is 0", async () => {
    expect(lucky().templateFlags.mem_cen).toBe(1);
    expect(perlas().templateFlags.mem_cen).toBe(0);
    const a = await signedIn(lucky(), { nickname: "Lucky Juan", cash: 1_234_56n });
    const page = await a.jar.get("/m/member/home");
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-layout="new"');
    expect(page.body).toContain("Lucky Juan");
    expect(page.body).toContain(`>${a.member.username}</span>`);
    expect(page.body).toMatch(/data-testid="club-label"[^>]*>Bronze</);
    expect(page.body).toContain("₱1,234.56");
    expect(entries(page.body)).toEqual(
      expect.arrayContaining(["deposit", "withdraw", "betRecord", "transactions", "settings", "help"]),
    );
    expect(page.body).toContain('href="/m/logout"');

    const b = await signedIn(perlas());
    const classic = await b.jar.get("/m/member/home");
    expect(classic.body).toContain('data-layout="classic"');
    expect(classic.body).not.toContain('data-layout="new"');
    // The brand's own ranks, and the account name where there is no nickname.
    expect(classic.body).toMatch(/data-testid="club-label"[^>]*>Seed Pearl</);
    expect(classic.body).toContain(`>${b.member.username}</h1>`);
  });

  it("shows an entry only while its flag is on", async () => {
    const { jar } = await signedIn(lucky());
    expect(entries((await jar.get("/m/member/home")).body)).toContain("betRecord");
    await setFlag(app.database.db, lucky(), "TRANSBETREPMEM3", false, { name: "test", reason: "member centre entries" });
    try {
      expect(entries((await jar.get("/m/member/home")).body)).not.toContain("betRecord");
    } finally {
      await setFlag(app.database.db, lucky(), "TRANSBETREPMEM3", null, { name: "test", reason: "member centre entries done" });
    }
  });

  it("masks the balance when hidden on this device and refreshes it from the ledger", async () => {
    const { jar, member } = await signedIn(lucky(), { cash: 500_00n });
    let page = await jar.get("/m/member/home");
    expect(page.body).toContain("₱500.00");

    const hide = await jar.post("/m/balance", { hidden: "1", redirectTo: "/m/member/home" });
    expect(hide.status).toBe(302);
    expect(hide.headers.location).toBe("/m/member/home");
    page = await jar.get("/m/member/home");
    expect(page.body).toContain("₱****");
    expect(page.body).not.toContain("₱500.00");

    await credit(lucky(), member.id, 250_25n, "more");
    const refreshed = await jar.get("/m/balance");
    expect(refreshed.status).toBe(200);
    expect(JSON.parse(refreshed.body)).toEqual({ balance: "75025" });

    await jar.post("/m/balance", { hidden: "0", redirectTo: "/m/member/home" });
    page = await jar.get("/m/member/home");
    expect(page.body).toContain("₱750.25");
  });

  it("measures VIP progress from settled cash bets only, up to the brand's top rank", async () => {
    const { jar, member } = await signedIn(lucky());
    expect(progressOf((await jar.get("/m/member/home")).body)).toBe(0);

    await round(lucky(), member.id, 1_500_00n);
    await round(lucky(), member.id, 1_000_00n);
    await round(lucky(), member.id, 90_000_00n, { demo: true });
    await round(lucky(), member.id, 90_000_00n, { closed: false });
    let page = await jar.get("/m/member/home");
    // ₱2,500 of the ₱10,000 that reach Silver.
    expect(progressOf(page.body)).toBe(2500);
    expect(page.body).toContain("25% to Silver");
    expect(page.body).toContain("Wager ₱7,500.00 more to reach Silver");

    await round(lucky(), member.id, 7_500_00n);
    page = await jar.get("/m/member/home");
    expect(page.body).toMatch(/data-testid="club-label"[^>]*>Silver</);
    expect(progressOf(page.body)).toBe(2000);

    await round(lucky(), member.id, 1_000_000_00n);
    page = await jar.get("/m/member/home");
    expect(page.body).toMatch(/data-testid="club-label"[^>]*>Diamond</);
    expect(progressOf(page.body)).toBe(10_000);
    expect(page.body).toContain("Top rank reached");
  });

  it("keeps brands apart: a session, rounds and a nickname of one brand mean nothing on the other", async () => {
    const a = await signedIn(lucky(), { nickname: "OnlyLucky" });
    await round(lucky(), a.member.id, 5_000_00n);
    const elsewhere = new Jar(app.port, perlas().hosts[0]);
    elsewhere.cookies = new Map(a.jar.cookies);
    const r = await elsewhere.get("/m/member/home");
    expect(r.status).toBe(302);
    expect(r.headers.location).toMatch(/^\/m\/login/);

    const b = await signedIn(perlas());
    const page = await b.jar.get("/m/member/home");
    expect(page.body).not.toContain("OnlyLucky");
    expect(progressOf(page.body)).toBe(0);
  });
});
