import type { AppLoadContext } from "@remix-run/node";
import type { Exclusion } from "~/domain/compliance/exclusions.server";
import type { ComplianceRefusal } from "~/domain/compliance/gates.server";
import type { LimitReached } from "~/domain/compliance/limits.server";
import { formatDate } from "~/utils/dates.server";
import { formatPeso } from "~/utils/money";
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

/**
 * A limit reached, as its message names it: the key of its kind and period (a toast key, also used
 * by the screens' notice) and the amounts (pesos) or minutes it names.
 */
export function limitMessage(limit: LimitReached): { key: string; params: Record<string, string> } {
  if (limit.kind === "session") return { key: "toast.limit_session", params: { minutes: limit.limit.toString() } };
  return {
    key: `toast.limit_${limit.kind}_${limit.period}`,
    params: { limit: formatPeso(limit.limit.toString()), remaining: formatPeso(limit.remaining.toString()) },
  };
}

type Unverified = Extract<ComplianceRefusal, { rule: "unverified" }>;

/** The verification's state as the notice shows it: the reason of a rejection, the day of a waiting one. */
function unverifiedView(context: AppLoadContext, refusal: Unverified) {
  const { state } = refusal;
  return {
    rule: "unverified" as const,
    action: refusal.action,
    status: state.status,
    reason: state.status === "rejected" ? state.reason : null,
    submittedAt: state.status === "pending" ? formatDate(state.submittedAt, requireBrand(context).lng, "YYYY-MM-DD HH:mm") : null,
  };
}

/** The toast that tells a player which compliance rule refused what they asked (a Set-Cookie value). */
export function refusalToast(context: AppLoadContext, refusal: ComplianceRefusal): Promise<string> {
  if (refusal.rule === "unverified")
    return setToast(context, {
      kind: "info",
      key: refusal.state.status === "pending" ? "toast.unverified_pending" : `toast.unverified_${refusal.action}`,
    });
  if (refusal.rule === "limit") return setToast(context, { kind: "info", ...limitMessage(refusal.limit) });
  if (refusal.rule === "barred") return setToast(context, { kind: "fail", key: "toast.accountRestricted" });
  return exclusionToast(context, refusal.exclusion);
}

/** What a screen a rule closes shows instead of its form (the components' ComplianceNotice). */
export function refusalView(context: AppLoadContext, refusal: ComplianceRefusal) {
  if (refusal.rule === "unverified") return unverifiedView(context, refusal);
  if (refusal.rule === "limit") return { rule: "limit" as const, ...limitMessage(refusal.limit) };
  if (refusal.rule === "barred") return { rule: "barred" as const };
  return { rule: "excluded" as const, kind: refusal.exclusion.kind, until: exclusionEndText(context, refusal.exclusion) };
}
