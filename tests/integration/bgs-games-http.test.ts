import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { bgsRounds, games } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import { finishUnsettledRounds, openWalletSession, playRound, replayStoredRound } from "../../app/domain/games/rounds.server";
import { WalletUnreachableError, type WalletApi } from "../../app/domain/games/ports";
import { getBalance, grantDemoBalance } from "../../app/domain/wallet/balances.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { createLaunchToken } from "../../app/domain/wallet/seamless.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { createInHouseWallet } from "../../app/integrations/providers/bgs-wallet.server";
import { inHouseSecret, IN_HOUSE_PROVIDER } from "../../app/integrations/providers/index.server";
import { formatPeso } from "../../app/utils/money";
import { request, TEST_COOKIE_SECRET } from "../setup/http";
import { Jar } from "../setup/jar";
import { booksOf } from "../setup/seamless-client";
import { servedApp } from "../setup/test-server";

/**
 * The in-house games through HTTP as a phone without JavaScript plays them: the door exchanges a
 * launch token for a wallet session, every round is a plain form post, and its stake and win move
 * ledger money through the seamless-wallet API (or play money in free play).
 */

const HOST = "luckypeso.localhost";
const BOTTOM_BAR_LABEL = "Main navigation";
const lucky = (): Brand => app.registry.byId.get("lucky-peso")!;
const db = () => app.database.db;

const SLOT = "HG_SLOT";
const SLOT_NO_FREE = "HG_SLOT_PAID";
const FISH = "HG_FISH";

const app = servedApp({
  seed: async ({ database, registry }) => {
    let node = 880_000;
    for (const g of [
      { code: SLOT, type: "RNG", classify: "SLOT", name: "Lucky Lanterns", freeplay: true },
      { code: SLOT_NO_FREE, type: "RNG", classify: "SLOT", name: "Golden Ingots", freeplay: false },
      { code: FISH, type: "FISH", classify: null, name: "Ocean Hunter", freeplay: true },
    ]) {
      await database.db.insert(games).values({
        merchantCode: registry.byId.get("lucky-peso")!.merchantCode,
        nodeId: ++node,
        gameId: g.code,
        gameCode: g.code,
        gameName: g.name,
        displayName: { en: g.name },
        gameType: g.type,
        vassalage: "BGS",
        gameClassify: g.classify,
        iconUrl: "/icons/none.png",
        freeplay: g.freeplay,
      });
    }
  },
});

let seq = 0;
async function member(opts: { cash?: bigint; trial?: boolean } = {}): Promise<Member> {
  const m = await createMember(db(), lucky(), {
    username: `bgshttp${process.pid % 1000}x${++seq}`,
    password: null,
    type: opts.trial ? 4 : 0,
  });
  if (opts.trial) await grantDemoBalance(db(), lucky(), m.id);
  if (opts.cash) {
    await postTransfer(db(), lucky(), {
      key: `bgs-http-credit:${m.id}`,
      kind: "adjustment",
      reference: `test:${m.id}`,
      legs: [
        { account: { house: "house:adjustments" }, amount: -opts.cash },
        { account: { memberId: m.id, kind: "cash" }, amount: opts.cash },
      ],
    });
  }
  return m;
}

const launchToken = async (m: Member, gameCode: string, demo = false) =>
  (await createLaunchToken(db(), lucky(), { memberId: m.id, demo, provider: IN_HOUSE_PROVIDER, gameCode })).launchToken;

/** Opens a game through the door with a launch token, as the lobby's Play button does. */
async function open(m: Member, gameCode: string, demo = false): Promise<Jar> {
  const jar = new Jar(app.port, HOST);
  const token = await launchToken(m, gameCode, demo);
  const door = await jar.get(`/bgs/play/${gameCode}?token=${token}&lang=en&lobby=%2Fm%2Fhome`);
  expect(door.status).toBe(302);
  expect(door.headers.location).toBe(`/bgs/game/${gameCode}`);
  const page = await jar.get(`/bgs/game/${gameCode}`);
  expect(page.status).toBe(200);
  return jar;
}

/** A form post with repeated fields (the fish game's `target`), CSRF token included. */
function post(jar: Jar, gameCode: string, fields: [string, string][]) {
  const body = new URLSearchParams([["csrf", jar.csrf()], ...fields]).toString();
  return request(app.port, `/bgs/game/${gameCode}`, {
    host: HOST,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
    body,
  }).then((r) => jar.take(r));
}

const cash = (m: Member) => getBalance(db(), lucky(), m.id, "cash");
const demo = (m: Member) => getBalance(db(), lucky(), m.id, "demo");
const roundsOf = (player: string) =>
  db().select().from(bgsRounds).where(eq(bgsRounds.player, player)).orderBy(desc(bgsRounds.createdAt));
const balanceShown = (html: string) => /data-centavos="(\d+)"/.exec(html)?.[1];

async function ledgerClean() {
  expect((await verifyLedger(db(), lucky().merchantCode)).problems).toEqual([]);
}

/** The wallet as the game server reaches it: this server's seamless-wallet API over HTTP. */
const realWallet = (): WalletApi =>
  createInHouseWallet({
    baseUrl: `http://127.0.0.1:${app.port}`,
    host: HOST,
    secret: inHouseSecret(TEST_COOKIE_SECRET),
    provider: IN_HOUSE_PROVIDER,
  });

describe("the door", () => {
  it("takes a launch token once, and shows an expired link the second time", async () => {
    const m = await member({ cash: 10_000n });
    const token = await launchToken(m, SLOT);
    const first = await new Jar(app.port, HOST).get(`/bgs/play/${SLOT}?token=${token}&lobby=%2Fm%2Fhome`);
    expect(first.status).toBe(302);
    const again = await new Jar(app.port, HOST).get(`/bgs/play/${SLOT}?token=${token}&lobby=%2Fm%2Fhome`);
    expect(again.status).toBe(200);
    expect(again.body).toContain("This game link has expired");
    expect(again.headers["set-cookie"]?.some((c) => c.startsWith("bgs=") && !c.includes("Max-Age=0")) ?? false).toBe(false);
  });

  it("answers a game page without a session with the problem screen, and a post with 409", async () => {
    const jar = new Jar(app.port, HOST);
    const page = await jar.get(`/bgs/game/${SLOT}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-problem="expired"');
    const r = await post(jar, SLOT, [["bet", "100"]]);
    expect(r.status).toBe(409);
  });
});

describe("the slot, played without JavaScript", () => {
  it("opens full screen with the balance, the way back and the reels", async () => {
    const m = await member({ cash: 100_000n });
    const jar = await open(m, SLOT);
    const page = await jar.get(`/bgs/game/${SLOT}`);
    expect(page.body).toContain('data-testid="slot-screen"');
    expect(page.body).toContain('href="/m/home"');
    expect(page.body).toContain(formatPeso("100000"));
    expect(balanceShown(page.body)).toBe("100000");
    // The lobby's header and bottom bar stay out of a game.
    expect(page.body).toContain('data-testid="game-frame"');
    expect(page.body).not.toContain(`aria-label="${BOTTOM_BAR_LABEL}"`);
  });

  it("moves the balance by exactly bet − win per spin, and the ledger verifies", async () => {
    const m = await member({ cash: 100_000n });
    const jar = await open(m, SLOT);
    let before = await cash(m);
    for (const bet of ["100", "500", "2000", "100", "1000"]) {
      const r = await post(jar, SLOT, [["bet", bet]]);
      expect(r.status).toBe(200);
      const [round] = await roundsOf(m.username);
      expect(round!.state).toBe("settled");
      expect(round!.bet).toBe(BigInt(bet));
      const after = await cash(m);
      expect(before - after).toBe(round!.bet - round!.win);
      expect(balanceShown(r.body)).toBe(after.toString());
      expect(r.body).toContain('data-testid="slot-result"');
      before = after;
    }
    expect(await roundsOf(m.username)).toHaveLength(5);
    await ledgerClean();
  });

  it("refuses a bet outside the steps with a translated 400 and moves nothing", async () => {
    const m = await member({ cash: 100_000n });
    const jar = await open(m, SLOT);
    const books = await booksOf(db(), lucky());
    for (const bet of ["150", "0", "-100", "1e3", "", "100.5", "99999999999999", "５００"]) {
      const r = await post(jar, SLOT, [["bet", bet]]);
      expect(r.status, bet).toBe(400);
      expect(r.body).toContain("That bet is not allowed in this game.");
      expect(r.body).toContain('data-error="play.invalidBet"');
    }
    expect(await booksOf(db(), lucky())).toEqual(books);
    expect(await roundsOf(m.username)).toHaveLength(0);
    expect(await cash(m)).toBe(100_000n);
  });

  it("answers not enough money with the error and a way to deposit, and moves nothing", async () => {
    const m = await member({ cash: 150n });
    const jar = await open(m, SLOT);
    const r = await post(jar, SLOT, [["bet", "200"]]);
    expect(r.status).toBe(409);
    expect(r.body).toContain("Not enough balance for this bet.");
    expect(r.body).toContain('href="/m/voucherCenter"');
    expect(await cash(m)).toBe(150n);
    const [round] = await roundsOf(m.username);
    expect(round!.state).toBe("refused");
    await ledgerClean();
  });

  it("never lets parallel spins take more than the balance", async () => {
    const m = await member({ cash: 300n });
    const jar = await open(m, SLOT);
    const answers = await Promise.all(Array.from({ length: 12 }, () => post(jar, SLOT, [["bet", "100"]])));
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const rounds = await roundsOf(m.username);
    expect(rounds).toHaveLength(12);
    const settled = rounds.filter((r) => r.state === "settled");
    expect(settled.length).toBeGreaterThanOrEqual(3);
    expect(rounds.filter((r) => r.state === "refused")).toHaveLength(12 - settled.length);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(settled.length);
    const moved = settled.reduce((sum, r) => sum + r.bet - r.win, 0n);
    const left = await cash(m);
    expect(left).toBe(300n - moved);
    expect(left >= 0n).toBe(true);
    await ledgerClean();
  });

  it("lets a trial player play on the demo balance, cash untouched", async () => {
    const m = await member({ trial: true });
    const jar = await open(m, SLOT, true);
    const before = await demo(m);
    const r = await post(jar, SLOT, [["bet", "1000"]]);
    expect(r.status).toBe(200);
    const [round] = await roundsOf(m.username);
    expect(before - (await demo(m))).toBe(round!.bet - round!.win);
    expect(await cash(m)).toBe(0n);
    await ledgerClean();
  });

  it("stores each round so that it replays to the same outcome", async () => {
    const m = await member({ cash: 50_000n });
    const jar = await open(m, SLOT);
    await post(jar, SLOT, [["bet", "500"]]);
    const [round] = await roundsOf(m.username);
    expect(await replayStoredRound(db(), round!.id)).toEqual({ found: true, matches: true });
  });
});

describe("free play", () => {
  it("plays a freeplay game on play money without a session, moving no ledger money", async () => {
    const jar = new Jar(app.port, HOST);
    const door = await jar.get(`/bgs/play/${SLOT}?mode=fun&lobby=%2Fm%2Fhome`);
    expect(door.status).toBe(302);
    const page = await jar.get(`/bgs/game/${SLOT}`);
    expect(page.body).toContain('data-testid="free-play-mark"');
    expect(balanceShown(page.body)).toBe("200000");
    const books = await booksOf(db(), lucky());
    const r = await post(jar, SLOT, [["bet", "5000"]]);
    expect(r.status).toBe(200);
    const [round] = await db()
      .select()
      .from(bgsRounds)
      .where(and(eq(bgsRounds.mode, "fun"), eq(bgsRounds.gameCode, SLOT)))
      .orderBy(desc(bgsRounds.createdAt))
      .limit(1);
    const left = 200_000n - round!.bet + round!.win;
    expect(balanceShown(r.body)).toBe(left.toString());
    // The play money lives in the game's own cookie: the next page shows what the spin left.
    expect(balanceShown((await jar.get(`/bgs/game/${SLOT}`)).body)).toBe(left.toString());
    expect(await booksOf(db(), lucky())).toEqual(books);
  });

  it("is refused for a game without free play", async () => {
    const r = await new Jar(app.port, HOST).get(`/bgs/play/${SLOT_NO_FREE}?mode=fun&lobby=%2Fm%2Fhome`);
    expect(r.status).toBe(200);
    expect(r.body).toContain("No free play for this game");
  });
});

describe("a round whose wallet did not answer", () => {
  it("is rolled back once the wallet is back, and its late bet is then refused", async () => {
    const m = await member({ cash: 10_000n });
    const wallet = realWallet();
    const session = await openWalletSession(wallet, await launchToken(m, SLOT));
    expect(session?.status).toBe("RS_OK");
    const player = { kind: "wallet" as const, token: session!.token!, user: session!.user! };
    const down: WalletApi = {
      call: () => Promise.reject(new WalletUnreachableError("connection refused")),
    };
    const result = await playRound(db(), lucky(), down, player, {
      gameCode: SLOT,
      engine: "slot",
      input: { themeId: "fortune", rtpBps: lucky().play.rtpBps, bet: "1000" },
    });
    expect(result).toEqual({ ok: false, status: "UNREACHABLE", balance: null });
    const [pending] = await roundsOf(m.username);
    expect(pending!.state).toBe("pending");

    expect(await finishUnsettledRounds(db(), lucky(), wallet, new Date(Date.now() + 60_000))).toBe(1);
    const [rolled] = await roundsOf(m.username);
    expect(rolled!.state).toBe("rolled_back");

    const late = await wallet.call("bet", {
      request_uuid: crypto.randomUUID(),
      timestamp: Math.floor(Date.now() / 1000),
      token: player.token,
      user: player.user,
      currency: lucky().currency,
      game_code: SLOT,
      round: pending!.id,
      round_closed: false,
      transaction_uuid: pending!.betTransaction,
      amount: 1000,
    });
    expect(late.status).not.toBe("RS_OK");
    expect(await cash(m)).toBe(10_000n);
    await ledgerClean();
  });
});

describe("the fish game", () => {
  it("plays one volley as a plain post: the balance moves by shots × bet − catches", async () => {
    const m = await member({ cash: 50_000n });
    const jar = await open(m, FISH);
    const page = await jar.get(`/bgs/game/${FISH}`);
    expect(page.body).toContain('data-testid="catch-screen"');
    const r = await post(jar, FISH, [
      ["bet", "200"],
      ["target", "shrimp"],
      ["target", "shrimp"],
      ["target", "dragon"],
    ]);
    expect(r.status).toBe(200);
    const [round] = await roundsOf(m.username);
    expect(round!.bet).toBe(600n);
    const shots = (round!.outcome as { shots: { target: string; caught: boolean }[] }).shots;
    expect(shots.map((s) => s.target)).toEqual(["shrimp", "shrimp", "dragon"]);
    expect(50_000n - (await cash(m))).toBe(round!.bet - round!.win);
    expect(r.body).toContain('data-testid="catch-result"');
    await ledgerClean();
  });

  it("refuses an empty volley, an unknown target and more shots than allowed with a 400", async () => {
    const m = await member({ cash: 50_000n });
    const jar = await open(m, FISH);
    const tooMany = Array.from({ length: 31 }, (): [string, string] => ["target", "shrimp"]);
    for (const fields of [
      [["bet", "100"]],
      [
        ["bet", "100"],
        ["target", "mermaid"],
      ],
      [["bet", "100"], ...tooMany],
    ] as [string, string][][]) {
      const r = await post(jar, FISH, fields);
      expect(r.status).toBe(400);
      expect(r.body).toContain('data-error="play.invalidBet"');
    }
    expect(await cash(m)).toBe(50_000n);
  });
});
