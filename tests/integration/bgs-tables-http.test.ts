import type http from "node:http";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import type { Database } from "../../app/db/client.server";
import { bgsRounds, games, launchTokens } from "../../app/db/schema";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { postTransfer } from "../../app/domain/wallet/ledger.server";
import { createLaunchToken } from "../../app/domain/wallet/seamless.server";
import { verifyLedger } from "../../app/domain/wallet/verify.server";
import { projectBrands } from "../setup/brands";
import { portOf } from "../setup/http";
import { Jar } from "../setup/jar";
import { serveApp } from "../setup/test-server";
import { createTestDatabase } from "../setup/test-db";

/**
 * Bingo, baccarat and the colour game as a phone without JavaScript plays them: launched through
 * the in-house server's door, each round a plain form post whose stake and win move through the
 * seamless-wallet API on this very server, to the centavo; hostile forms answer 400 and move nothing.
 */

const GAMES = {
  bingo: "JILI_NINJA_BINGO",
  baccarat: "PP_BACCARAT_SQUEEZE_ASIA",
  colour: "JILI_COLOR_DICE",
} as const;

let database: Database;
let server: http.Server;
let port: number;
const brands: Record<string, Brand> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const registry = await projectBrands();
  brands.lucky = registry.byId.get("lucky-peso")!;
  brands.perlas = registry.byId.get("perlas-play")!;
  for (const b of Object.values(brands)) await seedBrandIfEmpty(database.db, b);
  // These games play the engines' own steps from ₱1; a game's minimum bet has a test of its own.
  await minimumBet(Object.values(GAMES), 100n);
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

let seq = 0;

/** Sets the catalogue's minimum bet of these games, in every brand. */
async function minimumBet(gameCodes: string[], minBet: bigint) {
  await database.db.update(games).set({ minBet }).where(inArray(games.gameCode, gameCodes));
}

/** A member with `cash` centavos from house:adjustments, in the game through the door with a live launch token. */
async function playerIn(brand: Brand, gameCode: string, cash: bigint) {
  const member = await createMember(database.db, brand, {
    username: `tbl${process.pid % 1000}x${++seq}`,
    password: null,
    type: 0,
  });
  await postTransfer(database.db, brand, {
    key: `test-adjust:${member.id}`,
    kind: "adjustment",
    reference: `test:${member.id}`,
    legs: [
      { account: { house: "house:adjustments" }, amount: -cash },
      { account: { memberId: member.id, kind: "cash" }, amount: cash },
    ],
  });
  const grant = await createLaunchToken(database.db, brand, { memberId: member.id, demo: false, provider: "BGS", gameCode });
  const jar = new Jar(port, brand.hosts[0]);
  const door = await jar.get(`/bgs/play/${gameCode}?token=${grant.launchToken}&lobby=/m/home`);
  expect(door.status).toBe(302);
  expect(door.headers.location).toBe(`/bgs/game/${gameCode}`);
  const page = await jar.get(`/bgs/game/${gameCode}`);
  expect(page.status).toBe(200);
  return { member, jar, cash: () => getBalance(database.db, brand, member.id, "cash") };
}

async function roundsOf(brand: Brand, username: string) {
  return database.db
    .select()
    .from(bgsRounds)
    .where(and(eq(bgsRounds.merchantCode, brand.merchantCode), eq(bgsRounds.player, username)))
    .orderBy(desc(bgsRounds.createdAt));
}

async function transferCount(brand: Brand): Promise<number> {
  const r = (await database.db.execute(
    sql`select count(*)::int as n from wallet_transfers where merchant_code = ${brand.merchantCode}`,
  )) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
}

async function expectExact(brand: Brand) {
  expect((await verifyLedger(database.db, brand.merchantCode)).problems).toEqual([]);
}

const ROUNDS: { engine: keyof typeof GAMES; form: Record<string, string>; stake: bigint; screen: string }[] = [
  { engine: "bingo", form: { bet: "500" }, stake: 500n, screen: 'data-testid="bingo-card"' },
  {
    engine: "baccarat",
    form: { bet_player: "1000", bet_tie: "100", bet_bankerPair: "200" },
    stake: 1300n,
    screen: 'data-testid="hand-banker"',
  },
  {
    engine: "colour",
    form: { bet_red: "200", bet_blue: "500", bet_green: "100" },
    stake: 800n,
    screen: 'data-testid="colour-dice"',
  },
];

describe.each(["lucky", "perlas"])("in-house table games over HTTP (%s)", (which) => {
  for (const r of ROUNDS) {
    it(`plays ${r.engine} rounds as plain posts, moving exactly bet − win through the ledger`, async () => {
      const brand = brands[which]!;
      const p = await playerIn(brand, GAMES[r.engine], 100_000n);
      let expected = 100_000n;
      for (let i = 0; i < 3; i++) {
        const res = await p.jar.post(`/bgs/game/${GAMES[r.engine]}`, r.form);
        expect(res.status).toBe(200);
        expect(res.body).toContain(r.screen);
        const [round] = await roundsOf(brand, p.member.username);
        expect(round).toMatchObject({ engine: r.engine, bet: r.stake, state: "settled", mode: "wallet" });
        expected += round!.win - round!.bet;
        expect(await p.cash()).toBe(expected);
        // The page shows the round it played: the win (or none) in the result.
        expect(res.body).toMatch(/data-testid="win-banner"/);
      }
      expect(await roundsOf(brand, p.member.username)).toHaveLength(3);
      await expectExact(brand);
    });
  }

  it("answers hostile forms 400, translated, and moves nothing", async () => {
    const brand = brands[which]!;
    const hostile: [keyof typeof GAMES, Record<string, string>][] = [
      ["bingo", {}],
      ["bingo", { bet: "150" }],
      ["bingo", { bet: "-500" }],
      ["bingo", { bet: "5.00" }],
      ["bingo", { bet: "9".repeat(5000) }],
      ["baccarat", {}],
      ["baccarat", { bet_dragon: "1000" }],
      ["baccarat", { bet_player: "150" }],
      ["baccarat", { bet_player: "1e3" }],
      ["baccarat", { bet_banker: "１００" }],
      ["colour", { bet_purple: "100" }],
      ["colour", { bet_red: "99" }],
      ["colour", { bet_red: "100", bet_blue: "-100" }],
    ];
    const players = {
      bingo: await playerIn(brand, GAMES.bingo, 10_000n),
      baccarat: await playerIn(brand, GAMES.baccarat, 10_000n),
      colour: await playerIn(brand, GAMES.colour, 10_000n),
    };
    const transfers = await transferCount(brand);
    for (const [engine, form] of hostile) {
      const res = await players[engine].jar.post(`/bgs/game/${GAMES[engine]}`, form);
      expect(res.status, `${engine} ${JSON.stringify(form).slice(0, 60)}`).toBe(400);
      expect(res.body).toContain('data-error="play.invalidBet"');
      // Translated: the key itself is never the text shown.
      expect(res.body).not.toContain(">play.invalidBet<");
    }
    for (const p of Object.values(players)) {
      expect(await p.cash()).toBe(10_000n);
      expect(await roundsOf(brand, p.member.username)).toEqual([]);
    }
    expect(await transferCount(brand)).toBe(transfers);
    await expectExact(brand);
  });

  it("holds the game's minimum bet: no stake below it is offered, one posted below it is refused, one at it is played", async () => {
    const brand = brands[which]!;
    await minimumBet([GAMES.baccarat], 1_000n);
    try {
      const p = await playerIn(brand, GAMES.baccarat, 10_000n);
      const page = await p.jar.get(`/bgs/game/${GAMES.baccarat}`);
      // Each spot's select (the way to stake without JavaScript) starts at the minimum.
      expect(page.body).not.toMatch(/<option value="(100|200|500)">/);
      expect(page.body).toMatch(/<option value="1000">/);
      const below = await p.jar.post(`/bgs/game/${GAMES.baccarat}`, { bet_player: "1000", bet_banker: "500" });
      expect(below.status).toBe(400);
      expect(below.body).toContain('data-error="play.invalidBet"');
      expect(await p.cash()).toBe(10_000n);
      expect(await roundsOf(brand, p.member.username)).toEqual([]);
      const at = await p.jar.post(`/bgs/game/${GAMES.baccarat}`, { bet_player: "1000" });
      expect(at.status).toBe(200);
      const [round] = await roundsOf(brand, p.member.username);
      expect(round).toMatchObject({ bet: 1_000n, state: "settled" });
      expect(await p.cash()).toBe(10_000n - round!.bet + round!.win);
      await expectExact(brand);
      // A minimum above every stake the table takes: the game does not open, and takes nothing.
      await minimumBet([GAMES.baccarat], 100_000n);
      const closed = await p.jar.get(`/bgs/game/${GAMES.baccarat}`);
      expect(closed.body).toContain("Game not found");
      expect(closed.body).not.toContain('data-testid="baccarat-form"');
      expect((await p.jar.post(`/bgs/game/${GAMES.baccarat}`, { bet_player: "50000" })).status).toBe(409);
      expect(await roundsOf(brand, p.member.username)).toHaveLength(1);
    } finally {
      await minimumBet([GAMES.baccarat], 100n);
    }
  });

  it("shows a game whose minimum no stake meets as closed on its page, and launches nothing", async () => {
    const brand = brands[which]!;
    const [game] = await database.db
      .select({ nodeId: games.nodeId })
      .from(games)
      .where(and(eq(games.merchantCode, brand.merchantCode), eq(games.gameCode, GAMES.colour)));
    const member = await createMember(database.db, brand, {
      username: `tbl${process.pid % 1000}x${++seq}`,
      password: null,
      type: 0,
    });
    const jar = new Jar(port, brand.hosts[0]);
    jar.cookies.set("__Host-sid", await createSession(database.db, brand, member.id));
    const gamePage = `/m/game/${game!.nodeId}`;
    expect((await jar.get(gamePage)).body).toContain("Play now");
    await minimumBet([GAMES.colour], 100_000n);
    try {
      const page = await jar.get(gamePage);
      expect(page.status).toBe(200);
      expect(page.body).toContain("This game cannot be opened right now.");
      expect(page.body).not.toContain("Play now");
      // A launch posted all the same goes back to the page with the reason, and makes no launch token.
      const launch = await jar.post(gamePage, {});
      expect(launch.status).toBe(302);
      expect(launch.headers.location).toBe(gamePage);
      expect((await jar.get(gamePage)).body).toContain("That game is not available.");
      expect(await database.db.select().from(launchTokens).where(eq(launchTokens.memberId, member.id))).toEqual([]);
    } finally {
      await minimumBet([GAMES.colour], 100n);
    }
  });

  it("refuses a stake above the balance with the deposit link, and moves nothing", async () => {
    const brand = brands[which]!;
    const p = await playerIn(brand, GAMES.baccarat, 500n);
    const res = await p.jar.post(`/bgs/game/${GAMES.baccarat}`, { bet_banker: "1000" });
    expect(res.status).toBe(409);
    expect(res.body).toContain('data-error="play.notEnoughMoney"');
    expect(res.body).toContain('href="/m/voucherCenter"');
    expect(await p.cash()).toBe(500n);
    await expectExact(brand);
  });

  it("never overdraws under parallel rounds: each post is played in full or refused", async () => {
    const brand = brands[which]!;
    const p = await playerIn(brand, GAMES.colour, 2_500n);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => p.jar.post(`/bgs/game/${GAMES.colour}`, { bet_yellow: "1000" })),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const played = (await roundsOf(brand, p.member.username)).filter((r) => r.state === "settled");
    expect(played.length).toBe(answers.filter((a) => a.status === 200).length);
    expect(played.length).toBeGreaterThanOrEqual(2);
    const cash = await p.cash();
    expect(cash).toBe(played.reduce((sum, r) => sum + r.win - r.bet, 2_500n));
    expect(cash >= 0n).toBe(true);
    await expectExact(brand);
  });
});
