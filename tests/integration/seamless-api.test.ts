import type http from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { gameSessions, members, seamlessCalls } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { createLaunchToken } from "../../app/domain/wallet/seamless.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { inHouseSecret } from "../../app/integrations/providers/index.server";
import { projectBrands } from "../setup/brands";
import { portOf, request, TEST_COOKIE_SECRET } from "../setup/http";
import {
  booksOf,
  fund,
  httpTransport,
  liveSession,
  nowSeconds,
  roundOf,
  SeamlessClient,
  signBody,
  toWire,
  uid,
  LiveSession,
  type WireBody,
} from "../setup/seamless-client";
import { serveApp } from "../setup/test-server";
import { createTestDatabase } from "../setup/test-db";

/**
 * The seamless-wallet API as a game provider meets it: signed JSON posts to the served app, every
 * status of the contract (docs/providers.md), and proof that a refused call moves nothing.
 */

const JILI_SECRET = "jili-test-seamless-secret-0123456789abcdef";
const JILI_SECRET_ENV = "SEAMLESS_API_TEST_JILI_SECRET";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
let bgs: SeamlessClient;
let jili: SeamlessClient;
let perlasBgs: SeamlessClient;
const bgsSecret = inHouseSecret(TEST_COOKIE_SECRET);

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  // The providers' registry reads a vendor's secret from the environment variable its configuration names.
  process.env[JILI_SECRET_ENV] = JILI_SECRET;
  server = await serveApp({
    database,
    registry,
    env: {
      GAME_PROVIDERS: JSON.stringify({
        JILI: { protocol: "canonical", gameUrl: "https://jili.example.test/launch", secretEnv: JILI_SECRET_ENV },
      }),
    },
  });
  port = portOf(server);
  bgs = new SeamlessClient(httpTransport(port, lucky().hosts[0]!, "BGS"), bgsSecret);
  jili = new SeamlessClient(httpTransport(port, lucky().hosts[0]!, "JILI"), JILI_SECRET);
  perlasBgs = new SeamlessClient(httpTransport(port, perlas().hosts[0]!, "BGS"), bgsSecret);
});
afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await database?.close();
  delete process.env[JILI_SECRET_ENV];
});

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;
const session = (opts: { cash?: bigint; trial?: boolean } = {}) =>
  liveSession(database.db, lucky(), bgs, { prefix: "swa", ...opts });
const cash = (s: LiveSession) => getBalance(database.db, lucky(), s.memberId, "cash");
const books = () => booksOf(database.db, lucky());
/** How many answers the wallet keeps for a request_uuid of the brand. */
const calls = async (requestUuid: string) =>
  (await database.db.select().from(seamlessCalls).where(eq(seamlessCalls.requestUuid, requestUuid))).length;

/**
 * Runs `calls` and proves the books of both brands did not move. A refused bet is kept (so that its
 * replay stays refused): `refusedBets` is how many of them the calls leave, and nothing else may change.
 */
async function movesNothing(calls: () => Promise<void>, refusedBets = 0) {
  const both = async () => [await books(), await booksOf(database.db, perlas())];
  const before = await both();
  await calls();
  const after = await both();
  expect(Number(after[0]!.seamless_transactions) - Number(before[0]!.seamless_transactions)).toBe(refusedBets);
  after[0]!.seamless_transactions = before[0]!.seamless_transactions;
  expect(after).toEqual(before);
}

async function expectExact() {
  for (const brand of [lucky(), perlas()]) expect((await verifyLedger(database.db, brand.merchantCode)).problems).toEqual([]);
}

describe("RS_OK", () => {
  it("answers authenticate, balance, bet, win and rollback with the member's balance after the call", async () => {
    const member = await createMember(database.db, lucky(), { username: `swaok${process.pid % 1000}`, password: null });
    await fund(database.db, lucky(), member.id, 10_000n);
    const grant = await createLaunchToken(database.db, lucky(), {
      memberId: member.id,
      demo: false,
      provider: "BGS",
      gameCode: "BGS_SLOT_1",
    });
    const auth = await bgs.authenticate(grant.launchToken, { request_uuid: "auth-ok-1" });
    expect(auth.http).toBe(200);
    expect(auth.json).toEqual({
      status: "RS_OK",
      request_uuid: "auth-ok-1",
      user: member.username,
      currency: "PHP",
      balance: 10_000,
      token: expect.stringMatching(/^\S{20,}$/),
      game_code: "BGS_SLOT_1",
    });
    const s = new LiveSession(bgs, member.id, member.username, String(auth.json.token), "BGS_SLOT_1", "PHP");

    const bal = await s.balance({ request_uuid: "bal-ok-1" });
    expect(bal.json).toEqual({
      status: "RS_OK",
      request_uuid: "bal-ok-1",
      user: member.username,
      currency: "PHP",
      balance: 10_000,
    });

    const round = uid("round");
    const bet = await s.bet("bet-ok-1", 2_500n, round, { request_uuid: "bet-ok-1" });
    expect(bet.http).toBe(200);
    expect(bet.json).toEqual({
      status: "RS_OK",
      request_uuid: "bet-ok-1",
      user: member.username,
      currency: "PHP",
      balance: 7_500,
      wallet_transaction_id: expect.stringMatching(/^\d+$/),
    });
    expect((await s.win("win-ok-1", 4_000n, round, "bet-ok-1")).json).toMatchObject({ status: "RS_OK", balance: 11_500 });

    const round2 = uid("round");
    await s.bet("bet-ok-2", 1_000n, round2);
    expect((await s.rollback("rb-ok-2", "bet-ok-2", round2, 1_000n)).json).toMatchObject({ status: "RS_OK", balance: 11_500 });
    expect(await cash(s)).toBe(11_500n);
    await expectExact();
  });
});

describe("refusals", () => {
  it("answers RS_ERROR_NOT_ENOUGH_MONEY with the real balance and posts nothing", async () => {
    const s = await session({ cash: 999n });
    const before = await books();
    const a = await s.bet(uid("bet"), 1_000n, uid("round"));
    expect(a.json).toMatchObject({ status: "RS_ERROR_NOT_ENOUGH_MONEY", user: s.user, currency: "PHP", balance: 999 });
    const after = await books();
    expect(after.transfers).toBe(before.transfers);
    expect(after[`${s.memberId}:cash`]).toBe("999");
    expect((await s.bet(uid("bet"), 999n, uid("round"))).json).toMatchObject({ status: "RS_OK", balance: 0 });
  });

  it("answers RS_ERROR_DUPLICATE_TRANSACTION for a transaction id used again with other content", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const tx = uid("bet");
    await s.bet(tx, 1_000n, round);
    await movesNothing(async () => {
      expect((await s.bet(tx, 1_001n, round)).json).toMatchObject({ status: "RS_ERROR_DUPLICATE_TRANSACTION", balance: 9_000 });
      expect((await s.bet(tx, 1_000n, uid("round"))).json.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
      // A win may not reuse the bet's id either.
      expect((await s.win(tx, 1_000n, round, null)).json.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
    });
  });

  it("answers RS_ERROR_TRANSACTION_DOES_NOT_EXIST for a win without its round's bet and a rollback of a win", async () => {
    const s = await session({ cash: 10_000n });
    await movesNothing(async () => {
      expect((await s.win(uid("win"), 5_000n, uid("round"), null)).json).toMatchObject({
        status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
        balance: 10_000,
      });
    });
    const round = uid("round");
    const bet = uid("bet");
    const winTx = uid("win");
    await s.bet(bet, 1_000n, round);
    await s.win(winTx, 3_000n, round, bet);
    await movesNothing(async () => {
      expect((await s.rollback(uid("rb"), winTx, round, 3_000n)).json).toMatchObject({
        status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
        balance: 12_000,
      });
    });
  });

  it("answers RS_ERROR_INVALID_SIGNATURE for a wrong secret, no header, a body changed after signing or a stale timestamp", async () => {
    const s = await session({ cash: 10_000n });
    const body = (fields: WireBody = {}) =>
      s.body({ round: uid("round"), transaction_uuid: uid("bet"), amount: 500n, ...fields });
    await movesNothing(async () => {
      const wrong = await s.client.send("bet", body({ request_uuid: "sig-1" }), { secret: `${bgsSecret}x` });
      expect(wrong.http).toBe(200);
      expect(wrong.json).toEqual({ status: "RS_ERROR_INVALID_SIGNATURE", request_uuid: "sig-1" });
      expect((await s.client.send("bet", body(), { signature: null })).json.status).toBe("RS_ERROR_INVALID_SIGNATURE");
      expect((await s.client.send("bet", body(), { signature: "not-hex" })).json.status).toBe("RS_ERROR_INVALID_SIGNATURE");

      const signed = toWire(body());
      const changed = signed.replace('"amount":500', '"amount":5');
      expect(changed).not.toBe(signed);
      const tampered = await s.client.send("bet", {}, { rawBody: changed, signature: signBody(bgsSecret, signed) });
      expect(tampered.json.status).toBe("RS_ERROR_INVALID_SIGNATURE");

      // Well outside the 300 s window: the server reads its clock a moment after the call is signed.
      for (const timestamp of [nowSeconds() - 330, nowSeconds() + 330, 0]) {
        expect((await s.bet(uid("bet"), 500n, uid("round"), { timestamp })).json.status).toBe("RS_ERROR_INVALID_SIGNATURE");
      }
      expect((await s.balance({ timestamp: nowSeconds() - 3_600 })).json.status).toBe("RS_ERROR_INVALID_SIGNATURE");
    });
    // Within the window, a few seconds of clock difference either way are fine.
    expect((await s.bet(uid("bet"), 500n, uid("round"), { timestamp: nowSeconds() - 200 })).json.status).toBe("RS_OK");
    expect((await s.bet(uid("bet"), 500n, uid("round"), { timestamp: nowSeconds() + 200 })).json.status).toBe("RS_OK");
  });

  it("answers RS_ERROR_INVALID_TOKEN for an unknown token, another provider's or brand's token, and a user not the token's", async () => {
    const s = await session({ cash: 10_000n });
    const other = await session({ cash: 10_000n });
    const jiliSession = await liveSession(database.db, lucky(), jili, { cash: 10_000n, provider: "JILI", prefix: "swj" });
    const perlasSession = await liveSession(database.db, perlas(), perlasBgs, { cash: 10_000n, prefix: "swp" });
    await movesNothing(async () => {
      expect((await s.bet(uid("bet"), 100n, uid("round"), { token: "no-such-token-0123456789" })).json).toEqual({
        status: "RS_ERROR_INVALID_TOKEN",
        request_uuid: expect.any(String),
      });
      // JILI's session, sent to the BGS endpoint with BGS's signature.
      expect(
        (await s.bet(uid("bet"), 100n, uid("round"), { token: jiliSession.token, user: jiliSession.user })).json.status,
      ).toBe("RS_ERROR_INVALID_TOKEN");
      // Perlas Play's session, sent to Lucky Peso.
      expect(
        (await s.bet(uid("bet"), 100n, uid("round"), { token: perlasSession.token, user: perlasSession.user })).json.status,
      ).toBe("RS_ERROR_INVALID_TOKEN");
      // Someone else's user name with this session.
      expect((await s.bet(uid("bet"), 100n, uid("round"), { user: other.user })).json.status).toBe("RS_ERROR_INVALID_TOKEN");
      expect((await s.balance({ user: other.user })).json.status).toBe("RS_ERROR_INVALID_TOKEN");
    });
    // Each of them works where it belongs.
    expect((await jiliSession.bet(uid("bet"), 100n, uid("round"))).json).toMatchObject({ status: "RS_OK", balance: 9_900 });
    expect((await perlasSession.bet(uid("bet"), 100n, uid("round"))).json).toMatchObject({ status: "RS_OK", balance: 9_900 });
    expect(await getBalance(database.db, perlas(), perlasSession.memberId, "cash")).toBe(9_900n);
    await expectExact();
  });

  it("answers RS_ERROR_TOKEN_EXPIRED to bets and balance on an expired session, and still takes its wins and rollbacks", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const won = uid("bet");
    const cancelled = uid("bet");
    await s.bet(won, 1_000n, round);
    await s.bet(cancelled, 2_000n, round);
    await database.db
      .update(gameSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(gameSessions.memberId, s.memberId));
    await movesNothing(async () => {
      expect((await s.bet(uid("bet"), 100n, round)).json).toMatchObject({ status: "RS_ERROR_TOKEN_EXPIRED", balance: 7_000 });
      expect((await s.balance()).json).toMatchObject({ status: "RS_ERROR_TOKEN_EXPIRED", balance: 7_000 });
    });
    expect((await s.win(uid("win"), 5_000n, round, won)).json).toMatchObject({ status: "RS_OK", balance: 12_000 });
    expect((await s.rollback(uid("rb"), cancelled, round, 2_000n)).json).toMatchObject({ status: "RS_OK", balance: 14_000 });
    expect(await cash(s)).toBe(14_000n);
  });

  it("answers RS_ERROR_USER_DISABLED to a disabled member's bets and launch", async () => {
    const s = await session({ cash: 10_000n });
    const grant = await createLaunchToken(database.db, lucky(), {
      memberId: s.memberId,
      demo: false,
      provider: "BGS",
      gameCode: "BGS_SLOT_1",
    });
    await database.db.update(members).set({ status: "disabled" }).where(eq(members.id, s.memberId));
    await movesNothing(async () => {
      expect((await s.bet(uid("bet"), 100n, uid("round"))).json).toMatchObject({
        status: "RS_ERROR_USER_DISABLED",
        balance: 10_000,
      });
      const auth = await bgs.authenticate(grant.launchToken);
      expect(auth.json).toMatchObject({ status: "RS_ERROR_USER_DISABLED", user: s.user, balance: 10_000 });
      expect(auth.json.token).toBeUndefined();
    });
  });

  it("answers RS_ERROR_LIMIT_REACHED to a bet above the brand's largest bet", async () => {
    const max = BigInt(lucky().play.maxBetCentavos);
    const s = await session({ cash: max + 10_000n });
    await movesNothing(async () => {
      expect((await s.bet(uid("bet"), max + 1n, uid("round"))).json).toMatchObject({
        status: "RS_ERROR_LIMIT_REACHED",
        balance: Number(max + 10_000n),
      });
    }, 1);
    expect((await s.bet(uid("bet"), max, uid("round"))).json).toMatchObject({ status: "RS_OK", balance: 10_000 });
  });

  it("answers RS_ERROR_WRONG_CURRENCY to a call in another currency", async () => {
    const s = await session({ cash: 10_000n });
    await movesNothing(async () => {
      expect((await s.bet(uid("bet"), 100n, uid("round"), { currency: "USD" })).json).toMatchObject({
        status: "RS_ERROR_WRONG_CURRENCY",
        currency: "PHP",
        balance: 10_000,
      });
      expect((await s.balance({ currency: "EUR" })).json.status).toBe("RS_ERROR_WRONG_CURRENCY");
    });
  });

  it("answers RS_ERROR_UNKNOWN to hostile fields and changes nothing", async () => {
    const s = await session({ cash: 10_000n });
    const base = () => s.body({ round: uid("round"), round_closed: false, transaction_uuid: uid("bet"), amount: 100n });
    const without = (key: string) => {
      const b = base();
      delete b[key];
      return b;
    };
    const bodies: [string, WireBody][] = [
      ["a negative amount", { ...base(), amount: -100 }],
      ["a fractional amount", { ...base(), amount: 12.5 }],
      ["an amount as a string", { ...base(), amount: "100" }],
      ["an amount beyond any wallet", { ...base(), amount: 10n ** 15n }],
      ["an amount as an exponent beyond any wallet", { ...base(), amount: 1e300 }],
      ["no amount", without("amount")],
      ["no transaction id", without("transaction_uuid")],
      ["no token", without("token")],
      ["no timestamp", without("timestamp")],
      ["no round", without("round")],
      ["a huge transaction id", { ...base(), transaction_uuid: "t".repeat(101) }],
      ["a huge user", { ...base(), user: "u".repeat(65) }],
      ["a user with spaces", { ...base(), user: `${s.user} ` }],
      ["a non-ASCII round", { ...base(), round: "rönd" }],
      ["a lower-case currency", { ...base(), currency: "php" }],
      ["a timestamp as a string", { ...base(), timestamp: String(nowSeconds()) }],
      ["round_closed as a string", { ...base(), round_closed: "yes" }],
      ["a null token", { ...base(), token: null }],
      ["a nested object", { ...base(), amount: { value: 100 } }],
    ];
    await movesNothing(async () => {
      for (const [what, body] of bodies) {
        const a = await s.client.send("bet", body);
        expect(a.http, what).toBe(200);
        expect(a.json.status, what).toBe("RS_ERROR_UNKNOWN");
        expect(a.json.balance, what).toBeUndefined();
      }
      for (const raw of ["not json", "", "[]", "null", '{"request_uuid":', JSON.stringify({ request_uuid: "r".repeat(200) })]) {
        const a = await s.client.send("bet", {}, { rawBody: raw });
        expect(a.json, raw).toEqual({ status: "RS_ERROR_UNKNOWN", request_uuid: null });
      }
      // A body beyond 16 KiB is not even read.
      const huge = await s.client.send("bet", { ...base(), padding: "x".repeat(20_000) });
      expect(huge.json).toEqual({ status: "RS_ERROR_UNKNOWN", request_uuid: null });
      // An action the protocol does not have, even signed.
      expect((await s.client.send("transfer", base())).json.status).toBe("RS_ERROR_UNKNOWN");
      expect((await s.client.send("betwin", { ...base(), win_amount: 100 })).json.status).toBe("RS_ERROR_UNKNOWN");
      // A win's and a rollback's reference must be a transaction id too.
      expect((await s.client.send("rollback", base())).json.status).toBe("RS_ERROR_UNKNOWN");
    });
    expect(await cash(s)).toBe(10_000n);
  });
});

describe("HTTP", () => {
  it("answers 404 for an unknown provider and 405 for anything but POST, with JSON and no caching", async () => {
    const body = toWire({ request_uuid: uid("req"), timestamp: nowSeconds(), token: "x" });
    const unknown = await request(port, "/api/seamless/NOPE/balance", {
      host: lucky().hosts[0],
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signBody(bgsSecret, body) },
      body,
    });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ error: "unknown_provider" });
    // Provider codes are exact: the in-house provider is BGS, not bgs.
    expect((await request(port, "/api/seamless/bgs/balance", { host: lucky().hosts[0], method: "POST", body })).status).toBe(404);

    for (const method of ["GET", "PUT", "DELETE"]) {
      const r = await request(port, "/api/seamless/BGS/balance", { host: lucky().hosts[0], method });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow, method).toBe("POST");
    }
    // A known provider answers 200 even when it refuses the call.
    const refused = await bgs.send("balance", { request_uuid: uid("req"), timestamp: nowSeconds(), token: "x" });
    expect(refused.http).toBe(200);
    expect(refused.json.status).toBe("RS_ERROR_UNKNOWN");
    const raw = await request(port, "/api/seamless/BGS/balance", {
      host: lucky().hosts[0],
      method: "POST",
      headers: { "x-signature": signBody(bgsSecret, body) },
      body,
    });
    expect(raw.headers["content-type"]).toMatch(/^application\/json/);
    expect(raw.headers["cache-control"]).toBe("no-store");
  });

  it("answers every call 503 while the brand is closed, deciding and storing nothing, and decides a retry once it reopens", async () => {
    const s = await session({ cash: 10_000n });
    const bet = s.body({ round: uid("round"), round_closed: false, transaction_uuid: uid("bet"), amount: 3_000n });
    const actor = { name: "test", reason: "seamless gate test" };
    try {
      for (const status of [1, 2] as const) {
        await setSystemStatus(database.db, lucky(), status, actor);
        await movesNothing(async () => {
          const answers = [
            // A signed call the wallet would take (the status is read in the call's own statement),
            await s.client.send("bet", bet),
            // one with a stale timestamp, one with a wrong signature, and one far too large.
            await s.balance({ timestamp: nowSeconds() - 3_600 }),
            await s.client.send("bet", bet, { signature: "00" }),
            await s.client.send("balance", s.body(), { rawBody: JSON.stringify({ pad: "x".repeat(20_000) }) }),
          ];
          for (const a of answers) {
            expect(a.http).toBe(503);
            expect(a.json).toEqual({ error: "site_closed", status });
          }
        });
        expect(await calls(bet.request_uuid as string)).toBe(0);
      }
    } finally {
      await setSystemStatus(database.db, lucky(), 0, actor);
    }
    expect((await s.client.send("bet", bet)).json).toMatchObject({ status: "RS_OK", balance: 7_000 });
    expect(await calls(bet.request_uuid as string)).toBe(1);
    expect(await cash(s)).toBe(7_000n);
  });
});

describe("the launch token", () => {
  async function grantFor(brand = lucky(), opts: { provider?: string; now?: Date } = {}) {
    const member = await createMember(database.db, brand, {
      username: `swt${process.pid % 1000}x${uid("m").slice(-8)}`,
      password: null,
    });
    const grant = await createLaunchToken(
      database.db,
      brand,
      { memberId: member.id, demo: false, provider: opts.provider ?? "BGS", gameCode: "BGS_SLOT_1" },
      opts.now,
    );
    return { member, launchToken: grant.launchToken };
  }

  it("is exchanged once: a second authenticate, even at the same moment, is refused", async () => {
    const { launchToken } = await grantFor();
    const answers = await Promise.all(Array.from({ length: 10 }, () => bgs.authenticate(launchToken)));
    expect(answers.filter((a) => a.json.status === "RS_OK")).toHaveLength(1);
    expect(answers.filter((a) => a.json.status === "RS_ERROR_INVALID_TOKEN")).toHaveLength(9);
    expect((await bgs.authenticate(launchToken)).json).toEqual({
      status: "RS_ERROR_INVALID_TOKEN",
      request_uuid: expect.any(String),
    });
  });

  it("expires a minute after the launch", async () => {
    const stale = await grantFor(lucky(), { now: new Date(Date.now() - 61_000) });
    expect((await bgs.authenticate(stale.launchToken)).json.status).toBe("RS_ERROR_TOKEN_EXPIRED");
    const fresh = await grantFor(lucky(), { now: new Date(Date.now() - 45_000) });
    expect((await bgs.authenticate(fresh.launchToken)).json.status).toBe("RS_OK");
    expect((await bgs.authenticate("never-issued-launch-token-0123")).json.status).toBe("RS_ERROR_INVALID_TOKEN");
  });

  it("is bound to its brand and its provider", async () => {
    const perlasGrant = await grantFor(perlas());
    expect((await bgs.authenticate(perlasGrant.launchToken)).json.status).toBe("RS_ERROR_INVALID_TOKEN");
    const bgsGrant = await grantFor(lucky(), { provider: "BGS" });
    expect((await jili.authenticate(bgsGrant.launchToken)).json.status).toBe("RS_ERROR_INVALID_TOKEN");
    // The refusals did not use them up.
    expect((await perlasBgs.authenticate(perlasGrant.launchToken)).json).toMatchObject({
      status: "RS_OK",
      user: perlasGrant.member.username,
    });
    expect((await bgs.authenticate(bgsGrant.launchToken)).json).toMatchObject({
      status: "RS_OK",
      user: bgsGrant.member.username,
    });
  });
});

describe("replays over HTTP", () => {
  it("answers a repeated request_uuid with the identical body and moves nothing", async () => {
    const s = await session({ cash: 10_000n });
    const body = s.body({ round: uid("round"), round_closed: false, transaction_uuid: uid("bet"), amount: 3_000n });
    const first = await s.client.send("bet", body);
    expect(first.json).toMatchObject({ status: "RS_OK", balance: 7_000 });
    await s.bet(uid("bet"), 1_000n, uid("round"));
    await movesNothing(async () => {
      const again = await s.client.send("bet", body);
      expect(again.raw).toBe(first.raw);
      // The first answer, unchanged: the balance it names is the one after that call.
      expect(again.json.balance).toBe(7_000);
      const balanceBody = s.body();
      const b1 = await s.client.send("balance", balanceBody);
      expect((await s.client.send("balance", balanceBody)).raw).toBe(b1.raw);
    });
    expect(await cash(s)).toBe(6_000n);
  });

  it("answers a transaction sent again under a new request_uuid with its first answer", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const bet = uid("bet");
    const first = await s.bet(bet, 2_000n, round);
    const winTx = uid("win");
    const firstWin = await s.win(winTx, 500n, round, bet);
    await movesNothing(async () => {
      expect((await s.bet(bet, 2_000n, round)).json).toEqual(first.json);
      expect((await s.win(winTx, 500n, round, bet)).json).toEqual(firstWin.json);
    });
    expect(await cash(s)).toBe(8_500n);
  });

  it("answers a rollback before its bet with RS_OK and refuses the late bet", async () => {
    const s = await session({ cash: 10_000n });
    const round = uid("round");
    const bet = uid("bet");
    expect((await s.rollback(uid("rb"), bet, round, 1_000n)).json).toMatchObject({ status: "RS_OK", balance: 10_000 });
    await movesNothing(async () => {
      expect((await s.bet(bet, 1_000n, round)).json).toMatchObject({ status: "RS_ERROR_DUPLICATE_TRANSACTION", balance: 10_000 });
      // Refused for good: the same bet again gets the same refusal.
      expect((await s.bet(bet, 1_000n, round)).json.status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
    }, 1);
    await expectExact();
  });
});

describe("over HTTP in parallel", () => {
  it("lets exactly the covered number of 200 simultaneous bets through", async () => {
    const s = await session({ cash: 41n * 500n });
    const answers = await Promise.all(Array.from({ length: 200 }, () => s.bet(uid("bet"), 500n, uid("round"))));
    expect(answers.every((a) => a.http === 200)).toBe(true);
    expect(answers.filter((a) => a.json.status === "RS_OK")).toHaveLength(41);
    expect(answers.filter((a) => a.json.status === "RS_ERROR_NOT_ENOUGH_MONEY")).toHaveLength(159);
    for (const a of answers) expect(Number(a.json.balance)).toBeGreaterThanOrEqual(0);
    expect(await cash(s)).toBe(0n);
    await expectExact();
  });
});

describe("a trial player over HTTP", () => {
  it("plays on the demo balance, and the provider's cash account does not move", async () => {
    const s = await session({ trial: true });
    const before = await books();
    const round = uid("round");
    const bet = uid("bet");
    expect((await s.bet(bet, 20_000n, round)).json).toMatchObject({ status: "RS_OK", balance: 180_000 });
    expect((await s.win(uid("win"), 1_000n, round, bet)).json).toMatchObject({ status: "RS_OK", balance: 181_000 });
    const after = await books();
    expect(after[":house:provider:BGS"]).toBe(before[":house:provider:BGS"]);
    expect(after[`${s.memberId}:cash`]).toBeUndefined();
    expect(await roundOf(database.db, lucky(), s.memberId, round)).toMatchObject({ demo: true, bet: 20_000n, win: 1_000n });
    await expectExact();
  });
});
