import { and, desc, eq, inArray } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { promotionApplicationImages, promotionApplications, type ApplicationStatus } from "~/db/schema";
import { isRealMember } from "~/domain/accounts/member-types";
import { checkImage, type ImageCheck } from "~/domain/uploads/images.server";
import { getIntake, getPromotion } from "./promotions.server";
import { APPLY_LIMITS, activityStatus, commentLength, commentTooLong, type ActivityStatus } from "./rules";

/**
 * Applying for a promotion, and what the member sees of their applications; support staff's review
 * is ./application-review.server.ts. Every status change is a conditional update on a locked row
 * (`where status = 'applying'`); the database holds the rest (one application waiting or paid per member and promotion, the comment limit, what an
 * issued application must carry: schema-promotions.ts).
 */

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type ApplyRefusal =
  | { reason: "not_found" }
  | { reason: "free_reject" }
  | { reason: "closed" }
  | { reason: "already_applied"; status: "applying" | "issued" }
  | { reason: "comment_too_long"; length: number }
  | { reason: "too_many_images"; count: number }
  | { reason: "image_too_large" | "not_an_image" | "too_many_pixels"; image: number };

export type ApplyResult = { ok: true; id: number } | ({ ok: false } & ApplyRefusal);

export interface Upload {
  /** As the browser named it: only shown back to the member, never trusted for the type. */
  name: string;
  bytes: Uint8Array;
}

const held = (t: typeof promotionApplications) => inArray(t.status, ["applying", "issued"]);

async function heldStatus(db: Db | Tx, brand: Brand, memberId: number, key: string) {
  const [row] = await db
    .select({ status: promotionApplications.status })
    .from(promotionApplications)
    .where(
      and(
        eq(promotionApplications.merchantCode, brand.merchantCode),
        eq(promotionApplications.memberId, memberId),
        eq(promotionApplications.promotionKey, key),
        held(promotionApplications),
      ),
    )
    .limit(1);
  return (row?.status as "applying" | "issued" | undefined) ?? null;
}

/**
 * A member's application: checked whole before anything is written (a refused post stores
 * nothing), the images re-encoded, then the application and its images in one transaction. A
 * parallel second post meets the unique index and is answered as already applied.
 */
export async function applyForPromotion(
  db: Db,
  brand: Brand,
  member: { memberId: number; type: number },
  input: { promotionId: number; comment: string; images: Upload[] },
  now = new Date(),
): Promise<ApplyResult> {
  if (!isRealMember(member.type)) return { ok: false, reason: "free_reject" };
  const promotion = await getPromotion(db, brand, brand.languages.default, input.promotionId);
  if (!promotion) return { ok: false, reason: "not_found" };
  const intake = await getIntake(db, brand, promotion.key);
  const already = await heldStatus(db, brand, member.memberId, promotion.key);
  const status = activityStatus({
    now,
    start: promotion.startDate,
    end: promotion.endDate,
    noExpiry: promotion.noExpiry,
    intakeOpen: intake.open,
    held: already,
  });
  if (status === "applying" || status === "issued") return { ok: false, reason: "already_applied", status };
  if (status !== "apply") return { ok: false, reason: "closed" };

  const comment = input.comment.trim();
  if (commentTooLong(comment)) return { ok: false, reason: "comment_too_long", length: commentLength(comment) };
  const files = input.images.filter((f) => f.bytes.length > 0);
  if (files.length > APPLY_LIMITS.images) return { ok: false, reason: "too_many_images", count: files.length };
  const images: Extract<ImageCheck, { ok: true }>[] = [];
  for (const [i, file] of files.entries()) {
    const checked = await checkImage(file.bytes, { maxBytes: APPLY_LIMITS.imageBytes });
    if (!checked.ok)
      return { ok: false, reason: checked.reason === "too_large" ? "image_too_large" : checked.reason, image: i + 1 };
    // A re-encoding can come out larger than what was sent; what is kept keeps the same limit.
    if (checked.bytes.length > APPLY_LIMITS.imageBytes) return { ok: false, reason: "image_too_large", image: i + 1 };
    images.push(checked);
  }

  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotionApplications)
      .values({
        merchantCode: brand.merchantCode,
        memberId: member.memberId,
        promotionKey: promotion.key,
        promotionTitle: promotion.title,
        comment,
      })
      .onConflictDoNothing()
      .returning({ id: promotionApplications.id });
    if (!row) {
      const status = (await heldStatus(tx, brand, member.memberId, promotion.key)) ?? "applying";
      return { ok: false as const, reason: "already_applied" as const, status };
    }
    if (images.length > 0)
      await tx.insert(promotionApplicationImages).values(
        images.map((img, i) => ({
          merchantCode: brand.merchantCode,
          applicationId: row.id,
          sequence: i + 1,
          contentType: img.contentType,
          width: img.width,
          height: img.height,
          bytes: img.bytes,
        })),
      );
    return { ok: true as const, id: row.id };
  });
}

export interface MemberApplication {
  id: number;
  status: ApplicationStatus;
  comment: string;
  images: number;
  /** Centavos, when issued. */
  bonus: string | null;
  createdAt: Date;
}

/** A member's applications for one promotion, newest first. */
export async function memberApplications(
  db: Db,
  brand: Brand,
  memberId: number,
  promotionKey: string,
): Promise<MemberApplication[]> {
  const rows = await db
    .select({
      id: promotionApplications.id,
      status: promotionApplications.status,
      comment: promotionApplications.comment,
      bonus: promotionApplications.bonus,
      createdAt: promotionApplications.createdAt,
    })
    .from(promotionApplications)
    .where(
      and(
        eq(promotionApplications.merchantCode, brand.merchantCode),
        eq(promotionApplications.memberId, memberId),
        eq(promotionApplications.promotionKey, promotionKey),
      ),
    )
    .orderBy(desc(promotionApplications.createdAt), desc(promotionApplications.id));
  const counts = await imageCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, bonus: r.bonus?.toString() ?? null, images: counts.get(r.id) ?? 0 }));
}

export async function imageCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promotionApplicationImages.applicationId })
    .from(promotionApplicationImages)
    .where(inArray(promotionApplicationImages.applicationId, ids));
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.id, (out.get(r.id) ?? 0) + 1);
  return out;
}

/** What the detail page shows a member: the promotion's status for them and their applications. */
export async function memberView(
  db: Db,
  brand: Brand,
  memberId: number | null,
  promotion: { key: string; startDate: Date; endDate: Date | null; noExpiry: boolean },
  now = new Date(),
): Promise<{ status: ActivityStatus; applications: MemberApplication[] }> {
  const intake = await getIntake(db, brand, promotion.key);
  const applications = memberId === null ? [] : await memberApplications(db, brand, memberId, promotion.key);
  const holding = applications.find((a) => a.status === "applying" || a.status === "issued");
  const status = activityStatus({
    now,
    start: promotion.startDate,
    end: promotion.endDate,
    noExpiry: promotion.noExpiry,
    intakeOpen: intake.open,
    held: (holding?.status as "applying" | "issued" | undefined) ?? null,
  });
  return { status, applications };
}
