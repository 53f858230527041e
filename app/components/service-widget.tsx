import { useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { ChatIcon, FacebookIcon, Icon, TelegramIcon } from "~/components/ui/icons";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { PublicBrand } from "~/brand/schema";
import { useWebclipMark } from "./download/webclip";
import type { RootData } from "./root-data";

/** The download page: the widget's download button opens its popup over the page instead, with JavaScript. */
const DOWNLOAD_PAGE = "/m/download";
const BUTTON_ID = "service-widget-button";

type DownloadLink = PublicBrand["downloadLinks"][number];

/** The popup opens only on a tap once React runs: its code (steps, hints) loads then, not with every page. */
const DownloadPopup = lazy(() => import("./download/download-popup").then((m) => ({ default: m.DownloadPopup })));

const ROW =
  "flex min-h-11 items-center gap-3 px-3 py-2 text-sm font-medium text-text hover:bg-surface-2 focus-visible:bg-surface-2";
const MARK = "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-white";

function OutLink({ href, mark, children }: { href: string; mark: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={ROW}>
      {mark}
      <span className="min-w-0 flex-1">
        {children}
        <span className="sr-only"> {t("service.newTab")}</span>
      </span>
    </a>
  );
}

/** Telegram or Facebook groups: a short list under a heading when there are two, else the one link. */
function Group({ id, title, links, mark }: { id: string; title: string; links: DownloadLink[]; mark: ReactNode }) {
  if (links.length === 0) return null;
  if (links.length === 1)
    return (
      <li>
        <OutLink href={links[0]!.url} mark={mark}>
          {links[0]!.labelNameEn}
        </OutLink>
      </li>
    );
  return (
    <li>
      <p id={id} className="px-3 pt-2 text-[11px] font-bold tracking-wider text-muted uppercase">
        {title}
      </p>
      <ul aria-labelledby={id}>
        {links.map((l) => (
          <li key={l.resourceType}>
            <OutLink href={l.url} mark={mark}>
              {l.labelNameEn}
            </OutLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The floating service widget (spec §2): live chat when it is available, the brand's Telegram and
 * Facebook groups, WhatsApp and the app download, from the brand's download-link resources. A
 * <details> opens it, so it works without JavaScript and from the keyboard; it sits above the
 * bottom bar, never over it. Its download button leads to the download page, or with JavaScript
 * opens the download popup over the page the player is on.
 */
export function ServiceWidget({
  chatUrl,
  links,
  downloadHref,
}: {
  chatUrl: string | null;
  links: DownloadLink[];
  downloadHref: string | null;
}) {
  const { t } = useTranslation();
  // The widget is on every page: the page the web clip opens keeps its mark from here (spec §2).
  useWebclipMark();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const details = useRef<HTMLDetailsElement>(null);
  const [popup, setPopup] = useState(false);
  const hydrated = useHydrated();
  const of = (...types: string[]) => links.filter((l) => types.includes(l.resourceType));
  const telegram = of("TELEGRAM", "TELEGRAM2");
  const facebook = of("FACEBOOK", "FACEBOOK2");
  const whatsapp = of("WHATSAPP")[0];
  if (!chatUrl && telegram.length === 0 && facebook.length === 0 && !whatsapp && !downloadHref) return null;
  // Once React runs, the download button opens the popup; until then (or without JavaScript) it is a link.
  const popupOnClick = hydrated && root !== undefined && downloadHref === DOWNLOAD_PAGE;
  return (
    <>
      <details
        ref={details}
        className="group fixed right-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-20 h-12 w-12 lg:bottom-6"
        data-testid="service-widget"
      >
        <summary
          id={BUTTON_ID}
          aria-label={t("service.open")}
          className="btn-primary ml-auto flex h-12 w-12 cursor-pointer list-none items-center justify-center rounded-full shadow-lg shadow-black/40 ring-2 ring-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden"
        >
          <HeadsetIcon />
        </summary>
        <nav
          aria-label={t("service.title")}
          className="absolute right-0 bottom-14 w-64 overflow-hidden rounded-card border border-line bg-surface shadow-2xl"
        >
          <p className="border-b border-line/60 px-3 py-2 text-sm font-bold">{t("service.title")}</p>
          <ul className="divide-y divide-line/60">
            {chatUrl ? (
              <li>
                <OutLink
                  href={chatUrl}
                  mark={
                    <span className={`${MARK} bg-primary text-on-primary`}>
                      <ChatIcon width={16} height={16} />
                    </span>
                  }
                >
                  {t("chat.liveChat")}
                </OutLink>
              </li>
            ) : null}
            <Group
              id="service-telegram"
              title={t("service.telegramGroups")}
              links={telegram}
              mark={
                <span className={`${MARK} bg-telegram`}>
                  <TelegramIcon />
                </span>
              }
            />
            <Group
              id="service-facebook"
              title={t("service.facebookGroups")}
              links={facebook}
              mark={
                <span className={`${MARK} bg-facebook`}>
                  <FacebookIcon />
                </span>
              }
            />
            {whatsapp ? (
              <li>
                <OutLink
                  href={whatsapp.url}
                  mark={
                    <span className={`${MARK} bg-whatsapp`}>
                      <WhatsAppIcon />
                    </span>
                  }
                >
                  {whatsapp.labelNameEn}
                </OutLink>
              </li>
            ) : null}
            {downloadHref ? (
              <li>
                <a
                  href={downloadHref}
                  className={ROW}
                  aria-haspopup={popupOnClick ? "dialog" : undefined}
                  onClick={
                    popupOnClick
                      ? (e) => {
                          if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
                          e.preventDefault();
                          if (details.current) details.current.open = false;
                          setPopup(true);
                        }
                      : undefined
                  }
                >
                  <span className={`${MARK} bg-surface-3 text-primary`}>
                    <DownloadIcon />
                  </span>
                  <span className="min-w-0 flex-1">{t("service.download")}</span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
      </details>
      {popup && root ? (
        <Suspense fallback={null}>
          <DownloadPopup
            brandId={root.brand.id}
            brandName={root.brand.displayName}
            links={links}
            onClose={() => setPopup(false)}
            returnFocusId={BUTTON_ID}
          />
        </Suspense>
      ) : null}
    </>
  );
}

const HeadsetIcon = () => (
  <Icon width={24} height={24}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <path d="M4 14h3v5H5a1 1 0 0 1-1-1v-4ZM20 14h-3v5h2a1 1 0 0 0 1-1v-4Z" />
    <path d="M17 19c0 1.1-1.8 2-4 2" />
  </Icon>
);
const DownloadIcon = () => (
  <Icon width={16} height={16}>
    <path d="M12 4v11M7 10.5l5 5 5-5M5 20h14" />
  </Icon>
);
const WhatsAppIcon = () => (
  <Icon width={16} height={16}>
    <path d="M5 19l1.2-3.6A7.5 7.5 0 1 1 9 18.3L5 19Z" />
    <path d="M9.5 9.2c.3 2.3 2.1 4.1 4.4 4.6l1-1-1.6-.8-.6.6c-.9-.4-1.6-1.1-2-2l.6-.6-.8-1.6-1 .8Z" />
  </Icon>
);
