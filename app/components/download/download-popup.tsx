import { useLocation } from "@remix-run/react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { BackIcon } from "~/components/ui/icons";
import { Sheet, SheetClose } from "~/components/ui/sheet";
import { describeDevice } from "~/utils/device";
import { DownloadEntryList, DownloadHero, IosHint } from "./download-list";
import { downloadEntries, withoutInstalled, type DownloadLinkInput } from "./entries";
import { HomeScreenSteps } from "./home-screen-steps";
import { isStandalone, readWebclipFlag } from "./webclip";

/**
 * The download popup (spec §2), opened from the floating service widget: the download page's
 * entries over the page the player is on, titled by the download promo text. Only JavaScript opens
 * it (without it the widget links to /m/download), so the browser decides the entries: its
 * User-Agent, localStorage's web-clip flag, whether it runs installed, and its own origin. The
 * home-screen steps replace the list inside the popup; closing returns to the page as it was.
 */
export function DownloadPopup({
  brandId,
  brandName,
  links,
  onClose,
  returnFocusId,
}: {
  brandId: string;
  brandName: string;
  links: readonly DownloadLinkInput[];
  onClose: () => void;
  returnFocusId?: string;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const id = useId();
  const [steps, setSteps] = useState(false);
  const backRef = useRef<HTMLButtonElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const switched = useRef(false);
  // The control that was tapped is gone with the view it was in: focus moves to the new view's first control.
  useEffect(() => {
    if (!switched.current) return;
    if (steps) backRef.current?.focus();
    else bodyRef.current?.querySelector<HTMLElement>('[data-entry="homescreen"] button')?.focus();
  }, [steps]);
  const show = (next: boolean) => {
    switched.current = true;
    setSteps(next);
  };
  const view = useMemo(
    () =>
      downloadEntries({
        device: describeDevice(navigator.userAgent, { maxTouchPoints: navigator.maxTouchPoints }),
        links,
        origin: window.location.origin,
      }),
    [links],
  );
  const entries = useMemo(
    () => withoutInstalled(view.entries, { webclip: readWebclipFlag(), standalone: isStandalone() }),
    [view],
  );
  const home = view.entries.find((e) => e.kind === "homescreen");
  const titleId = `${id}-title`;

  return (
    <Sheet
      side="center"
      closeTo={location.pathname + location.search}
      closeLabel={t("download.close")}
      onClose={onClose}
      labelledBy={titleId}
      returnFocusId={returnFocusId}
    >
      <div data-testid="download-popup" className="flex min-h-0 flex-1 flex-col">
        <div className="flex h-14 shrink-0 items-center gap-1 border-b border-line/60 bg-[linear-gradient(180deg,var(--header-from),var(--header-to))] px-2">
          {steps ? (
            <button
              ref={backRef}
              type="button"
              onClick={() => show(false)}
              aria-label={t("download.steps.back")}
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-text hover:bg-surface-2"
            >
              <BackIcon width={22} height={22} />
            </button>
          ) : (
            <span className="w-11 shrink-0" />
          )}
          <p className="min-w-0 flex-1 truncate text-center text-sm font-semibold text-muted">{t("titles.download")}</p>
          <SheetClose />
        </div>
        <div ref={bodyRef} className="min-h-0 flex-1 space-y-4 overflow-y-auto overscroll-contain p-4">
          {steps ? (
            <>
              <h2 id={titleId} className="text-center text-lg font-bold text-balance">
                {t("download.steps.title", { brand: brandName })}
              </h2>
              <HomeScreenSteps
                platform={view.homeScreen}
                openInSafari={home?.kind === "homescreen" && home.openInSafari}
                brandName={brandName}
              />
            </>
          ) : (
            <>
              <DownloadHero brandId={brandId} brandName={brandName} iconUrl={view.iconUrl} titleId={titleId} as="h2" compact />
              <IosHint hint={view.iosHint} />
              <DownloadEntryList
                entries={entries}
                brandName={brandName}
                homeScreenHref="/m/download?view=homescreen"
                onHomeScreen={() => show(true)}
              />
            </>
          )}
        </div>
      </div>
    </Sheet>
  );
}
