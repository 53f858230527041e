import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "../../app/domain/accounts/sessions.server";
import { signInWithFirebase } from "../../app/domain/accounts/social-sign-in.server";
import { startTrial } from "../../app/domain/accounts/trial.server";
import {
  DEMO_BALANCE_CENTAVOS,
  getBalance,
  postTransfer,
  UnbalancedTransferError,
} from "../../app/domain/wallet/balances.server";
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
  });

  it("asks for the captcha after failures and locks the account after many", async () => {
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

    for (let i = 0; i < THROTTLE.lockAfterAccount; i++)
      await login(lucky(), "target01", `bad${i}pass`, { captchaEnabled: false });
    expect(await login(lucky(), "target01", "rightpass1", { captchaEnabled: false, ip: "10.2.9.9" })).toMatchObject({
      ok: false,
      reason: "locked",
    });
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

  it("gives a trial player play money through a balanced ledger transfer, once", async () => {
    const guest = await startTrial(database.db, lucky());
    expect(guest.type).toBe(4);
    expect(guest.passwordHash).toBeNull();
    expect(await getBalance(database.db, lucky(), guest.id, "demo")).toBe(DEMO_BALANCE_CENTAVOS);
    expect(await getBalance(database.db, lucky(), guest.id, "cash")).toBe(0n);
    expect(await login(lucky(), guest.username, "anything1", { ip: "10.6.0.1" })).toMatchObject({ ok: false, reason: "invalid" });
    const again = await postTransfer(database.db, lucky(), {
      key: `demo-grant:${guest.id}`,
      kind: "demo_grant",
      legs: [
        { memberId: null, account: "house:demo", amount: -1n },
        { memberId: guest.id, account: "demo", amount: 1n },
      ],
    });
    expect(again).toBe(false);
    expect(await getBalance(database.db, lucky(), guest.id, "demo")).toBe(DEMO_BALANCE_CENTAVOS);
    await expect(
      postTransfer(database.db, lucky(), {
        key: "broken",
        kind: "test",
        legs: [
          { memberId: null, account: "house:demo", amount: -5n },
          { memberId: guest.id, account: "demo", amount: 4n },
        ],
      }),
    ).rejects.toBeInstanceOf(UnbalancedTransferError);
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
