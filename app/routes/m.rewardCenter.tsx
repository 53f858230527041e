import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PageHeading } from "~/components/content/page-heading";
import { GuestPrompt } from "~/components/guest-prompt";
import { DailyReward } from "~/components/rewards/daily-reward";
import { useTranslation } from "~/components/ui/i18n";
import { isGuest } from "~/domain/accounts/member-types";
import { claimDailyReward, rewardCentre } from "~/domain/rewards/daily.server";
import { readForm } from "~/web/csrf.server";
import { requireFlag, requireSession } from "~/web/guards.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/** The reward centre (REWCEN3): the daily sign-in reward's streak, today's claim and the latest ones. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireFlag(context, "REWCEN3");
  const { brand, db, session } = requireSession(request, context);
  if (isGuest(session.type))
    return data({ guest: true as const, centre: null, justClaimed: false }, { status: 403, headers: NO_STORE });
  const centre = await rewardCentre(db, brand, session.memberId);
  const view = {
    claimedToday: centre.claimedToday,
    days: centre.days.map((d) => ({ streak: d.streak, amount: d.amount.toString(), state: d.state })),
    recent: centre.recent.map((c) => ({ day: c.day, streak: c.streak, amount: c.amount.toString() })),
    turnoverMultiplier: brand.rewards.turnoverMultiplier,
  };
  const justClaimed = centre.claimedToday && new URL(request.url).searchParams.get("claimed") === centre.today;
  return data({ guest: false as const, centre: view, justClaimed }, { headers: NO_STORE });
}

/** Claims today's reward: a plain post, so it works without JavaScript; a second claim the same day changes nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  requireFlag(context, "REWCEN3");
  const { brand, db, session } = requireSession(request, context);
  if (isGuest(session.type)) return data({ error: "errors.free_reject" }, { status: 403 });
  const form = await readForm(request, context);
  if (form.get("intent") !== "claim-daily") return data({ error: "rewards.badRequest" }, { status: 400 });
  const result = await claimDailyReward(db, brand, session.memberId);
  if (!result.ok) return data({ error: "rewards.alreadyClaimed" }, { status: 409 });
  return redirect(`/m/rewardCenter?claimed=${result.day}`);
}

export default function RewardCenter() {
  const d = useLoaderData<typeof loader>();
  const claim = useActionData<typeof action>();
  const { t } = useTranslation();
  if (d.guest) return <GuestPrompt />;
  return (
    <div className="space-y-4 px-4 pt-4">
      <PageHeading title={t("rewards.title")} back="/m/home" backLabel={t("rewards.back")} />
      <DailyReward centre={d.centre} justClaimed={d.justClaimed} error={claim?.error ?? null} />
    </div>
  );
}
