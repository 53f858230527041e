// The bet record's screens, over HTTP.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Brand } from "../../app/brand/schema";
import { turnoverRequirements, withdrawals } from "../../app/db/schema";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { setFlag } from "../../app/domain/site/flags.server";
import { Jar } from "../setup/jar";
import { fund } from "../setup/seamless-client";
import { PIN, db, lucky, manila, member, perlas, port, round, setUpBetRecords } from "./bet-records-fixtures";

setUpBetRecords();

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
    // The game types offered are the brand's categories, in its order; cockfight, which it does not offer, is not one.
    const typeOptions = (body: string) =>
      [.../<select[^>]*name="type"[^>]*>(.*?)<\/select>/s.exec(body)![1]!.matchAll(/<option value="([A-Za-z]+)"/g)].map(
        (o) => o[1],
      );
    expect(typeOptions(page1.body)).toEqual(["all", ...lucky().categories]);
    expect(lucky().categories).not.toContain("COCKFIGHT");
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
    // Filtered on a type the brand does not offer (an old link): the form still says which.
    expect(typeOptions(empty.body)).toEqual(["all", ...lucky().categories, "COCKFIGHT"]);
    expect(empty.body).toMatch(/<option value="COCKFIGHT" selected="">Cockfight<\/option>/);
  });

  it("shows the winner board on home, names masked, biggest win first", async () => {
    // Twelve cash wins of this brand yesterday: the board shows the top 10.
    for (let i = 0; i < 12; i++) {
      const p = await member();
      await round(lucky(), p.id, { at: manila(1), bet: 10_00n, win: 5_000_00n + BigInt(i) * 100n });
    }
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
