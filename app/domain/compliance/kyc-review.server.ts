import { and, eq, sql } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { kycSubmissions, members } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";

/**
 * Support staff's review of identity verifications (`npm run kyc`): the brand's submissions,
 * oldest waiting first; one with its pictures; approve or reject with a reason the player reads.
 * A decision is a conditional update from `pending`, so two reviewers cannot both decide one
 * submission, and it is audited in the same transaction.
 */

export type KycSubmissionState = "pending" | "approved" | "rejected";

export interface KycSummary {
  id: number;
  username: string;
  idType: string;
  idNumber: string;
  state: KycSubmissionState;
  reason: string | null;
  submittedAt: Date;
  reviewedAt: Date | null;
  reviewedBy: string | null;
}

export interface KycPicture {
  contentType: string;
  bytes: Buffer;
}

/** What a player reads as the reason: short enough for a notice, long enough to say what to fix. */
export const REJECT_REASON = { min: 3, max: 200 } as const;

const summary = {
  id: kycSubmissions.id,
  username: members.username,
  idType: kycSubmissions.idType,
  idNumber: kycSubmissions.idNumber,
  state: kycSubmissions.state,
  reason: kycSubmissions.reason,
  submittedAt: kycSubmissions.submittedAt,
  reviewedAt: kycSubmissions.reviewedAt,
  reviewedBy: kycSubmissions.reviewedBy,
};

const ofBrand = (brand: Brand) =>
  and(eq(kycSubmissions.merchantCode, brand.merchantCode), eq(members.merchantCode, brand.merchantCode));

/**
 * The brand's submissions waiting for review, oldest first (the order they are owed an answer);
 * with `all`, the reviewed ones follow, newest first. At most `limit` rows.
 */
export async function listKycSubmissions(
  db: Db,
  brand: Brand,
  opts: { all?: boolean; limit?: number } = {},
): Promise<KycSummary[]> {
  const pending = eq(kycSubmissions.state, "pending");
  return db
    .select(summary)
    .from(kycSubmissions)
    .innerJoin(members, eq(members.id, kycSubmissions.memberId))
    .where(opts.all ? ofBrand(brand) : and(ofBrand(brand), pending))
    .orderBy(
      sql`case when ${kycSubmissions.state} = 'pending' then 0 else 1 end`,
      sql`case when ${kycSubmissions.state} = 'pending' then ${kycSubmissions.submittedAt} end asc`,
      sql`${kycSubmissions.submittedAt} desc`,
      kycSubmissions.id,
    )
    .limit(opts.limit ?? 200);
}

/** One submission of the brand; with `pictures`, the ID photo and the selfie as stored. */
export async function getKycSubmission(
  db: Db,
  brand: Brand,
  id: number,
  opts: { pictures?: boolean } = {},
): Promise<(KycSummary & { idPhoto: KycPicture | null; selfie: KycPicture | null }) | null> {
  const [row] = await db
    .select({
      ...summary,
      idPhoto: kycSubmissions.idPhoto,
      idPhotoType: kycSubmissions.idPhotoType,
      selfie: kycSubmissions.selfie,
      selfieType: kycSubmissions.selfieType,
    })
    .from(kycSubmissions)
    .innerJoin(members, eq(members.id, kycSubmissions.memberId))
    .where(and(ofBrand(brand), eq(kycSubmissions.id, id)))
    .limit(1);
  if (!row) return null;
  const { idPhoto, idPhotoType, selfie, selfieType, ...rest } = row;
  return {
    ...rest,
    idPhoto: opts.pictures ? { contentType: idPhotoType, bytes: idPhoto } : null,
    selfie: opts.pictures ? { contentType: selfieType, bytes: selfie } : null,
  };
}

export type KycDecision = { approve: true } | { approve: false; reason: string };

export type KycReviewResult =
  | { ok: true; submission: KycSummary }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "decided"; submission: KycSummary }
  | { ok: false; reason: "reason_length" };

/** Approves or rejects a waiting submission; anything else is answered, never changed. */
export async function reviewKyc(db: Db, brand: Brand, id: number, decision: KycDecision, actor: Actor): Promise<KycReviewResult> {
  const reason = decision.approve ? null : decision.reason.trim();
  if (reason !== null && (reason.length < REJECT_REASON.min || reason.length > REJECT_REASON.max))
    return { ok: false, reason: "reason_length" };
  const state: KycSubmissionState = decision.approve ? "approved" : "rejected";
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(kycSubmissions)
      .set({ state, reason, reviewedAt: sql`now()`, reviewedBy: actor.name })
      .where(
        and(eq(kycSubmissions.id, id), eq(kycSubmissions.merchantCode, brand.merchantCode), eq(kycSubmissions.state, "pending")),
      )
      .returning({ id: kycSubmissions.id });
    if (!done) {
      const [row] = await tx
        .select(summary)
        .from(kycSubmissions)
        .innerJoin(members, eq(members.id, kycSubmissions.memberId))
        .where(and(ofBrand(brand), eq(kycSubmissions.id, id)))
        .limit(1);
      return row
        ? { ok: false as const, reason: "decided" as const, submission: row }
        : { ok: false as const, reason: "not_found" as const };
    }
    await recordAudit(tx, brand, {
      subject: `kyc:${id}`,
      oldValue: "pending",
      newValue: reason === null ? state : `${state}: ${reason}`,
      actor,
    });
    const [row] = await tx
      .select(summary)
      .from(kycSubmissions)
      .innerJoin(members, eq(members.id, kycSubmissions.memberId))
      .where(eq(kycSubmissions.id, id))
      .limit(1);
    return { ok: true as const, submission: row! };
  });
}
