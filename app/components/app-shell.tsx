import { useLocation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { Link } from "~/components/ui/link";
import type { RootData } from "./root-data";
import { BottomBar } from "./bottom-bar";
import { ConnectionNotice } from "./connection-notice";
import { DesktopNav } from "./desktop-nav";
import { Header } from "./header";
import { Marquee } from "./marquee";
import { PageTransition } from "./page-transition";
import { MENU_PANEL } from "./panels";
import { Toasts } from "./toasts";
import { ServiceWidget } from "./service-widget";
import { isBuilt } from "./built-screens";
import { deferred } from "./ui/deferred";
import { promptsHref } from "./agents/prompts-href";

// Shown by few pages: each is loaded by the browser only when a page shows it.
const SideMenu = deferred("side-menu", () => import("./side-menu").then((m) => m.SideMenu));
const InvitePanel = deferred("invite-panel", () => import("./invite-panel").then((m) => m.InvitePanel));
const LoginPopups = deferred("login-popups", () => import("./content/login-popups").then((m) => m.LoginPopups));
const ContractPrompts = deferred("contract-prompts", () => import("./agents/contract-prompts").then((m) => m.ContractPrompts));

export function AppShell({ data, children }: { data: RootData; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const panel = new URLSearchParams(location.search).get("panel");
  const inviteOpen = panel === "invite";
  // The login pop-ups come first; an agent's contract prompts follow once they are closed.
  const [popupsClosed, setPopupsClosed] = useState<RootData["popups"] | null>(null);
  const popupsOpen = data.popups.length > 0 && popupsClosed !== data.popups;
  return (
    <div className="min-h-dvh bg-[radial-gradient(ellipse_at_top,var(--surface-2),var(--bg)_60%)]">
      <Header data={data} />
      <DesktopNav categories={data.lobby.categories} />
      <Marquee items={data.marquee} />
      {/* From 1024 px the page uses the width and the top navigation replaces the bottom bar. */}
      <PageTransition className="mx-auto max-w-screen-sm pb-24 lg:max-w-screen-xl lg:px-4 lg:pb-6">
        {children}
        <footer className="mt-8 space-y-1 px-4 pb-4 text-center text-[11px] leading-relaxed text-muted">
          <p>{t("brand.marketing")}</p>
          <p>
            <Link to="/m/responsibleGaming" className="font-semibold text-text/80 underline-offset-2 hover:underline">
              {data.brand.responsibleGamingTagline ? t("brand.tagline") : t("titles.responsibleGaming")}
            </Link>
          </p>
          <p>{t("brand.ageNotice", { age: data.brand.minimumAge })}</p>
          <p>{t("brand.footer", { year: data.year, name: data.brand.displayName })}</p>
        </footer>
      </PageTransition>
      <BottomBar />
      <ServiceWidget chatUrl={data.chat?.url ?? null} links={data.brand.downloadLinks} downloadHref={downloadHref(data)} />
      {inviteOpen ? (
        <InvitePanel
          brandName={data.brand.displayName}
          member={data.member}
          canRegister={data.flags.REG3 && data.flags.REGISTER_REE3}
          agentCentre={data.flags.AFFMAN3}
        />
      ) : null}
      {panel === MENU_PANEL ? <SideMenu data={data} categories={data.lobby.categories} /> : null}
      <Toasts toasts={data.toasts} />
      <ConnectionNotice />
      {popupsOpen ? (
        <LoginPopups
          popups={data.popups}
          closeTo={
            data.contractPrompts.length > 0 ? promptsHref(location.pathname, location.search, data.contractPrompts) : undefined
          }
          onClose={() => setPopupsClosed(data.popups)}
        />
      ) : data.contractPrompts.length > 0 ? (
        <ContractPrompts key={data.contractPrompts.join(",")} kinds={data.contractPrompts} />
      ) : null}
    </div>
  );
}

/** The service widget's download button: the download screen once it exists, else the brand's app link. */
function downloadHref(data: RootData): string | null {
  if (isBuilt("/m/download")) return "/m/download";
  return data.brand.downloadLinks.find((l) => l.resourceType === "Android" || l.resourceType === "IOS")?.url ?? null;
}
