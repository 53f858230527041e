import { useTranslation } from "~/components/ui/i18n";
import { CheckIcon } from "~/components/ui/icons";
import { HourglassIcon, IdCardIcon } from "~/components/ui/icons";

/** The member's verification as the page shows it (times in Manila, as text). */
export type KycStateView =
  | { status: "none" }
  | { status: "pending"; at: string }
  | { status: "approved"; at: string }
  | { status: "rejected"; at: string; reason: string };

/** Where the member's verification stands, and which actions the brand holds until it is approved. */
export function KycStatus({ state, requiredFor }: { state: KycStateView; requiredFor: ("deposit" | "withdrawal" | "play")[] }) {
  const { t } = useTranslation();
  const tone =
    state.status === "approved"
      ? "border-success/50 bg-success/10 text-success"
      : state.status === "rejected"
        ? "border-danger/50 bg-danger/10 text-danger"
        : "border-line bg-surface-2 text-primary";
  return (
    <section
      aria-labelledby="kyc-status-title"
      data-testid="kyc-status"
      data-status={state.status}
      className="rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] p-4 shadow-xl"
    >
      <div className="flex items-center gap-3">
        <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full border ${tone}`}>
          {state.status === "approved" ? (
            <CheckIcon width={24} height={24} />
          ) : state.status === "pending" ? (
            <HourglassIcon width={24} height={24} />
          ) : (
            <IdCardIcon width={24} height={24} />
          )}
        </span>
        <div className="min-w-0">
          <p className="text-xs text-muted">{t("kyc.status.label")}</p>
          <h2 id="kyc-status-title" className="text-base font-bold">
            {t(`kyc.status.${state.status}`)}
          </h2>
        </div>
      </div>
      {state.status === "pending" ? <p className="mt-3 text-sm">{t("kyc.status.pendingBody", { at: state.at })}</p> : null}
      {state.status === "approved" ? <p className="mt-3 text-sm">{t("kyc.status.approvedBody", { at: state.at })}</p> : null}
      {state.status === "rejected" ? (
        <div className="mt-3 rounded-xl border border-danger/40 bg-danger/10 px-3 py-2 text-sm">
          <p className="font-semibold text-danger">{t("kyc.status.rejectedBody", { at: state.at })}</p>
          <p className="mt-1 break-words" data-testid="kyc-reason">
            {state.reason}
          </p>
          <p className="mt-2 text-xs text-muted">{t("kyc.status.tryAgain")}</p>
        </div>
      ) : null}
      {state.status === "none" ? <p className="mt-3 text-sm">{t("kyc.status.noneBody")}</p> : null}
      {state.status !== "approved" && requiredFor.length > 0 ? (
        <div className="mt-3">
          <p className="text-xs font-semibold text-muted">{t("kyc.status.requiredFor")}</p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {requiredFor.map((action) => (
              <li key={action} className="rounded-full bg-primary/15 px-2.5 py-0.5 text-xs font-semibold text-primary">
                {t(`kyc.actions.${action}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
