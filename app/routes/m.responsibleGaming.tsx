import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/content/page-heading";
import { LimitsSection, type LimitView } from "~/components/compliance/limits";
import { HelpLines, MemberBreaks, RunningExclusion, type MemberBreaksView } from "~/components/compliance/responsible-gaming";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { Link } from "~/components/ui/link";
import { isRealMember } from "~/domain/accounts/member-types";
import {
  activeExclusion,
  EXCLUSION_PERIODS,
  exclusionHistory,
  isExclusionPeriod,
  isLongerPeriod,
  kindOfPeriod,
  startExclusion,
  type Exclusion,
} from "~/domain/compliance/exclusions.server";
import { HELP_LINES } from "~/domain/compliance/help-lines";
import { isLimitKind, isLimitPeriod, limitUsage, setLimit } from "~/domain/compliance/limits.server";
import { formatDate } from "~/utils/dates.server";
import { msg } from "~/utils/form-errors";
import { parsePesoAmount } from "~/utils/money";
import { setToast } from "~/web/toast.server";
import { readForm } from "~/web/csrf.server";
import { exclusionEndText, exclusionToast } from "~/web/compliance.server";
import { requireBrand, requireMember, type BrandContext } from "~/web/guards.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

function exclusionView(context: BrandContext, e: Exclusion) {
  const from = exclusionEndText(context, { ...e, endsAt: e.startsAt });
  return { kind: e.kind, period: e.period, from, until: exclusionEndText(context, e) };
}

/** A member's breaks: the one running, the longer periods that may follow it, every one taken. */
async function memberBreaks(context: BrandContext, memberId: number, now = new Date()): Promise<MemberBreaksView> {
  const running = await activeExclusion(context.db, context.brand, memberId, now);
  const options = Object.values(EXCLUSION_PERIODS)
    .flat()
    .filter((period) => !running || isLongerPeriod(period, running.period))
    .map((period) => ({ period, kind: kindOfPeriod(period) }));
  const history = await exclusionHistory(context.db, context.brand, memberId);
  return {
    running: running ? exclusionView(context, running) : null,
    options,
    history: history.map((e) => exclusionView(context, e)),
  };
}

/** The member's limits with what each period has used, amounts as strings for the page. */
async function memberLimits(context: BrandContext, memberId: number): Promise<LimitView[]> {
  const when = (d: Date) => formatDate(d, context.lng, "YYYY-MM-DD HH:mm");
  return (await limitUsage(context.db, context.brand, memberId)).map((l) => ({
    kind: l.kind,
    period: l.period,
    amount: l.amount?.toString() ?? null,
    used: l.used?.toString() ?? null,
    pending: l.pending ? { amount: l.pending.amount?.toString() ?? null, when: when(l.pending.effectiveAt) } : null,
  }));
}

/** A limit as typed: pesos for money, whole minutes for the session; empty removes it; undefined when unreadable. */
function typedLimit(kind: string, text: string): bigint | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (kind !== "session") return parsePesoAmount(trimmed) ?? undefined;
  return /^\d{1,4}$/.test(trimmed) ? BigInt(trimmed) : undefined;
}

/**
 * The responsible-gaming page (issue 16, items 5 and 7): what the brand offers to keep play in hand,
 * the help lines, and for a signed-in member their cooling-off and self-exclusion. Open to everyone,
 * as the footer's tagline links here.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const c = requireBrand(context);
  const member = c.session && isRealMember(c.session.type) ? c.session : null;
  return data(
    {
      signedIn: Boolean(c.session),
      minimumAge: c.brand.minimumAge,
      realityCheckMinutes: c.brand.compliance.realityCheckMinutes,
      breaks: member ? await memberBreaks(c, member.memberId) : null,
      limits: member ? await memberLimits(c, member.memberId) : null,
      helpLines: HELP_LINES,
    },
    { headers: NO_STORE },
  );
}

/** Sets a limit, or starts a cooling-off or self-exclusion: plain form posts. */
export async function action({ request, context }: ActionFunctionArgs) {
  const c = requireMember(request, context);
  const form = await readForm(request, context);
  if (form.get("intent") === "limit") return limitAction(c, form);
  const period = form.get("period");
  if (form.get("intent") !== "exclude" || !isExclusionPeriod(period)) {
    return data({ errors: { kind: null, list: ["rg.errors.period"] } }, { status: 400 });
  }
  const kind = kindOfPeriod(period);
  if (form.get("confirm") !== "yes") return data({ errors: { kind, list: ["rg.errors.confirm"] } }, { status: 400 });
  const result = await startExclusion(c.db, c.brand, c.session.memberId, period);
  if (!result.ok) {
    const until = exclusionEndText(c, result.current);
    return data({ errors: { kind, list: [msg("rg.errors.not_longer", { until })] } }, { status: 409 });
  }
  return redirect("/m/responsibleGaming", { headers: { "Set-Cookie": await exclusionToast(context, result.exclusion) } });
}

async function limitAction(c: BrandContext & { session: { memberId: number } }, form: FormData) {
  const kind = form.get("kind");
  const period = form.get("period");
  const text = form.get("amount");
  if (!isLimitKind(kind) || !isLimitPeriod(period) || typeof text !== "string") {
    return data({ limitErrors: { kind: String(kind ?? "").slice(0, 20), list: ["rg.errors.limit"] } }, { status: 400 });
  }
  const refuse = (message: string, status = 400) => data({ limitErrors: { kind, list: [message] } }, { status });
  const amount = typedLimit(kind, text.slice(0, 40));
  const range = kind === "session" ? "rg.errors.minutes" : "rg.errors.amount";
  if (amount === undefined) return refuse(range);
  const result = await setLimit(c.db, c.brand, c.session.memberId, { kind, period, amount });
  if (!result.ok) {
    if (result.reason === "unchanged") return refuse("rg.errors.unchanged", 409);
    return refuse(result.reason === "out_of_range" ? range : "rg.errors.limit");
  }
  const toast = result.immediate
    ? { kind: "success" as const, key: "toast.limitSaved" }
    : {
        kind: "info" as const,
        key: "toast.limitPending",
        params: { when: formatDate(result.effectiveAt, c.lng, "YYYY-MM-DD HH:mm") },
      };
  return redirect("/m/responsibleGaming#rg-limits-title", { headers: { "Set-Cookie": await setToast(c, toast) } });
}

export default function ResponsibleGaming() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("titles.responsibleGaming")} back="/m/home" backLabel={t("rg.back")} />
      <section className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-4 shadow-xl">
        <p className="text-base font-bold">{t("brand.tagline")}</p>
        <p className="mt-1 text-sm text-muted">{t("rg.intro", { age: d.minimumAge })}</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm" data-testid="rg-tools">
          <li>{t("rg.tools.cooling_off")}</li>
          <li>{t("rg.tools.self_exclusion")}</li>
          <li>{t("rg.tools.limits")}</li>
          {d.realityCheckMinutes > 0 ? <li>{t("rg.tools.reality", { minutes: d.realityCheckMinutes })}</li> : null}
          <li>{t("rg.tools.withdraw")}</li>
          <li>
            {/* A whole document: the verification page's own response allows the camera. */}
            <Link
              to="/m/verify"
              reloadDocument
              className="font-semibold text-primary underline underline-offset-2"
              data-testid="rg-verify"
            >
              {t("rg.tools.verify")}
            </Link>
          </li>
        </ul>
      </section>
      {d.breaks ? (
        <>
          {d.breaks.running ? <RunningExclusion exclusion={d.breaks.running} /> : null}
          {d.limits ? (
            <LimitsSection limits={d.limits} errors={actionData && "limitErrors" in actionData ? actionData.limitErrors : null} />
          ) : null}
          <MemberBreaks view={d.breaks} errors={actionData && "errors" in actionData ? actionData.errors : null} />
        </>
      ) : (
        <section className="rounded-card border border-line bg-surface p-4 text-center shadow-lg">
          <p className="text-sm text-muted">{t(d.signedIn ? "rg.membersOnly" : "rg.signInFirst")}</p>
          {d.signedIn ? null : (
            <Link to="/m/login?redirectTo=%2Fm%2FresponsibleGaming" className={buttonClass("primary", "md", "mt-3")}>
              {t("login.title")}
            </Link>
          )}
        </section>
      )}
      <HelpLines lines={[...d.helpLines]} />
    </div>
  );
}
