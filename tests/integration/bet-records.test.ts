import type http from "node:http";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { gameRounds, games, seamlessTransactions, turnoverRequirements, withdrawals } from "../../app/db/schema";
import { createMember, getMember, type Member } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { loadWinners, maskUsername } from "../../app/domain/catalogue/winners.server";
import { createDepositOrder, settlePaymentEvent } from "../../app/domain/payments/deposits.server";
import { setPaymentPassword } from "../../app/domain/payments/payment-password.server";
import { bindPayoutAccount } from "../../app/domain/payments/payout-accounts.server";
import {
  GatewayUnavailableError,
  type CheckoutRequest,
  type PaymentGateway,
  type PaymentStatus,
} from "../../app/domain/payments/ports";
import { requestWithdrawal } from "../../app/domain/payments/withdrawals.server";
import { turnoverRemaining } from "../../app/domain/wallet/turnover.server";
import { setFlag } from "../../app/domain/site/flags.server";
import {
  BET_RECORD_PAGE_SIZE,
  getBetRound,
  listBetRecords,
  parseBetRecordFilter,
  type BetRecordFilter,
} from "../../app/domain/wallet/bet-records.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { projectBrands } from "../setup/brands";
import { portOf } from "../setup/http";
import { Jar } from "../setup/jar";
import { domainTransport, fund, liveSession, SeamlessClient, uid, type LiveSession } from "../setup/seamless-client";
import { createTestDatabase } from "../setup/test-db";
import { serveApp } from "../setup/test-server";

/**
 * The bet record (rounds the wallet kept, filtered, totalled and paged; only the member's own of
 * this brand), the winner board, and the turnover requirement: added by a paid deposit, taken down
 * by bets through the seamless-wallet API, and holding withdrawals back until it is met.
 */

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
const SECRET = "bet-record-test-provider-secret-0123456789";
const clients = new Map<string, SeamlessClient>();

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;
const db = () => database.db;
const client = (brand: Brand) => {
  let c = clients.get(brand.id);
  if (!c) clients.set(brand.id, (c = new SeamlessClient(domainTransport(db(), brand, "BGS", SECRET), SECRET)));
  return c;
};

/** The catalogue games the rounds are of (game codes are unique per brand). */
const GAMES = [
  { code: "BRT_SLOT", type: "RNG", classify: "SLOT", vendor: "JILI", en: "Golden Carabao", zh: "金水牛" },
  { code: "BRT_BINGO", type: "RNG", classify: "BG", vendor: "BGS", en: "Bingo Fiesta", zh: "宾果嘉年华" },
  { code: "BRT_FISH", type: "FISH", classify: null, vendor: "FC", en: "Ocean King", zh: "海洋之王" },
  { code: "BRT_LIVE", type: "LIVE", classify: null, vendor: "EVO", en: "Speed Baccarat", zh: "极速百家乐" },
];

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  let node = 990_000;
  for (const brand of [lucky(), perlas()]) {
    for (const g of GAMES) {
      await db()
        .insert(games)
        .values({
          merchantCode: brand.merchantCode,
          nodeId: ++node,
          gameId: g.code,
          gameCode: g.code,
          gameName: g.en,
          displayName: { en: g.en, zh: g.zh },
          gameType: g.type,
          vassalage: g.vendor,
          gameClassify: g.classify,
          iconUrl: "/icons/none.png",
        });
    }
  }
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await database?.close();
});

let seq = 0;
const member = (brand = lucky(), type = 0): Promise<Member> =>
  createMember(db(), brand, { username: `betrec${process.pid % 1000}x${++seq}`, password: "goodpass12", type });

const DAY = 24 * 60 * 60 * 1000;
const OFFSET = 8 * 60 * 60 * 1000;
/** Midnight today in Manila. */
const todayStart = () => Math.floor((Date.now() + OFFSET) / DAY) * DAY - OFFSET;
/** `daysAgo` Manila days back, `minutes` after that day's midnight. */
const manila = (daysAgo: number, minutes = 0) => new Date(todayStart() - daysAgo * DAY + minutes * 60_000);
const dayOf = (daysAgo: number) => new Date(todayStart() - daysAgo * DAY + OFFSET).toISOString().slice(0, 10);

/** A round as the wallet keeps it, at a chosen time (the seamless API stamps rounds with the call's time). */
async function round(
  brand: Brand,
  memberId: number,
  o: { at: Date; game?: string; bet?: bigint; win?: bigint; demo?: boolean; closed?: boolean },
): Promise<number> {
  const [row] = await db()
    .insert(gameRounds)
    .values({
      merchantCode: brand.merchantCode,
      memberId,
      provider: "BGS",
      round: uid("r"),
      gameCode: o.game ?? "BRT_SLOT",
      demo: o.demo ?? false,
      bet: o.bet ?? 100_00n,
      win: o.win ?? 0n,
      closed: o.closed ?? true,
      startedAt: o.at,
      updatedAt: o.at,
    })
    .returning({ id: gameRounds.id });
  return row!.id;
}

function filter(query: Record<string, string>): BetRecordFilter {
  const parsed = parseBetRecordFilter(new URLSearchParams(query), new Date());
  if (!parsed.ok) throw new Error(`refused: ${parsed.error}`);
  return parsed.filter;
}
const list = (m: { id: number }, query: Record<string, string> = {}, brand = lucky()) =>
  listBetRecords(db(), brand, m.id, filter(query), "en");

describe("the bet record", () => {
  it("shows a round played through the seamless-wallet API, in the player's language, with bet, win and net", async () => {
    const s = await liveSession(db(), lucky(), client(lucky()), { cash: 10_000_00n, gameCode: "BRT_SLOT", prefix: "brapi" });
    const r = uid("round");
    const bet = uid("bet");
    expect((await s.bet(bet, 250_00n, r)).json.status).toBe("RS_OK");
    const open = await listBetRecords(db(), lucky(), s.memberId, filter({ range: "today" }), "zh");
    expect(open.rounds).toHaveLength(1);
    expect(open.rounds[0]).toMatchObject({
      round: r,
      gameName: "金水牛",
      vendor: "JILI",
      bet: 250_00n,
      win: 0n,
      net: -250_00n,
      closed: false,
      demo: false,
    });
    expect((await s.win(uid("win"), 1_000_00n, r, bet)).json.status).toBe("RS_OK");
    const closed = await list({ id: s.memberId }, { range: "today" });
    expect(closed.rounds[0]).toMatchObject({
      gameName: "Golden Carabao",
      bet: 250_00n,
      win: 1_000_00n,
      net: 750_00n,
      closed: true,
    });
    expect(closed.totals).toEqual({ bet: 250_00n, win: 1_000_00n, net: 750_00n });
    const detail = await getBetRound(db(), lucky(), s.memberId, closed.rounds[0]!.id, "en");
    expect(detail).toMatchObject({ round: r, provider: "BGS", net: 750_00n });
  });

  it("filters by Manila day ranges (at most 90 days back) and by lobby game type, totals the whole filter", async () => {
    const m = await member();
    await round(lucky(), m.id, { at: manila(0, 1), bet: 1_00n, win: 5_00n, game: "BRT_SLOT" });
    await round(lucky(), m.id, { at: manila(0, 23 * 60 + 59), bet: 2_00n, game: "BRT_BINGO" });
    // 23:59 yesterday in Manila is 15:59 UTC: a UTC day would count it as today.
    await round(lucky(), m.id, { at: manila(1, 23 * 60 + 59), bet: 4_00n, game: "BRT_FISH" });
    await round(lucky(), m.id, { at: manila(6), bet: 8_00n, win: 20_00n, game: "BRT_LIVE" });
    await round(lucky(), m.id, { at: manila(7, 600), bet: 16_00n, game: "BRT_SLOT" });
    await round(lucky(), m.id, { at: manila(29), bet: 32_00n, game: "BRT_FISH" });
    await round(lucky(), m.id, { at: manila(89), bet: 64_00n, game: "BRT_SLOT" });
    await round(lucky(), m.id, { at: manila(95), bet: 128_00n, game: "BRT_SLOT" });

    const bets = async (q: Record<string, string>) => (await list(m, q)).rounds.map((r) => r.bet);
    expect(await bets({ range: "today" })).toEqual([2_00n, 1_00n]);
    expect(await bets({ range: "yesterday" })).toEqual([4_00n]);
    expect(await bets({ range: "7d" })).toEqual([2_00n, 1_00n, 4_00n, 8_00n]);
    expect(await bets({ range: "30d" })).toEqual([2_00n, 1_00n, 4_00n, 8_00n, 16_00n, 32_00n]);
    expect(await bets({ from: dayOf(89), to: dayOf(7) })).toEqual([16_00n, 32_00n, 64_00n]);
    expect(await bets({ range: "custom", from: dayOf(1), to: dayOf(1) })).toEqual([4_00n]);
    // The default is the last 7 days, every type.
    expect(await bets({})).toEqual([2_00n, 1_00n, 4_00n, 8_00n]);

    // Slots keep bingo rooms, as the lobby's slot list does; bingo is only them.
    expect(await bets({ range: "30d", type: "RNG" })).toEqual([2_00n, 1_00n, 16_00n]);
    expect(await bets({ range: "30d", type: "BINGO" })).toEqual([2_00n]);
    expect(await bets({ range: "30d", type: "FISH" })).toEqual([4_00n, 32_00n]);
    expect(await bets({ range: "30d", type: "LIVE" })).toEqual([8_00n]);
    expect(await bets({ range: "30d", type: "SPORTS" })).toEqual([]);

    const week = await list(m, { range: "7d" });
    expect(week.totals).toEqual({ bet: 15_00n, win: 25_00n, net: 10_00n });
    expect(week.total).toBe(4);
  });

  it("refuses filters it cannot answer with the message to show", () => {
    const refused = (q: Record<string, string>) => {
      const r = parseBetRecordFilter(new URLSearchParams(q), new Date());
      return r.ok ? "ok" : r.error;
    };
    expect(refused({ range: "year" })).toBe("betRecord.errors.range");
    expect(refused({ type: "CASINO" })).toBe("betRecord.errors.type");
    expect(refused({ from: "2025-02-30" })).toBe("betRecord.errors.date");
    expect(refused({ from: "yesterday" })).toBe("betRecord.errors.date");
    expect(refused({ from: dayOf(1), to: dayOf(2) })).toBe("betRecord.errors.order");
    expect(refused({ from: dayOf(90), to: dayOf(0) })).toBe("betRecord.errors.tooOld");
    expect(refused({ from: dayOf(89), to: dayOf(0) })).toBe("ok");
    expect(refused({ from: dayOf(0), to: dayOf(-1) })).toBe("betRecord.errors.future");
    for (const page of ["0", "-1", "1.5", "99999", "abc"]) expect(refused({ page })).toBe("betRecord.errors.page");
  });

  it("pages 20 at a time, newest first, with the totals of every page", async () => {
    const m = await member();
    for (let i = 0; i < 45; i++) await round(lucky(), m.id, { at: manila(1, i), bet: BigInt(i + 1), win: i % 2 ? 3n : 0n });
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(m, { range: "7d", page: String(page) })));
    expect(pages.map((p) => p.rounds.length)).toEqual([BET_RECORD_PAGE_SIZE, BET_RECORD_PAGE_SIZE, 5, 0]);
    expect(pages.map((p) => p.pages)).toEqual([3, 3, 3, 3]);
    const all = pages.flatMap((p) => p.rounds.map((r) => r.bet));
    expect(all).toEqual(Array.from({ length: 45 }, (_, i) => BigInt(45 - i)));
    for (const p of pages) expect(p.totals).toEqual({ bet: 1035n, win: 66n, net: 66n - 1035n });
  });

  it("shows only the member's own rounds of this brand", async () => {
    const me = await member();
    const other = await member();
    const elsewhere = await member(perlas());
    const mine = await round(lucky(), me.id, { at: manila(0), bet: 1_00n });
    const theirs = await round(lucky(), other.id, { at: manila(0), bet: 2_00n });
    // The same member id under the other brand's merchant code is not this member's round.
    const otherBrand = await round(perlas(), me.id, { at: manila(0), bet: 4_00n });
    await round(perlas(), elsewhere.id, { at: manila(0), bet: 8_00n });

    expect((await list(me, { range: "today" })).rounds.map((r) => r.id)).toEqual([mine]);
    expect((await list(me, { range: "today" })).totals.bet).toBe(1_00n);
    expect(await getBetRound(db(), lucky(), me.id, theirs, "en")).toBeNull();
    expect(await getBetRound(db(), lucky(), me.id, otherBrand, "en")).toBeNull();
    expect(await getBetRound(db(), perlas(), me.id, mine, "en")).toBeNull();
    expect(await getBetRound(db(), lucky(), me.id, 2 ** 40, "en")).toBeNull();
  });

  it("marks a trial player's demo rounds as demo", async () => {
    const s = await liveSession(db(), lucky(), client(lucky()), { trial: true, gameCode: "BRT_FISH", prefix: "brtry" });
    const r = uid("round");
    const bet = uid("bet");
    expect((await s.bet(bet, 50_00n, r)).json.status).toBe("RS_OK");
    const page = await list({ id: s.memberId }, { range: "today" });
    expect(page.rounds).toMatchObject([{ round: r, demo: true, gameName: "Ocean King", bet: 50_00n }]);
  });
});

describe("the winner board", () => {
  it("masks names, orders by win, keeps the top 10 of the last 7 days' cash rounds of this brand", async () => {
    expect(maskUsername("juanito24")).toBe("ju***24");
    expect(maskUsername("abcd")).toBe("a***d");
    expect(maskUsername("ab")).toBe("a***");
    expect(maskUsername("maríañ")).toBe("ma***añ");

    const brand = lucky();
    const before = await loadWinners(db(), brand, "en");
    const floor = before.length ? before[0]!.winAmount : 0n;
    const players = await Promise.all(Array.from({ length: 12 }, () => member()));
    // Wins above anything other tests left, so the top 10 are this test's.
    const big = (n: number) => floor + 1_000_000_00n + BigInt(n) * 100n;
    for (const [i, p] of players.entries()) await round(brand, p.id, { at: manila(1), bet: 10_00n, win: big(i) });
    const trial = await member(brand, 4);
    await round(brand, trial.id, { at: manila(0), win: big(100), demo: true });
    await round(brand, players[0]!.id, { at: new Date(Date.now() - 8 * DAY), win: big(101) });
    const stranger = await member(perlas());
    await round(perlas(), stranger.id, { at: manila(0), win: big(102) });

    const board = await loadWinners(db(), brand, "zh");
    expect(board).toHaveLength(10);
    expect(board.map((w) => w.winAmount)).toEqual(Array.from({ length: 10 }, (_, i) => big(11 - i)));
    expect(board[0]).toEqual({ player: maskUsername(players[11]!.username), gameName: "金水牛", winAmount: big(11) });
    for (const w of board) {
      expect(w.player).toMatch(/^.{2}\*\*\*.{2}$/);
      expect(players.map((p) => p.username)).not.toContain(w.player);
    }
    // The other brand sees its own winner, and nothing of this one.
    const theirs = await loadWinners(db(), perlas(), "en");
    expect(theirs[0]).toEqual({ player: maskUsername(stranger.username), gameName: "Golden Carabao", winAmount: big(102) });
    expect(theirs.some((w) => w.winAmount !== big(102) && w.winAmount > floor)).toBe(false);
  });
});

/** The port in miniature: the deposit's checkout, settled by the test's payment event. */
class FakeGateway implements PaymentGateway {
  readonly id = "sandbox" as const;
  private n = 0;
  async createCheckout(req: CheckoutRequest) {
    const ref = `cs_brt_${++this.n}_${req.orderId}`;
    return { gatewayRef: ref, checkoutUrl: `https://gateway.test/checkout/${ref}` };
  }
  async paymentStatus(): Promise<PaymentStatus> {
    throw new GatewayUnavailableError("not asked in these tests");
  }
  parseWebhook(): never {
    throw new Error("webhooks are not parsed in these tests");
  }
}
const gateway = new FakeGateway();
const PIN = "135790";

/** A paid deposit through the deposit domain, as the gateway's webhook settles it. */
async function deposit(brand: Brand, m: Member, amount: bigint) {
  const urls = { returnUrl: (id: string) => `http://x/m/deposit/${id}`, cancelUrl: (id: string) => `http://x/m/deposit/${id}` };
  const o = await createDepositOrder(db(), brand, gateway, m, { channel: "gcash", amount }, urls);
  const event = {
    type: "payment.paid" as const,
    eventId: `evt_${o.publicId}`,
    gatewayRef: o.gatewayRef!,
    paymentId: `pay_${o.publicId}`,
    amount,
    currency: "PHP",
  };
  expect(await settlePaymentEvent(db(), brand, "sandbox", event)).toBe("settled");
  // A replayed event adds nothing more.
  expect(await settlePaymentEvent(db(), brand, "sandbox", event)).toBe("duplicate");
}

/** A member ready to withdraw (payment password, GCash account) in a live game session. */
async function player(brand: Brand): Promise<{ m: Member; s: LiveSession }> {
  const s = await liveSession(db(), brand, client(brand), { gameCode: "BRT_SLOT", prefix: "brto" });
  const m = (await getMember(db(), brand, s.memberId))!;
  expect(await setPaymentPassword(db(), brand, m.id, PIN)).toEqual({ ok: true });
  const bound = await bindPayoutAccount(db(), brand, m.id, {
    method: "gcash",
    accountNumber: "09171234567",
    holderName: "Juan Dela Cruz",
  });
  expect(bound.ok).toBe(true);
  return { m, s };
}
const withdraw = (brand: Brand, m: Member, amount: bigint) =>
  requestWithdrawal(db(), brand, { id: m.id, type: 0 }, { amount, paymentPassword: PIN });

describe("the turnover requirement", () => {
  it("is added by a paid deposit, taken down by bets, given back by a rollback, and holds withdrawals until met", async () => {
    const brand = lucky();
    expect(brand.play.turnoverMultiplier).toBe(1);
    const { m, s } = await player(brand);
    await deposit(brand, m, 1_000_00n);
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(1_000_00n);
    // Cash that is no deposit (as a support adjustment brings it) asks for no turnover.
    await fund(db(), brand, m.id, 1_000_00n);
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(1_000_00n);

    expect(await withdraw(brand, m, 200_00n)).toEqual({ ok: false, reason: "turnover", remaining: 1_000_00n });
    const r1 = uid("round");
    const bet1 = uid("bet");
    expect((await s.bet(bet1, 300_00n, r1)).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(700_00n);
    expect((await s.rollback(uid("rb"), bet1, r1, 300_00n)).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(1_000_00n);

    const r2 = uid("round");
    expect((await s.bet(uid("bet"), 600_00n, r2)).json.status).toBe("RS_OK");
    expect(await withdraw(brand, m, 200_00n)).toEqual({ ok: false, reason: "turnover", remaining: 400_00n });
    // A bet larger than what is left takes it to zero, never below.
    expect((await s.bet(uid("bet"), 500_00n, r2)).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), brand, m.id)).toBe(0n);
    const ok = await withdraw(brand, m, 200_00n);
    expect(ok.ok).toBe(true);
    expect((await verifyLedger(db(), brand.merchantCode)).problems).toEqual([]);
  });

  it("is not asked by a brand whose multiplier is 0, and demo bets do not count", async () => {
    expect(perlas().play.turnoverMultiplier).toBe(0);
    const { m } = await player(perlas());
    await deposit(perlas(), m, 1_000_00n);
    expect(await turnoverRemaining(db(), perlas(), m.id)).toBe(0n);
    expect((await withdraw(perlas(), m, 500_00n)).ok).toBe(true);

    const trial = await liveSession(db(), lucky(), client(lucky()), { trial: true, gameCode: "BRT_SLOT", prefix: "brtd" });
    await db()
      .insert(turnoverRequirements)
      .values({ merchantCode: lucky().merchantCode, memberId: trial.memberId, remaining: 100_00n });
    expect((await trial.bet(uid("bet"), 50_00n, uid("round"))).json.status).toBe("RS_OK");
    expect(await turnoverRemaining(db(), lucky(), trial.memberId)).toBe(100_00n);
  });

  it("stays consistent when bets and withdrawals race: no withdrawal goes through before the last bet that counted", async () => {
    const brand = lucky();
    const { m, s } = await player(brand);
    await deposit(brand, m, 2_000_00n);
    // Cash beyond the deposit, so the bets and withdrawals never run short of money: only turnover decides.
    await fund(db(), brand, m.id, 10_000_00n);
    const r = uid("round");
    const bets = Array.from({ length: 10 }, () => s.bet(uid("bet"), 250_00n, r));
    const asks = Array.from({ length: 3 }, () => withdraw(brand, m, 200_00n));
    const [betAnswers, outcomes] = await Promise.all([Promise.all(bets), Promise.all(asks)]);
    expect(betAnswers.map((a) => a.json.status)).toEqual(Array(10).fill("RS_OK"));
    for (const o of outcomes) {
      if (!o.ok) expect(o).toMatchObject({ reason: "turnover", remaining: expect.any(BigInt) as bigint });
    }

    expect(await turnoverRemaining(db(), brand, m.id)).toBe(0n);
    const taken = await db()
      .select({ taken: seamlessTransactions.turnoverTaken, transferId: seamlessTransactions.transferId })
      .from(seamlessTransactions)
      .where(and(eq(seamlessTransactions.memberId, m.id), eq(seamlessTransactions.kind, "bet")));
    expect(taken.reduce((n, t) => n + t.taken, 0n)).toBe(2_000_00n);
    // Every accepted withdrawal's hold was posted after every bet that still counted towards the requirement.
    const lastCounting = Math.max(...taken.filter((t) => t.taken > 0n).map((t) => t.transferId!));
    const held = await db().select({ hold: withdrawals.holdTransferId }).from(withdrawals).where(eq(withdrawals.memberId, m.id));
    expect(held).toHaveLength(outcomes.filter((o) => o.ok).length);
    for (const h of held) expect(h.hold!).toBeGreaterThan(lastCounting);
    // A withdrawal after the requirement is met goes through.
    if (held.length === 0) expect((await withdraw(brand, m, 200_00n)).ok).toBe(true);
    const negative = (await db().execute(
      sql`select count(*)::int as n from turnover_requirements where remaining_centavos < 0`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(Number(negative.rows[0]!.n)).toBe(0);
  });
});

describe("the screens", () => {
  async function signedIn(brand: Brand, type = 0) {
    const m = await member(brand, type);
    const jar = new Jar(port, brand.hosts[0]);
    jar.cookies.set("__Host-sid", await createSession(db(), brand, m.id));
    return { m, jar };
  }

  it("renders the bet record without JavaScript: plain GET filters, pager links and a round's detail", async () => {
    const { m, jar } = await signedIn(lucky());
    for (let i = 0; i < 25; i++)
      await round(lucky(), m.id, { at: manila(0, i), bet: 1_00n, win: i === 24 ? 5_00n : 0n, game: "BRT_SLOT" });
    const other = await member();
    const theirs = await round(lucky(), other.id, { at: manila(0), bet: 1_00n });

    const page1 = await jar.get("/m/gameRecord?range=today");
    expect(page1.status).toBe(200);
    expect(page1.body).toMatch(/<form method="get"[^>]*aria-label="Filter bets"/);
    expect(page1.body).toContain("Golden Carabao");
    expect(page1.body).toContain("Rounds: 25");
    expect(page1.body).toMatch(/data-total="bet"[^>]*>₱25.00</);
    expect(page1.body).toMatch(/data-total="win"[^>]*>₱5.00</);
    expect([...page1.body.matchAll(/data-round="(\d+)"/g)]).toHaveLength(20);
    const next = /<a[^>]*href="([^"]+)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="([^"]+)"/.exec(page1.body);
    const nextHref = (next?.[1] ?? next?.[2] ?? "").replaceAll("&amp;", "&");
    expect(nextHref).toBe("/m/gameRecord?range=today&type=all&page=2");
    const page2 = await jar.get(nextHref);
    expect([...page2.body.matchAll(/data-round="(\d+)"/g)]).toHaveLength(5);

    const first = /data-round="(\d+)"/.exec(page1.body)![1]!;
    const detail = await jar.get(`/m/gameRecord?range=today&round=${first}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain('data-testid="round-detail"');
    expect(detail.body).toMatch(/\+(<!-- -->)?₱4\.00/);

    expect((await jar.get(`/m/gameRecord?round=${theirs}`)).status).toBe(404);
    expect((await jar.get("/m/gameRecord?round=abc")).status).toBe(404);
    const bad = await jar.get("/m/gameRecord?from=2020-01-01&to=2020-01-02");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("The bet record goes back 90 days at most.");
    const empty = await jar.get("/m/gameRecord?range=yesterday&type=COCKFIGHT");
    expect(empty.status).toBe(200);
    expect(empty.body).toContain("No bets in this period.");
  });

  it("shows the winner board on home, names masked, biggest win first", async () => {
    const home = await new Jar(port, lucky().hosts[0]).get("/m/home");
    expect(home.status).toBe(200);
    expect(home.body).toContain('data-testid="winner-board"');
    const players = [...home.body.matchAll(/data-player="true">([^<]+)</g)].map((m) => m[1]);
    expect(players).toHaveLength(10);
    for (const p of players) expect(p).toMatch(/^.{2}\*\*\*.{2}$/);
    const amounts = [...home.body.matchAll(/data-amount="true">₱([\d,]+)\.(\d\d)</g)].map((m) =>
      BigInt(m[1]!.replaceAll(",", "") + m[2]),
    );
    expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it("needs a session, and sends the player to service when TRANSBETREPMEM3 is off", async () => {
    const anon = await new Jar(port, lucky().hosts[0]).get("/m/gameRecord");
    expect(anon.status).toBe(302);
    expect(anon.headers.location).toBe("/m/login?redirectTo=%2Fm%2FgameRecord");
    await setFlag(db(), perlas(), "TRANSBETREPMEM3", false, { name: "test", reason: "bet record off" });
    const { jar } = await signedIn(perlas());
    const off = await jar.get("/m/gameRecord");
    expect(off.status).toBe(302);
    expect(off.headers.location).toBe("/m/home");
    expect(String(off.headers["set-cookie"])).toMatch(/toast/i);
  });

  it("shows a trial player's demo rounds marked as demo", async () => {
    const { m, jar } = await signedIn(lucky(), 4);
    await round(lucky(), m.id, { at: manila(0), demo: true, bet: 3_00n });
    const page = await jar.get("/m/gameRecord?range=today");
    expect(page.status).toBe(200);
    expect(page.body).toContain("data-demo");
  });

  it("shows the remaining turnover on the withdraw screen and refuses a request with it", async () => {
    const { m, jar } = await signedIn(lucky());
    await fund(db(), lucky(), m.id, 1_000_00n);
    await db().insert(turnoverRequirements).values({ merchantCode: lucky().merchantCode, memberId: m.id, remaining: 345_67n });
    await jar.get("/m/withdraw");
    expect((await jar.post("/m/withdraw", { intent: "set-pin", pin: PIN, confirmPin: PIN })).status).toBe(302);
    const bound = await jar.post("/m/withdraw", {
      intent: "bind-account",
      method: "gcash",
      accountNumber: "09171234567",
      holderName: "Juan Dela Cruz",
    });
    expect(bound.status).toBe(302);
    const page = await jar.get("/m/withdraw");
    expect(page.body).toContain('data-testid="turnover"');
    expect(page.body).toMatch(/data-remaining="34567"[^>]*>₱345.67</);
    const refused = await jar.post("/m/withdraw", { intent: "withdraw", amount: "200", paymentPassword: PIN });
    expect(refused.status).toBe(409);
    expect(refused.body).toContain("Play ₱345.67 more in games before you withdraw.");
    expect(await db().select().from(withdrawals).where(eq(withdrawals.memberId, m.id))).toEqual([]);
  });
});
