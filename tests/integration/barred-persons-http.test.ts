// Issue 16, item 2: registration and sign-in are checked against the restricted-persons list.
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { barredMatches, barredPersons, launchTokens, paymentOrders } from "../../app/db/schema";
import { findMemberByUsername } from "../../app/domain/accounts/members.server";
import { manilaDay } from "../../app/domain/compliance/barred-csv.server";
import { barredMatch, refusedAsBarred } from "../../app/domain/compliance/barred.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { Jar } from "../setup/jar";
import { registrationFields } from "../setup/registration";
import { TEST_ENGINE } from "../setup/test-db";
import { inHouseSlot, servedApp } from "../setup/test-server";

const NODE = 870_401;
const app = servedApp({ seed: inHouseSlot({ nodeId: NODE, code: "BAR_SLOT", name: "Clear Skies", brands: ["lucky-peso"] }) });
const db = () => app.database.db;
const brand = (id: "lucky-peso" | "perlas-play") => app.registry.byId.get(id)!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(db(), app.registry, req);

const HEADER = "name,birthday,reason,period";
const LIST = [
  HEADER,
  '"DELA CRUZ, Juan",1985-04-12,NDRP: self-exclusion,2020-01-01..',
  '"SANTOS, Ana Marie",1979-09-30,Court order,2020-01-01..2021-12-31',
  "Liza Ramos,1991-05-05,NDRP,2099-01-01..",
].join("\n");
const REFUSED_REGISTRATION = "We cannot open an account with these details. Please contact customer service.";
const REFUSED_SIGN_IN = "We could not sign you in. Please contact customer service.";

const importList = (text: string, by = "officer.test") => run({ command: "barred.import", file: "list.csv", text, by });
const personRows = () => db().select().from(barredPersons).orderBy(asc(barredPersons.id));
const matchesOn = (id: "lucky-peso" | "perlas-play") =>
  db()
    .select()
    .from(barredMatches)
    .where(eq(barredMatches.merchantCode, brand(id).merchantCode))
    .orderBy(asc(barredMatches.id));
const personId = async (name: string) => (await personRows()).find((p) => p.name === name)!.id;

async function register(username: string, realName: string, birthday: string, host = "luckypeso.localhost") {
  const jar = new Jar(app.port, host);
  await jar.get("/m/register");
  const extra: Record<string, string> = host.startsWith("perlas")
    ? { mobileNum: `0917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}` }
    : {};
  return { jar, reply: await jar.post("/m/register", registrationFields(username, { realName, birthday, ...extra })) };
}
const sessionCookies = (setCookies: string[] | undefined) => (setCookies ?? []).filter((c) => /^(__Host-)?sid=[^;]/.test(c));

describe(`barred persons over HTTP on ${TEST_ENGINE}`, () => {
  it("imports the list in one go; the same file again changes nothing; a bad file changes nothing", async () => {
    const first = await importList(LIST);
    expect(first).toMatchObject({ ok: true, rows: 3, added: 3, updated: 0, unchanged: 0 });
    const before = await personRows();
    expect(before.map((p) => [p.name, p.nameKey, p.birthday, p.periodFrom, p.periodTo, p.importedBy])).toEqual([
      ["DELA CRUZ, Juan", "cruz dela juan", "1985-04-12", "2020-01-01", null, "officer.test"],
      ["SANTOS, Ana Marie", "ana marie santos", "1979-09-30", "2020-01-01", "2021-12-31", "officer.test"],
      ["Liza Ramos", "liza ramos", "1991-05-05", "2099-01-01", null, "officer.test"],
    ]);

    const again = await importList(LIST, "someone.else");
    expect(again).toMatchObject({ ok: true, rows: 3, added: 0, updated: 0, unchanged: 3 });
    expect(formatAdminResult(again).text).toBe("list.csv: 3 rows: 0 added, 0 updated, 3 unchanged. Nothing changed.");
    expect(await personRows()).toEqual(before);

    const bad = await importList(`${LIST}\nPedro Reyes,1988-02-30,NDRP,2020-01-01..\n"Maria Reyes,1980-01-01,NDRP,2020-01-01..`);
    expect(bad.ok).toBe(false);
    expect(formatAdminResult(bad)).toEqual({
      ok: false,
      text: [
        "list.csv: nothing was imported.",
        'line 5: the birthday "1988-02-30" is not a day written YYYY-MM-DD',
        "line 6: a quoted field is not closed on its line",
      ].join("\n"),
    });
    expect(await personRows()).toEqual(before);
  });

  it("shows the registration form the full name as on a government ID, and the birthday as required", async () => {
    const page = (await new Jar(app.port).get("/m/register")).body;
    const required = '<span class="text-danger" aria-hidden="true">*</span></label>';
    expect(page).toContain(`Full name (as on your government ID)${required}`);
    expect(page).toContain(`Birthday (you must be 21 or older)${required}`);
    expect(page).toMatch(/<input[^>]*name="realName"[^>]*type="text" maxLength="100" autoComplete="name"/);
  });

  it("refuses a listed person's registration, written differently, on any brand: neutral words, no member, a match on record", async () => {
    const juan = await personId("DELA CRUZ, Juan");
    const { jar, reply } = await register("juanito01", "Juán Dela-Cruz", "1985-04-12");
    expect(reply.status).toBe(400);
    expect(reply.body).toContain(`<li>${REFUSED_REGISTRATION}</li>`);
    for (const secret of ["NDRP", "self-exclusion", "DELA CRUZ, Juan", "barred"]) expect(reply.body).not.toContain(secret);
    expect(sessionCookies(reply.headers["set-cookie"])).toEqual([]);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
    expect(await findMemberByUsername(db(), brand("lucky-peso"), "juanito01")).toBeNull();
    expect(await matchesOn("lucky-peso")).toMatchObject([
      { barredPersonId: juan, memberId: null, username: "juanito01", event: "registration", reviewedAt: null },
    ]);

    // The national list holds on the other brand too; its match is that brand's.
    const other = await register("juanito02", "JUAN DELA CRUZ", "1985-04-12", "perlas.localhost");
    expect(other.reply.status).toBe(400);
    expect(other.reply.body).toContain(`<li>${REFUSED_REGISTRATION}</li>`);
    expect(await findMemberByUsername(db(), brand("perlas-play"), "juanito02")).toBeNull();
    expect(await matchesOn("perlas-play")).toMatchObject([
      { barredPersonId: juan, username: "juanito02", event: "registration" },
    ]);
    expect(await matchesOn("lucky-peso")).toHaveLength(1);
  });

  it("registers the same name with another birthday, a person whose period ended and one whose period has not begun", async () => {
    for (const [username, realName, birthday] of [
      ["sameName01", "Juan dela Cruz", "1985-04-13"],
      ["ended00001", "Ana Marie Santos", "1979-09-30"],
      ["notyet0001", "Liza Ramos", "1991-05-05"],
    ] as const) {
      const { reply } = await register(username, realName, birthday);
      expect(reply.status, username).toBe(302);
      expect(sessionCookies(reply.headers["set-cookie"]), username).toHaveLength(1);
      expect(await findMemberByUsername(db(), brand("lucky-peso"), username)).toMatchObject({ realName, birthday });
    }
    expect(await matchesOn("lucky-peso")).toHaveLength(1);
  });

  it("refuses hostile or missing names with a clear message and records nothing", async () => {
    for (const realName of ["", "J", "<script>alert(1)</script>", "Juan\u202edela Cruz", "x".repeat(101), "=1+1"]) {
      const { reply } = await register("hostile0001", realName, "1985-04-12");
      expect(reply.status, realName).toBe(400);
      expect(reply.body).not.toContain("<script>alert(1)</script>");
      expect(reply.body).toMatch(
        /<li>(This field is required|Enter your full name as on your government ID: 2-100 letters, spaces and \. - &#x27;)<\/li>/,
      );
    }
    expect(await findMemberByUsername(db(), brand("lucky-peso"), "hostile0001")).toBeNull();
    expect(await matchesOn("lucky-peso")).toHaveLength(1);
  });

  it("refuses the sign-in of a member listed after registering: no session, the open one ended, the match on record", async () => {
    const { jar: registered, reply } = await register("pedro00001", "Pedro Reyes", "1988-08-08");
    expect(reply.status).toBe(302);
    const pedro = (await findMemberByUsername(db(), brand("lucky-peso"), "pedro00001"))!;
    // Listed from today (Manila): the first day of a period counts.
    const today = manilaDay(new Date());
    expect(await importList(`${LIST}\n"REYES, Pedro",1988-08-08,NDRP,${today}..`)).toMatchObject({ added: 1, unchanged: 3 });

    const jar = new Jar(app.port);
    await jar.get("/m/login");
    const signIn = await jar.post("/m/login", { intent: "password", username: "pedro00001", password: "goodpass12" });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe("/m/login");
    expect(sessionCookies(signIn.headers["set-cookie"])).toEqual([]);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
    expect((await jar.get("/m/login")).body).toContain(REFUSED_SIGN_IN);
    expect((await jar.get("/m/member/home")).status).toBe(302);

    // The session opened at registration ends at its next sign-in (a password change).
    const change = await registered.post("/m/changePsw", { newPassword: "newpass123", confirmNewPassword: "newpass123" });
    expect(change.status).toBe(302);
    expect(change.headers.location).toBe("/m/login");
    expect(registered.cookies.has("__Host-sid")).toBe(false);
    expect((await registered.get("/m/member/home")).status).toBe(302);

    const pedroId = await personId("REYES, Pedro");
    expect((await matchesOn("lucky-peso")).slice(1)).toMatchObject([
      { barredPersonId: pedroId, memberId: pedro.id, username: "pedro00001", event: "sign_in" },
      { barredPersonId: pedroId, memberId: pedro.id, username: "pedro00001", event: "sign_in" },
    ]);
    // Nobody else is held back: a member not on the list signs in.
    const free = new Jar(app.port);
    await free.get("/m/login");
    const ok = await free.post("/m/login", { intent: "password", username: "sameName01", password: "goodpass12" });
    expect(ok.headers.location).toBe("/m/home");
    expect(sessionCookies(ok.headers["set-cookie"])).toHaveLength(1);
  });

  it("closes deposits and launches to a session opened before the list named the member", async () => {
    const { jar, reply } = await register("tomas00001", "Tomas Bautista", "1990-02-14");
    expect(reply.status).toBe(302);
    const tomas = (await findMemberByUsername(db(), brand("lucky-peso"), "tomas00001"))!;
    const today = manilaDay(new Date());
    expect((await importList(`${LIST}\n"BAUTISTA, Tomas",1990-02-14,NDRP,${today}..`)).ok).toBe(true);

    const page = await jar.get("/m/voucherCenter");
    expect(page.body).toContain('data-testid="restricted-notice"');
    expect(page.body).toContain("This is not available on your account. Please contact customer service.");
    expect((await jar.post("/m/voucherCenter", { channel: "gcash", amount: "500" })).status).toBe(403);
    expect(await db().select().from(paymentOrders).where(eq(paymentOrders.memberId, tomas.id))).toEqual([]);

    const launch = await jar.post(`/m/game/${NODE}`, {});
    expect(launch.headers.location).toBe(`/m/game/${NODE}`);
    expect(await db().select().from(launchTokens).where(eq(launchTokens.memberId, tomas.id))).toEqual([]);
    expect((await jar.get(`/m/game/${NODE}`)).body).toContain("This is not available on your account.");
  });

  it("matches a period on Manila days, both ends included, and only on a brand that checks", async () => {
    expect(await importList(`${HEADER}\nMarta Lim,1970-01-01,NDRP,2026-01-01..2026-01-31`)).toMatchObject({ added: 1 });
    // The same person again, written otherwise and with a new reason: updated in place, by whom it says.
    expect(
      await importList(`${HEADER}\n"LIM, Marta",1970-01-01,NDRP renewed,2026-01-01..2026-01-31`, "officer.two"),
    ).toMatchObject({
      rows: 1,
      added: 0,
      updated: 1,
      unchanged: 0,
    });
    expect((await personRows()).filter((p) => p.nameKey === "lim marta")).toMatchObject([
      { name: "LIM, Marta", reason: "NDRP renewed", importedBy: "officer.two" },
    ]);
    const marta = { realName: "LIM, Marta", birthday: "1970-01-01" };
    expect(await barredMatch(db(), marta, "2025-12-31")).toBeNull();
    expect(await barredMatch(db(), marta, "2026-01-01")).toMatchObject({ name: "LIM, Marta" });
    expect(await barredMatch(db(), marta, "2026-01-31")).toMatchObject({ name: "LIM, Marta" });
    expect(await barredMatch(db(), marta, "2026-02-01")).toBeNull();
    expect(await barredMatch(db(), { ...marta, birthday: null }, "2026-01-15")).toBeNull();
    expect(await barredMatch(db(), { ...marta, realName: null }, "2026-01-15")).toBeNull();

    const attempt = { ...marta, username: "marta00001", memberId: null, event: "registration" as const };
    const perlas = brand("perlas-play");
    // 23:59:59 on 31 January in Manila is still in; the next second is 1 February.
    expect(await refusedAsBarred(db(), perlas, attempt, new Date("2026-01-31T15:59:59Z"))).toBe(true);
    expect(await refusedAsBarred(db(), perlas, attempt, new Date("2026-01-31T16:00:00Z"))).toBe(false);
    const unchecked = { ...perlas, compliance: { ...perlas.compliance, barredCheck: false } };
    expect(await refusedAsBarred(db(), unchecked, attempt, new Date("2026-01-15T00:00:00Z"))).toBe(false);
    const rows = await db()
      .select()
      .from(barredMatches)
      .where(and(eq(barredMatches.merchantCode, perlas.merchantCode), eq(barredMatches.username, "marta00001")));
    expect(rows.map((r) => r.createdAt.toISOString())).toEqual(["2026-01-31T15:59:59.000Z"]);
  });

  it("lists matches per brand (never another brand's) or of every brand, and records a review once", async () => {
    const lucky = await run({ command: "barred.matches", brand: "lucky-peso" });
    if (!lucky.ok) throw new Error(lucky.error);
    expect(lucky.matches.map((m) => [m.brand, m.event, m.username])).toEqual([
      ["lucky-peso", "sign_in", "pedro00001"],
      ["lucky-peso", "sign_in", "pedro00001"],
      ["lucky-peso", "registration", "juanito01"],
    ]);
    const perlas = await run({ command: "barred.matches", brand: "perlas-play" });
    if (!perlas.ok) throw new Error(perlas.error);
    expect(perlas.matches.map((m) => m.username).sort()).toEqual(["juanito02", "marta00001"]);
    const every = await run({ command: "barred.matches" });
    if (!every.ok) throw new Error(every.error);
    expect(every.matches).toHaveLength(5);
    expect(formatAdminResult(lucky).text).toContain("listed: DELA CRUZ, Juan, born 1985-04-12 (NDRP: self-exclusion)");
    expect(formatAdminResult(lucky).text).toContain("NOT REVIEWED");

    const id = lucky.matches[2]!.id;
    const reviewed = await run({
      command: "barred.review",
      id,
      note: "Same person as the NDRP entry; no account made.",
      by: "officer",
    });
    expect(formatAdminResult(reviewed)).toEqual({ ok: true, text: expect.stringContaining(`Match #${id} marked reviewed.`) });
    const twice = await run({ command: "barred.review", id, note: "Overwrite", by: "intruder" });
    expect(formatAdminResult(twice)).toEqual({
      ok: false,
      text: expect.stringMatching(new RegExp(`^Match ${id} was already reviewed by officer at `)),
    });
    const open = await run({ command: "barred.matches", brand: "lucky-peso", open: true });
    expect(open.ok && open.matches.map((m) => m.id)).toEqual(lucky.matches.slice(0, 2).map((m) => m.id));
    expect((await db().select().from(barredMatches).where(eq(barredMatches.id, id)))[0]).toMatchObject({
      reviewedBy: "officer",
      reviewNote: "Same person as the NDRP entry; no account made.",
    });

    for (const [req, error] of [
      [{ command: "barred.review", id: 999_999, note: "x", by: "o" }, "There is no match 999999."],
      [{ command: "barred.review", id, note: "  ", by: "o" }, "--note is required"],
      [{ command: "barred.matches", brand: "nosuch" }, 'Unknown brand "nosuch". Brands: lucky-peso, perlas-play'],
      [
        { command: "barred.import", file: "x.csv", text: "", by: "o" },
        'x.csv: nothing was imported.\nthe file is empty; its first line must be the header "name,birthday,reason,period"',
      ],
    ] as [AdminRequest, string][])
      expect(formatAdminResult(await run(req))).toEqual({ ok: false, text: error });
  });
});
