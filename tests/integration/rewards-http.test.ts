import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rewardClaims, walletTransfers } from "../../app/db/schema";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { claimDailyReward, dailyRewardKey } from "../../app/domain/rewards/daily.server";
import { manilaDay, previousDay } from "../../app/domain/rewards/days";
import { getBalance } from "../../app/domain/wallet/balances.server";
import { turnoverRemaining } from "../../app/domain/wallet/turnover.server";
import { Jar } from "../setup/jar";
import { servedApp } from "../setup/test-server";
import { TEST_ENGINE } from "../setup/test-db";

const app = servedApp();

/** Lucky Peso has REWCEN3 on and pays 1, 2, 3 … pesos by streak day, wagered once. */
const lucky = () => app.registry.byId.get("lucky-peso")!;

let seq = 0;
async function player(type = 0) {
  const b = lucky();
  const member = await createMember(app.database.db, b, { username: `reward${++seq}x`, password: "goodpass12", type });
  const jar = new Jar(app.port, b.hosts[0]);
  jar.cookies.set("__Host-sid", await createSession(app.database.db, b, member.id));
  await jar.get("/m/rewardCenter");
  return { member, jar };
}

const claims = (memberId: number) =>
  app.database.db
    .select()
    .from(rewardClaims)
    .where(and(eq(rewardClaims.merchantCode, lucky().merchantCode), eq(rewardClaims.memberId, memberId)));

describe(`the reward centre on ${TEST_ENGINE}`, () => {
  it("pays the daily reward once however many claims race, through the ledger with its turnover", async () => {
    const { member, jar } = await player();
    const page = await jar.get("/m/rewardCenter");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Claim ₱1.00");

    const answers = await Promise.all(Array.from({ length: 50 }, () => jar.post("/m/rewardCenter", { intent: "claim-daily" })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(answers.find((a) => a.status === 409)!.body).toContain("Today&#x27;s reward has already been claimed.");

    const today = manilaDay(new Date());
    const rows = await claims(member.id);
    expect(rows.map((r) => [r.day, r.streak, r.amount])).toEqual([[today, 1, 1_00n]]);
    const [transfer] = await app.database.db
      .select()
      .from(walletTransfers)
      .where(
        and(
          eq(walletTransfers.merchantCode, lucky().merchantCode),
          eq(walletTransfers.idempotencyKey, dailyRewardKey(member.id, today)),
        ),
      );
    expect(transfer?.kind).toBe("bonus");
    expect(transfer?.id).toBe(rows[0]!.transferId);
    expect(await getBalance(app.database.db, lucky(), member.id, "cash")).toBe(1_00n);
    expect(await turnoverRemaining(app.database.db, lucky(), member.id)).toBe(1_00n);

    // The database refuses a second claim of the day on its own, whatever the code above it does.
    await expect(
      app.database.db.insert(rewardClaims).values({ ...rows[0]!, id: undefined, transferId: rows[0]!.transferId + 1 }),
    ).rejects.toThrow();
    expect(await claims(member.id)).toHaveLength(1);

    const after = await jar.get(`/m/rewardCenter?claimed=${today}`);
    expect(after.body).toContain("₱1.00 has been added to your balance.");
    expect(after.body).toContain("Today&#x27;s reward is claimed. Come back tomorrow for the next one.");
    expect(after.body).not.toContain('value="claim-daily"');
  });

  it("goes on the next day with the streak's next amount, and back to day 1 after a missed day", async () => {
    const { member, jar } = await player();
    const today = manilaDay(new Date());
    const yesterday = previousDay(today);
    // Yesterday's claim, made yesterday (at noon in Manila).
    const noonYesterday = new Date(`${yesterday}T12:00:00+08:00`);
    expect(await claimDailyReward(app.database.db, lucky(), member.id, noonYesterday)).toMatchObject({
      ok: true,
      streak: 1,
      amount: 1_00n,
    });
    expect(await claimDailyReward(app.database.db, lucky(), member.id, noonYesterday)).toEqual({
      ok: false,
      reason: "already_claimed",
    });

    const page = await jar.get("/m/rewardCenter");
    expect(page.body).toContain("Claim ₱2.00");
    expect((await jar.post("/m/rewardCenter", { intent: "claim-daily" })).status).toBe(302);
    expect((await claims(member.id)).map((r) => [r.day, r.streak, r.amount]).sort()).toEqual([
      [yesterday, 1, 1_00n],
      [today, 2, 2_00n],
    ]);
    expect(await getBalance(app.database.db, lucky(), member.id, "cash")).toBe(3_00n);

    // Two days later, the streak starts again.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    expect(await claimDailyReward(app.database.db, lucky(), member.id, later)).toMatchObject({
      ok: true,
      streak: 1,
      amount: 1_00n,
    });
  });

  it("refuses trial guests with free_reject, sends visitors to log in, and answers a bad post with a 400", async () => {
    const guest = await player(4);
    const page = await guest.jar.get("/m/rewardCenter");
    expect(page.status).toBe(403);
    expect(page.body).toContain("Please login an actual account to use this function");
    const post = await guest.jar.post("/m/rewardCenter", { intent: "claim-daily" });
    expect(post.status).toBe(403);
    expect(await claims(guest.member.id)).toEqual([]);

    const visitor = new Jar(app.port, lucky().hosts[0]);
    const away = await visitor.get("/m/rewardCenter");
    expect(away.status).toBe(302);
    expect(away.headers.location).toBe("/m/login?redirectTo=%2Fm%2FrewardCenter");

    const { member, jar } = await player();
    const odd = await jar.post("/m/rewardCenter", { intent: "claim-everything" });
    expect(odd.status).toBe(400);
    expect(odd.body).toContain("This request could not be understood. Please try again.");
    expect((await jar.post("/m/rewardCenter", { intent: "claim-daily" }, { csrf: false })).status).toBe(403);
    expect(await claims(member.id)).toEqual([]);
  });

  it("is not there for a brand with REWCEN3 off", async () => {
    const perlas = app.registry.byId.get("perlas-play")!;
    const member = await createMember(app.database.db, perlas, { username: `perlasreward${++seq}`, password: "goodpass12" });
    const jar = new Jar(app.port, perlas.hosts[0]);
    jar.cookies.set("__Host-sid", await createSession(app.database.db, perlas, member.id));
    expect((await jar.get("/m/rewardCenter")).status).toBe(404);
  });
});
