import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { lockMemberByUsername, setMemberStatus, type Member } from "./members.server";
import { revokeMemberSessions } from "./sessions.server";

export type MemberStatus = Member["status"];

export interface MemberStatusChange {
  username: string;
  before: MemberStatus;
  /** Equal to `before` when the member already had that status: then nothing was written. */
  after: MemberStatus;
  /** Sessions signed out by this change (remembered devices are revoked too, but not counted). */
  sessionsRevoked: number;
}

/**
 * Disables a member: the status, the sign-out everywhere (sessions and remembered devices)
 * and the audit row are one transaction, so a failure leaves the member as they were.
 * Null when the brand has no such member.
 */
export function disableMember(db: Db, brand: Brand, username: string, actor: Actor): Promise<MemberStatusChange | null> {
  return changeMemberStatus(db, brand, username, "disabled", actor);
}

/** Enables a disabled member again, with its audit row, in one transaction. Null when there is no such member. */
export function enableMember(db: Db, brand: Brand, username: string, actor: Actor): Promise<MemberStatusChange | null> {
  return changeMemberStatus(db, brand, username, "active", actor);
}

async function changeMemberStatus(
  db: Db,
  brand: Brand,
  username: string,
  status: MemberStatus,
  actor: Actor,
): Promise<MemberStatusChange | null> {
  // PGlite: inside the transaction only `tx` may be used; the outer handle would hang.
  return db.transaction(async (tx) => {
    const member = await lockMemberByUsername(tx, brand, username);
    if (!member) return null;
    if (member.status === status) return { username: member.username, before: status, after: status, sessionsRevoked: 0 };
    await setMemberStatus(tx, brand, member.username, status);
    // A disabled member is signed out everywhere at once, remembered devices included.
    const sessionsRevoked = status === "disabled" ? await revokeMemberSessions(tx, brand, member.id) : 0;
    await recordAudit(tx, brand, { subject: `member:${member.usernameKey}`, oldValue: member.status, newValue: status, actor });
    return { username: member.username, before: member.status, after: status, sessionsRevoked };
  });
}
