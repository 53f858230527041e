// Sessions and passwords: revoking sessions and devices, changing a password.
import { describe, expect, it } from "vitest";
import { THROTTLE } from "../../app/domain/accounts/login-throttle.server";
import { createMember } from "../../app/domain/accounts/members.server";
import { changePassword, mustAskOldPassword } from "../../app/domain/accounts/password.server";
import {
  createRememberToken,
  createSession,
  getSession,
  rememberedMember,
  revokeMemberSessions,
  revokeSession,
} from "../../app/domain/accounts/sessions.server";
import { TEST_ENGINE } from "../setup/test-db";
import { database, login, lucky, perlas, setUpAccounts } from "./accounts-fixtures";

setUpAccounts();

describe(`sessions and passwords on ${TEST_ENGINE}`, () => {
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
});
