import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { buttonClass } from "~/components/ui/button";
import type { HomeScreenPlatform } from "./entries";
import { useInstallPrompt } from "./install-prompt";
import {
  AddSquareGlyph,
  ChromeBarPicture,
  ChromeMenuPicture,
  ConfirmPicture,
  HomeIconPicture,
  InstallGlyph,
  MenuDotsGlyph,
  OpenInSafariPicture,
  SafariGlyph,
  SafariToolbarPicture,
  ShareGlyph,
  ShareSheetPicture,
} from "./pictures";

interface Step {
  text: ReactNode;
  picture: ReactNode;
}

/** A glyph inside a step's sentence, the way the browser draws the control. */
const Inline = ({ children }: { children: ReactNode }) => (
  <span className="mx-0.5 inline-flex h-6 w-6 items-center justify-center rounded-md bg-surface-3 align-middle text-primary">
    {children}
  </span>
);

function StepList({ steps, testId }: { steps: Step[]; testId: string }) {
  return (
    <ol className="space-y-2" data-testid={testId}>
      {steps.map((s, i) => (
        <li key={i} className="flex items-center gap-3 rounded-card border border-line/60 bg-surface p-3">
          <span
            aria-hidden="true"
            className="btn-primary flex h-7 w-7 shrink-0 items-center justify-center self-start rounded-full text-sm font-bold"
          >
            {i + 1}
          </span>
          <p className="min-w-0 flex-1 text-sm leading-relaxed">{s.text}</p>
          {s.picture}
        </li>
      ))}
    </ol>
  );
}

function useSteps(brandName: string) {
  const { t } = useTranslation();
  const ios = (openInSafari: boolean): Step[] => [
    ...(openInSafari
      ? [
          {
            text: (
              <>
                <Inline>
                  <SafariGlyph width={16} height={16} />
                </Inline>{" "}
                {t("download.steps.iosSafari")}
              </>
            ),
            picture: <OpenInSafariPicture />,
          },
        ]
      : []),
    {
      text: (
        <>
          {t("download.steps.iosShare")}{" "}
          <Inline>
            <ShareGlyph width={16} height={16} />
          </Inline>
        </>
      ),
      picture: <SafariToolbarPicture />,
    },
    {
      text: (
        <>
          {t("download.steps.iosAdd")}{" "}
          <Inline>
            <AddSquareGlyph width={16} height={16} />
          </Inline>
        </>
      ),
      picture: <ShareSheetPicture />,
    },
    { text: t("download.steps.iosConfirm", { brand: brandName }), picture: <HomeIconPicture /> },
  ];
  const android: Step[] = [
    {
      text: (
        <>
          {t("download.steps.androidMenu")}{" "}
          <Inline>
            <MenuDotsGlyph width={16} height={16} />
          </Inline>
        </>
      ),
      picture: <ChromeBarPicture />,
    },
    {
      text: (
        <>
          {t("download.steps.androidInstall")}{" "}
          <Inline>
            <InstallGlyph width={16} height={16} />
          </Inline>
        </>
      ),
      picture: <ChromeMenuPicture />,
    },
    { text: t("download.steps.androidConfirm", { brand: brandName }), picture: <ConfirmPicture /> },
  ];
  return { ios, android };
}

/** Chrome's own install dialog, once the browser has offered it (JavaScript only). */
function InstallNow({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const install = useInstallPrompt();
  const [busy, setBusy] = useState(false);
  if (!install) return null;
  return (
    <div className="flex flex-col items-center gap-3 rounded-card border border-primary/50 bg-primary/10 p-4 text-center">
      <p className="text-sm">{t("download.install.body", { brand: brandName })}</p>
      <button
        type="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          void install().finally(() => setBusy(false));
        }}
        className={buttonClass("primary", "md", "w-full gap-2")}
        data-testid="install-button"
      >
        <InstallGlyph width={20} height={20} />
        {t("download.install.button")}
      </button>
    </div>
  );
}

/**
 * How to put the site on the home screen (spec §2: the home-screen steps sub-view): Safari's Share
 * menu on iOS, Chrome's menu on Android with its one-tap install when the browser offers it, and
 * both on a computer, where the player is sent to the phone.
 */
export function HomeScreenSteps({
  platform,
  openInSafari,
  brandName,
}: {
  platform: HomeScreenPlatform;
  openInSafari: boolean;
  brandName: string;
}) {
  const { t } = useTranslation();
  const steps = useSteps(brandName);
  // The page and the popup over it may both show these steps: their headings need ids of their own.
  const id = useId();
  return (
    <div className="space-y-4">
      <InstallNow brandName={brandName} />
      {platform === "ios" ? <StepList steps={steps.ios(openInSafari)} testId="homescreen-steps-ios" /> : null}
      {platform === "android" ? <StepList steps={steps.android} testId="homescreen-steps-android" /> : null}
      {platform === "any" ? (
        <>
          <p className="text-sm text-muted">{t("download.steps.onPhone")}</p>
          <section aria-labelledby={`${id}-iphone`} className="space-y-2">
            <h3 id={`${id}-iphone`} className="text-sm font-bold">
              {t("download.steps.iphoneHeading")}
            </h3>
            <StepList steps={steps.ios(false)} testId="homescreen-steps-ios" />
          </section>
          <section aria-labelledby={`${id}-android`} className="space-y-2">
            <h3 id={`${id}-android`} className="text-sm font-bold">
              {t("download.steps.androidHeading")}
            </h3>
            <StepList steps={steps.android} testId="homescreen-steps-android" />
          </section>
        </>
      ) : null}
    </div>
  );
}
