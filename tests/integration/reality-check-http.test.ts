import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "../../app/domain/accounts/members.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { inHouseSecret } from "../../app/integrations/providers/index.server";
import { TEST_COOKIE_SECRET } from "../setup/http";
import { Jar } from "../setup/jar";
import { httpTransport, liveSession, SeamlessClient, uid } from "../setup/seamless-client";
import { TEST_ENGINE } from "../setup/test-db";
import { servedApp } from "../setup/test-server";

/**
 * Issue 16, item 6: the reality check. Every page a signed-in real member gets carries when the
 * session began and the brand's interval; /m/realityCheck answers the net result of the cash rounds
 * begun since that sign-in, for that member only.
 */
const app = servedApp();
const lucky = () => app.registry.byId.get("lucky-peso")!;
const db = () => app.database.db;

const figures = async (jar: Jar) => {
  const r = await jar.get("/m/realityCheck");
  return { status: r.status, cache: r.headers["cache-control"], json: JSON.parse(r.body) as Record<string, string> };
};

describe(`the reality check on ${TEST_ENGINE}`, () => {
  it("answers the net result of the rounds since the sign-in, and nothing to a visitor", async () => {
    const visitor = await figures(new Jar(app.port));
    expect(visitor.status).toBe(401);

    const client = new SeamlessClient(httpTransport(app.port, lucky().hosts[0]!, "BGS"), inHouseSecret(TEST_COOKIE_SECRET));
    const live = await liveSession(db(), lucky(), client, { cash: 1_000_00n, prefix: "rc", gameCode: "RC_SLOT" });
    // A round played before this sign-in does not count.
    const early = uid("r");
    expect((await live.bet(uid("b"), 50_00n, early)).json.status).toBe("RS_OK");
    await db().execute(sql`update game_rounds set started_at = now() - interval '2 hours' where round = ${early}`);

    const jar = new Jar(app.port);
    jar.cookies.set("__Host-sid", await createSession(db(), lucky(), live.memberId));
    const round = uid("r");
    const bet = uid("b");
    expect((await live.bet(bet, 100_00n, round)).json.status).toBe("RS_OK");
    expect((await live.win(uid("w"), 30_00n, round, bet)).json.status).toBe("RS_OK");
    const mine = await figures(jar);
    expect(mine.status).toBe(200);
    expect(mine.cache).toBe("private, no-store");
    expect(mine.json).toMatchObject({ bets: "10000", net: "-7000" });

    // The page carries when the session began and the brand's interval (60 minutes by default).
    const page = await jar.get("/m/home");
    // (The page's data as Remix streams it: keys and values in one list.)
    expect(page.body).toContain(`\\"startedAt\\",\\"${mine.json.startedAt}\\",\\"everyMinutes\\",60`);

    // Another member's session sees only their own rounds.
    const other = await createMember(db(), lucky(), { username: `rcother${process.pid % 1000}`, password: null, type: 0 });
    const otherJar = new Jar(app.port);
    otherJar.cookies.set("__Host-sid", await createSession(db(), lucky(), other.id));
    expect((await figures(otherJar)).json).toMatchObject({ bets: "0", net: "0" });
  });

  it("is not offered to a trial player on play money", async () => {
    const trial = await createMember(db(), lucky(), { username: `rctrial${process.pid % 1000}`, password: null, type: 4 });
    const jar = new Jar(app.port);
    jar.cookies.set("__Host-sid", await createSession(db(), lucky(), trial.id));
    expect((await figures(jar)).status).toBe(401);
    const page = await jar.get("/m/home");
    expect(page.body).toContain('\\"realityCheck\\"');
    expect(page.body).not.toContain('\\"everyMinutes\\"');
  });
});
