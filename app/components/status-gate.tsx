import { useTranslation } from "~/components/ui/i18n";
import { GlobeOffIcon, WrenchIcon } from "~/components/ui/icons";
import type { PublicBrand } from "~/brand/schema";
import { PageIcon } from "~/components/ui/page-icon";

/** What a player sees instead of the app when support has closed the site (spec §2 status gate). */
export function StatusGate({ status, brand, clientIp }: { status: 1 | 2; brand: PublicBrand; clientIp: string | null }) {
  const { t } = useTranslation();
  const maintenance = status === 1;
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-5 px-8 text-center">
      <img
        src={`/brands/${brand.id}/logo.svg`}
        alt={brand.displayName}
        width={192}
        height={48}
        className="h-12 w-48 object-contain"
      />
      <PageIcon>{maintenance ? <WrenchIcon /> : <GlobeOffIcon />}</PageIcon>
      <h1 className="text-2xl font-bold">{maintenance ? t("status.maintenanceTitle") : t("status.serviceTitle")}</h1>
      <p className="text-muted">{maintenance ? t("status.maintenanceBody") : t("status.serviceBody")}</p>
      {maintenance ? (
        <div className="rounded-card border border-line bg-surface px-4 py-3 text-sm text-muted">
          <p>{t("status.ipNotice")}</p>
          {clientIp ? <p className="mt-2 font-mono text-text">{t("status.yourIp", { ip: clientIp })}</p> : null}
        </div>
      ) : null}
      <div className="flex flex-col gap-3">
        <a href="/m/home" className="btn-primary rounded-full px-8 py-3 font-bold">
          {t("status.retry")}
        </a>
        {brand.customerService.email ? (
          <a href={`mailto:${brand.customerService.email}`} className="text-sm text-primary underline">
            {t("status.contact")}
          </a>
        ) : null}
      </div>
    </main>
  );
}
