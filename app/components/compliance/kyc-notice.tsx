import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { Link } from "~/components/ui/link";
import { HourglassIcon, IdCardIcon } from "~/components/ui/icons";
import { NoticeCard } from "./notice-card";

/** An action the brand closes until the member's identity is verified (app/web/compliance.server.ts). */
export type UnverifiedView = {
  rule: "unverified";
  action: "deposit" | "withdrawal" | "play";
  status: "none" | "pending" | "rejected";
  /** Support staff's words, shown as written. */
  reason: string | null;
  /** When the waiting submission was sent, Manila time. */
  submittedAt: string | null;
};

/**
 * What a screen closed by the verification rule shows instead of its form: why, where the
 * member's verification stands, and the way to the verification page. The link loads a whole
 * document: only that page's own response allows the camera (server/security.ts).
 */
export function KycNotice({ view }: { view: UnverifiedView }) {
  const { t } = useTranslation();
  const cta =
    view.status === "pending" ? "kyc.notice.view" : view.status === "rejected" ? "kyc.notice.again" : "kyc.notice.start";
  return (
    <NoticeCard
      testId="kyc-notice"
      data-status={view.status}
      icon={view.status === "pending" ? <HourglassIcon width={28} height={28} /> : <IdCardIcon width={28} height={28} />}
      title={t(view.status === "pending" ? "kyc.notice.pendingTitle" : "kyc.notice.title")}
    >
      <p className="text-sm">{t(`kyc.notice.why_${view.action}`)}</p>
      {view.status === "pending" ? (
        <p className="text-sm text-muted">{t("kyc.notice.pending", { at: view.submittedAt ?? "" })}</p>
      ) : null}
      {view.status === "rejected" ? (
        <div className="w-full rounded-xl border border-danger/40 bg-danger/10 px-4 py-3 text-left text-sm">
          <p className="font-semibold text-danger">{t("kyc.notice.rejected")}</p>
          <p className="mt-1 break-words" data-testid="kyc-reason">
            {view.reason}
          </p>
        </div>
      ) : null}
      <Link
        to="/m/verify"
        reloadDocument
        className={buttonClass(view.status === "pending" ? "secondary" : "primary", "md", "mt-2 w-full")}
      >
        {t(cta)}
      </Link>
    </NoticeCard>
  );
}
