import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { createLaunchToken } from "../../app/domain/wallet/seamless.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { request } from "../setup/http";
import { booksOf, fund, nowSeconds, roundOf, uid } from "../setup/seamless-client";
import { houseBalance } from "../../app/domain/wallet/balances.server";
import { servedApp } from "../setup/test-server";

/**
 * A JILI-style vendor (protocol "jili", configured through GAME_PROVIDERS as a deployment does) playing
 * against the served app: its own field names, decimal pesos, one bet+settle call per spin, its own
 * signature header and answer shape; every call lands in the ledger to the centavo.
 */

const SECRET = "jili-adapter-test-secret-0123456789abcdef";
const SECRET_ENV = "JILI_ADAPTER_TEST_SECRET";

let database: Database;
let registry: BrandRegistry;
let port: number;

beforeAll(() => {
  process.env[SECRET_ENV] = SECRET;
});
afterAll(() => {
  delete process.env[SECRET_ENV];
});
const app = servedApp({
  env: {
    GAME_PROVIDERS: JSON.stringify({
      JILI: { protocol: "jili", gameUrl: "https://jili.example.test/launch", secretEnv: SECRET_ENV },
    }),
  },
});
beforeAll(() => {
  ({ database, registry, port } = app);
});

const lucky = () => registry.byId.get("lucky-peso")!;

interface Reply {
  http: number;
  raw: string;
  json: Record<string, unknown>;
}

async function send(
  action: string,
  fields: Record<string, string | number>,
  opts: { form?: boolean; secret?: string; rawBody?: string } = {},
): Promise<Reply> {
  const rawBody =
    opts.rawBody ??
    (opts.form ? new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString() : JSON.stringify(fields));
  const r = await request(port, `/api/seamless/JILI/${action}`, {
    host: lucky().hosts[0]!,
    method: "POST",
    headers: {
      "content-type": opts.form ? "application/x-www-form-urlencoded" : "application/json",
      "x-jili-signature": crypto
        .createHmac("sha256", opts.secret ?? SECRET)
        .update(rawBody)
        .digest("hex"),
    },
    body: rawBody,
  });
  return { http: r.status, raw: r.body, json: JSON.parse(r.body) as Record<string, unknown> };
}

/** A member with cash whose launch token the vendor exchanged at `auth`: what the vendor holds. */
async function player(cash: bigint) {
  const member = await createMember(database.db, lucky(), {
    username: `jili${process.pid % 1000}x${uid("m").slice(-6)}`,
    password: null,
  });
  if (cash > 0n) await fund(database.db, lucky(), member.id, cash);
  const grant = await createLaunchToken(database.db, lucky(), {
    memberId: member.id,
    demo: false,
    provider: "JILI",
    gameCode: "JILI_SLOT_2",
  });
  const auth = await send("auth", { reqId: uid("auth"), timestamp: nowSeconds(), token: grant.launchToken });
  expect(auth.json).toMatchObject({
    errorCode: 0,
    message: "Success",
    username: member.username,
    currency: "PHP",
    game: "JILI_SLOT_2",
  });
  const token = String(auth.json.token);
  const base = () => ({
    reqId: uid("req"),
    timestamp: nowSeconds(),
    token,
    userId: member.username,
    currency: "PHP",
    game: "JILI_SLOT_2",
  });
  return { member, token, base, cash: () => getBalance(database.db, lucky(), member.id, "cash") };
}

async function expectExact() {
  expect((await verifyLedger(database.db, lucky().merchantCode)).problems).toEqual([]);
}

describe("the JILI-style protocol over HTTP", () => {
  it("exchanges the launch token at auth, then answers balance checks in pesos", async () => {
    const p = await player(12_345n);
    const balance = await send("auth", p.base());
    expect(balance.http).toBe(200);
    expect(balance.raw).toMatch(/"balance":123\.45[,}]/);
    expect(balance.json).toEqual({
      errorCode: 0,
      message: "Success",
      reqId: expect.any(String),
      username: p.member.username,
      currency: "PHP",
      balance: 123.45,
    });
    // A launch token is single use: a second exchange is refused.
    const again = await send("auth", { reqId: uid("auth"), timestamp: nowSeconds(), token: "not-a-launch-token" });
    expect(again.json).toMatchObject({ errorCode: 4, message: "Token invalid" });
  });

  it("posts bet+settle spins as one transfer pair each, in JSON and form bodies", async () => {
    const p = await player(100_00n);
    const houseBefore = await houseBalance(database.db, lucky(), "house:provider:JILI");
    const lose = await send("bet", { ...p.base(), round: "r-lose-1", betAmount: "10.00", winloseAmount: "0" });
    expect(lose.json).toMatchObject({ errorCode: 0, balance: 90, txId: expect.any(String) });
    const winning = await send("bet", { ...p.base(), round: "r-win-1", betAmount: 5, winloseAmount: "12.5" }, { form: true });
    expect(winning.json).toMatchObject({ errorCode: 0, balance: 97.5 });
    // Bare JSON numbers are read from their text: 0.1 + 0.2 would be a float's 0.30000000000000004.
    const bare = await send("bet", {}, { rawBody: rawBet(p.base(), "r-bare-1", "0.10", "0.20") });
    expect(bare.json).toMatchObject({ errorCode: 0, balance: 97.6 });
    expect(await p.cash()).toBe(97_60n);
    expect(await houseBalance(database.db, lucky(), "house:provider:JILI")).toBe(houseBefore + 2_40n);
    expect(await roundOf(database.db, lucky(), p.member.id, "r-win-1")).toEqual({
      bet: 5_00n,
      win: 12_50n,
      closed: true,
      demo: false,
    });
    await expectExact();
  });

  it("answers a replayed reqId and a resent round with the first answer, moving nothing", async () => {
    const p = await player(50_00n);
    const call = { ...p.base(), round: "r-replay-1", betAmount: "7.25", winloseAmount: "1.00" };
    const first = await send("bet", call);
    expect(first.json).toMatchObject({ errorCode: 0, balance: 43.75 });
    const books = await booksOf(database.db, lucky());
    expect((await send("bet", call)).raw).toBe(first.raw);
    // The same spin under a new reqId (the vendor's retry after a timeout): the bet's first answer.
    const retried = await send("bet", { ...call, reqId: uid("retry") });
    expect({ ...retried.json, reqId: null }).toEqual({ ...first.json, reqId: null });
    expect(await booksOf(database.db, lucky())).toEqual(books);
    expect(await p.cash()).toBe(43_75n);
  });

  it("refuses a round sent again with other amounts as a duplicate", async () => {
    const p = await player(50_00n);
    await send("bet", { ...p.base(), round: "r-dup-1", betAmount: "2", winloseAmount: "0" });
    const books = await booksOf(database.db, lucky());
    const dup = await send("bet", { ...p.base(), round: "r-dup-1", betAmount: "3", winloseAmount: "0" });
    expect(dup.json).toMatchObject({ errorCode: 6, message: "Duplicate transaction", balance: 48 });
    expect(await booksOf(database.db, lucky())).toEqual(books);
  });

  it("cancels a spin whole (stake back, win gone), once; a cancel first makes the late spin refused", async () => {
    const p = await player(20_00n);
    await send("bet", { ...p.base(), round: "r-cancel-1", betAmount: "4", winloseAmount: "10" });
    expect(await p.cash()).toBe(26_00n);
    const cancel = { ...p.base(), round: "r-cancel-1", betAmount: "4" };
    const undone = await send("cancelBet", cancel);
    expect(undone.json).toMatchObject({ errorCode: 0, balance: 20 });
    expect((await send("cancelBet", cancel)).raw).toBe(undone.raw);
    expect((await send("cancelBet", { ...cancel, reqId: uid("again") })).json).toMatchObject({ errorCode: 0, balance: 20 });
    expect(await roundOf(database.db, lucky(), p.member.id, "r-cancel-1")).toMatchObject({ bet: 0n, win: 0n });

    // The vendor gave up on a spin before its bet arrived: the cancel is recorded, the late bet refused.
    expect((await send("cancelBet", { ...p.base(), round: "r-early-1", betAmount: "3" })).json).toMatchObject({
      errorCode: 0,
      balance: 20,
    });
    const late = await send("bet", { ...p.base(), round: "r-early-1", betAmount: "3", winloseAmount: "0" });
    expect(late.json).toMatchObject({ errorCode: 6, balance: 20 });
    expect(await p.cash()).toBe(20_00n);
    await expectExact();
  });

  it("refuses a stake the balance does not cover, whatever the spin paid, and parallel spins never overdraw", async () => {
    const p = await player(10_00n);
    const short = await send("bet", { ...p.base(), round: "r-short-1", betAmount: "10.01", winloseAmount: "500" });
    expect(short.json).toMatchObject({ errorCode: 2, message: "Not enough balance", balance: 10 });
    expect(await p.cash()).toBe(10_00n);

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send("bet", { ...p.base(), round: `r-par-${i}`, betAmount: "1.00", winloseAmount: "0" }),
      ),
    );
    const codes = answers.map((a) => a.json.errorCode);
    expect(codes.filter((c) => c === 0)).toHaveLength(10);
    expect(codes.filter((c) => c === 2)).toHaveLength(2);
    expect(await p.cash()).toBe(0n);
    await expectExact();
  });

  it("refuses forged, stale and hostile calls with its error codes, moving nothing", async () => {
    const p = await player(10_00n);
    const books = await booksOf(database.db, lucky());
    // Each call its own reqId: a reqId already answered gets that first answer back, whatever it now carries.
    const bet = (fields: Record<string, string | number> = {}) => ({
      ...p.base(),
      round: "r-bad-1",
      betAmount: "1",
      winloseAmount: "0",
      ...fields,
    });
    const forged = bet();
    expect((await send("bet", forged, { secret: "a-forger's-guess" })).json).toEqual({
      errorCode: 1,
      message: "Invalid signature or stale request",
      reqId: forged.reqId,
    });
    expect((await send("bet", bet({ timestamp: nowSeconds() - 3600 }))).json).toMatchObject({ errorCode: 1 });
    const hostiles: Record<string, string>[] = [
      { betAmount: "-1" },
      { betAmount: "1e3" },
      { winloseAmount: "0.001" },
      { round: "x".repeat(500) },
    ];
    for (const hostile of hostiles)
      expect((await send("bet", bet(hostile))).json, JSON.stringify(hostile)).toMatchObject({ errorCode: 5 });
    expect((await send("bet", bet({ currency: "USD" }))).json).toMatchObject({ errorCode: 10, balance: 10 });
    expect((await send("bet", bet({ token: "stolen-token" }))).json).toMatchObject({ errorCode: 4, message: "Token invalid" });
    expect((await send("bet", bet({ userId: "someone-else" }))).json).toMatchObject({ errorCode: 4 });
    expect((await send("sessionBet", bet())).json).toMatchObject({ errorCode: 5 });
    expect(await booksOf(database.db, lucky())).toEqual(books);
  });
});

/** A bet body with its amounts as bare JSON numbers, written as the vendor's text. */
function rawBet(base: Record<string, string | number>, round: string, bet: string, win: string): string {
  const head = JSON.stringify({ ...base, round });
  return `${head.slice(0, -1)},"betAmount":${bet},"winloseAmount":${win}}`;
}
