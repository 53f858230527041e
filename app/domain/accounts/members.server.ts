import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { dbErrorInfo } from "~/db/errors";
import { memberDeclarations, members } from "~/db/schema";
import { placement, type Inviter } from "./placement";

/**
 * What a player declared at registration, stored with the member in the same transaction
 * (app/domain/compliance/declarations.server.ts makes it from the text the page showed).
 */
export interface Declaration {
  kind: "registration";
  language: string;
  text: string;
  textVersion: string;
  minimumAge: number;
}

export type Member = typeof members.$inferSelect;

export class MemberExistsError extends Error {
  constructor(readonly field: "username" | "mobileNum" | "firebaseUid") {
    super(`member ${field} already exists`);
  }
}

/** Argon2id with the library's defaults (19 MiB, t=2: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verifying against this when the account does not exist keeps the answer time the same.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(crypto.randomBytes(12).toString("hex"));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/**
 * The one member of this brand matching `match`, or null (every lookup key is unique per brand).
 * `forUpdate` locks the row until the caller's transaction ends.
 */
async function findMember(db: Db, brand: Brand, match: SQL, forUpdate = false): Promise<Member | null> {
  const query = db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, brand.merchantCode), match))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

export const findMemberByUsername = (db: Db, brand: Brand, username: string) =>
  findMember(db, brand, eq(members.usernameKey, usernameKey(username)));

/** Inside a transaction (pass its handle as `tx`): the member, locked until the transaction ends. */
export const lockMemberByUsername = (tx: Db, brand: Brand, username: string) =>
  findMember(tx, brand, eq(members.usernameKey, usernameKey(username)), true);

export const findMemberByMobile = (db: Db, brand: Brand, mobileNum: string) =>
  findMember(db, brand, eq(members.mobileNum, mobileNum));

export const findMemberByInviteCode = (db: Db, brand: Brand, code: string) =>
  findMember(db, brand, eq(members.inviteCode, code.trim().toUpperCase()));

export const findMemberByFirebaseUid = (db: Db, brand: Brand, uid: string) => findMember(db, brand, eq(members.firebaseUid, uid));

export const getMember = (db: Db, brand: Brand, id: number) => findMember(db, brand, eq(members.id, id));

export async function isUsernameTaken(db: Db, brand: Brand, username: string): Promise<boolean> {
  return (await findMemberByUsername(db, brand, username)) !== null;
}

export interface NewMember {
  username: string;
  password?: string | null;
  type?: number;
  nickname?: string | null;
  email?: string | null;
  mobileNum?: string | null;
  countryDialingCode?: string | null;
  birthday?: string | null;
  /** The full name as on a government ID (what the restricted-persons list is matched on). */
  realName?: string | null;
  /** Whose invitation code or link the player registered with: its referrer, and the agent tree it joins. */
  invitedBy?: Inviter | null;
  /** An agent made by support under this parent agent (issue 17). */
  parentAgent?: Inviter | null;
  registerMethod?: string;
  registerUrl?: string | null;
  firebaseUid?: string | null;
  /** What the player confirmed on the registration form: stored with the member, in one transaction. */
  declaration?: Declaration;
}

const INVITE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[crypto.randomInt(INVITE_ALPHABET.length)];
  return code;
}

/** Unique-violation on one of our indexes: which field collided. */
function collidedField(err: unknown): MemberExistsError["field"] | "invite" | null {
  const info = dbErrorInfo(err);
  if (info?.code !== "23505") return null;
  const where = `${info.constraint} ${info.message}`;
  if (where.includes("members_brand_username_idx")) return "username";
  if (where.includes("members_brand_mobile_idx")) return "mobileNum";
  if (where.includes("members_brand_firebase_idx")) return "firebaseUid";
  if (where.includes("members_brand_invite_idx")) return "invite";
  return null;
}

export async function createMember(db: Db, brand: Brand, input: NewMember): Promise<Member> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  for (let attempt = 0; attempt < 5; attempt++) {
    const values = {
      merchantCode: brand.merchantCode,
      username: input.username.trim(),
      usernameKey: usernameKey(input.username),
      passwordHash,
      type: input.type ?? 0,
      nickname: input.nickname ?? null,
      email: input.email ?? null,
      mobileNum: input.mobileNum ?? null,
      countryDialingCode: input.countryDialingCode ?? null,
      birthday: input.birthday ?? null,
      realName: input.realName ?? null,
      inviteCode: newInviteCode(),
      ...placement({ invitedBy: input.invitedBy ?? null, parentAgent: input.parentAgent ?? null }),
      registerMethod: input.registerMethod ?? "H5",
      registerUrl: input.registerUrl ?? null,
      firebaseUid: input.firebaseUid ?? null,
      passwordChangedAt: passwordHash ? new Date() : null,
    };
    const declaration = input.declaration;
    try {
      if (!declaration) return (await db.insert(members).values(values).returning())[0]!;
      return await db.transaction(async (tx) => {
        const [created] = await tx.insert(members).values(values).returning();
        await tx.insert(memberDeclarations).values({ ...declaration, merchantCode: brand.merchantCode, memberId: created!.id });
        return created!;
      });
    } catch (err) {
      const field = collidedField(err);
      if (field === "invite") continue; // 32^8 codes: a clash is rare, a retry settles it
      if (field) throw new MemberExistsError(field);
      throw err;
    }
  }
  throw new Error("could not allocate an invitation code");
}

export async function setPassword(db: Db, brand: Brand, memberId: number, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db
    .update(members)
    .set({ passwordHash, passwordChangedAt: new Date() })
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.id, memberId)));
}

export async function touchLastLogin(db: Db, brand: Brand, memberId: number): Promise<void> {
  await db
    .update(members)
    .set({ lastLoginAt: new Date() })
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.id, memberId)));
}

/** `db` may be a transaction handle, so the change can join a larger one (see member-status.server.ts). */
export async function setMemberStatus(
  db: Db,
  brand: Brand,
  username: string,
  status: "active" | "disabled",
): Promise<Member | null> {
  const [row] = await db
    .update(members)
    .set({ status })
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.usernameKey, usernameKey(username))))
    .returning();
  return row ?? null;
}

export async function listMembers(db: Db, brand: Brand, opts: { limit: number; type?: number }): Promise<Member[]> {
  return db
    .select()
    .from(members)
    .where(and(eq(members.merchantCode, brand.merchantCode), opts.type === undefined ? sql`true` : eq(members.type, opts.type)))
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(opts.limit);
}
