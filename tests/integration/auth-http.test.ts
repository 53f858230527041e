import type http from "node:http";
import { count, eq } from "drizzle-orm";
import svgCaptcha from "svg-captcha";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { members } from "../../app/db/schema";
import { setFlag } from "../../app/domain/site/flags.server";
import { findMemberByUsername } from "../../app/domain/accounts/members.server";
import { latestOutboxMessage } from "../../app/domain/accounts/outbox.server";
import { projectBrands } from "../setup/brands";
import { serveApp } from "../setup/test-server";
import { csrfPair, portOf, request, type Reply } from "../setup/http";
import { Jar } from "../setup/jar";
import { registrationFields } from "../setup/registration";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
let server: http.Server;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  server = await serveApp({ database, registry });
  port = portOf(server);
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await database?.close();
});

async function memberCount(username: string) {
  const [row] = await database.db.select({ n: count() }).from(members).where(eq(members.usernameKey, username.toLowerCase()));
  return Number(row!.n);
}

const registration = registrationFields;

/** Whether a reply's form shows this error (every page also carries the English texts, so the list item is matched). */
const shows = (r: Reply, text: string) => r.body.includes(`<li>${text}</li>`);
const INVALID = "The username or password is incorrect.";
const CAPTCHA_NEEDED = "For your security, please also enter the digits from the captcha picture.";
const LOCKED = "Too many failed attempts. Please wait 15 minutes and try again.";

describe(`accounts over HTTP on ${TEST_ENGINE}`, () => {
  it("registers, signs out and signs in again with rotated, hardened session cookies", async () => {
    const jar = new Jar(port);
    await jar.get("/m/register");
    expect(jar.csrf()).not.toBe("");
    const reg = await jar.post("/m/register", registration("httpuser1"));
    expect(reg.status).toBe(302);
    expect(reg.headers.location).toBe("/m/home");
    const sidCookie = (reg.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-sid="))!;
    expect(sidCookie).toMatch(/HttpOnly/);
    expect(sidCookie).toMatch(/SameSite=Lax/);
    expect(sidCookie).toMatch(/Secure/);
    const firstSid = jar.cookies.get("__Host-sid")!;
    expect(Buffer.from(firstSid, "base64url")).toHaveLength(16);
    expect((await jar.get("/m/home")).body).toContain("httpuser1");

    const out = await jar.post("/m/logout", {});
    expect(out.status).toBe(302);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
    // The old id is dead on the server too, not just forgotten by the browser.
    const replay = await request(port, "/m/member/home", {
      host: "luckypeso.localhost",
      headers: { cookie: `__Host-sid=${firstSid}` },
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.location).toMatch(/^\/m\/login/);

    const login = await jar.post("/m/login", {
      intent: "password",
      mode: "member",
      username: "HTTPUSER1",
      password: "goodpass12",
    });
    expect(login.status).toBe(302);
    expect(jar.cookies.get("__Host-sid")).not.toBe(firstSid);
    expect((await jar.get("/m/member/home")).status).toBe(200);
  });

  it("refuses every account form posted without the page's CSRF token, and changes nothing", async () => {
    const jar = new Jar(port);
    await jar.get("/m/login");
    for (const [p, fields] of [
      ["/m/register", registration("csrfless1")],
      ["/m/login", { intent: "password", username: "httpuser1", password: "goodpass12" }],
      ["/m/logout", {}],
      ["/m/freeplay", {}],
      ["/m/changePsw", { newPassword: "x" }],
    ] as const) {
      const r = await jar.post(p, fields, { csrf: false });
      expect([403, 302], p).toContain(r.status);
      if (p !== "/m/changePsw") expect(r.status, p).toBe(403);
    }
    expect(await memberCount("csrfless1")).toBe(0);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
  });

  it("answers hostile registration input with a clear error and creates nobody", async () => {
    const jar = new Jar(port);
    await jar.get("/m/register");
    const hostile = [
      "x".repeat(5000),
      "用户名测试用户",
      "admin'; drop table members;--",
      "<script>alert(1)</script>",
      "a\u0000b\u202ec",
      "😀😀😀😀😀😀",
    ];
    for (const value of hostile) {
      for (const field of ["username", "password", "birthday", "affiliateCode", "email"]) {
        const r = await jar.post(
          "/m/register",
          registration("hostile01", { [field]: value, ...(field === "password" ? { confirmPassword: value } : {}) }),
        );
        expect(r.status, `${field}=${value.slice(0, 20)}`).toBe(400);
        expect(r.body).not.toContain("<script>alert(1)</script>");
        expect(r.body).toMatch(/role="alert"/);
      }
    }
    expect(await memberCount("hostile01")).toBe(0);
    expect((await request(port, "/healthz")).status).toBe(200);
  });

  it("brings the captcha after failed logins and never says whether the account exists", async () => {
    const jar = new Jar(port);
    await jar.get("/m/login");
    const unknown = await jar.post("/m/login", { intent: "password", username: "ghost0001", password: "whatever1" });
    const wrong = await jar.post("/m/login", { intent: "password", username: "httpuser1", password: "whatever1" });
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(unknown.body).toContain("The username or password is incorrect.");
    expect(wrong.body).toContain("The username or password is incorrect.");
    expect(wrong.body).not.toContain('name="captcha"');
    await jar.post("/m/login", { intent: "password", username: "httpuser1", password: "whatever2" });
    const third = await jar.post("/m/login", { intent: "password", username: "httpuser1", password: "whatever3" });
    expect(third.body).toContain('name="captcha"');
    expect(third.body).toContain("/m/captcha.svg");
    const pic = await jar.get("/m/captcha.svg");
    expect(pic.headers["content-type"]).toMatch(/image\/svg\+xml/);
    expect(jar.cookies.has("__Host-captcha")).toBe(true);
    const noCaptcha = await jar.post("/m/login", { intent: "password", username: "httpuser1", password: "goodpass12" });
    expect(noCaptcha.status).toBe(400);
    expect(jar.cookies.has("__Host-sid")).toBe(false);
  });

  it("checks at most 3 passwords of a parallel burst at one account, then asks its owner for the captcha, not a wait", async () => {
    const signUp = new Jar(port);
    await signUp.get("/m/register");
    expect((await signUp.post("/m/register", registration("burstweb1"))).status).toBe(302);
    const attacker = new Jar(port, "luckypeso.localhost", "127.0.0.2");
    await attacker.get("/m/login");
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attacker.post("/m/login", { intent: "password", username: "burstweb1", password: `wrong${i}pass` }),
      ),
    );
    expect(burst.filter((r) => shows(r, INVALID))).toHaveLength(3);
    expect(burst.filter((r) => r.status === 400 && shows(r, CAPTCHA_NEEDED))).toHaveLength(97);
    expect(attacker.cookies.has("__Host-sid")).toBe(false);

    const owner = new Jar(port, "luckypeso.localhost", "127.0.0.3");
    await owner.get("/m/login");
    const asked = await owner.post("/m/login", { intent: "password", username: "burstweb1", password: "goodpass12" });
    expect(asked.status).toBe(400);
    expect(shows(asked, CAPTCHA_NEEDED)).toBe(true);
    expect(asked.body).toContain('name="captcha"');
    vi.spyOn(svgCaptcha, "create").mockReturnValueOnce({ text: "8642", data: "<svg></svg>" });
    await owner.get("/m/captcha.svg");
    const signedIn = await owner.post("/m/login", {
      intent: "password",
      username: "burstweb1",
      password: "goodpass12",
      captcha: "8642",
      captchaShown: "1",
    });
    expect(signedIn.status).toBe(302);
    expect((await owner.get("/m/member/home")).status).toBe(200);
  });

  it("refuses an address after 30 attempts with 429 and Retry-After, and only that address", async () => {
    const spray = new Jar(port, "luckypeso.localhost", "127.0.0.4");
    await spray.get("/m/login");
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        spray.post("/m/login", { intent: "password", username: `sprayweb${i}`, password: "whatever1" }),
      ),
    );
    expect(burst.filter((r) => shows(r, INVALID))).toHaveLength(5);
    expect(burst.filter((r) => r.status === 400 && shows(r, CAPTCHA_NEEDED))).toHaveLength(25);
    const locked = burst.filter((r) => r.status === 429);
    expect(locked).toHaveLength(10);
    for (const r of locked) {
      expect(shows(r, LOCKED)).toBe(true);
      expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(r.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    }
    const signUp = new Jar(port);
    await signUp.get("/m/register");
    await signUp.post("/m/register", registration("bystander1"));
    const elsewhere = new Jar(port, "luckypeso.localhost", "127.0.0.5");
    await elsewhere.get("/m/login");
    expect(
      (await elsewhere.post("/m/login", { intent: "password", username: "bystander1", password: "goodpass12" })).status,
    ).toBe(302);
  });

  it("keeps a remembered device as a revocable token, never the password", async () => {
    const jar = new Jar(port);
    await jar.get("/m/register");
    await jar.post("/m/register", registration("remember1"));
    await jar.post("/m/logout", {});
    await jar.post("/m/login", { intent: "password", username: "remember1", password: "goodpass12", remember: "on" });
    const token = jar.cookies.get("__Host-remember")!;
    expect(token).toBeTruthy();
    expect([...jar.cookies.values()].join(" ")).not.toContain("goodpass12");
    await jar.post("/m/logout", {});
    const page = await jar.get("/m/login");
    expect(page.body).toContain("Continue as remember1");
    const again = await jar.post("/m/login", { intent: "remembered", mode: "member" });
    expect(again.status).toBe(302);
    expect((await jar.get("/m/changePsw")).body).toContain('name="oldPassword"');
    await jar.post("/m/login?mode=member", { intent: "forget-device", mode: "member" });
    expect(jar.cookies.has("__Host-remember")).toBe(false);
  });

  it("starts a trial session that member pages refuse with free_reject", async () => {
    const jar = new Jar(port);
    await jar.get("/m/home");
    const trial = await jar.post("/m/freeplay", {});
    expect(trial.status).toBe(302);
    const home = await jar.get("/m/home");
    expect(home.body).toContain("₱2,000.00");
    const member = await jar.get("/m/member/home");
    expect(member.body).toContain("Please login an actual account to use this function");
    expect((await jar.get("/m/changePsw")).status).toBe(302);
    const perlas = new Jar(port, "perlas.localhost");
    await perlas.get("/m/home");
    expect((await perlas.post("/m/freeplay", {})).status).toBe(404);
  });

  it("accepts the CSRF pair only together", async () => {
    const pair = csrfPair();
    const r = await request(port, "/m/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: pair.cookie },
      body: `csrf=${"z".repeat(26)}&intent=password&username=httpuser1&password=goodpass12`,
    });
    expect(r.status).toBe(403);
  });

  it("registers by mobile number with an SMS code, then signs in by SMS code", async () => {
    const perlas = registry.byId.get("perlas-play")!;
    const jar = new Jar(port, "perlas.localhost");
    await jar.get("/m/register?method=mobileNum");
    const form = {
      method: "mobileNum",
      mobileNum: "09181234567",
      realName: "Jose Rizal Mercado",
      birthday: "1990-02-03",
      disclaimer: "on",
    };
    const sent = await jar.post("/m/register?method=mobileNum", { ...form, intent: "send-sms" });
    expect(sent.status).toBe(200);
    const sms = await latestOutboxMessage(database.db, perlas, { channel: "sms", recipient: "+639181234567" });
    const code = sms!.body.match(/\b(\d{6})\b/)![1]!;
    const wrong = await jar.post("/m/register?method=mobileNum", {
      ...form,
      verificationCode: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toContain("Verification code error");
    const ok = await jar.post("/m/register?method=mobileNum", { ...form, verificationCode: code });
    expect(ok.status).toBe(302);
    const member = await findMemberByUsername(database.db, perlas, "09181234567");
    expect(member).toMatchObject({ mobileNum: "9181234567", passwordHash: null, countryDialingCode: "63" });

    await jar.post("/m/logout", {});
    // A second code for the same number within a minute is refused.
    await jar.get("/m/login?method=sms");
    const loginSend = await jar.post("/m/login", { intent: "send-sms", mobileNum: "09181234567" });
    expect(loginSend.status).toBe(200);
    const again = await jar.post("/m/login", { intent: "send-sms", mobileNum: "09181234567" });
    expect(again.status).toBe(429);
    const loginSms = await latestOutboxMessage(database.db, perlas, { channel: "sms", recipient: "+639181234567" });
    const loginCode = loginSms!.body.match(/\b(\d{6})\b/)![1]!;
    expect(loginCode).not.toBe(code);
    const signedIn = await jar.post("/m/login", { intent: "sms", mobileNum: "09181234567", verificationCode: loginCode });
    expect(signedIn.status).toBe(302);
    expect((await jar.get("/m/member/home")).status).toBe(200);
  });

  it("checks invitation codes before registering and records the inviter", async () => {
    const lucky = registry.byId.get("lucky-peso")!;
    const inviter = (await findMemberByUsername(database.db, lucky, "httpuser1"))!;
    const jar = new Jar(port);
    await jar.get("/m/register");
    const bad = await jar.post("/m/register", registration("invited01", { affiliateCode: "NOSUCH99" }));
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Invalid invitation code");
    expect(await memberCount("invited01")).toBe(0);
    const viaLink = await jar.get(`/m/register?affiliateCode=${inviter.inviteCode}`);
    expect(viaLink.body).toContain(`Invitation code ${inviter.inviteCode} applied`);
    expect(viaLink.body).not.toContain('name="affiliateCode"');
    const ok = await jar.post(`/m/register?affiliateCode=${inviter.inviteCode}`, registration("invited01"));
    expect(ok.status).toBe(302);
    expect((await findMemberByUsername(database.db, lucky, "invited01"))!.referrerId).toBe(inviter.id);
  });

  it("refuses the under-aged, a missing declaration, and says whether a username is free", async () => {
    const jar = new Jar(port);
    await jar.get("/m/register");
    const thisYear = new Date().getFullYear();
    const young = await jar.post("/m/register", registration("younger01", { birthday: `${thisYear - 20}-01-01` }));
    expect(young.status).toBe(400);
    expect(young.body).toContain("You must be at least 21 years old to register");
    const { disclaimer: _dropped, ...undeclared } = registration("nodecl001");
    const noDeclaration = await jar.post("/m/register", undeclared);
    expect(noDeclaration.status).toBe(400);
    expect(noDeclaration.body).toContain("Please confirm the declaration to continue");
    expect(await memberCount("younger01")).toBe(0);
    expect(await memberCount("nodecl001")).toBe(0);
    expect(JSON.parse((await jar.get("/m/check-username?username=httpuser1")).body)).toEqual({ available: false });
    expect(JSON.parse((await jar.get("/m/check-username?username=freename77")).body)).toEqual({ available: true });
    expect(JSON.parse((await jar.get("/m/check-username?username=%3Cb%3E")).body)).toEqual({ available: null });
  });

  it("asks for the captcha at registration when CAPTCHA3 is on", async () => {
    const lucky = registry.byId.get("lucky-peso")!;
    await setFlag(database.db, lucky, "CAPTCHA3", true, { name: "test", reason: "captcha test" });
    try {
      const jar = new Jar(port);
      const page = await jar.get("/m/register");
      expect(page.body).toContain('name="captcha"');
      const r = await jar.post("/m/register", registration("captcha01", { captcha: "1234" }));
      expect(r.status).toBe(400);
      expect(r.body).toContain("The captcha is wrong");
      expect(await memberCount("captcha01")).toBe(0);
    } finally {
      await setFlag(database.db, lucky, "CAPTCHA3", null, { name: "test", reason: "captcha test done" });
    }
  });
});
