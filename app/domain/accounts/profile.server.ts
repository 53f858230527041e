import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { memberAvatars, memberProfiles, members } from "~/db/schema";
import { checkImage } from "~/domain/uploads/images.server";
import type { ProfileInput } from "./profile-fields";

/** Spec §6 image upload limit (5 MB), before the picture is re-encoded. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;

export interface Profile {
  nickname: string | null;
  birthday: string | null;
  nationality: string | null;
  address: string | null;
  occupation: string | null;
  sourceOfIncome: string | null;
  /** The picture's URL for its owner, or null without one. */
  avatarUrl: string | null;
}

/** Names the picture's version, so a new picture gets a new URL and an old one may be cached for good. */
export function avatarUrl(memberId: number, sha256: string): string {
  return `/m/avatar/${memberId}.${sha256.slice(0, 16)}`;
}

export async function getProfile(db: Db, brand: Brand, memberId: number): Promise<Profile | null> {
  const [row] = await db
    .select({
      nickname: members.nickname,
      birthday: members.birthday,
      nationality: memberProfiles.nationality,
      address: memberProfiles.address,
      occupation: memberProfiles.occupation,
      sourceOfIncome: memberProfiles.sourceOfIncome,
      avatarSha: memberAvatars.sha256,
    })
    .from(members)
    .leftJoin(memberProfiles, and(eq(memberProfiles.merchantCode, members.merchantCode), eq(memberProfiles.memberId, members.id)))
    .leftJoin(memberAvatars, and(eq(memberAvatars.merchantCode, members.merchantCode), eq(memberAvatars.memberId, members.id)))
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.id, memberId)))
    .limit(1);
  if (!row) return null;
  const { avatarSha, ...rest } = row;
  return { ...rest, avatarUrl: avatarSha ? avatarUrl(memberId, avatarSha) : null };
}

export async function setNickname(db: Db, brand: Brand, memberId: number, nickname: string): Promise<void> {
  await db
    .update(members)
    .set({ nickname })
    .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.id, memberId)));
}

/**
 * Saves the spec §3 fields. A birthday is only ever set where none is stored (the conditional update),
 * so two forms posted at once cannot change one that the age check already relied on.
 */
export async function saveProfile(
  db: Db,
  brand: Brand,
  memberId: number,
  input: ProfileInput,
): Promise<{ ok: true } | { ok: false; reason: "birthday_locked" }> {
  return db.transaction(async (tx) => {
    if (input.birthday !== undefined) {
      const set = await tx
        .update(members)
        .set({ birthday: input.birthday })
        .where(and(eq(members.merchantCode, brand.merchantCode), eq(members.id, memberId), isNull(members.birthday)))
        .returning({ id: members.id });
      if (set.length === 0) return { ok: false as const, reason: "birthday_locked" as const };
    }
    const fields = {
      nationality: input.nationality ?? null,
      address: input.address ?? null,
      occupation: input.occupation ?? null,
      sourceOfIncome: input.sourceOfIncome ?? null,
    };
    await tx
      .insert(memberProfiles)
      .values({ merchantCode: brand.merchantCode, memberId, ...fields })
      .onConflictDoUpdate({
        target: [memberProfiles.merchantCode, memberProfiles.memberId],
        set: { ...fields, updatedAt: sql`now()` },
      });
    return { ok: true as const };
  });
}

export type AvatarRefusal = "too_large" | "not_an_image" | "too_many_pixels";

/** Checks, re-encodes at 256×256 and stores the member's picture, replacing any earlier one. */
export async function saveAvatar(
  db: Db,
  brand: Brand,
  memberId: number,
  upload: Uint8Array,
): Promise<{ ok: true; url: string } | { ok: false; reason: AvatarRefusal }> {
  const checked = await checkImage(upload, {
    maxBytes: AVATAR_MAX_BYTES,
    resizeTo: { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" },
  });
  if (!checked.ok) return checked;
  const sha256 = crypto.createHash("sha256").update(checked.bytes).digest("hex");
  const row = { sha256, contentType: checked.contentType, bytes: checked.bytes };
  await db
    .insert(memberAvatars)
    .values({ merchantCode: brand.merchantCode, memberId, ...row })
    .onConflictDoUpdate({ target: [memberAvatars.merchantCode, memberAvatars.memberId], set: { ...row, updatedAt: sql`now()` } });
  return { ok: true, url: avatarUrl(memberId, sha256) };
}

/** The member's picture if `version` (the URL's hash part) is the current one. */
export async function getAvatar(
  db: Db,
  brand: Brand,
  memberId: number,
  version: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const [row] = await db
    .select({ sha256: memberAvatars.sha256, contentType: memberAvatars.contentType, bytes: memberAvatars.bytes })
    .from(memberAvatars)
    .where(and(eq(memberAvatars.merchantCode, brand.merchantCode), eq(memberAvatars.memberId, memberId)))
    .limit(1);
  if (!row || row.sha256.slice(0, 16) !== version) return null;
  return { contentType: row.contentType, bytes: row.bytes };
}
