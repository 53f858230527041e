import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/content/page-heading";
import { HelpLines, MemberBreaks, type MemberBreaksView } from "~/components/compliance/responsible-gaming";
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
import { msg } from "~/utils/form-errors";
import { readForm } from "~/web/csrf.server";
import { exclusionEndText, exclusionToast } from "~/web/exclusion.server";
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
      breaks: member ? await memberBreaks(c, member.memberId) : null,
      helpLines: HELP_LINES,
    },
    { headers: NO_STORE },
  );
}

/** Starts a cooling-off or self-exclusion: a plain form post, confirmed by the player. */
export async function action({ request, context }: ActionFunctionArgs) {
  const c = requireMember(request, context);
  const form = await readForm(request, context);
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
          <li>{t("rg.tools.withdraw")}</li>
        </ul>
      </section>
      {d.breaks ? (
        <MemberBreaks view={d.breaks} errors={actionData?.errors ?? null} />
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
