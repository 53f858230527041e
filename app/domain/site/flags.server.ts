import { and, eq } from "drizzle-orm";
import { effectiveFlags, FLAG_NAMES, MODULE_FLAGS, type FlagName } from "~/brand/flags";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { flagOverrides } from "~/db/schema";
import { recordAudit, type Actor } from "./audit.server";

export interface FlagRow {
  name: FlagName;
  meaning: string;
  catalogueDefault: boolean;
  brandDefault: boolean | null;
  override: { enabled: boolean; by: string; reason: string; at: Date } | null;
  effective: boolean;
}

export async function listFlags(db: Db, brand: Brand): Promise<FlagRow[]> {
  const rows = await db.select().from(flagOverrides).where(eq(flagOverrides.merchantCode, brand.merchantCode));
  const byName = new Map(rows.map((r) => [r.flag, r]));
  const effective = effectiveFlags(brand.flags, rows);
  return FLAG_NAMES.map((name) => {
    const o = byName.get(name);
    return {
      name,
      meaning: MODULE_FLAGS[name].meaning,
      catalogueDefault: MODULE_FLAGS[name].default,
      brandDefault: brand.flags[name] ?? null,
      override: o ? { enabled: o.enabled, by: o.updatedBy, reason: o.reason, at: o.updatedAt } : null,
      effective: effective[name],
    };
  });
}

/**
 * Sets (true/false) or clears (null: back to the brand file's default) a support-staff
 * override. The override and its audit row are written together or not at all.
 */
export async function setFlag(db: Db, brand: Brand, flag: FlagName, enabled: boolean | null, actor: Actor) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(flagOverrides)
      .where(and(eq(flagOverrides.merchantCode, brand.merchantCode), eq(flagOverrides.flag, flag)))
      .for("update");
    const before = effectiveFlags(brand.flags, current ? [current] : [])[flag];
    if (enabled === null) {
      await tx.delete(flagOverrides).where(and(eq(flagOverrides.merchantCode, brand.merchantCode), eq(flagOverrides.flag, flag)));
    } else {
      await tx
        .insert(flagOverrides)
        .values({ merchantCode: brand.merchantCode, flag, enabled, updatedBy: actor.name, reason: actor.reason })
        .onConflictDoUpdate({
          target: [flagOverrides.merchantCode, flagOverrides.flag],
          set: { enabled, updatedBy: actor.name, reason: actor.reason, updatedAt: new Date() },
        });
    }
    const after = enabled ?? effectiveFlags(brand.flags, [])[flag];
    await recordAudit(tx, brand, {
      subject: `flag:${flag}`,
      oldValue: describe(current ? current.enabled : null, before),
      newValue: describe(enabled, after),
      actor,
    });
    return { flag, before, after };
  });
}

function describe(override: boolean | null, effective: boolean) {
  return override === null ? `default (${effective ? "on" : "off"})` : override ? "on" : "off";
}
