import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members, promotionApplicationImages, promotionApplications, promotionIntake, type ApplicationStatus } from "~/db/schema";
import { isRealMember } from "~/domain/accounts/member-types";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { checkImage, type ImageCheck } from "~/domain/uploads/images.server";
import { postTransfer } from "~/domain/wallet/ledger.server";
import { addTurnoverRequirement } from "~/domain/wallet/turnover.server";
import { formatPeso } from "~/utils/money";
import { getIntake, getPromotion } from "./promotions.server";
import { APPLY_LIMITS, activityStatus, commentLength, commentTooLong, type ActivityStatus } from "./rules";

/**
 * Applying for a promotion, and support staff's review of the applications. Every status change
 * is a conditional update on a locked row (`where status = 'applying'`); the database holds the
 * rest (one application waiting or paid per member and promotion, the comment limit, what an
 * issued application must carry: schema-promotions.ts).
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

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

async function imageCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
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

/* Support staff. */

export interface ApplicationSummary {
  id: number;
  username: string;
  promotionKey: string;
  promotionTitle: string;
  status: ApplicationStatus;
  comment: string;
  images: number;
  bonus: bigint | null;
  transferId: number | null;
  reviewedBy: string | null;
  reviewReason: string | null;
  reviewedAt: Date | null;
  createdAt: Date;
}

const summaryColumns = {
  id: promotionApplications.id,
  username: members.username,
  promotionKey: promotionApplications.promotionKey,
  promotionTitle: promotionApplications.promotionTitle,
  status: promotionApplications.status,
  comment: promotionApplications.comment,
  bonus: promotionApplications.bonus,
  transferId: promotionApplications.transferId,
  reviewedBy: promotionApplications.reviewedBy,
  reviewReason: promotionApplications.reviewReason,
  reviewedAt: promotionApplications.reviewedAt,
  createdAt: promotionApplications.createdAt,
};

export async function listApplications(
  db: Db,
  brand: Brand,
  opts: { status?: ApplicationStatus; limit?: number } = {},
): Promise<ApplicationSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(promotionApplications)
    .innerJoin(members, eq(members.id, promotionApplications.memberId))
    .where(
      and(
        eq(promotionApplications.merchantCode, brand.merchantCode),
        opts.status ? eq(promotionApplications.status, opts.status) : undefined,
      ),
    )
    .orderBy(asc(promotionApplications.createdAt), asc(promotionApplications.id))
    .limit(opts.limit ?? 200);
  const counts = await imageCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, images: counts.get(r.id) ?? 0 }));
}

export interface ApplicationImage {
  sequence: number;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export async function getApplication(
  db: Db,
  brand: Brand,
  id: number,
  opts: { withImages?: boolean } = {},
): Promise<(ApplicationSummary & { imageFiles: ApplicationImage[] }) | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(promotionApplications)
    .innerJoin(members, eq(members.id, promotionApplications.memberId))
    .where(and(eq(promotionApplications.merchantCode, brand.merchantCode), eq(promotionApplications.id, id)));
  if (!row) return null;
  const imageFiles = await db
    .select({
      sequence: promotionApplicationImages.sequence,
      contentType: promotionApplicationImages.contentType,
      width: promotionApplicationImages.width,
      height: promotionApplicationImages.height,
      bytes: promotionApplicationImages.bytes,
    })
    .from(promotionApplicationImages)
    .where(and(eq(promotionApplicationImages.merchantCode, brand.merchantCode), eq(promotionApplicationImages.applicationId, id)))
    .orderBy(asc(promotionApplicationImages.sequence));
  return { ...row, images: imageFiles.length, imageFiles: opts.withImages ? imageFiles : [] };
}

export class ReviewRefusedError extends Error {}

export type Review = {
  id: number;
  status: ApplicationStatus;
  replayed: boolean;
  bonus: bigint | null;
  transferId: number | null;
};

async function lockApplication(tx: Tx, brand: Brand, id: number) {
  const [row] = await tx
    .select({
      id: promotionApplications.id,
      memberId: promotionApplications.memberId,
      promotionKey: promotionApplications.promotionKey,
      status: promotionApplications.status,
      bonus: promotionApplications.bonus,
      transferId: promotionApplications.transferId,
    })
    .from(promotionApplications)
    .where(and(eq(promotionApplications.merchantCode, brand.merchantCode), eq(promotionApplications.id, id)))
    .for("update");
  if (!row) throw new ReviewRefusedError(`No application ${id} in ${brand.id}.`);
  return row;
}

const stillApplying = (brand: Brand, id: number) =>
  and(
    eq(promotionApplications.merchantCode, brand.merchantCode),
    eq(promotionApplications.id, id),
    eq(promotionApplications.status, "applying"),
  );

/**
 * Approves an application: the bonus is credited to the member's cash from house:bonus (transfer
 * kind bonus, key per application) with its turnover requirement, the status set and the audit
 * row written, all in one transaction. An approved application answers its first approval again
 * and changes nothing, whatever bonus a repeat names.
 *
 * Turnover: the bonus times the promotion's own multiplier when support staff set one with
 * `intake`, else the brand's (brand.play.turnoverMultiplier), as for a deposit.
 */
export async function approveApplication(db: Db, brand: Brand, id: number, bonus: bigint, actor: Actor): Promise<Review> {
  if (bonus <= 0n) throw new ReviewRefusedError("The bonus must be more than zero.");
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, brand, id);
    if (app.status === "issued") return { id, status: app.status, replayed: true, bonus: app.bonus, transferId: app.transferId };
    if (app.status !== "applying") throw new ReviewRefusedError(`Application ${id} was already ${app.status}.`);
    const posted = await postTransfer(tx, brand, {
      key: `promotion-application:${id}`,
      kind: "bonus",
      reference: `promotion:${app.promotionKey}`,
      memo: `${actor.name}: ${actor.reason}`,
      legs: [
        { account: { memberId: app.memberId, kind: "cash" }, amount: bonus },
        { account: { house: "house:bonus" }, amount: -bonus },
      ],
    });
    const intake = await getIntake(tx as unknown as Db, brand, app.promotionKey);
    const rules =
      intake.turnoverMultiplier === null
        ? brand
        : { ...brand, play: { ...brand.play, turnoverMultiplier: intake.turnoverMultiplier } };
    await addTurnoverRequirement(tx, rules, app.memberId, bonus);
    const updated = await tx
      .update(promotionApplications)
      .set({
        status: "issued",
        bonus,
        transferId: posted.id,
        reviewedBy: actor.name,
        reviewReason: actor.reason,
        reviewedAt: new Date(),
      })
      .where(stillApplying(brand, id))
      .returning({ id: promotionApplications.id });
    // The row is locked, so this cannot happen; if it ever did, the transaction (and the credit) is undone.
    if (updated.length !== 1) throw new ReviewRefusedError(`Application ${id} changed while it was being approved.`);
    await recordAudit(tx as unknown as Db, brand, {
      subject: `promotion-application:${id}`,
      oldValue: "applying",
      newValue: `issued ${formatPeso(bonus.toString())} (transfer ${posted.id})`,
      actor,
    });
    return { id, status: "issued" as const, replayed: false, bonus, transferId: posted.id };
  });
}

export async function rejectApplication(db: Db, brand: Brand, id: number, actor: Actor): Promise<Review> {
  return db.transaction(async (tx) => {
    const app = await lockApplication(tx, brand, id);
    if (app.status === "rejected") return { id, status: app.status, replayed: true, bonus: null, transferId: null };
    if (app.status !== "applying") throw new ReviewRefusedError(`Application ${id} was already ${app.status}.`);
    const updated = await tx
      .update(promotionApplications)
      .set({ status: "rejected", reviewedBy: actor.name, reviewReason: actor.reason, reviewedAt: new Date() })
      .where(stillApplying(brand, id))
      .returning({ id: promotionApplications.id });
    if (updated.length !== 1) throw new ReviewRefusedError(`Application ${id} changed while it was being rejected.`);
    await recordAudit(tx as unknown as Db, brand, {
      subject: `promotion-application:${id}`,
      oldValue: "applying",
      newValue: "rejected",
      actor,
    });
    return { id, status: "rejected" as const, replayed: false, bonus: null, transferId: null };
  });
}

/** Support staff open or close a promotion's applications (audited). */
export async function setIntake(
  db: Db,
  brand: Brand,
  promotionKey: string,
  change: { open: boolean; turnoverMultiplier: number | null },
  actor: Actor,
): Promise<{ before: boolean; after: boolean }> {
  return db.transaction(async (tx) => {
    const before = await getIntake(tx as unknown as Db, brand, promotionKey);
    await tx
      .insert(promotionIntake)
      .values({ merchantCode: brand.merchantCode, promotionKey, ...change, updatedBy: actor.name })
      .onConflictDoUpdate({
        target: [promotionIntake.merchantCode, promotionIntake.promotionKey],
        set: { ...change, updatedBy: actor.name, updatedAt: new Date() },
      });
    await recordAudit(tx as unknown as Db, brand, {
      subject: `promotion-intake:${promotionKey}`,
      oldValue: before.open ? "open" : "closed",
      newValue: `${change.open ? "open" : "closed"}${change.turnoverMultiplier === null ? "" : ` (turnover x${change.turnoverMultiplier})`}`,
      actor,
    });
    return { before: before.open, after: change.open };
  });
}
