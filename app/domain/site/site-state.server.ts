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

/**
 * The last state read per database and brand (the brand file's flags are part of it). Flags and status change only with the site version
 * (migration 0014's triggers), so while the version stands they are not read again.
 */
const known = new WeakMap<Db, WeakMap<Brand, SiteState>>();

/**
 * What every request needs before any route runs: the brand's effective flags,
 * its system status and the site version, fresh (support changes show on the
 * next request). One small read of the version; the flags and status again only
 * when it moved.
 */
export async function getSiteState(db: Db, brand: Brand): Promise<SiteState> {
  const [current] = await rawRows<{ version: string | number }>(db, sql`select version from site_version where id = 1`);
  const byBrand = known.get(db) ?? new WeakMap<Brand, SiteState>();
  known.set(db, byBrand);
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
