import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { PageHeading } from "~/components/content/page-heading";
import { DownloadEntryList, DownloadHero, IosHint } from "~/components/download/download-list";
import { downloadEntries, withoutInstalled } from "~/components/download/entries";
import { HomeScreenSteps } from "~/components/download/home-screen-steps";
import { useInstallState } from "~/components/download/webclip";
import { useTranslation } from "~/components/ui/i18n";
import { BackIcon } from "~/components/ui/icons";
import { describeDevice } from "~/utils/device";
import { requireBrand } from "~/web/guards.server";
import { siteOrigin } from "~/web/site-origin.server";

/**
 * The app download page (spec §2 /m/download; the download popup's entries as a page). The entries
 * are decided here from the User-Agent and the brand's download links, so the page is complete
 * without JavaScript; `?view=homescreen` is the home-screen steps sub-view.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { brand } = requireBrand(context);
  const url = new URL(request.url);
  const origin = siteOrigin(request, context);
  const device = describeDevice(request.headers.get("user-agent"));
  const view = downloadEntries({ device, links: brand.downloadLinks, origin });
  const home = view.entries.find((e) => e.kind === "homescreen");
  return data(
    {
      ...view,
      openInSafari: home?.kind === "homescreen" && home.openInSafari,
      steps: url.searchParams.get("view") === "homescreen",
      brandId: brand.id,
      brandName: brand.displayName,
    },
    // The same address answers each kind of phone differently.
    { headers: { Vary: "User-Agent" } },
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const vary = loaderHeaders.get("Vary");
  return new Headers(vary ? { Vary: vary } : undefined);
};

export default function Download() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // After hydration: no profile once the web clip has run, no home-screen steps in the installed app.
  const installed = useInstallState();
  if (d.steps) {
    return (
      <div className="space-y-4 px-4 pt-4 lg:mx-auto lg:max-w-2xl" data-testid="download-steps">
        <PageHeading
          title={t("download.steps.title", { brand: d.brandName })}
          back="/m/download"
          backLabel={t("download.steps.back")}
        />
        <IosHint hint={d.iosHint} />
        <HomeScreenSteps platform={d.homeScreen} openInSafari={d.openInSafari} brandName={d.brandName} />
      </div>
    );
  }
  return (
    <div className="space-y-5 px-4 pt-4 lg:mx-auto lg:max-w-2xl" data-testid="download-page">
      {/* The page is titled by the promo text, in the hero; this row is only the way back. */}
      <div className="flex items-center gap-2">
        <Link
          to="/m/home"
          aria-label={t("download.back")}
          className="-ml-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-text hover:bg-surface-2"
        >
          <BackIcon width={22} height={22} />
        </Link>
        <p className="min-w-0 text-lg font-bold">{t("titles.download")}</p>
      </div>
      <section className="rounded-card border border-line/70 bg-[radial-gradient(ellipse_at_top,var(--surface-3),var(--surface)_70%)] px-4 pt-5 pb-4 shadow-xl">
        <DownloadHero brandId={d.brandId} brandName={d.brandName} iconUrl={d.iconUrl} titleId="download-title" as="h1" />
      </section>
      <IosHint hint={d.iosHint} />
      <DownloadEntryList
        entries={withoutInstalled(d.entries, installed)}
        brandName={d.brandName}
        homeScreenHref="/m/download?view=homescreen"
      />
    </div>
  );
}
