import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/csrf-input";
import { useTranslation } from "~/components/ui/i18n";
import { CheckIcon, GiftIcon } from "~/components/ui/icons";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatPeso } from "~/utils/money";

export interface RewardCentreView {
  claimedToday: boolean;
  days: { streak: number; amount: string; state: "claimed" | "claimable" | "upcoming" }[];
  recent: { day: string; streak: number; amount: string }[];
  turnoverMultiplier: number;
}

const DAY_STYLE = {
  claimed: "border-primary/50 bg-primary/15 text-primary",
  claimable: "border-primary bg-[linear-gradient(160deg,var(--surface-3),var(--surface))] text-text ring-2 ring-primary/60",
  upcoming: "border-line/60 bg-surface text-muted",
} as const;

/** The daily sign-in reward: the streak's days with their state, the claim button and the latest claims. */
export function DailyReward({
  centre,
  justClaimed,
  error,
}: {
  centre: RewardCentreView;
  justClaimed: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  const today = centre.days.find((d) => d.state === "claimable");
  const claimedNow = justClaimed ? centre.recent[0] : undefined;
  return (
    <>
      <section
        aria-labelledby="daily-title"
        className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-4 shadow-xl"
      >
        <div className="flex items-center gap-3">
          <span className="btn-primary flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl">
            <GiftIcon width={24} height={24} />
          </span>
          <div className="min-w-0">
            <h2 id="daily-title" className="text-base font-bold">
              {t("rewards.dailyTitle")}
            </h2>
            <p className="text-xs text-muted">{t("rewards.dailyBody")}</p>
          </div>
        </div>
        <ol className="mt-4 grid grid-cols-4 gap-2 sm:grid-cols-7" data-testid="reward-days">
          {centre.days.map((d) => (
            <li
              key={d.streak}
              data-state={d.state}
              className={`flex flex-col items-center gap-1 rounded-xl border px-1 py-2 text-center ${DAY_STYLE[d.state]}`}
            >
              <span className="text-[11px] font-semibold">{t("rewards.day", { day: d.streak })}</span>
              <span className="text-xs font-bold text-prize">{formatPeso(d.amount)}</span>
              <span className="flex h-4 items-center text-[10px]">
                {d.state === "claimed" ? (
                  <>
                    <CheckIcon width={12} height={12} aria-hidden="true" />
                    <span className="sr-only">{t("rewards.stateClaimed")}</span>
                  </>
                ) : d.state === "claimable" ? (
                  t("rewards.stateToday")
                ) : (
                  <span className="sr-only">{t("rewards.stateUpcoming")}</span>
                )}
              </span>
            </li>
          ))}
        </ol>
        <p role="status" className="mt-3 min-h-5 text-sm font-medium">
          {claimedNow ? (
            <span className="text-success">{t("rewards.claimed", { amount: formatPeso(claimedNow.amount) })}</span>
          ) : error ? (
            <span className="text-danger">{t(error)}</span>
          ) : null}
        </p>
        {today ? (
          <Form method="post" className="mt-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="claim-daily" />
            <SubmitButton size="md">{t("rewards.claim", { amount: formatPeso(today.amount) })}</SubmitButton>
          </Form>
        ) : (
          <p className="mt-2 rounded-xl bg-black/20 px-3 py-2.5 text-center text-sm text-muted">{t("rewards.comeBack")}</p>
        )}
        {centre.turnoverMultiplier > 0 ? (
          <p className="mt-3 text-[11px] text-muted">{t("rewards.turnover", { times: centre.turnoverMultiplier })}</p>
        ) : null}
      </section>
      <section aria-labelledby="claims-title" className="rounded-card border border-line/60 bg-surface">
        <h2 id="claims-title" className="border-b border-line/60 px-4 py-3 text-sm font-bold">
          {t("rewards.recentTitle")}
        </h2>
        {centre.recent.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-muted">{t("rewards.noClaims")}</p>
        ) : (
          <ul className="divide-y divide-line/60" data-testid="reward-claims">
            {centre.recent.map((c) => (
              <li key={c.day} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span>
                  {c.day}
                  <span className="ml-2 text-xs text-muted">{t("rewards.day", { day: c.streak })}</span>
                </span>
                <span className="font-bold text-prize">+{formatPeso(c.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
