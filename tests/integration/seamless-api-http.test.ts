/**
 * The seamless-wallet API over HTTP: unknown providers and methods, a closed brand, the launch
 * token's exchange, replays, calls in parallel and the trial player.
 */
import { describe, expect, it } from "vitest";
import { createMember } from "../../app/domain/accounts/members.server";
import { setSystemStatus } from "../../app/domain/site/system-status.server";
import { createLaunchToken } from "../../app/domain/wallet/seamless.server";
import { request } from "../setup/http";
import { nowSeconds, roundOf, signBody, toWire, uid } from "../setup/seamless-client";

import {
  bgs,
  bgsSecret,
  books,
  calls,
  cash,
  database,
  expectExact,
  jili,
  lucky,
  movesNothing,
  perlas,
  perlasBgs,
  port,
  session,
  setUpSeamlessApi,
} from "./seamless-api-fixtures";

setUpSeamlessApi();

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

    // A path with no action or a segment too many is no endpoint: JSON all the same, never a page.
    for (const path of ["/api/seamless/BGS", "/api/seamless/BGS/bet/extra", "/api/seamless/", "/api/seamless"]) {
      const r = await request(port, path, { host: lucky().hosts[0], method: "POST", body });
      expect(r.status, path).toBe(404);
      expect(r.headers["content-type"], path).toBe("application/json; charset=utf-8");
      expect(JSON.parse(r.body), path).toEqual({ error: "not_found" });
    }

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
    expect(raw.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(raw.headers["cache-control"]).toBe("no-store");
    expect(raw.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(raw.headers["content-length"])).toBe(Buffer.byteLength(raw.body));
    // Never a document: none of a page's policies, and no ETag hashed for an answer no one caches.
    for (const name of ["content-security-policy", "x-frame-options", "permissions-policy", "etag"]) {
      expect(raw.headers[name], name).toBeUndefined();
    }
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
