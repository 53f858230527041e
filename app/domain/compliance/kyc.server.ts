import { and, desc, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { kycSubmissions } from "~/db/schema";
import { isRealMember } from "~/domain/accounts/member-types";
import { checkImage } from "~/domain/uploads/images.server";
import { checkIdNumber, isKycIdType, type KycIdType } from "./kyc-id-types";

/**
 * Identity verification (KYC, issue 16, item 3): a player sends a government ID (type, number,
 * photo) and a selfie; support staff approve or reject it (./kyc-review.server.ts). A member is
 * verified while their latest reviewed submission is approved; the brand says which actions need
 * that (`compliance.kyc`, asked by ./gates.server.ts). At most one submission waits per member
 * (a partial unique index, so parallel posts make one row).
 */

export const KYC_LIMITS = {
  /** Each picture as sent: a phone's full-size photo fits. */
  imageBytes: 8 * 1024 * 1024,
  /** The shorter side in pixels: below it the text of an ID cannot be read. */
  minSide: 240,
  /** The longer side as stored: enough to read an ID, a fraction of a phone photo's bytes. */
  maxSide: 2048,
} as const;

export type KycState =
  | { status: "none" }
  | { status: "pending"; submittedAt: Date }
  | { status: "approved"; reviewedAt: Date }
  | { status: "rejected"; reviewedAt: Date; reason: string };

/** The member's verification as the gates and the page read it. */
export async function kycState(db: Db, brand: Brand, memberId: number): Promise<KycState> {
  // Newest review first, the waiting one (no review yet) before all: at most one waits, so two rows
  // are the waiting one and the latest decision.
  const rows = await db
    .select({
      state: kycSubmissions.state,
      reason: kycSubmissions.reason,
      submittedAt: kycSubmissions.submittedAt,
      reviewedAt: kycSubmissions.reviewedAt,
    })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.merchantCode, brand.merchantCode), eq(kycSubmissions.memberId, memberId)))
    .orderBy(sql`${kycSubmissions.reviewedAt} desc nulls first`, desc(kycSubmissions.id))
    .limit(2);
  const pending = rows.find((r) => r.state === "pending");
  const decided = rows.find((r) => r.state !== "pending");
  // An approval holds even if a submission waits (one sent while the approval was being made).
  if (decided?.state === "approved") return { status: "approved", reviewedAt: decided.reviewedAt! };
  if (pending) return { status: "pending", submittedAt: pending.submittedAt };
  if (decided?.state === "rejected") return { status: "rejected", reviewedAt: decided.reviewedAt!, reason: decided.reason ?? "" };
  return { status: "none" };
}

export const isVerified = async (db: Db, brand: Brand, memberId: number) =>
  (await kycState(db, brand, memberId)).status === "approved";

/** A picture as the form carried it: its bytes, too large to have been kept, or not sent. */
export type KycUpload = { bytes: Uint8Array } | { tooLarge: true } | null;

export type KycField = "idType" | "idNumber" | "idPhoto" | "selfie";
export type KycFieldError =
  | "id_type"
  | "id_number_required"
  | "id_number_format"
  | "image_missing"
  | "image_too_large"
  | "not_an_image"
  | "too_many_pixels"
  | "image_too_small";

export type KycSubmitResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not_member" | "pending" | "verified" }
  | { ok: false; reason: "invalid"; errors: Partial<Record<KycField, KycFieldError>> };

type Checked = { bytes: Buffer; contentType: "image/png" | "image/jpeg" };

/** One picture through the uploads' checks: re-encoded (no EXIF, nothing hidden after the pixels), upright, bounded. */
async function checkPicture(upload: KycUpload): Promise<Checked | KycFieldError> {
  if (!upload) return "image_missing";
  if ("tooLarge" in upload) return "image_too_large";
  if (upload.bytes.length === 0) return "image_missing";
  const checked = await checkImage(upload.bytes, {
    maxBytes: KYC_LIMITS.imageBytes,
    resizeTo: { width: KYC_LIMITS.maxSide, height: KYC_LIMITS.maxSide, fit: "inside" },
  });
  if (!checked.ok) return checked.reason === "too_large" ? "image_too_large" : checked.reason;
  if (Math.min(checked.width, checked.height) < KYC_LIMITS.minSide) return "image_too_small";
  // A re-encoding can come out larger than what was sent; what is kept keeps the same limit.
  if (checked.bytes.length > KYC_LIMITS.imageBytes) return "image_too_large";
  return { bytes: checked.bytes, contentType: checked.contentType };
}

/**
 * A member's submission: checked whole before anything is written (a refused post stores
 * nothing). A member who is verified, or whose submission waits, is told so and nothing is kept;
 * a parallel second post meets the one-waiting index and is answered the same way.
 */
export async function submitKyc(
  db: Db,
  brand: Brand,
  member: { id: number; type: number },
  input: { idType: string; idNumber: string; idPhoto: KycUpload; selfie: KycUpload },
): Promise<KycSubmitResult> {
  if (!isRealMember(member.type)) return { ok: false, reason: "not_member" };
  const state = await kycState(db, brand, member.id);
  if (state.status === "pending") return { ok: false, reason: "pending" };
  if (state.status === "approved") return { ok: false, reason: "verified" };

  const errors: Partial<Record<KycField, KycFieldError>> = {};
  let idType: KycIdType | null = null;
  let idNumber: string | null = null;
  if (isKycIdType(input.idType)) {
    idType = input.idType;
    const number = checkIdNumber(idType, input.idNumber);
    if (number.ok) idNumber = number.number;
    else errors.idNumber = number.reason === "required" ? "id_number_required" : "id_number_format";
  } else errors.idType = "id_type";
  const [idPhoto, selfie] = await Promise.all([checkPicture(input.idPhoto), checkPicture(input.selfie)]);
  if (typeof idPhoto === "string") errors.idPhoto = idPhoto;
  if (typeof selfie === "string") errors.selfie = selfie;
  if (!idType || !idNumber || typeof idPhoto === "string" || typeof selfie === "string")
    return { ok: false, reason: "invalid", errors };

  const [row] = await db
    .insert(kycSubmissions)
    .values({
      merchantCode: brand.merchantCode,
      memberId: member.id,
      idType,
      idNumber,
      idPhoto: idPhoto.bytes,
      idPhotoType: idPhoto.contentType,
      selfie: selfie.bytes,
      selfieType: selfie.contentType,
    })
    .onConflictDoNothing()
    .returning({ id: kycSubmissions.id });
  return row ? { ok: true, id: row.id } : { ok: false, reason: "pending" };
}
