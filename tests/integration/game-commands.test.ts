import { spawnSync } from "node:child_process";
import fs from "node:fs";
import type http from "node:http";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { auditLog, bgsRounds, games, launchTokens } from "../../app/db/schema";
import { seedBrandIfEmpty } from "../../app/db/seed/load.server";
import { createMember, setMemberStatus } from "../../app/domain/accounts/members.server";
import { playRound } from "../../app/domain/games/rounds.server";
import { SLOT_THEMES } from "../../app/domain/games/engines/slot-themes";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { createGameProviders, inHouseSecret } from "../../app/integrations/providers/index.server";
import { hashToken } from "../../app/utils/tokens.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { portOf, TEST_COOKIE_SECRET } from "../setup/http";
import { fund, httpTransport, SeamlessClient } from "../setup/seamless-client";
import { serveApp } from "../setup/test-server";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

/**
 * `npm run games`: the support commands on play, run as the admin channel runs them, and the
 * provider-secret command as a process, proving what they print is what the served API accepts.
 */

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;
const providers = createGameProviders({ cookieSecret: () => TEST_COOKIE_SECRET });

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  await seedBrandIfEmpty(database.db, lucky());
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  if (server) await new Promise((r) => server.close(r));
  await database?.close();
});

const lucky = () => registry.byId.get("lucky-peso")!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(database.db, registry, req, { providers });
let seq = 0;
const member = (type = 0) =>
  createMember(database.db, lucky(), {
    username: `gc${TEST_ENGINE.slice(0, 2)}${process.pid % 1000}x${++seq}`,
    password: null,
    type,
  });

/** A playable non-lottery slot of the seeded catalogue. */
async function slotGame(): Promise<string> {
  const [g] = await database.db
    .select({ gameCode: games.gameCode })
    .from(games)
    .where(
      and(
        eq(games.merchantCode, lucky().merchantCode),
        eq(games.gameType, "RNG"),
        eq(games.supportPlay, true),
        eq(games.enabled, true),
        sql`coalesce(${games.isGameH5}, '') <> 'VASSALAGE'`,
        sql`coalesce(${games.gameClassify}, '') <> 'BG'`,
      ),
    )
    .orderBy(asc(games.nodeId))
    .limit(1);
  return g!.gameCode;
}

describe("games launch-token", () => {
  it("makes a live single-use launch token that authenticates at the API, audited", async () => {
    const m = await member();
    await fund(database.db, lucky(), m.id, 25_00n);
    const gameCode = await slotGame();
    const r = await run({
      command: "games.launchToken",
      brand: "lucky-peso",
      user: m.username,
      gameCode,
      by: "qa",
      why: "harness",
    });
    if (!r.ok) throw new Error(r.error);
    expect(r).toMatchObject({ brand: "lucky-peso", username: m.username, gameCode, provider: "BGS", demo: false });
    expect(r.url).toMatch(new RegExp(`^/bgs/play/${gameCode}\\?token=${r.launchToken}&`));
    const [stored] = await database.db
      .select()
      .from(launchTokens)
      .where(eq(launchTokens.tokenHash, hashToken(r.launchToken)));
    expect(stored).toMatchObject({ memberId: m.id, provider: "BGS", gameCode, demo: false, usedAt: null });
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `launch-token:${m.usernameKey}`));
    expect(audit).toMatchObject([{ newValue: gameCode, actor: "qa", reason: "harness" }]);
    expect(formatAdminResult(r).text).toContain(r.launchToken);

    const bgs = new SeamlessClient(httpTransport(port, lucky().hosts[0]!, "BGS"), inHouseSecret(TEST_COOKIE_SECRET));
    const auth = await bgs.authenticate(r.launchToken);
    expect(auth.json).toMatchObject({ status: "RS_OK", user: m.username, balance: 2500, game_code: gameCode });
    expect((await bgs.authenticate(r.launchToken)).json.status).toBe("RS_ERROR_INVALID_TOKEN");
  });

  it("launches a trial player on demo money", async () => {
    const guest = await member(4);
    const r = await run({
      command: "games.launchToken",
      brand: "lucky-peso",
      user: guest.username,
      gameCode: await slotGame(),
      by: "qa",
      why: "trial",
    });
    expect(r).toMatchObject({ ok: true, demo: true });
  });

  it("refuses unknown members and games, disabled members and bad input, making no token", async () => {
    const m = await member();
    const gameCode = await slotGame();
    const before = await database.db.$count(launchTokens);
    const base = { command: "games.launchToken" as const, brand: "lucky-peso", user: m.username, gameCode, by: "qa", why: "x" };
    expect(await run({ ...base, user: "nobody-here" })).toEqual({ ok: false, error: `No member "nobody-here" in lucky-peso.` });
    expect(await run({ ...base, gameCode: "NO_SUCH_GAME" })).toMatchObject({
      ok: false,
      error: expect.stringContaining("No enabled game"),
    });
    expect(await run({ ...base, brand: "nope" })).toMatchObject({ ok: false, error: expect.stringContaining("Unknown brand") });
    expect(await run({ ...base, gameCode: "a b" })).toMatchObject({ ok: false });
    expect(await run({ ...base, why: " " })).toEqual({ ok: false, error: "--why is required" });
    expect(await runAdminCommand(database.db, registry, base)).toMatchObject({
      ok: false,
      error: expect.stringContaining("no game providers"),
    });
    await setMemberStatus(database.db, lucky(), m.username, "disabled");
    expect(await run(base)).toMatchObject({ ok: false, error: expect.stringContaining("disabled") });
    expect(await database.db.$count(launchTokens)).toBe(before);
  });
});

describe("games rounds and replay", () => {
  it("lists a brand's rounds, newest first, and replays a stored round against the engine", async () => {
    const m = await member();
    const played = [];
    for (let i = 0; i < 3; i++) {
      const r = await playRound(
        database.db,
        lucky(),
        null,
        { kind: "fun", user: m.username, balance: 1_000_00n },
        {
          gameCode: "BGS_SLOT_TEST",
          engine: "slot",
          input: { themeId: SLOT_THEMES[0]!.id, rtpBps: 9600, bet: "100" },
        },
      );
      if (!r.ok) throw new Error(r.status);
      played.push(r);
    }
    const listed = await run({ command: "games.rounds", brand: "lucky-peso", user: m.username, limit: 20 });
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.rounds.map((r) => r.id).sort()).toEqual(played.map((p) => p.roundId).sort());
    expect(listed.rounds[0]).toMatchObject({
      player: m.username,
      gameCode: "BGS_SLOT_TEST",
      engine: "slot",
      bet: "100",
      state: "settled",
    });
    expect(await run({ command: "games.rounds", brand: "lucky-peso", user: m.username, limit: 2 })).toMatchObject({
      rounds: [expect.anything(), expect.anything()],
    });
    expect(formatAdminResult(listed).text).toContain(played[0]!.roundId);
    expect(await run({ command: "games.rounds", brand: "lucky-peso", user: "nobody-here" })).toMatchObject({
      ok: true,
      rounds: [],
    });
    expect((await run({ command: "games.rounds", brand: "lucky-peso", limit: 500 })).ok).toBe(false);

    const id = played[0]!.roundId;
    const same = await run({ command: "games.replay", round: id });
    expect(same).toMatchObject({ ok: true, replayable: true, matches: true, round: { id } });
    expect(formatAdminResult(same)).toMatchObject({ ok: true, text: expect.stringContaining("MATCHES") });

    // A stored outcome edited after the fact no longer matches what its draws give.
    await database.db
      .update(bgsRounds)
      .set({ win: played[0]!.win + 1n })
      .where(eq(bgsRounds.id, id));
    const tampered = await run({ command: "games.replay", round: id });
    expect(tampered).toMatchObject({ ok: true, matches: false });
    expect(formatAdminResult(tampered)).toMatchObject({ ok: false, text: expect.stringContaining("DIFFERS") });

    expect(await run({ command: "games.replay", round: "RAAAAAAAAAAAAAAAA" })).toEqual({
      ok: false,
      error: "No round RAAAAAAAAAAAAAAAA.",
    });
    expect((await run({ command: "games.replay", round: "x'; drop table bgs_rounds" })).ok).toBe(false);
  });
});

describe("games provider-secret", () => {
  const cli = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/games.ts", "provider-secret", ...args], {
      encoding: "utf8",
      // Only what the test names: a COOKIE_SECRET or GAME_PROVIDERS of the test run must not leak in.
      env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
    });

  it("prints the secret the served API checks: from the cookie secret, BGS_SEAMLESS_SECRET, or GAME_PROVIDERS", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "games-cli."));
    try {
      const derived = cli([], { COOKIE_SECRET: TEST_COOKIE_SECRET, DATA_DIR: dataDir });
      expect(derived.stdout.trim()).toBe(inHouseSecret(TEST_COOKIE_SECRET));
      // Without COOKIE_SECRET it is the one kept in DATA_DIR, as the server makes and reads it.
      fs.writeFileSync(path.join(dataDir, "cookie-secret"), "kept-cookie-secret-0123456789abcdef0123");
      expect(cli(["BGS"], { DATA_DIR: dataDir }).stdout.trim()).toBe(inHouseSecret("kept-cookie-secret-0123456789abcdef0123"));
      const configured = "configured-bgs-secret-0123456789abcdef0123";
      expect(cli([], { DATA_DIR: dataDir, BGS_SEAMLESS_SECRET: configured }).stdout.trim()).toBe(configured);
      const vendor = cli(["JILI"], {
        DATA_DIR: dataDir,
        GAME_PROVIDERS: JSON.stringify({
          JILI: { protocol: "jili", gameUrl: "https://jili.example.test/", secretEnv: "JILI_CLI_SECRET" },
        }),
        JILI_CLI_SECRET: "jili-secret-for-the-cli-test",
      });
      expect(vendor.stdout.trim()).toBe("jili-secret-for-the-cli-test");
      const unknown = cli(["PG"], { DATA_DIR: dataDir });
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toContain("PG is neither BGS nor a provider named in GAME_PROVIDERS");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
