import { eq } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { systemStatus } from "~/db/schema";
import { recordAudit, type Actor } from "./audit.server";

/** 0 the app; 1 maintenance / IP-restricted page; 2 service-error (region) page (spec §2). */
export type SystemStatus = 0 | 1 | 2;

export function isSystemStatus(v: unknown): v is SystemStatus {
  return v === 0 || v === 1 || v === 2;
}

/** A call refused because its brand is closed (status 1 or 2); nothing was decided or stored. */
export class SiteClosedError extends Error {
  constructor(readonly status: Exclude<SystemStatus, 0>) {
    super(`the brand is closed (status ${status})`);
  }
}

/** The brand's status alone, read fresh (for machine routes, which need no flags). */
export async function getSystemStatus(db: Db, brand: Brand): Promise<SystemStatus> {
  const [row] = await db
    .select({ status: systemStatus.status })
    .from(systemStatus)
    .where(eq(systemStatus.merchantCode, brand.merchantCode));
  return isSystemStatus(row?.status) ? row.status : 0;
}

export async function setSystemStatus(db: Db, brand: Brand, status: SystemStatus, actor: Actor) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(systemStatus).where(eq(systemStatus.merchantCode, brand.merchantCode)).for("update");
    const before = row?.status ?? 0;
    await tx
      .insert(systemStatus)
      .values({ merchantCode: brand.merchantCode, status })
      .onConflictDoUpdate({ target: systemStatus.merchantCode, set: { status, updatedAt: new Date() } });
    await recordAudit(tx, brand, { subject: "status", oldValue: String(before), newValue: String(status), actor });
    return { before, after: status };
  });
}
