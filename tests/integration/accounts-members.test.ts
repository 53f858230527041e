// Members beyond the password: the trial player, social sign-in, support staff's disable and enable, registration rules.
import type { Brand } from "../../app/brand/schema";
import { describe, expect, it } from "vitest";
import { createMember } from "../../app/domain/accounts/members.server";
import { registrationRules } from "../../app/domain/accounts/registration-rules.server";
import { createSession, getSession } from "../../app/domain/accounts/sessions.server";
import { registerWithFirebase, signInWithFirebase } from "../../app/domain/accounts/social-sign-in.server";
import { memberDeclarationsOf, registrationDeclaration } from "../../app/domain/compliance/declarations.server";
import { startTrial } from "../../app/domain/accounts/trial.server";
import { DEMO_BALANCE_CENTAVOS, getBalance } from "../../app/domain/wallet/balances.server";
import { DuplicateTransferError, InvalidTransferError, postTransfer } from "../../app/domain/wallet/ledger.server";
import { registrationRuleOverrides } from "../../app/db/schema";
import { TEST_ENGINE } from "../setup/test-db";
import { admin, database, login, lucky, perlas, setUpAccounts } from "./accounts-fixtures";

setUpAccounts();

describe(`members on ${TEST_ENGINE}`, () => {
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
    // No account yet: the registration is completed first (the declaration, the name and birthday).
    expect(await signInWithFirebase(database.db, perlas(), identity)).toEqual({ ok: false, reason: "not_registered" });
    const declaration = registrationDeclaration(perlas(), "en", "I am at least 21 years old.");
    const register = (brand: Brand, registerUrl: string) =>
      registerWithFirebase(database.db, brand, identity, {
        registerUrl,
        declaration,
        realName: "Ana Reyes",
        birthday: "1990-01-01",
      });
    const first = await register(perlas(), "perlas.localhost");
    expect(first).toMatchObject({ ok: true, created: true });
    if (!first.ok) throw new Error("unreachable");
    expect(first.member.email).toBeNull(); // not verified: not kept
    expect(first.member.passwordHash).toBeNull();
    expect(first.member.realName).toBe("Ana Reyes");
    expect(await memberDeclarationsOf(database.db, perlas(), first.member.id)).toMatchObject([
      { textVersion: declaration.textVersion },
    ]);
    const second = await signInWithFirebase(database.db, perlas(), identity);
    expect(second).toMatchObject({ ok: true, created: false });
    if (!second.ok) throw new Error("unreachable");
    expect(second.member.id).toBe(first.member.id);
    expect(await register(perlas(), "perlas.localhost")).toMatchObject({
      ok: true,
      created: false,
      member: { id: first.member.id },
    });
    const elsewhere = await register(lucky(), "luckypeso.localhost");
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
