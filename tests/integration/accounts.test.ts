import svgCaptcha from "svg-captcha";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAdminCommand } from "../../app/domain/support/commands.server";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { passwordLogin } from "../../app/domain/accounts/auth.server";
import { createCaptcha, checkCaptcha } from "../../app/domain/accounts/captcha.server";
import { THROTTLE } from "../../app/domain/accounts/login-throttle.server";
import { createMember, findMemberByUsername, MemberExistsError } from "../../app/domain/accounts/members.server";
import { changePassword, mustAskOldPassword } from "../../app/domain/accounts/password.server";
import { registrationRules } from "../../app/domain/accounts/registration-rules.server";
import {
  createRememberToken,
  createSession,
  getSession,
  rememberedMember,
  revokeMemberSessions,
  revokeSession,
  SESSION_IDLE_MS,
} from "../../app/domain/accounts/sessions.server";
import { signInWithFirebase } from "../../app/domain/accounts/social-sign-in.server";
import { startTrial } from "../../app/domain/accounts/trial.server";
import { DEMO_BALANCE_CENTAVOS, getBalance } from "../../app/domain/wallet/balances.server";
import { DuplicateTransferError, InvalidTransferError, postTransfer } from "../../app/domain/wallet/ledger.server";
import { registrationRuleOverrides } from "../../app/db/schema";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
/** A support command's answer as the CLI prints it. */
const admin = async (req: unknown) => formatAdminResult(await runAdminCommand(database.db, registry, req));
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
});
afterAll(() => database?.close());

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;
const login = (brand = lucky(), username: string, password: string, extra: Partial<Parameters<typeof passwordLogin>[2]> = {}) =>
  passwordLogin(database.db, brand, { username, password, mode: "member", ip: "10.0.0.1", captchaEnabled: true, ...extra });

/** A challenge whose answer the test knows: the picture library is made to draw chosen digits once. */
async function knownCaptcha(brand = lucky(), answer = "2468") {
  vi.spyOn(svgCaptcha, "create").mockReturnValueOnce({ text: answer, data: "<svg></svg>" });
  const { token } = await createCaptcha(database.db, brand);
  return { token, answer };
}

const reasons = (results: { ok: boolean; reason?: string }[]) =>
  results.reduce<Record<string, number>>(
    (n, r) => ({ ...n, [r.ok ? "ok" : r.reason!]: (n[r.ok ? "ok" : r.reason!] ?? 0) + 1 }),
    {},
  );

describe(`accounts on ${TEST_ENGINE}`, () => {
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

  it("revokes sessions one by one or all but one, and remembered devices with them", async () => {
    const m = await createMember(database.db, perlas(), { username: "multidev1", password: "devicepass1" });
    const a = await createSession(database.db, perlas(), m.id);
    const b = await createSession(database.db, perlas(), m.id);
    const remember = await createRememberToken(database.db, perlas(), m.id);
    expect(await rememberedMember(database.db, perlas(), remember)).toMatchObject({ username: "multidev1" });
    expect(await rememberedMember(database.db, lucky(), remember)).toBeNull();
    const sessionA = (await getSession(database.db, perlas(), a))!;
    await revokeMemberSessions(database.db, perlas(), m.id, sessionA.id);
    expect(await getSession(database.db, perlas(), a)).not.toBeNull();
    expect(await getSession(database.db, perlas(), b)).toBeNull();
    expect(await rememberedMember(database.db, perlas(), remember)).toBeNull();
    await revokeSession(database.db, perlas(), sessionA.id);
    expect(await getSession(database.db, perlas(), a)).toBeNull();
  });

  it("changes a password: old asked unless just signed in, same password refused, every session revoked", async () => {
    const m = await createMember(database.db, lucky(), { username: "changer01", password: "firstpass1" });
    const token = await createSession(database.db, lucky(), m.id, { authenticatedAt: new Date(Date.now() - 11 * 60_000) });
    const session = (await getSession(database.db, lucky(), token))!;
    expect(mustAskOldPassword(session)).toBe(true);
    expect(mustAskOldPassword({ ...session, authenticatedAt: new Date() })).toBe(false);
    const input = { newPassword: "secondpass2", ip: "10.5.0.1" };
    expect(await changePassword(database.db, lucky(), session, { ...input, oldPassword: "wrongpass1" })).toMatchObject({
      ok: false,
      field: "oldPassword",
    });
    expect(await changePassword(database.db, lucky(), session, { ...input, newPassword: "firstpass1" })).toMatchObject({
      ok: false,
      message: "validation.same_password",
    });
    expect(await changePassword(database.db, lucky(), session, { ...input, oldPassword: "firstpass1" })).toEqual({ ok: true });
    expect(await getSession(database.db, lucky(), token)).toBeNull();
    expect((await login(lucky(), "changer01", "firstpass1", { ip: "10.5.0.2" })).ok).toBe(false);
    expect((await login(lucky(), "changer01", "secondpass2", { ip: "10.5.0.3" })).ok).toBe(true);
  });

  it("checks at most 10 old passwords of a parallel burst from one address", async () => {
    const m = await createMember(database.db, lucky(), { username: "changer02", password: "firstpass1" });
    const token = await createSession(database.db, lucky(), m.id, { authenticatedAt: new Date(Date.now() - 11 * 60_000) });
    const session = (await getSession(database.db, lucky(), token))!;
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        changePassword(database.db, lucky(), session, {
          oldPassword: `wrong${i}pass`,
          newPassword: "secondpass2",
          ip: "10.5.1.1",
        }),
      ),
    );
    const messages = burst.map((r) => (r.ok ? "ok" : r.message));
    expect(messages.filter((m) => m === "auth.old_password_wrong")).toHaveLength(THROTTLE.lockAfterAccountIp);
    expect(messages.filter((m) => m === "auth.locked")).toHaveLength(40 - THROTTLE.lockAfterAccountIp);
  });

  it("gives a trial player play money through a balanced ledger transfer, once", async () => {
    const guest = await startTrial(database.db, lucky());
    expect(guest.type).toBe(4);
    expect(guest.passwordHash).toBeNull();
    expect(await getBalance(database.db, lucky(), guest.id, "demo")).toBe(DEMO_BALANCE_CENTAVOS);
    expect(await getBalance(database.db, lucky(), guest.id, "cash")).toBe(0n);
    expect(await login(lucky(), guest.username, "anything1", { ip: "10.6.0.1" })).toMatchObject({ ok: false, reason: "invalid" });
    const grant = {
      key: `demo-grant:${guest.id}`,
      kind: "demo_grant" as const,
      reference: `member:${guest.id}`,
      legs: [
        { account: { house: "house:demo" as const }, amount: -DEMO_BALANCE_CENTAVOS },
        { account: { memberId: guest.id, kind: "demo" as const }, amount: DEMO_BALANCE_CENTAVOS },
      ],
    };
    expect(await postTransfer(database.db, lucky(), grant)).toMatchObject({ replayed: true });
    await expect(
      postTransfer(database.db, lucky(), {
        ...grant,
        legs: [
          { account: { house: "house:demo" }, amount: -1n },
          { account: { memberId: guest.id, kind: "demo" }, amount: 1n },
        ],
      }),
    ).rejects.toBeInstanceOf(DuplicateTransferError);
    expect(await getBalance(database.db, lucky(), guest.id, "demo")).toBe(DEMO_BALANCE_CENTAVOS);
    await expect(
      postTransfer(database.db, lucky(), {
        key: "broken",
        kind: "demo_grant",
        reference: "test",
        legs: [
          { account: { house: "house:demo" }, amount: -5n },
          { account: { memberId: guest.id, kind: "demo" }, amount: 4n },
        ],
      }),
    ).rejects.toBeInstanceOf(InvalidTransferError);
  });

  it("signs in or registers a verified social identity, linked by uid only", async () => {
    const identity = {
      uid: "Gx81-uid-abcdef",
      email: "ana@example.com",
      emailVerified: false,
      name: "Ana",
      provider: "google.com",
    };
    const first = await signInWithFirebase(database.db, perlas(), identity, { registerUrl: "perlas.localhost" });
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) throw new Error("unreachable");
    expect(first.member.email).toBeNull(); // not verified: not kept
    expect(first.member.passwordHash).toBeNull();
    const second = await signInWithFirebase(database.db, perlas(), identity, { registerUrl: "perlas.localhost" });
    expect(second).toMatchObject({ ok: true, created: false });
    if (!second.ok) throw new Error("unreachable");
    expect(second.member.id).toBe(first.member.id);
    const elsewhere = await signInWithFirebase(database.db, lucky(), identity, { registerUrl: "luckypeso.localhost" });
    if (!elsewhere.ok) throw new Error("unreachable");
    expect(elsewhere.member.id).not.toBe(first.member.id);
  });

  it("lets support staff disable a member, which signs them out, and enable them again", async () => {
    const m = await createMember(database.db, perlas(), { username: "support01", password: "supportpw1" });
    const token = await createSession(database.db, perlas(), m.id);
    const disabled = await admin({
      command: "members.disable",
      brand: "perlas-play",
      user: "support01",
      by: "Ana",
      why: "chargeback",
    });
    expect(disabled.ok).toBe(true);
    expect(disabled.text).toContain("1 session(s) signed out");
    expect(await getSession(database.db, perlas(), token)).toBeNull();
    expect(await login(perlas(), "support01", "supportpw1", { ip: "10.7.0.1" })).toMatchObject({ reason: "disabled" });
    const shown = await admin({
      command: "members.show",
      brand: "perlas-play",
      user: "support01",
    });
    expect(shown.text).toMatch(/status\s+disabled/);
    expect((await admin({ command: "members.list", brand: "perlas-play" })).text).toContain("support01");
    await admin({
      command: "members.enable",
      brand: "perlas-play",
      user: "support01",
      by: "Ana",
      why: "resolved",
    });
    expect((await login(perlas(), "support01", "supportpw1", { ip: "10.7.0.2" })).ok).toBe(true);
    const missing = await admin({
      command: "members.show",
      brand: "lucky-peso",
      user: "support01",
    });
    expect(missing).toEqual({ ok: false, text: 'No member "support01" on lucky-peso.' });
    const noReason = await admin({
      command: "members.disable",
      brand: "perlas-play",
      user: "support01",
      by: "Ana",
      why: "",
    });
    expect(noReason.ok).toBe(false);
    const created = await admin({
      command: "members.create",
      brand: "lucky-peso",
      user: "agentbob",
      type: 42,
      by: "Ana",
      why: "new agent",
    });
    expect(created.ok).toBe(true);
    const password = created.text.match(/shown once\): (\S+)/)![1]!;
    expect((await login(lucky(), "agentbob", password, { mode: "agent", ip: "10.7.0.3" })).ok).toBe(true);
  });

  it("reads registration rules from the brand file with database overrides on top", async () => {
    expect((await registrationRules(database.db, perlas())).username).toMatchObject({ minLength: 5, maxLength: 16 });
    await database.db.insert(registrationRuleOverrides).values({
      merchantCode: perlas().merchantCode,
      field: "username",
      rule: { minLength: 8 },
      updatedBy: "test",
      reason: "test",
    });
    expect((await registrationRules(database.db, perlas())).username).toMatchObject({
      minLength: 8,
      maxLength: 16,
      required: true,
    });
    expect((await registrationRules(database.db, lucky())).username).toMatchObject({ minLength: 6 });
  });
});
