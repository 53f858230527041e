import type { AppLoadContext } from "@remix-run/node";
import type { Exclusion } from "~/domain/compliance/exclusions.server";
import { formatDate } from "~/utils/dates.server";
import { requireBrand } from "./guards.server";
import { setToast } from "./toast.server";

/** An exclusion's end as the player reads it: Manila time, to the minute. */
export function exclusionEndText(context: AppLoadContext, exclusion: Exclusion): string {
  return formatDate(exclusion.endsAt, requireBrand(context).lng, "YYYY-MM-DD HH:mm");
}

/** The toast that tells a player what a running exclusion closed, and until when (a Set-Cookie value). */
export function exclusionToast(context: AppLoadContext, exclusion: Exclusion): Promise<string> {
  return setToast(context, { kind: "info", key: "toast.excluded", params: { until: exclusionEndText(context, exclusion) } });
}
