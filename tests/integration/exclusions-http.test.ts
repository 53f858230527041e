import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { launchTokens, memberExclusions, paymentOrders } from "../../app/db/schema";
import { createMember, type Member } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { activeExclusion } from "../../app/domain/compliance/exclusions.server";
import { inHouseSecret } from "../../app/integrations/providers/index.server";
import { TEST_COOKIE_SECRET } from "../setup/http";
import { Jar } from "../setup/jar";
import { fund, httpTransport, liveSession, SeamlessClient, uid } from "../setup/seamless-client";
import { TEST_ENGINE } from "../setup/test-db";
import { inHouseSlot, servedApp } from "../setup/test-server";

/**
 * Issue 16, item 5: cooling-off and self-exclusion, taken by the player on the responsible-gaming
 * page and enforced on the server: sign-in opens only the withdrawal and the exclusion's page,
 * deposits, launches and every new stake through the seamless-wallet API are refused, withdrawal
 * stays open, and nothing shortens an exclusion.
 */
const NODE = 870_001;
const app = servedApp({ seed: inHouseSlot({ nodeId: NODE, code: "RG_SLOT", name: "Calm Waters", brands: ["lucky-peso"] }) });
const lucky = () => app.registry.byId.get("lucky-peso")!;
const perlas = () => app.registry.byId.get("perlas-play")!;
const db = () => app.database.db;

let seq = 0;
async function signedIn(): Promise<{ jar: Jar; member: Member }> {
  const member = await createMember(db(), lucky(), {
    username: `rgx${process.pid % 1000}x${++seq}`,
    password: "goodpass12",
    type: 0,
  });
  const jar = new Jar(app.port);
  jar.cookies.set("__Host-sid", await createSession(db(), lucky(), member.id));
  await jar.get("/m/responsibleGaming");
  return { jar, member };
}
const exclusionsOf = async (memberId: number) =>
  Number((await db().select({ n: count() }).from(memberExclusions).where(eq(memberExclusions.memberId, memberId)))[0]!.n);
const take = (jar: Jar, period: string, extra: Record<string, string> = {}) =>
  jar.post("/m/responsibleGaming", { intent: "exclude", period, confirm: "yes", ...extra });

describe(`cooling-off and self-exclusion on ${TEST_ENGINE}`, () => {
  it("a member takes a 24-hour cooling-off without JavaScript and sees it running", async () => {
    const { jar, member } = await signedIn();
    const before = Date.now();
    const r = await take(jar, "24h");
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/responsibleGaming");
    const running = (await activeExclusion(db(), lucky(), member.id))!;
    expect(running).toMatchObject({ kind: "cooling_off", period: "24h" });
    expect(running.endsAt.getTime() - running.startsAt.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(running.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const page = await jar.get("/m/responsibleGaming");
    expect(page.body).toContain("Your account is closed to play and deposits until");
    expect(page.body).toContain('data-testid="exclusion-state"');
    expect(page.body).toContain("Cooling-off");
    // Only longer breaks are offered now: no 24 hours, but 7 days and the self-exclusions.
    expect(page.body).not.toContain('value="24h"');
    expect(page.body).toContain('value="7d"');
    expect(page.body).toContain('value="5y"');
    // Never across brands.
    expect(await activeExclusion(db(), perlas(), member.id)).toBeNull();
  });

  it("refuses a post without confirmation, an unknown period, hostile input and a visitor; stores nothing", async () => {
    const { jar, member } = await signedIn();
    const unconfirmed = await jar.post("/m/responsibleGaming", { intent: "exclude", period: "7d" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toContain("Please confirm that you understand the break cannot be lifted.");
    for (const period of ["", "2h", "0", "-1", "5y'; drop table member_exclusions;--", "x".repeat(5000)]) {
      const r = await take(jar, period);
      expect(r.status, period.slice(0, 20)).toBe(400);
      expect(r.body).toContain("Choose how long the break should last.");
    }
    expect((await jar.post("/m/responsibleGaming", { intent: "lift", period: "24h", confirm: "yes" })).status).toBe(400);
    expect(await exclusionsOf(member.id)).toBe(0);
    const visitor = new Jar(app.port);
    await visitor.get("/m/responsibleGaming");
    const r = await take(visitor, "24h");
    expect(r.status).toBe(302);
    expect(r.headers.location).toContain("/m/login");
  });

  it("never shortens what runs: a shorter or the same period is refused, a longer one is taken", async () => {
    const { jar, member } = await signedIn();
    expect((await take(jar, "7d")).status).toBe(302);
    for (const shorter of ["24h", "7d"]) {
      const r = await take(jar, shorter);
      expect(r.status, `${r.headers.location} ${r.body.slice(0, 300)}`).toBe(409);
      expect(r.body).toContain("Your break already runs until");
    }
    expect(await exclusionsOf(member.id)).toBe(1);
    expect((await take(jar, "6m")).status).toBe(302);
    expect(await activeExclusion(db(), lucky(), member.id)).toMatchObject({ kind: "self_exclusion", period: "6m" });
  });

  it("twenty posts at once start one exclusion", async () => {
    const { jar, member } = await signedIn();
    const answers = await Promise.all(Array.from({ length: 20 }, () => take(jar, "30d")));
    expect(answers.filter((r) => r.status === 302)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(19);
    expect(await exclusionsOf(member.id)).toBe(1);
  });

  it("closes deposits and game launches, and leaves withdrawal open", async () => {
    const { jar, member } = await signedIn();
    await fund(db(), lucky(), member.id, 1_000_00n);
    expect((await take(jar, "24h")).status).toBe(302);

    const page = await jar.get("/m/voucherCenter");
    expect(page.status).toBe(200);
    expect(page.body).toContain('data-testid="exclusion-notice"');
    expect(page.body).not.toContain('name="amount"');
    const deposit = await jar.post("/m/voucherCenter", { channel: "gcash", amount: "500" });
    expect(deposit.status).toBe(403);
    expect(deposit.body).toContain('data-testid="exclusion-notice"');
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.memberId, member.id))).toEqual([]);

    const launch = await jar.post(`/m/game/${NODE}`, {});
    expect(launch.status).toBe(302);
    expect(launch.headers.location).toBe(`/m/game/${NODE}`);
    expect(await db().select().from(launchTokens).where(eq(launchTokens.memberId, member.id))).toEqual([]);
    expect((await jar.get(`/m/game/${NODE}`)).body).toContain("Your account is closed to play and deposits until");

    const withdraw = await jar.get("/m/withdraw");
    expect(withdraw.status).toBe(200);
    expect(withdraw.body).not.toContain('data-testid="exclusion-notice"');
  });

  it("refuses new stakes through the seamless-wallet API; settles what was staked before", async () => {
    const client = new SeamlessClient(httpTransport(app.port, lucky().hosts[0]!, "BGS"), inHouseSecret(TEST_COOKIE_SECRET));
    const live = await liveSession(db(), lucky(), client, { cash: 500_00n, prefix: "rgs", gameCode: "RG_SLOT" });
    const round = uid("round");
    const bet = uid("bet");
    expect((await live.bet(bet, 100_00n, round)).json.status).toBe("RS_OK");
    const jar = new Jar(app.port);
    jar.cookies.set("__Host-sid", await createSession(db(), lucky(), live.memberId));
    await jar.get("/m/responsibleGaming");
    expect((await take(jar, "7d")).status).toBe(302);

    const refused = await live.bet(uid("bet"), 50_00n, uid("round"));
    expect(refused.json).toMatchObject({ status: "RS_ERROR_USER_DISABLED", balance: 40000 });
    const both = await live.client.send(
      "betwin",
      live.body({ round: uid("round"), transaction_uuid: uid("bw"), amount: 10_00n, win_amount: 0n }),
    );
    expect(both.json.status).not.toBe("RS_OK");
    // The round staked before the break is still paid.
    const win = await live.win(uid("win"), 250_00n, round, bet);
    expect(win.json).toMatchObject({ status: "RS_OK", balance: 65000 });
    expect((await live.balance()).json).toMatchObject({ status: "RS_OK", balance: 65000 });
  });

  it("a sign-in during an exclusion lands on its page; once it has ended, the lobby is open again", async () => {
    const { jar, member } = await signedIn();
    expect((await take(jar, "24h")).status).toBe(302);
    const browser = new Jar(app.port);
    await browser.get("/m/login");
    const r = await browser.post("/m/login", { intent: "password", username: member.username, password: "goodpass12" });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe("/m/responsibleGaming");
    expect(browser.cookies.get("__Host-sid")).toBeTruthy();
    expect((await browser.get("/m/responsibleGaming")).body).toContain("Your account is closed to play and deposits until");

    // An exclusion that has ended (written as if taken two days ago) closes nothing.
    const other = await signedIn();
    const start = new Date(Date.now() - 48 * 60 * 60 * 1000);
    await db()
      .insert(memberExclusions)
      .values({
        merchantCode: lucky().merchantCode,
        memberId: other.member.id,
        kind: "cooling_off",
        period: "24h",
        startsAt: start,
        endsAt: new Date(start.getTime() + 24 * 60 * 60 * 1000),
      });
    const again = new Jar(app.port);
    await again.get("/m/login");
    const back = await again.post("/m/login", { intent: "password", username: other.member.username, password: "goodpass12" });
    expect(back.headers.location).toBe("/m/home");
    expect((await again.get("/m/voucherCenter")).body).not.toContain('data-testid="exclusion-notice"');
  });

  it("the database keeps every exclusion as taken: no update, no delete, no period of another kind", async () => {
    const { jar, member } = await signedIn();
    expect((await take(jar, "1y")).status).toBe(302);
    await expect(
      db().execute(sql`update member_exclusions set ends_at = now() where member_id = ${member.id}`),
    ).rejects.toThrow();
    await expect(db().execute(sql`delete from member_exclusions where member_id = ${member.id}`)).rejects.toThrow();
    const row = {
      merchantCode: lucky().merchantCode,
      memberId: member.id,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 1000),
    };
    await expect(
      db()
        .insert(memberExclusions)
        .values({ ...row, kind: "cooling_off", period: "6m" }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(memberExclusions)
        .values({ ...row, kind: "self_exclusion", period: "1y", endsAt: row.startsAt }),
    ).rejects.toThrow();
    expect(await exclusionsOf(member.id)).toBe(1);
  });
});
