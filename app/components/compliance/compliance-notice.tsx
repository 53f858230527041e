import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { useTranslation } from "~/components/ui/i18n";
import { LockIcon } from "~/components/ui/icons";

export type ExclusionKindView = "cooling_off" | "self_exclusion";

/**
 * What a screen an exclusion closes (deposit) shows instead of its form: which exclusion runs,
 * until when, and the two ways that stay open (the exclusion's page, the withdrawal).
 */
export function ExclusionNotice({ kind, until }: { kind: ExclusionKindView; until: string }) {
  const { t } = useTranslation();
  return (
    <section
      data-testid="exclusion-notice"
      aria-labelledby="exclusion-notice-title"
      className="mx-4 mt-6 flex flex-col items-center gap-3 rounded-card border border-line bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] px-6 py-8 text-center shadow-xl"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-primary/15 text-primary">
        <LockIcon width={28} height={28} />
      </span>
      <h1 id="exclusion-notice-title" className="text-lg font-bold">
        {t(`rg.state.${kind}`)}
      </h1>
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
    </section>
  );
}
