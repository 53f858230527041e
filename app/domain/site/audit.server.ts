import { and, desc, eq, like } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

/** Who made a support change and why: every change made by support staff carries both. */
export interface Actor {
  name: string;
  reason: string;
}

export interface AuditChange {
  /** What changed: "flag:CBS3", "status", "member:<username key>". */
  subject: string;
  oldValue: string | null;
  newValue: string | null;
  actor: Actor;
}

export type AuditRow = typeof auditLog.$inferSelect;

/**
 * Writes one audit row. Pass the transaction handle of the change it records, so the
 * change and its audit row are written together or not at all.
 */
export async function recordAudit(db: Db, brand: Pick<Brand, "merchantCode">, change: AuditChange): Promise<void> {
  await db.insert(auditLog).values({
    merchantCode: brand.merchantCode,
    subject: change.subject,
    oldValue: change.oldValue,
    newValue: change.newValue,
    actor: change.actor.name,
    reason: change.actor.reason,
  });
}

/** A brand's audit rows whose subject starts with `subjectPrefix`, newest first. */
export async function auditHistory(
  db: Db,
  brand: Pick<Brand, "merchantCode">,
  subjectPrefix: string,
  limit = 50,
): Promise<AuditRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.merchantCode, brand.merchantCode), like(auditLog.subject, `${subjectPrefix}%`)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
