/**
 * The seamless-wallet API as a game provider meets it: signed JSON posts to the served app, every
 * status of the contract (docs/providers.md), and proof that a refused call moves nothing.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gameSessions, members } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { createLaunchToken, handleSeamlessCall } from "../../app/domain/wallet/seamless.server";
import { fund, liveSession, nowSeconds, signBody, toWire, uid, LiveSession, type WireBody } from "../setup/seamless-client";

import {
  bgs,
  bgsSecret,
  books,
  cash,
  database,
  expectExact,
  jili,
  lucky,
  movesNothing,
  perlas,
  perlasBgs,
  session,
  setUpSeamlessApi,
} from "./seamless-api-fixtures";

setUpSeamlessApi();

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
    // A win that names a bet of another round does not have its round's bet.
    const elsewhere = uid("round");
    await movesNothing(async () => {
      expect((await s.win(uid("win"), 3_000n, elsewhere, bet)).json).toMatchObject({
        status: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
        balance: 9_000,
      });
    });
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

  it("holds the timestamp window to whole seconds, 300 either way", async () => {
    const s = await session({ cash: 10_000n });
    // The wallet's clock three quarters into a second: its own second counts, not the fraction.
    const second = Math.floor(Date.now() / 1000);
    const now = new Date(second * 1000 + 750);
    const balanceAt = async (timestamp: number) =>
      (
        await handleSeamlessCall(
          database.db,
          lucky(),
          "BGS",
          {
            action: "balance",
            requestUuid: uid("edge"),
            timestamp,
            token: s.token,
            user: s.user,
            currency: "PHP",
            gameCode: s.gameCode,
          },
          now,
        )
      ).status;
    expect(await balanceAt(second - 300)).toBe("RS_OK");
    expect(await balanceAt(second + 300)).toBe("RS_OK");
    expect(await balanceAt(second - 301)).toBe("RS_ERROR_INVALID_SIGNATURE");
    expect(await balanceAt(second + 301)).toBe("RS_ERROR_INVALID_SIGNATURE");
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
