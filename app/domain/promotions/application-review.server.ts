import { and, asc, eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { members, promotionApplicationImages, promotionApplications, promotionIntake, type ApplicationStatus } from "~/db/schema";
import { recordAudit, type Actor } from "~/domain/site/audit.server";
import { postTransfer } from "~/domain/wallet/ledger.server";
import { addTurnoverRequirement } from "~/domain/wallet/turnover.server";
import { formatPeso } from "~/utils/money";
import { imageCounts, type Tx } from "./applications.server";
import { getIntake } from "./promotions.server";

/**
 * Support staff's side of promotion applications (`npm run promotions`): the list, one application
 * with its images, approval (the bonus credited through the ledger with its turnover requirement)
 * and rejection, each audited, and opening or closing a promotion's intake.
 */

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
