import type http from "node:http";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { lotteryDraws, lotteryTickets } from "../../app/db/schema";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { runDueDraws } from "../../app/domain/games/lottery-settlement.server";
import { buyTicket, ensureDraws, lotteryView, SALES_CLOSE_MS } from "../../app/domain/games/lottery.server";
import { WalletUnreachableError, type WalletAnswer, type WalletApi } from "../../app/domain/games/ports";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { createLaunchToken } from "../../app/domain/wallet/seamless.server";
import { projectBrands } from "../setup/brands";
import { portOf } from "../setup/http";
import { Jar } from "../setup/jar";
import { serveApp } from "../setup/test-server";
import { domainTransport, liveSession, roundOf, SeamlessClient, signBody, type LiveSession } from "../setup/seamless-client";
import { createTestDatabase } from "../setup/test-db";

/**
 * The in-house lottery end to end on the wallet: tickets bought through the seamless-wallet protocol
 * (signed canonical bodies read by the same reader the HTTP route uses), draws run by the job at
 * their time, wins paid once however many jobs run, and the books exact to the centavo.
 */

const SECRET = "lottery-test-provider-secret-0123456789abcdef";
const LOTT = "TCG_3D_DAILY_DRAW";
const ELOTT = "TCG_LOTTO_VN";
/** The games as a ticket is bought in them, with a ₱1 minimum bet (the engine's smallest stake). */
const LOTT_GAME = { gameCode: LOTT, minBet: 100n };
const ELOTT_GAME = { gameCode: ELOTT, minBet: 100n };

let database: Database;
let brand: Brand;
let client: SeamlessClient;
let wallet: WalletApi;
let server: http.Server;

beforeAll(async () => {
  database = await createTestDatabase();
  const registry = await projectBrands();
  server = await serveApp({ database, registry });
  brand = registry.byId.get("lucky-peso")!;
  await seedBrandIfEmpty(database.db, brand);
  const transport = domainTransport(database.db, brand, "BGS", SECRET);
  client = new SeamlessClient(transport, SECRET);
  wallet = {
    async call(action, body) {
      const raw = JSON.stringify(body);
      const r = await transport(action, raw, { "x-signature": signBody(SECRET, raw) });
      return JSON.parse(r.body) as WalletAnswer;
    },
  };
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

const player = (opts: { cash?: bigint; gameCode?: string }) =>
  liveSession(database.db, brand, client, { prefix: "lot", gameCode: opts.gameCode ?? LOTT, cash: opts.cash });
const cash = (s: LiveSession) => getBalance(database.db, brand, s.memberId, "cash");
const sessionOf = (s: LiveSession) => ({ token: s.token, user: s.user });

async function ticket(id: string) {
  const [t] = await database.db.select().from(lotteryTickets).where(eq(lotteryTickets.id, id));
  return t!;
}

async function drawOf(drawNo: string, gameCode = LOTT) {
  const [d] = await database.db
    .select()
    .from(lotteryDraws)
    .where(
      and(
        eq(lotteryDraws.merchantCode, brand.merchantCode),
        eq(lotteryDraws.gameCode, gameCode),
        eq(lotteryDraws.drawNo, drawNo),
      ),
    );
  return d!;
}

async function expectExact() {
  expect((await verifyLedger(database.db, brand.merchantCode)).problems).toEqual([]);
}

/** A moment well inside the sales window of the next draw after `from`, so a test never races the clock. */
function sellingMoment(intervalMinutes: number, from = new Date()): Date {
  const step = intervalMinutes * 60_000;
  const next = Math.ceil(from.getTime() / step) * step;
  return new Date(next - SALES_CLOSE_MS - 60_000 > from.getTime() ? from.getTime() : next + 1000);
}

describe("draw schedule", () => {
  it("schedules LOTT draws every 5 minutes and ELOTT every 3, on the clock, and keeps them once made", async () => {
    const now = new Date("2030-01-02T10:01:10Z");
    await ensureDraws(database.db, brand, LOTT, now);
    await ensureDraws(database.db, brand, LOTT, now);
    await ensureDraws(database.db, brand, ELOTT, now);
    const lott = await database.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.merchantCode, brand.merchantCode), eq(lotteryDraws.gameCode, LOTT)));
    const at = lott.map((d) => d.drawAt.toISOString()).filter((t) => t.startsWith("2030-01-02"));
    expect(at.sort()).toEqual(["2030-01-02T10:05:00.000Z", "2030-01-02T10:10:00.000Z", "2030-01-02T10:15:00.000Z"]);
    expect((await drawOf("20300102-0122")).drawAt.toISOString()).toBe("2030-01-02T10:05:00.000Z");
    expect((await drawOf("20300102-0202", ELOTT)).drawAt.toISOString()).toBe("2030-01-02T10:03:00.000Z");
    await expect(ensureDraws(database.db, brand, "JILI_NINJA_BINGO", now)).rejects.toThrow(RangeError);
  });
});

describe("tickets and draws", () => {
  it("stakes a ticket, then the draw at its time settles it and pays the winning side once", async () => {
    const s = await player({ cash: 10_000n });
    const now = sellingMoment(5);
    const big = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      LOTT_GAME,
      { playType: "Entertainment", market: "big", bet: "1000" },
      now,
    );
    const small = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      LOTT_GAME,
      { playType: "entertainment", market: "small", bet: 1000n },
      now,
    );
    expect(big).toMatchObject({ ok: true, stake: 1000n, balance: 9_000n });
    expect(small).toMatchObject({ ok: true, balance: 8_000n });
    if (!big.ok || !small.ok) return;
    expect(big.drawNo).toBe(small.drawNo);
    expect(await cash(s)).toBe(8_000n);
    expect((await ticket(big.ticketId)).state).toBe("open");

    const draw = await drawOf(big.drawNo);
    // Not yet due: nothing happens.
    await runDueDraws(database.db, brand, wallet, new Date(draw.drawAt.getTime() - 1));
    expect((await drawOf(big.drawNo)).state).toBe("open");

    const at = new Date(draw.drawAt.getTime() + 1000);
    const [a, b] = await Promise.all([runDueDraws(database.db, brand, wallet, at), runDueDraws(database.db, brand, wallet, at)]);
    expect(a.drawn + b.drawn).toBeGreaterThanOrEqual(1);
    const settled = await drawOf(big.drawNo);
    expect(settled.state).toBe("settled");
    expect(settled.result).toHaveLength(3);
    expect(settled.draws).toEqual(settled.result);

    const sum = settled.result!.reduce((x, y) => x + y, 0);
    const [winner, loser] = sum >= 14 ? [big, small] : [small, big];
    expect(await ticket(winner.ticketId)).toMatchObject({ state: "won", win: 1950n });
    expect(await ticket(loser.ticketId)).toMatchObject({ state: "lost", win: 0n });
    expect(await cash(s)).toBe(8_000n + 1950n);

    // Again, later: still paid once, and the wallet's rounds are closed with exactly bet and win.
    await runDueDraws(database.db, brand, wallet, new Date(at.getTime() + 60_000));
    expect(await cash(s)).toBe(9_950n);
    expect(await roundOf(database.db, brand, s.memberId, winner.ticketId)).toMatchObject({
      bet: 1000n,
      win: 1950n,
      closed: true,
    });
    expect(await roundOf(database.db, brand, s.memberId, loser.ticketId)).toMatchObject({ bet: 1000n, win: 0n, closed: true });

    const view = await lotteryView(database.db, brand, LOTT, s.user, at);
    expect(view.tickets.map((t) => t.state).sort()).toEqual(["lost", "won"]);
    const shown = view.results.find((r) => r.drawNo === big.drawNo)!;
    expect(shown.result).toEqual(settled.result);
    expect(shown.winners).toEqual([{ player: expect.stringContaining("***") as string, win: "1950" }]);
    expect(shown.winners[0]!.player).not.toBe(s.user);
    await expectExact();
  });

  it("settles Tradition tickets: a straight pick of the result pays 450x, other picks lose", async () => {
    const s = await player({ cash: 5_000n, gameCode: ELOTT });
    const now = sellingMoment(3);
    const bought = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      ELOTT_GAME,
      { playType: "Tradition", pick: "007", mode: "straight", bet: "100" },
      now,
    );
    const rambol = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      ELOTT_GAME,
      { playType: "Tradition", pick: "123", mode: "rambol", bet: "100" },
      now,
    );
    expect(bought.ok && rambol.ok).toBe(true);
    if (!bought.ok || !rambol.ok) return;
    const draw = await drawOf(bought.drawNo, ELOTT);
    await runDueDraws(database.db, brand, wallet, new Date(draw.drawAt.getTime() + 1));
    const result = (await drawOf(bought.drawNo, ELOTT)).result!.join("");
    const straightWin = result === "007" ? 45_000n : 0n;
    const rambolWin = [...result].sort().join("") === "123" ? 7_500n : 0n;
    expect((await ticket(bought.ticketId)).win).toBe(straightWin);
    expect((await ticket(rambol.ticketId)).win).toBe(rambolWin);
    expect(await cash(s)).toBe(5_000n - 200n + straightWin + rambolWin);
    await expectExact();
  });

  it("refuses a ticket for a draw whose sales have closed, and stakes nothing", async () => {
    const s = await player({ cash: 5_000n });
    const now = sellingMoment(5);
    const open = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      LOTT_GAME,
      { playType: "Entertainment", market: "odd", bet: "500" },
      now,
    );
    expect(open.ok).toBe(true);
    if (!open.ok) return;
    const draw = await drawOf(open.drawNo);
    const late = new Date(draw.drawAt.getTime() - SALES_CLOSE_MS + 1);
    const closed = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      LOTT_GAME,
      { playType: "Entertainment", market: "even", bet: "500", drawNo: open.drawNo },
      late,
    );
    expect(closed).toEqual({ ok: false, status: "SALES_CLOSED", balance: null });
    expect(await cash(s)).toBe(4_500n);
    // Without a draw named, the ticket goes into the next draw that sells.
    const next = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      LOTT_GAME,
      { playType: "Entertainment", market: "even", bet: "500" },
      late,
    );
    expect(next.ok && next.drawNo !== open.drawNo).toBe(true);
    await expectExact();
  });

  it("refuses a ticket the wallet cannot cover, keeping it as refused with nothing staked", async () => {
    const s = await player({ cash: 300n });
    const r = await buyTicket(
      database.db,
      brand,
      wallet,
      sessionOf(s),
      LOTT_GAME,
      { playType: "Entertainment", market: "big", bet: "500" },
      sellingMoment(5),
    );
    expect(r).toMatchObject({ ok: false, status: "RS_ERROR_NOT_ENOUGH_MONEY", balance: 300n });
    expect(await cash(s)).toBe(300n);
    const [t] = await database.db.select().from(lotteryTickets).where(eq(lotteryTickets.player, s.user));
    expect(t!.state).toBe("refused");
    await expectExact();
  });

  it("answers a ticket outside the rules with a RangeError before anything is stored", async () => {
    const s = await player({ cash: 5_000n });
    const now = sellingMoment(5);
    const bad = [
      { playType: "Entertainment", market: "huge", bet: "500" },
      { playType: "Entertainment", market: "big", bet: "333" },
      { playType: "Entertainment", market: "big", bet: "-500" },
      { playType: "Entertainment", market: "big", bet: "5.5" },
      { playType: "Tradition", pick: "12", mode: "straight", bet: "500" },
      { playType: "Tradition", pick: "777", mode: "rambol", bet: "500" },
      { playType: "Tradition", pick: "١٢٣", mode: "straight", bet: "500" },
      { playType: "Lucky", bet: "500" },
      { playType: "Entertainment", market: "big", bet: "500", drawNo: "x'; drop table" },
    ];
    for (const input of bad) {
      await expect(
        buyTicket(database.db, brand, wallet, sessionOf(s), LOTT_GAME, input, now),
        JSON.stringify(input),
      ).rejects.toThrow(RangeError);
    }
    // A stake the engine takes, below the game's own minimum bet.
    await expect(
      buyTicket(
        database.db,
        brand,
        wallet,
        sessionOf(s),
        { gameCode: LOTT, minBet: 1_000n },
        { playType: "Entertainment", market: "big", bet: "500" },
        now,
      ),
    ).rejects.toThrow(/below the game's minimum bet of 1000/);
    expect(await database.db.select().from(lotteryTickets).where(eq(lotteryTickets.player, s.user))).toEqual([]);
    expect(await cash(s)).toBe(5_000n);
  });

  it("rolls back a ticket whose bet went unanswered, and the draw job cancels one left pending", async () => {
    const s = await player({ cash: 5_000n });
    const now = sellingMoment(5);
    let down = true;
    const flaky: WalletApi = {
      async call(action, body) {
        if (down) {
          // The bet lands at the wallet, but its answer is lost.
          if (action === "bet") await wallet.call(action, body);
          throw new WalletUnreachableError("connection reset");
        }
        return wallet.call(action, body);
      },
    };
    const lost = await buyTicket(
      database.db,
      brand,
      flaky,
      sessionOf(s),
      LOTT_GAME,
      { playType: "Entertainment", market: "big", bet: "1000" },
      now,
    );
    expect(lost).toEqual({ ok: false, status: "UNREACHABLE", balance: null });
    expect(await cash(s)).toBe(4_000n);
    const [t] = await database.db.select().from(lotteryTickets).where(eq(lotteryTickets.player, s.user));
    expect(t!.state).toBe("pending");

    down = false;
    const [d] = await database.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, t!.drawId));
    await Promise.all([1, 2].map(() => runDueDraws(database.db, brand, flaky, new Date(d!.drawAt.getTime() + 1))));
    expect(await ticket(t!.id)).toMatchObject({ state: "rolled_back", win: null });
    expect(await cash(s)).toBe(5_000n);
    expect((await drawOf(d!.drawNo)).state).toBe("settled");
    await expectExact();
  });
});

describe("the lottery screen over HTTP", () => {
  it("opens the launch's play type, sells a ticket by plain post, refuses a bad one with 400, and shows it settled", async () => {
    const s = await player({ cash: 10_000n });
    const grant = await createLaunchToken(database.db, brand, {
      memberId: s.memberId,
      demo: false,
      provider: "BGS",
      gameCode: LOTT,
    });
    const jar = new Jar(portOf(server), brand.hosts[0]);
    const door = await jar.get(`/bgs/play/${LOTT}?token=${grant.launchToken}&playType=Entertainment&prizeMode=Lott`);
    expect(door.headers.location).toBe(`/bgs/game/${LOTT}`);
    const game = await jar.get(`/bgs/game/${LOTT}`);
    expect(game.status).toBe(302);
    expect(game.headers.location).toBe(`/bgs/lottery/${LOTT}`);
    const page = await jar.get(`/bgs/lottery/${LOTT}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/aria-current="page"[^>]*>Entertainment</);
    expect(page.body).toContain("Lott mode");
    const drawNo = /data-testid="lottery-draw-no">([0-9-]+)</.exec(page.body)?.[1];
    expect(drawNo).toMatch(/^\d{8}-\d{4}$/);

    const bad = await jar.post(`/bgs/lottery/${LOTT}`, {
      playType: "Entertainment",
      market: "huge",
      bet: "500",
      drawNo: drawNo!,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('data-error="games.lottery.invalid"');
    expect(bad.body).toContain("That ticket is not valid");
    const noCsrf = await jar.post(
      `/bgs/lottery/${LOTT}`,
      { playType: "Entertainment", market: "big", bet: "500" },
      { csrf: false },
    );
    expect(noCsrf.status).toBe(403);

    // Bought close to a draw's close the ticket may land in the next one: that is the draw the page shows then.
    const bought = await jar.post(`/bgs/lottery/${LOTT}`, { playType: "Entertainment", market: "big", bet: "500" });
    expect(bought.status).toBe(200);
    expect(bought.body).toContain('data-testid="lottery-bought"');
    expect(await cash(s)).toBe(9_500n);
    const [t] = await database.db.select().from(lotteryTickets).where(eq(lotteryTickets.player, s.user));
    expect(t!.state).toBe("open");
    const [d] = await database.db.select().from(lotteryDraws).where(eq(lotteryDraws.id, t!.drawId));
    await runDueDraws(database.db, brand, wallet, new Date(d!.drawAt.getTime() + 1));

    const after = await jar.get(`/bgs/lottery/${LOTT}?tab=Tradition`);
    expect(after.body).toMatch(/aria-current="page"[^>]*>Tradition</);
    const settled = await ticket(t!.id);
    expect(after.body).toContain(`data-state="${settled.state}"`);
    expect(await cash(s)).toBe(9_500n + (settled.win ?? 0n));
    await expectExact();
  });
});
