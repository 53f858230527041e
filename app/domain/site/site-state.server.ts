import { sql } from "drizzle-orm";
import { effectiveFlags, type Flags } from "~/brand/flags";
import type { Brand } from "~/brand/schema";
import { rawRows, type Db } from "~/db/client.server";
import { isSystemStatus, type SystemStatus } from "./system-status.server";

/**
 * What every request needs before any route runs: the brand's effective flags
 * and its system status, read fresh (support changes show on the next request)
 * in one round trip.
 */
export async function getSiteState(db: Db, brand: Brand): Promise<{ flags: Flags; status: SystemStatus }> {
  const [row] = await rawRows<{ overrides: { flag: string; enabled: boolean }[] | null; status: number | null }>(
    db,
    sql`select
      (select json_agg(json_build_object('flag', flag, 'enabled', enabled)) from flag_overrides where merchant_code = ${brand.merchantCode}) as overrides,
      (select status from system_status where merchant_code = ${brand.merchantCode}) as status`,
  );
  const status = row?.status ?? 0;
  return { flags: effectiveFlags(brand.flags, row?.overrides ?? []), status: isSystemStatus(status) ? status : 0 };
}
