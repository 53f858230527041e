import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { ClockIcon, LockIcon } from "~/components/ui/icons";
import { KycNotice, type UnverifiedView } from "./kyc-notice";
import { NoticeCard } from "./notice-card";

export type ExclusionKindView = "cooling_off" | "self_exclusion";

/** A compliance rule that closed a screen, as the screen shows it (app/web/compliance.server.ts). */
export type ComplianceRefusalView =
  | { rule: "excluded"; kind: ExclusionKindView; until: string }
  | { rule: "limit"; key: string; params: Record<string, string> }
  | { rule: "barred" }
  | UnverifiedView;

/** What a screen a compliance rule closes (deposit) shows instead of its form. */
export function ComplianceNotice({ refusal }: { refusal: ComplianceRefusalView }) {
  if (refusal.rule === "limit") return <LimitNotice text={refusal.key} params={refusal.params} />;
  if (refusal.rule === "unverified") return <KycNotice view={refusal} />;
  if (refusal.rule === "barred") return <RestrictedNotice />;
  return <ExclusionNotice kind={refusal.kind} until={refusal.until} />;
}

/** A person the restricted list names: nothing says why (ADR 0035), only where to ask. */
function RestrictedNotice() {
  const { t } = useTranslation();
  return (
    <NoticeCard testId="restricted-notice" icon={<LockIcon width={28} height={28} />} title={t("rg.restricted")}>
      <p className="text-sm">{t("toast.accountRestricted")}</p>
      <Link to="/m/help" className={buttonClass("secondary", "md", "mt-2 w-full")}>
        {t("rg.help.service")}
      </Link>
    </NoticeCard>
  );
}

/** A limit the player set is used up for its period: which, and where the limits are kept. */
function LimitNotice({ text, params }: { text: string; params: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <NoticeCard testId="limit-notice" icon={<ClockIcon width={28} height={28} />} title={t("rg.limits.reached")}>
      <p className="text-sm">{t(text, params)}</p>
      <Link to="/m/responsibleGaming" className={buttonClass("secondary", "md", "mt-2 w-full")}>
        {t("rg.limits.see")}
      </Link>
    </NoticeCard>
  );
}

/**
 * A running exclusion: which one, until when, and the two ways that stay open (the exclusion's
 * page, the withdrawal).
 */
function ExclusionNotice({ kind, until }: { kind: ExclusionKindView; until: string }) {
  const { t } = useTranslation();
  return (
    <NoticeCard testId="exclusion-notice" icon={<LockIcon width={28} height={28} />} title={t(`rg.state.${kind}`)}>
      <p className="text-sm text-muted">{t("rg.state.until", { until })}</p>
      <p className="text-sm">{t("rg.state.closed")}</p>
      <div className="mt-2 grid w-full gap-2">
        <Link to="/m/withdraw" className={buttonClass("primary", "md")}>
          {t("rg.state.withdraw")}
        </Link>
        <Link to="/m/responsibleGaming" className={buttonClass("secondary", "md")}>
          {t("rg.state.details")}
        </Link>
      </div>
    </NoticeCard>
  );
}
