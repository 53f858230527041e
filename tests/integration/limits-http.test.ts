import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { launchTokens, memberLimits, paymentOrders } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { memberLimitSettings, windowStart } from "../../app/domain/compliance/limits.server";
import { inHouseSecret } from "../../app/integrations/providers/index.server";
import { TEST_COOKIE_SECRET } from "../setup/http";
import { Jar } from "../setup/jar";
import { httpTransport, liveSession, SeamlessClient, uid } from "../setup/seamless-client";
import { TEST_ENGINE } from "../setup/test-db";
import { inHouseSlot, servedApp } from "../setup/test-server";
import { verifyMember } from "../setup/kyc";

/**
 * Issue 16, item 4: deposit, loss and bet limits per day, week and month and a session time limit,
 * set by the player on the responsible-gaming page: lowering at once, raising or removing after 24
 * hours; a deposit or a stake beyond a limit refused with what is left, on every route.
 */
const NODE = 870_101;
const app = servedApp({ seed: inHouseSlot({ nodeId: NODE, code: "LIM_SLOT", name: "Steady Reels", brands: ["lucky-peso"] }) });
const lucky = () => app.registry.byId.get("lucky-peso")!;
const db = () => app.database.db;
const HOUR = 60 * 60 * 1000;

let seq = 0;
async function signedIn(memberId?: number): Promise<{ jar: Jar; member: Pick<Member, "id"> }> {
  const member = memberId
    ? { id: memberId }
    : await createMember(db(), lucky(), { username: `lim${process.pid % 1000}x${++seq}`, password: "goodpass12", type: 0 });
  await verifyMember(db(), lucky(), member.id);
  const jar = new Jar(app.port);
  jar.cookies.set("__Host-sid", await createSession(db(), lucky(), member.id));
  await jar.get("/m/responsibleGaming");
  return { jar, member };
}
const setLimit = (jar: Jar, kind: string, period: string, amount: string) =>
  jar.post("/m/responsibleGaming", { intent: "limit", kind, period, amount });
const rowsOf = async (memberId: number) =>
  Number((await db().select({ n: count() }).from(memberLimits).where(eq(memberLimits.memberId, memberId)))[0]!.n);
const slot = async (memberId: number, kind: string, period: string, at = new Date()) =>
  (await memberLimitSettings(db(), lucky(), memberId, at)).find((s) => s.kind === kind && s.period === period)!;
const deposit = (jar: Jar, amount: string) => jar.post("/m/voucherCenter", { channel: "gcash", amount });

describe(`responsible-gaming limits on ${TEST_ENGINE}`, () => {
  it("a first or lower limit applies at once; a higher one or a removal after 24 hours", async () => {
    const { jar, member } = await signedIn();
    expect((await setLimit(jar, "deposit", "day", "1,000")).status).toBe(302);
    expect(await slot(member.id, "deposit", "day")).toMatchObject({ amount: 1_000_00n, pending: null });
    expect((await setLimit(jar, "deposit", "day", "800.50")).status).toBe(302);
    expect(await slot(member.id, "deposit", "day")).toMatchObject({ amount: 800_50n, pending: null });

    const before = Date.now();
    const raise = await setLimit(jar, "deposit", "day", "5000");
    expect(raise.status).toBe(302);
    const raised = await slot(member.id, "deposit", "day");
    expect(raised.amount).toBe(800_50n);
    expect(raised.pending!.amount).toBe(5_000_00n);
    expect(raised.pending!.effectiveAt.getTime()).toBeGreaterThanOrEqual(before + 24 * HOUR - 1000);
    expect(await slot(member.id, "deposit", "day", new Date(Date.now() + 25 * HOUR))).toMatchObject({
      amount: 5_000_00n,
      pending: null,
    });
    const page = await jar.get("/m/responsibleGaming");
    expect(page.body).toContain("Changes to ₱5,000.00 on");

    // Lowering while a raise waits: the lower limit applies now and for good, the raise never comes.
    expect((await setLimit(jar, "deposit", "day", "300")).status).toBe(302);
    expect(await slot(member.id, "deposit", "day", new Date(Date.now() + 25 * HOUR))).toMatchObject({ amount: 300_00n });

    // A removal waits too.
    expect((await setLimit(jar, "deposit", "day", "")).status).toBe(302);
    expect(await slot(member.id, "deposit", "day")).toMatchObject({ amount: 300_00n, pending: { amount: null } });
    expect((await slot(member.id, "deposit", "day", new Date(Date.now() + 25 * HOUR))).amount).toBeNull();
  });

  it("refuses hostile and out-of-range values and a change to the same limit; stores nothing", async () => {
    const { jar, member } = await signedIn();
    for (const amount of ["-5", "0", "1e3", "abc", "1.001", "100000000.01", "<script>", "x".repeat(500)]) {
      const r = await setLimit(jar, "bet", "week", amount);
      expect(r.status, amount.slice(0, 12)).toBe(400);
      expect(r.body).toContain("Enter an amount from ₱1.00 to ₱100,000,000.00");
    }
    for (const minutes of ["4", "1441", "30.5", "-30"]) {
      expect((await setLimit(jar, "session", "session", minutes)).status, minutes).toBe(400);
    }
    expect((await setLimit(jar, "bet", "year", "100")).status).toBe(400);
    expect((await setLimit(jar, "session", "day", "60")).status).toBe(400);
    expect((await setLimit(jar, "deposit'--", "day", "100")).status).toBe(400);
    expect(await rowsOf(member.id)).toBe(0);
    expect((await setLimit(jar, "loss", "month", "2000")).status).toBe(302);
    const same = await setLimit(jar, "loss", "month", "2,000.00");
    expect(same.status).toBe(409);
    expect(same.body).toContain("That is already your limit.");
    expect(await rowsOf(member.id)).toBe(1);
  });

  it("twenty lowerings at once are decided one after another", async () => {
    const { jar, member } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => setLimit(jar, "bet", "day", "700")));
    expect(answers.filter((r) => r.status === 302)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await rowsOf(member.id)).toBe(1);
  });

  it("twenty lowerings and raises at once never raise the limit in force", async () => {
    const { jar, member } = await signedIn();
    const amounts = Array.from({ length: 20 }, (_, i) => (i % 2 ? "200" : "100"));
    const answers = await Promise.all(amounts.map((amount) => setLimit(jar, "bet", "week", amount)));
    expect(answers.every((r) => r.status === 302 || r.status === 409)).toBe(true);
    // Whatever order the lock let them through in, a 100 was taken at once and no 200 after it was.
    expect((await slot(member.id, "bet", "week")).amount).toBe(100_00n);
  });

  it("holds deposits to the daily limit at its boundary, with what is left shown, also in parallel", async () => {
    const { jar, member } = await signedIn();
    expect((await setLimit(jar, "deposit", "day", "1000")).status).toBe(302);
    await jar.get("/m/voucherCenter");
    expect((await deposit(jar, "600")).status).toBe(303);
    const over = await deposit(jar, "500");
    expect(over.status).toBe(403);
    expect(over.body).toContain(
      "This deposit would pass your daily deposit limit of ₱1,000.00. You can deposit up to ₱400.00 more today.",
    );
    expect((await deposit(jar, "400")).status).toBe(303);
    const page = await jar.get("/m/voucherCenter");
    expect(page.body).toContain('data-testid="limit-notice"');
    expect(page.body).toContain("You have reached your daily deposit limit of ₱1,000.00 (₱0.00 left today).");
    const orders = await db().select().from(paymentOrders).where(eq(paymentOrders.memberId, member.id));
    expect(orders.map((o) => o.amount).sort()).toEqual([400_00n, 600_00n]);

    // Parallel: five orders of ₱300 against ₱1,000 a week: three fit.
    const other = await signedIn();
    expect((await setLimit(other.jar, "deposit", "week", "1000")).status).toBe(302);
    await other.jar.get("/m/voucherCenter");
    const answers = await Promise.all(Array.from({ length: 5 }, () => deposit(other.jar, "300")));
    expect(answers.filter((r) => r.status === 303)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 403)).toHaveLength(2);
  });

  it("refuses stakes beyond the bet and loss limits through the seamless-wallet API, and the launch once used up", async () => {
    const client = new SeamlessClient(httpTransport(app.port, lucky().hosts[0]!, "BGS"), inHouseSecret(TEST_COOKIE_SECRET));
    const live = await liveSession(db(), lucky(), client, { cash: 10_000_00n, prefix: "lims", gameCode: "LIM_SLOT" });
    const { jar } = await signedIn(live.memberId);
    expect((await setLimit(jar, "bet", "day", "1000")).status).toBe(302);
    expect((await live.bet(uid("b"), 600_00n, uid("r"))).json.status).toBe("RS_OK");
    const over = await live.bet(uid("b"), 400_01n, uid("r"));
    expect(over.json).toMatchObject({ status: "RS_ERROR_LIMIT_REACHED", balance: 9_400_00 });
    expect((await live.bet(uid("b"), 400_00n, uid("r"))).json.status).toBe("RS_OK");
    expect((await live.bet(uid("b"), 1n, uid("r"))).json.status).toBe("RS_ERROR_LIMIT_REACHED");
    const launch = await jar.post(`/m/game/${NODE}`, {});
    expect(launch.headers.location).toBe(`/m/game/${NODE}`);
    expect((await jar.get(`/m/game/${NODE}`)).body).toContain(
      "You have reached your daily bet limit of ₱1,000.00 (₱0.00 left today).",
    );
    expect(
      await db()
        .select()
        .from(launchTokens)
        .where(and(eq(launchTokens.memberId, live.memberId), sql`used_at is null`)),
    ).toEqual([]);

    // Loss: wins give room back; the net loss plus the stake may not pass the limit.
    const loser = await liveSession(db(), lucky(), client, { cash: 10_000_00n, prefix: "liml", gameCode: "LIM_SLOT" });
    const { jar: loserJar } = await signedIn(loser.memberId);
    expect((await setLimit(loserJar, "loss", "week", "500")).status).toBe(302);
    const round = uid("r");
    const bet = uid("b");
    expect((await loser.bet(bet, 400_00n, round)).json.status).toBe("RS_OK");
    expect((await loser.bet(uid("b"), 200_00n, uid("r"))).json.status).toBe("RS_ERROR_LIMIT_REACHED");
    expect((await loser.win(uid("w"), 300_00n, round, bet)).json.status).toBe("RS_OK");
    expect((await loser.bet(uid("b"), 400_00n, uid("r"))).json.status).toBe("RS_OK");
  });

  it("two hundred stakes at once never pass the bet limit", async () => {
    const client = new SeamlessClient(httpTransport(app.port, lucky().hosts[0]!, "BGS"), inHouseSecret(TEST_COOKIE_SECRET));
    const live = await liveSession(db(), lucky(), client, { cash: 100_000_00n, prefix: "limp", gameCode: "LIM_SLOT" });
    const { jar } = await signedIn(live.memberId);
    expect((await setLimit(jar, "bet", "month", "2500")).status).toBe(302);
    const answers = await Promise.all(Array.from({ length: 200 }, () => live.bet(uid("b"), 100_00n, uid("r"))));
    expect(answers.filter((a) => a.json.status === "RS_OK")).toHaveLength(25);
    expect(answers.filter((a) => a.json.status === "RS_ERROR_LIMIT_REACHED")).toHaveLength(175);
  });

  it("the session time limit closes launches and stakes once the sign-in is that old", async () => {
    const client = new SeamlessClient(httpTransport(app.port, lucky().hosts[0]!, "BGS"), inHouseSecret(TEST_COOKIE_SECRET));
    const live = await liveSession(db(), lucky(), client, { cash: 1_000_00n, prefix: "limt", gameCode: "LIM_SLOT" });
    const { jar } = await signedIn(live.memberId);
    expect((await setLimit(jar, "session", "session", "30")).status).toBe(302);
    expect((await live.bet(uid("b"), 10_00n, uid("r"))).json.status).toBe("RS_OK");
    // The sign-in made 31 minutes ago.
    await db().execute(sql`update sessions set created_at = now() - interval '31 minutes' where member_id = ${live.memberId}`);
    expect((await live.bet(uid("b"), 10_00n, uid("r"))).json.status).toBe("RS_ERROR_LIMIT_REACHED");
    await jar.post(`/m/game/${NODE}`, {});
    expect((await jar.get(`/m/game/${NODE}`)).body).toContain("Your session time limit of 30 minutes is reached.");
  });

  it("counts periods in Manila time: the day from midnight, the week from Monday, the month from the 1st", () => {
    // 2026-11-29 is a Sunday; 00:30 in Manila is 16:30 UTC the day before.
    const now = new Date("2026-11-28T16:30:00Z");
    expect(windowStart("day", now).toISOString()).toBe("2026-11-28T16:00:00.000Z");
    expect(windowStart("week", now).toISOString()).toBe("2026-11-22T16:00:00.000Z");
    expect(windowStart("month", now).toISOString()).toBe("2026-10-31T16:00:00.000Z");
    // Monday 00:00 Manila starts a new week.
    expect(windowStart("week", new Date("2026-11-29T16:00:00Z")).toISOString()).toBe("2026-11-29T16:00:00.000Z");
    expect(windowStart("week", new Date("2026-11-29T15:59:59Z")).toISOString()).toBe("2026-11-22T16:00:00.000Z");
  });
});
