import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import type { FirebaseIdentity } from "./ports";
import { isRealMember } from "./member-types";
import {
  createMember,
  findMemberByFirebaseUid,
  MemberExistsError,
  touchLastLogin,
  type Declaration,
  type Member,
} from "./members.server";

export type SocialOutcome =
  { ok: true; member: Member; created: boolean } | { ok: false; reason: "disabled" | "wrong_role" | "not_registered" };

/** A username for a new social account: the provider's uid is stable and unique, so it decides. */
function socialUsername(identity: FirebaseIdentity, attempt: number): string {
  const base =
    identity.uid
      .replace(/[^A-Za-z0-9]/g, "")
      .slice(0, 10)
      .toLowerCase() || "player";
  return attempt === 0 ? `fb${base}` : `fb${base}${attempt}`;
}

/**
 * Signs in the member a verified Firebase identity belongs to. Accounts are linked by the Firebase
 * uid only, never by an e-mail the provider has not verified. An identity with no account yet is
 * "not_registered": the player completes the registration first (the declaration, and the name
 * and birthday the restricted list is matched on), then `registerWithFirebase` makes it.
 */
export async function signInWithFirebase(db: Db, brand: Brand, identity: Pick<FirebaseIdentity, "uid">): Promise<SocialOutcome> {
  const existing = await findMemberByFirebaseUid(db, brand, identity.uid);
  if (!existing) return { ok: false, reason: "not_registered" };
  if (existing.status !== "active") return { ok: false, reason: "disabled" };
  if (!isRealMember(existing.type)) return { ok: false, reason: "wrong_role" };
  await touchLastLogin(db, brand, existing.id);
  return { ok: true, member: existing, created: false };
}

/** Registers the member of a verified Firebase identity, with what the completion form asked; signs in one that exists. */
export async function registerWithFirebase(
  db: Db,
  brand: Brand,
  identity: FirebaseIdentity,
  opts: {
    registerUrl: string;
    registerMethod?: string;
    declaration: Declaration;
    realName?: string | null;
    birthday?: string | null;
  },
): Promise<SocialOutcome> {
  const existing = await signInWithFirebase(db, brand, identity);
  if (existing.ok || existing.reason !== "not_registered") return existing;
  const mobile = identity.phoneNumber?.startsWith("+63") ? identity.phoneNumber.slice(3) : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const member = await createMember(db, brand, {
        username: socialUsername(identity, attempt),
        nickname: identity.name?.slice(0, 40) ?? null,
        email: identity.emailVerified && identity.email ? identity.email.slice(0, 254) : null,
        mobileNum: mobile,
        countryDialingCode: mobile ? "63" : null,
        firebaseUid: identity.uid,
        registerMethod: opts.registerMethod ?? "H5",
        registerUrl: opts.registerUrl,
        declaration: opts.declaration,
        realName: opts.realName ?? null,
        birthday: opts.birthday ?? null,
      });
      return { ok: true, member, created: true };
    } catch (err) {
      if (!(err instanceof MemberExistsError)) throw err;
      if (err.field === "firebaseUid") return signInWithFirebase(db, brand, identity); // a parallel completion won
      if (err.field === "mobileNum") return { ok: false, reason: "wrong_role" };
    }
  }
  throw new Error("could not allocate a username for a social account");
}
