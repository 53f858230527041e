import { sql } from "drizzle-orm";
import { effectiveFlags, type Flags } from "~/brand/flags";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";
import { isSystemStatus, type SystemStatus } from "./system-status.server";

export interface SiteState {
  flags: Flags;
  status: SystemStatus;
  /** The site version (schema.siteVersion): what caches of published content are keyed by. */
  version: string;
}

/** The last state read per database and brand; flags and status move only with the site version (migration 0014). */
const known = new WeakMap<Db, WeakMap<Brand, SiteState>>();

/**
 * The brand's effective flags, system status and site version, as fresh as the database: one read
 * of the version per request, and of the flags and status only when it moved.
 */
export async function getSiteState(db: Db, brand: Brand): Promise<SiteState> {
  const [current] = await rawRows<{ version: string | number }>(db, sql`select version from site_version where id = 1`);
  let byBrand = known.get(db);
  if (!byBrand) known.set(db, (byBrand = new WeakMap()));
  const last = byBrand.get(brand);
  if (last && current && last.version === String(current.version)) return last;
  const state = await readSiteState(db, brand);
  byBrand.set(brand, state);
  return state;
}

/** Flags, status and version in one statement, so they belong together. */
async function readSiteState(db: Db, brand: Brand): Promise<SiteState> {
  const [row] = await rawRows<{
    overrides: { flag: string; enabled: boolean }[] | null;
    status: number | null;
    version: string | number | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('flag', flag, 'enabled', enabled)) from flag_overrides where merchant_code = ${brand.merchantCode}) as overrides,
      (select status from system_status where merchant_code = ${brand.merchantCode}) as status,
      (select version from site_version where id = 1) as version`,
  );
  const status = row?.status ?? 0;
  return {
    flags: effectiveFlags(brand.flags, row?.overrides ?? []),
    status: isSystemStatus(status) ? status : 0,
    version: String(row?.version ?? 0),
  };
}
