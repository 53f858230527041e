// Signing in: passwords, brands, the captcha and the throttles, the member and agent doors.
import { describe, expect, it } from "vitest";
import { createCaptcha, checkCaptcha } from "../../app/domain/accounts/captcha.server";
import { THROTTLE } from "../../app/domain/accounts/login-throttle.server";
import { createMember, findMemberByUsername, MemberExistsError } from "../../app/domain/accounts/members.server";
import { createSession, getSession, SESSION_IDLE_MS } from "../../app/domain/accounts/sessions.server";
import { TEST_ENGINE } from "../setup/test-db";
import { database, knownCaptcha, login, lucky, perlas, reasons, setUpAccounts } from "./accounts-fixtures";

setUpAccounts();

describe(`signing in on ${TEST_ENGINE}`, () => {
  it("stores an Argon2id hash, never the password, and signs in by username in any case", async () => {
    const m = await createMember(database.db, lucky(), { username: "JuanDela", password: "secret123" });
    expect(m.passwordHash).toMatch(/^\$argon2id\$/);
    expect(m.passwordHash).not.toContain("secret123");
    const ok = await login(lucky(), "juandela", "secret123");
    expect(ok.ok).toBe(true);
    await expect(createMember(database.db, lucky(), { username: "juandela", password: "other1234" })).rejects.toBeInstanceOf(
      MemberExistsError,
    );
  });

  it("answers a wrong password and an unknown account alike", async () => {
    const wrong = await login(lucky(), "JuanDela", "nope12345", { ip: "10.0.0.2" });
    const unknown = await login(lucky(), "nobody123", "nope12345", { ip: "10.0.0.3" });
    expect(wrong).toEqual({ ok: false, reason: "invalid", captchaRequired: false });
    expect(unknown).toEqual({ ok: false, reason: "invalid", captchaRequired: false });
  });

  it("keeps accounts to their brand: the same username in two brands, neither signs in on the other", async () => {
    await createMember(database.db, lucky(), { username: "twinuser", password: "luckypass1" });
    await createMember(database.db, perlas(), { username: "twinuser", password: "perlaspass1" });
    expect((await login(lucky(), "twinuser", "luckypass1", { ip: "10.1.0.1" })).ok).toBe(true);
    expect((await login(perlas(), "twinuser", "perlaspass1", { ip: "10.1.0.1" })).ok).toBe(true);
    expect((await login(perlas(), "twinuser", "luckypass1", { ip: "10.1.0.2" })).ok).toBe(false);
    expect((await login(lucky(), "twinuser", "perlaspass1", { ip: "10.1.0.3" })).ok).toBe(false);

    const luckyMember = (await findMemberByUsername(database.db, lucky(), "twinuser"))!;
    const token = await createSession(database.db, lucky(), luckyMember.id);
    expect(await getSession(database.db, lucky(), token)).not.toBeNull();
    expect(await getSession(database.db, perlas(), token)).toBeNull();
    // Read at a later time, the session is live until it has been idle too long; each reading is at its own time.
    const later = (ms: number) => new Date(Date.now() + ms);
    expect(await getSession(database.db, lucky(), token, later(SESSION_IDLE_MS + 60_000))).toBeNull();
    expect(await getSession(database.db, lucky(), token, later(SESSION_IDLE_MS - 60_000))).not.toBeNull();
    // That reading touched the session, so it lives on past the first idle limit.
    expect(await getSession(database.db, lucky(), token, later(SESSION_IDLE_MS + 60_000))).not.toBeNull();
  });

  it("asks for the captcha after failures; without it, locks the failing address, never the owner elsewhere", async () => {
    await createMember(database.db, lucky(), { username: "target01", password: "rightpass1" });
    for (let i = 1; i < THROTTLE.captchaAfterAccount; i++) {
      expect(await login(lucky(), "target01", `wrong${i}abc`, { ip: `10.2.0.${i}` })).toMatchObject({ captchaRequired: false });
    }
    expect(await login(lucky(), "target01", "wrong9abc", { ip: "10.2.1.1" })).toMatchObject({
      reason: "invalid",
      captchaRequired: true,
    });
    // Now even the right password needs the captcha.
    expect(await login(lucky(), "target01", "rightpass1", { ip: "10.2.1.2" })).toMatchObject({ reason: "captcha" });
    const challenge = await createCaptcha(database.db, lucky());
    expect(challenge.svg).toMatch(/^<svg/);
    expect(await checkCaptcha(database.db, lucky(), challenge.token, "0000")).toBe(false);
    // A used challenge is gone, whatever the answer was.
    expect(await checkCaptcha(database.db, lucky(), challenge.token, "0000")).toBe(false);

    for (let i = 0; i < THROTTLE.lockAfterAccountIp; i++)
      await login(lucky(), "target01", `bad${i}pass`, { captchaEnabled: false });
    expect(await login(lucky(), "target01", "rightpass1", { captchaEnabled: false })).toMatchObject({
      ok: false,
      reason: "locked",
    });
    // The owner, from another address, is not locked out by someone else's failures.
    expect((await login(lucky(), "target01", "rightpass1", { captchaEnabled: false, ip: "10.2.9.9" })).ok).toBe(true);
  });

  it("checks at most 3 passwords of a parallel burst at one account; every other attempt needs a captcha", async () => {
    await createMember(database.db, lucky(), { username: "burst001", password: "rightpass1" });
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(lucky(), "burst001", `wrong${i}pass`, { ip: "10.8.0.1" })),
    );
    expect(reasons(burst)).toEqual({ invalid: THROTTLE.captchaAfterAccount, captcha: 100 - THROTTLE.captchaAfterAccount });
    // The same burst spread over many addresses fares no better.
    const spread = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(lucky(), "burst001", `wrong${i}pass`, { ip: `10.8.1.${i}` })),
    );
    expect(reasons(spread)).toEqual({ captcha: 40 });
  });

  it("does not let a right password inside a parallel burst sign in past the threshold, nor reset the count", async () => {
    await createMember(database.db, lucky(), { username: "burst002", password: "rightpass1" });
    for (let i = 1; i < THROTTLE.captchaAfterAccount; i++) await login(lucky(), "burst002", `wrong${i}abc`, { ip: "10.9.0.1" });
    const passwords = [...Array.from({ length: 20 }, (_, i) => `wrong${i}pass`), "rightpass1"];
    const burst = await Promise.all(passwords.map((p) => login(lucky(), "burst002", p, { ip: "10.9.0.2" })));
    expect(reasons(burst)).toEqual({ invalid: 1, captcha: 20 });
    expect(burst.at(-1)).toMatchObject({ ok: false, reason: "captcha" });
    expect(await login(lucky(), "burst002", "rightpass1", { ip: "10.9.0.3" })).toMatchObject({ ok: false, reason: "captcha" });
  });

  it("asks the owner of an account under attack for a captcha, not a wait, and lets them in with it", async () => {
    await createMember(database.db, lucky(), { username: "burst003", password: "rightpass1" });
    await Promise.all(Array.from({ length: 100 }, (_, i) => login(lucky(), "burst003", `wrong${i}pass`, { ip: "10.10.0.1" })));
    expect(await login(lucky(), "burst003", "rightpass1", { ip: "10.10.0.2" })).toEqual({
      ok: false,
      reason: "captcha",
      captchaRequired: true,
    });
    // One solved challenge buys one check, however many attempts carry it.
    const shared = await knownCaptcha();
    const sharing = await Promise.all(
      Array.from({ length: 5 }, (_, i) => login(lucky(), "burst003", `wrong${i}again`, { ip: "10.10.0.3", captcha: shared })),
    );
    expect(reasons(sharing)).toEqual({ invalid: 1, captcha: 4 });
    const solved = await knownCaptcha();
    expect(
      await login(lucky(), "burst003", "rightpass1", { ip: "10.10.0.2", captcha: { ...solved, answer: "1357" } }),
    ).toMatchObject({
      reason: "captcha",
    });
    expect((await login(lucky(), "burst003", "rightpass1", { ip: "10.10.0.2", captcha: await knownCaptcha() })).ok).toBe(true);
    // A right password forgives the account: the next attempt needs no captcha.
    expect(await login(lucky(), "burst003", "wrong0pass", { ip: "10.10.0.2" })).toMatchObject({ reason: "invalid" });
  });

  it("counts only failures against an address: many people may sign in from one", async () => {
    await createMember(database.db, perlas(), { username: "sharedip1", password: "rightpass1" });
    for (let i = 0; i < THROTTLE.captchaAfterIp - 1; i++) await login(perlas(), `nobody${i}x`, "whatever1", { ip: "10.13.0.1" });
    for (let i = 0; i <= THROTTLE.lockAfterIp; i++) {
      expect((await login(perlas(), "sharedip1", "rightpass1", { ip: "10.13.0.1" })).ok).toBe(true);
    }
    expect(await login(perlas(), "nobody9x", "whatever1", { ip: "10.13.0.1" })).toEqual({
      ok: false,
      reason: "invalid",
      captchaRequired: true,
    });
  });

  it("keeps the per-address captcha and lock under a parallel burst across accounts", async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(perlas(), `sprayer${i}`, "whatever1", { ip: "10.11.0.1" })),
    );
    expect(reasons(burst)).toEqual({
      invalid: THROTTLE.captchaAfterIp,
      captcha: THROTTLE.lockAfterIp - THROTTLE.captchaAfterIp,
      locked: 60 - THROTTLE.lockAfterIp,
    });
    const refused = burst.find((r) => !r.ok && r.reason === "locked")!;
    expect(refused).toMatchObject({ retryAfterMs: expect.any(Number) });
    await createMember(database.db, perlas(), { username: "bystander", password: "rightpass1" });
    expect(
      await login(perlas(), "bystander", "rightpass1", { ip: "10.11.0.1", captcha: await knownCaptcha(perlas()) }),
    ).toMatchObject({
      reason: "locked",
    });
    expect((await login(perlas(), "bystander", "rightpass1", { ip: "10.11.0.2" })).ok).toBe(true);
  });

  it("without the captcha, checks 10 passwords per address at an account and 50 from all addresses", async () => {
    const off = { captchaEnabled: false };
    await createMember(database.db, perlas(), { username: "nocaptcha1", password: "rightpass1" });
    const one = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(perlas(), "nocaptcha1", `wrong${i}pass`, { ...off, ip: "10.12.0.1" })),
    );
    expect(reasons(one)).toEqual({ invalid: THROTTLE.lockAfterAccountIp, locked: 100 - THROTTLE.lockAfterAccountIp });
    expect((await login(perlas(), "nocaptcha1", "rightpass1", { ...off, ip: "10.12.0.2" })).ok).toBe(true);

    await createMember(database.db, perlas(), { username: "nocaptcha2", password: "rightpass1" });
    const many = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(perlas(), "nocaptcha2", `wrong${i}pass`, { ...off, ip: `10.12.1.${i % 6}` })),
    );
    expect(reasons(many)).toEqual({
      invalid: THROTTLE.lockAfterAccountWithoutCaptcha,
      locked: 60 - THROTTLE.lockAfterAccountWithoutCaptcha,
    });
    expect(await login(perlas(), "nocaptcha2", "rightpass1", { ...off, ip: "10.12.2.1" })).toMatchObject({ reason: "locked" });
  });

  it("limits failures per IP address across accounts", async () => {
    for (let i = 0; i < THROTTLE.lockAfterIp; i++)
      await login(perlas(), `spray${i}x`, "whatever1", { ip: "10.3.3.3", captchaEnabled: false });
    await createMember(database.db, perlas(), { username: "innocent1", password: "rightpass1" });
    expect(await login(perlas(), "innocent1", "rightpass1", { ip: "10.3.3.3", captchaEnabled: false })).toMatchObject({
      reason: "locked",
    });
    expect((await login(perlas(), "innocent1", "rightpass1", { ip: "10.3.3.4", captchaEnabled: false })).ok).toBe(true);
  });

  it("keeps the member and agent doors apart", async () => {
    await createMember(database.db, lucky(), { username: "agent0001", password: "agentpass1", type: 41 });
    await createMember(database.db, lucky(), { username: "player001", password: "playerpass1", type: 0 });
    expect(await login(lucky(), "agent0001", "agentpass1", { ip: "10.4.0.1" })).toMatchObject({ reason: "wrong_role" });
    expect((await login(lucky(), "agent0001", "agentpass1", { ip: "10.4.0.1", mode: "agent" })).ok).toBe(true);
    expect(await login(lucky(), "player001", "playerpass1", { ip: "10.4.0.1", mode: "agent" })).toMatchObject({
      reason: "wrong_role",
    });
  });
});
