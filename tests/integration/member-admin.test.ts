import { and, eq, isNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRegistry } from "../../app/brand/registry.server";
import type { Database } from "../../app/db/client.server";
import { auditLog, members, rememberTokens, sessions } from "../../app/db/schema";
import { disableMember, enableMember } from "../../app/domain/accounts/member-status.server";
import { createMember, findMemberByUsername } from "../../app/domain/accounts/members.server";
import { createRememberToken, createSession, getSession, rememberedMember } from "../../app/domain/accounts/sessions.server";
import { runAdminCommand, type AdminRequest } from "../../app/domain/support/commands.server";
import { addTurnoverRequirement, turnoverRemaining } from "../../app/domain/wallet/turnover.server";
import { formatAdminResult } from "../../scripts/lib/format";
import { projectBrands } from "../setup/brands";
import { createTestDatabase, TEST_ENGINE } from "../setup/test-db";

let database: Database;
let registry: BrandRegistry;
beforeAll(async () => {
  database = await createTestDatabase();
  registry = await projectBrands();
  // A stubbed failure: the audit insert of any change whose reason is "fail-audit" is refused by the database.
  await database.db.execute(sql`
    create function refuse_audit() returns trigger language plpgsql as $$
    begin raise exception 'audit refused (test)'; end $$`);
  await database.db.execute(sql`
    create trigger refuse_audit before insert on audit_log
    for each row when (new.reason = 'fail-audit') execute function refuse_audit()`);
});
afterAll(() => database?.close());

const lucky = () => registry.byId.get("lucky-peso")!;
const perlas = () => registry.byId.get("perlas-play")!;
const run = <R extends AdminRequest>(req: R) => runAdminCommand(database.db, registry, req);

/** Audit rows of one member. */
const memberAudit = (merchantCode: string, usernameKey: string) =>
  database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.merchantCode, merchantCode), eq(auditLog.subject, `member:${usernameKey}`)));

/** A member signed in on two devices, one of them remembered. */
async function signedInMember(username: string) {
  const m = await createMember(database.db, lucky(), { username, password: "memberpw1" });
  const tokens = [await createSession(database.db, lucky(), m.id), await createSession(database.db, lucky(), m.id)];
  const remember = await createRememberToken(database.db, lucky(), m.id);
  return { m, tokens, remember };
}

async function liveSessions(memberId: number) {
  const rows = await database.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.memberId, memberId), isNull(sessions.revokedAt)));
  const remembered = await database.db
    .select()
    .from(rememberTokens)
    .where(and(eq(rememberTokens.memberId, memberId), isNull(rememberTokens.revokedAt)));
  return { sessions: rows.length, remembered: remembered.length };
}

describe(`disabling and enabling a member on ${TEST_ENGINE}`, () => {
  it("disables, signs out every session and remembered device, and writes exactly one audit row", async () => {
    const { m, tokens, remember } = await signedInMember("disable01");
    const other = await createMember(database.db, lucky(), { username: "bystander1", password: "memberpw1" });
    const otherToken = await createSession(database.db, lucky(), other.id);

    const change = await disableMember(database.db, lucky(), "DISABLE01", { name: "Ana", reason: "chargeback" });
    expect(change).toEqual({ username: "disable01", before: "active", after: "disabled", sessionsRevoked: 2 });

    expect((await findMemberByUsername(database.db, lucky(), "disable01"))!.status).toBe("disabled");
    for (const t of tokens) expect(await getSession(database.db, lucky(), t)).toBeNull();
    expect(await rememberedMember(database.db, lucky(), remember)).toBeNull();
    expect(await liveSessions(m.id)).toEqual({ sessions: 0, remembered: 0 });
    expect(await getSession(database.db, lucky(), otherToken)).not.toBeNull();

    const audit = await memberAudit(lucky().merchantCode, m.usernameKey);
    expect(audit.map((a) => [a.oldValue, a.newValue, a.actor, a.reason])).toEqual([["active", "disabled", "Ana", "chargeback"]]);

    // Already disabled: nothing to do, nothing audited.
    expect(await disableMember(database.db, lucky(), "disable01", { name: "Ana", reason: "again" })).toEqual({
      username: "disable01",
      before: "disabled",
      after: "disabled",
      sessionsRevoked: 0,
    });
    expect(await memberAudit(lucky().merchantCode, m.usernameKey)).toHaveLength(1);

    const enabled = await enableMember(database.db, lucky(), "disable01", { name: "Ben", reason: "resolved" });
    expect(enabled).toEqual({ username: "disable01", before: "disabled", after: "active", sessionsRevoked: 0 });
    expect((await memberAudit(lucky().merchantCode, m.usernameKey)).map((a) => a.newValue).sort()).toEqual([
      "active",
      "disabled",
    ]);
    // Signed-out sessions stay signed out: enabling does not bring them back.
    for (const t of tokens) expect(await getSession(database.db, lucky(), t)).toBeNull();
  });

  it("changes nothing when the audit row cannot be written", async () => {
    const { m, tokens, remember } = await signedInMember("atomic01");
    await expect(disableMember(database.db, lucky(), "atomic01", { name: "Ana", reason: "fail-audit" })).rejects.toThrow();

    expect((await findMemberByUsername(database.db, lucky(), "atomic01"))!.status).toBe("active");
    for (const t of tokens) expect(await getSession(database.db, lucky(), t)).not.toBeNull();
    expect(await rememberedMember(database.db, lucky(), remember)).not.toBeNull();
    expect(await liveSessions(m.id)).toEqual({ sessions: 2, remembered: 1 });
    expect(await memberAudit(lucky().merchantCode, m.usernameKey)).toEqual([]);

    // The database is usable afterwards and the same disable then goes through.
    expect(await disableMember(database.db, lucky(), "atomic01", { name: "Ana", reason: "retry" })).toMatchObject({
      after: "disabled",
      sessionsRevoked: 2,
    });
  });

  it("leaves a disabled member disabled when enabling cannot be audited", async () => {
    await signedInMember("atomic02");
    await disableMember(database.db, lucky(), "atomic02", { name: "Ana", reason: "fraud" });
    await expect(enableMember(database.db, lucky(), "atomic02", { name: "Ana", reason: "fail-audit" })).rejects.toThrow();
    expect((await findMemberByUsername(database.db, lucky(), "atomic02"))!.status).toBe("disabled");
  });

  it("answers null for a member of another brand, and touches nothing there", async () => {
    const { m } = await signedInMember("otherbrand1");
    expect(await disableMember(database.db, perlas(), "otherbrand1", { name: "Ana", reason: "x" })).toBeNull();
    expect(await liveSessions(m.id)).toEqual({ sessions: 2, remembered: 1 });
  });
});

describe(`the members support commands on ${TEST_ENGINE}`, () => {
  it("answer JSON-safe data, which the CLI prints as before", async () => {
    await signedInMember("cmd01");
    const disabled = await run({ command: "members.disable", brand: "lucky-peso", user: "cmd01", by: "Ana", why: "chargeback" });
    expect(disabled).toEqual({
      ok: true,
      command: "members.disable",
      brand: "lucky-peso",
      username: "cmd01",
      before: "active",
      after: "disabled",
      sessionsRevoked: 2,
      actor: { name: "Ana", reason: "chargeback" },
    });
    expect(formatAdminResult(disabled)).toEqual({
      ok: true,
      text: "cmd01 on lucky-peso is now disabled (by Ana: chargeback). 2 session(s) signed out.",
    });
    const again = await run({ command: "members.disable", brand: "lucky-peso", user: "cmd01", by: "Ana", why: "again" });
    expect(formatAdminResult(again).text).toBe("cmd01 on lucky-peso is already disabled.");
    const enabled = await run({ command: "members.enable", brand: "lucky-peso", user: "cmd01", by: "Ben", why: "resolved" });
    expect(formatAdminResult(enabled).text).toBe("cmd01 on lucky-peso is now active (by Ben: resolved).");

    const shown = await run({ command: "members.show", brand: "lucky-peso", user: "cmd01" });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.member).toMatchObject({
      username: "cmd01",
      type: 0,
      status: "active",
      lastLoginAt: null,
      socialSignIn: false,
      balance: { account: "cash", centavos: "0" },
    });
    expect(shown.member.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const lines = formatAdminResult(shown).text.split("\n");
    expect(lines[0]).toBe("username        cmd01");
    expect(lines[1]).toBe("type            0 (member)");
    expect(lines).toContain("real name       -");
    expect(lines[12]).toBe("balance         ₱0.00");

    const list = await run({ command: "members.list", brand: "lucky-peso", limit: 2 });
    if (!list.ok) throw new Error(list.error);
    expect(list.members).toHaveLength(2);
    expect(formatAdminResult(list).text.split("\n")[0]).toBe("Members of lucky-peso, newest first:");

    const created = await run({
      command: "members.create",
      brand: "lucky-peso",
      user: "agentdee",
      type: 41,
      by: "Ana",
      why: "agent",
    });
    if (!created.ok) throw new Error(created.error);
    expect(created).toMatchObject({ command: "members.create", username: "agentdee", type: 41 });
    expect(formatAdminResult(created).text).toBe(
      `Created agentdee on lucky-peso, type 41 (agent). Password (shown once): ${created.password}`,
    );
    expect((await memberAudit(lucky().merchantCode, "agentdee")).map((a) => a.newValue)).toEqual(["created type 41"]);

    for (const r of [disabled, again, enabled, shown, list, created]) expect(JSON.parse(JSON.stringify(r))).toEqual(r);
    expect(await run({ command: "members.show", brand: "lucky-peso", user: "nobody" })).toEqual({
      ok: false,
      error: 'No member "nobody" on lucky-peso.',
    });
    expect(await run({ command: "members.create", brand: "lucky-peso", user: "agentdee", type: 41, by: "A", why: "b" })).toEqual({
      ok: false,
      error: "agentdee already exists on lucky-peso.",
    });
    expect(await run({ command: "members.disable", brand: "lucky-peso", user: "cmd01", by: "Ana", why: " " })).toEqual({
      ok: false,
      error: "--why is required",
    });
  });

  it("create no member when its audit row cannot be written", async () => {
    await expect(
      run({ command: "members.create", brand: "lucky-peso", user: "agentfail", type: 42, by: "Ana", why: "fail-audit" }),
    ).rejects.toThrow();
    expect(await findMemberByUsername(database.db, lucky(), "agentfail")).toBeNull();
    expect(await database.db.select().from(auditLog).where(like(auditLog.subject, "member:agentfail%"))).toEqual([]);
    expect(await database.db.select().from(members).where(eq(members.usernameKey, "agentfail"))).toEqual([]);
  });
});

describe(`waiving a member's turnover requirement on ${TEST_ENGINE}`, () => {
  it("shows what is left, waives it with who and why, and says so when nothing is left", async () => {
    const m = await createMember(database.db, lucky(), { username: "turnwaive1", password: "memberpw1" });
    // A ₱1,000 deposit on lucky-peso (turnover x1) asks ₱1,000 of bets.
    await addTurnoverRequirement(database.db, lucky(), m.id, 1000_00n);
    const shown = await run({ command: "members.show", brand: "lucky-peso", user: "turnwaive1" });
    expect(shown.ok && shown.member.turnoverRemaining).toBe("100000");
    expect(formatAdminResult(shown).text).toMatch(/turnover left\s+₱1,000\.00/);

    expect(await run({ command: "members.waive-turnover", brand: "lucky-peso", user: "turnwaive1", by: "ana", why: "" })).toEqual(
      {
        ok: false,
        error: "--why is required",
      },
    );
    const waived = await run({
      command: "members.waive-turnover",
      brand: "lucky-peso",
      user: "turnwaive1",
      by: "ana",
      why: "goodwill after a game fault",
    });
    expect(formatAdminResult(waived).text).toBe(
      "Waived ₱1,000.00 of turnover for turnwaive1 on lucky-peso (by ana: goodwill after a game fault).",
    );
    expect(await turnoverRemaining(database.db, lucky(), m.id)).toBe(0n);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.merchantCode, lucky().merchantCode), eq(auditLog.subject, `turnover:member:${m.id}`)));
    expect(audit.map((a) => [a.oldValue, a.newValue, a.actor, a.reason])).toEqual([
      ["100000", "0", "ana", "goodwill after a game fault"],
    ]);

    const again = await run({
      command: "members.waive-turnover",
      brand: "lucky-peso",
      user: "turnwaive1",
      by: "ana",
      why: "again",
    });
    expect(formatAdminResult(again).text).toBe("turnwaive1 on lucky-peso has no turnover left to wager.");
    // Another brand's member of that name does not exist: nothing is waived there.
    expect(
      await run({ command: "members.waive-turnover", brand: "perlas-play", user: "turnwaive1", by: "ana", why: "x" }),
    ).toEqual({
      ok: false,
      error: 'No member "turnwaive1" on perlas-play.',
    });
  });
});
