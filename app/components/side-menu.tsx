import { useLocation } from "@remix-run/react";
import { imageLoading } from "~/components/ui/image-loading";
import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { INITIAL_STATE, lobbySearch, withVendor } from "~/web/lobby-state";
import { isBuilt } from "./built-screens";
import { VendorLogo } from "./category-icons";
import type { RootData } from "./root-data";
import { HOME_ALIASES } from "./route-titles";
import { CategoryIcon } from "./category-icons";
import {
  ChatIcon,
  ChevronRightIcon,
  FacebookIcon,
  GiftIcon,
  GlobeIcon,
  Icon,
  InviteIcon,
  SpeakerIcon,
  TelegramIcon,
} from "~/components/ui/icons";
import { MENU_BUTTON_ID, panelHref } from "./panels";
import { badgeText } from "~/utils/badge";
import { UnreadBadge } from "./unread-badge";
import { MailIcon } from "./inbox/mail-icon";
import { LanguageForm } from "./language-switcher";
import { Sheet, SheetClose } from "./ui/sheet";

/** Slot vendors with a tile of their own (spec: they lead the home rows). */
const SLOT_VENDORS = [
  { code: "JILI", label: "JILI" },
  { code: "FC", label: "Fa Chai" },
  { code: "PGE", label: "PGE" },
] as const;

const SOCIAL_TYPES = new Set(["TELEGRAM", "TELEGRAM2", "FACEBOOK", "FACEBOOK2"]);

/** A slot tile sets the vendor, data type ALL and category RNG. */
const slotHref = (vassalage: string) => `/m/home${lobbySearch(withVendor({ ...INITIAL_STATE, category: "RNG" }, vassalage))}`;
const categoryHref = (code: string) => `/m/home?category=${encodeURIComponent(code)}`;

/**
 * The left drawer of the lobby, open while the URL carries `?panel=menu`.
 * None of its links carry the parameter, so any navigation closes it; the
 * mask and the close button lead to the same URL without it.
 */
export function SideMenu({ data, categories }: { data: RootData; categories: string[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { brand, flags, member } = data;

  const closeHref = panelHref(pathname, search, null);
  const inviteHref = `${pathname}?panel=invite`;
  // Referral (the REFERRAL promotion is taken as enabled): visitors, and members who are not agents.
  const referral = member === null || !member.agent;
  // No flag for the VIP benefit exists yet: it counts as enabled for real members (types 0, 1, 2).
  const vip = (member === null || member.realMember) && isBuilt(VIP_HREF);
  const promotions = isBuilt(PROMOTIONS_HREF);
  const notices = isBuilt(NOTICES_HREF);
  const unread = badgeText(data.noticeUnread);
  const chatUrl = data.chat?.url;
  const inbox = flags.INBOX3 && member !== null && !member.guest && isBuilt(INBOX_HREF);
  const inboxUnread = badgeText(data.inboxUnread);
  const social = brand.downloadLinks.filter((l) => SOCIAL_TYPES.has(l.resourceType));
  const onHome = (HOME_ALIASES as readonly string[]).includes(pathname);
  const currentCategory = onHome ? new URLSearchParams(search).get("category")?.toUpperCase() : undefined;
  const currentLanguage = data.languages.find((l) => l.id === data.lng);

  const tiles: { key: string; to: string; label: string; icon: ReactNode; invite?: boolean; browserOnly?: boolean }[] = [];
  if (brand.categories.includes("RNG")) {
    for (const v of SLOT_VENDORS) {
      tiles.push({
        key: v.code,
        to: slotHref(v.code),
        label: v.label,
        icon: (
          <VendorLogo
            vassalage={v.code}
            variant="white"
            width={60}
            height={24}
            when="later"
            className="h-6 w-[60px] object-contain"
          />
        ),
      });
    }
  }
  if (brand.categories.includes("BINGO")) {
    tiles.push({ key: "bingo", to: categoryHref("BINGO"), label: t("category.BINGO"), icon: <CategoryIcon code="BINGO" /> });
  }
  if (flags.REWCEN3) {
    tiles.push({ key: "reward", to: "/m/rewardCenter", label: t("titles.rewardCenter"), icon: <TrophyIcon /> });
  }
  if (referral) {
    tiles.push({ key: "invite", to: inviteHref, label: t("invite.title"), icon: <InviteIcon />, invite: true });
  }
  tiles.push({ key: "download", to: "/m/download", label: t("titles.download"), icon: <DownloadIcon />, browserOnly: true });
  // A tile leads to a screen that exists, or opens a panel over this one.
  const shownTiles = tiles.filter((tile) => tile.invite || isBuilt(tile.to));

  return (
    // Focus goes back to the hamburger even when the drawer was open on arrival (nothing opened it).
    <Sheet
      side="left"
      closeTo={closeHref}
      closeLabel={t("sideMenu.close")}
      labelledBy="side-menu-title"
      returnFocusId={MENU_BUTTON_ID}
    >
      <div className="flex h-14 shrink-0 items-center gap-2 border-b border-line/60 bg-[linear-gradient(180deg,var(--header-from),var(--header-to))] pr-1 pl-4">
        <img
          src={`/brands/${brand.id}/logo.svg`}
          alt={brand.displayName}
          width={112}
          height={28}
          {...imageLoading("later")}
          className="h-7 w-28 min-w-0 object-contain object-left"
        />
        <h2 id="side-menu-title" className="sr-only">
          {t("sideMenu.title")}
        </h2>
        <SheetClose className="ml-auto" />
      </div>

      <nav
        aria-labelledby="side-menu-title"
        className="flex-1 space-y-6 overflow-y-auto overscroll-contain px-3 pt-4 pb-[calc(1.5rem+env(safe-area-inset-bottom))]"
      >
        {/* Three to a row, so a label's longest word fits whole; a short last row is centred. */}
        <ul className="flex flex-wrap justify-center gap-2">
          {shownTiles.map((tile) => (
            <li
              key={tile.key}
              className={`w-[calc((100%_-_1rem)/3)] ${tile.browserOnly ? "[@media(display-mode:standalone)]:hidden" : ""}`}
            >
              <Link
                to={tile.to}
                preventScrollReset={tile.invite}
                className="flex h-full min-h-[5.25rem] flex-col items-center justify-center gap-1.5 rounded-card border border-line/70 bg-[linear-gradient(160deg,var(--surface-3),var(--surface))] px-1 py-2 text-center text-[11px] leading-tight font-semibold hyphens-auto text-text shadow-md shadow-black/40 transition-colors hover:border-primary/80 active:scale-[0.97] motion-reduce:active:scale-100"
              >
                <span className="flex h-10 w-10 shrink-0 items-center justify-center text-primary [&>svg]:h-7 [&>svg]:w-7">
                  {tile.icon}
                </span>
                <span className="line-clamp-3 w-full">{tile.label}</span>
              </Link>
            </li>
          ))}
        </ul>

        {categories.length > 0 ? (
          <MenuSection id="side-menu-games" title={t("sideMenu.games")}>
            <ul className="grid grid-cols-2 gap-2">
              {categories.map((code) => (
                <li key={code}>
                  <Link
                    to={categoryHref(code)}
                    aria-current={currentCategory === code ? "page" : undefined}
                    className="flex h-full min-h-12 items-center gap-2.5 rounded-xl border border-line/60 bg-surface px-2.5 py-1.5 text-[13px] leading-tight font-medium text-text transition-colors hover:border-primary/60 hover:bg-surface-2 aria-[current=page]:border-primary aria-[current=page]:bg-surface-2 aria-[current=page]:text-primary"
                  >
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
                      <CategoryIcon code={code} width={20} height={20} />
                    </span>
                    <span className="min-w-0 break-words">{t(`category.${code}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </MenuSection>
        ) : null}

        {promotions || chatUrl || notices || inbox ? (
          <MenuSection id="side-menu-others" title={t("sideMenu.others")}>
            <ul className={LIST}>
              {notices ? (
                <li>
                  <Link to={NOTICES_HREF} className={ROW}>
                    <SpeakerIcon width={20} height={20} className="shrink-0 text-primary" />
                    <span className="min-w-0 flex-1">{t("notice.title")}</span>
                    {unread ? <UnreadBadge text={unread} label={t("notice.badge", { count: data.noticeUnread })} /> : null}
                    <ChevronRightIcon width={16} height={16} className="shrink-0 text-muted" />
                  </Link>
                </li>
              ) : null}
              {inbox ? (
                <li>
                  <Link to={INBOX_HREF} className={ROW}>
                    <MailIcon width={20} height={20} className="shrink-0 text-primary" />
                    <span className="min-w-0 flex-1">{t("inbox.title")}</span>
                    {inboxUnread ? (
                      <UnreadBadge text={inboxUnread} label={t("inbox.badge", { count: data.inboxUnread })} />
                    ) : null}
                    <ChevronRightIcon width={16} height={16} className="shrink-0 text-muted" />
                  </Link>
                </li>
              ) : null}
              {promotions ? (
                <li>
                  <Link to={PROMOTIONS_HREF} className={ROW}>
                    <GiftIcon width={20} height={20} className="shrink-0 text-primary" />
                    <span className="min-w-0 flex-1">{t("titles.activity")}</span>
                    <ChevronRightIcon width={16} height={16} className="shrink-0 text-muted" />
                  </Link>
                </li>
              ) : null}
              {chatUrl ? (
                <li>
                  <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={ROW}>
                    <ChatIcon width={20} height={20} className="shrink-0 text-primary" />
                    <span className="min-w-0 flex-1">
                      {t("header.liveChat")}
                      <span className="sr-only"> {t("sideMenu.newTab")}</span>
                    </span>
                    <ExternalIcon />
                  </a>
                </li>
              ) : null}
            </ul>
          </MenuSection>
        ) : null}

        {social.length > 0 ? (
          <MenuSection id="side-menu-social" title={t("sideMenu.social")}>
            <ul className={LIST}>
              {social.map((l, i) => {
                const facebook = l.resourceType.startsWith("FACEBOOK");
                return (
                  <li key={`${l.resourceType}-${i}`}>
                    <a href={l.url} target="_blank" rel="noopener noreferrer" className={ROW}>
                      <span
                        className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-white ${facebook ? "bg-facebook" : "bg-telegram"}`}
                      >
                        {facebook ? <FacebookIcon /> : <TelegramIcon />}
                      </span>
                      <span className="min-w-0 flex-1">
                        {l.labelNameEn}
                        <span className="sr-only"> {t("sideMenu.newTab")}</span>
                      </span>
                      <ExternalIcon />
                    </a>
                  </li>
                );
              })}
            </ul>
          </MenuSection>
        ) : null}

        {data.languages.length > 1 ? (
          <details className={`group ${LIST}`}>
            <summary className={`${ROW} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
              <GlobeIcon width={20} height={20} className="shrink-0 text-primary" />
              <span className="min-w-0 flex-1">{t("sideMenu.language")}</span>
              {currentLanguage ? (
                <span lang={currentLanguage.tag} className="text-xs text-muted">
                  {currentLanguage.label}
                </span>
              ) : null}
              <ChevronRightIcon
                width={16}
                height={16}
                className="shrink-0 text-muted rotate-90 transition-transform group-open:-rotate-90 motion-reduce:transition-none"
              />
            </summary>
            <LanguageForm current={data.lng} languages={data.languages} redirectTo={closeHref} className="bg-bg/40" />
          </details>
        ) : null}

        {vip || referral ? (
          <div className={`grid gap-2 ${vip && referral ? "grid-cols-2" : "grid-cols-1"}`}>
            {vip ? (
              <Link
                to={VIP_HREF}
                className="flex min-h-[4.5rem] flex-col justify-center gap-0.5 rounded-card border border-prize/60 bg-[linear-gradient(135deg,var(--prize-from),var(--prize-to))] px-3 py-2 text-text shadow-md shadow-black/40 hover:border-prize"
              >
                <span className="flex items-center gap-1.5 text-sm font-bold text-prize">
                  <CrownIcon /> {t("sideMenu.vip")}
                </span>
                <span className="text-[11px] leading-tight">{t("sideMenu.vipBody")}</span>
              </Link>
            ) : null}
            {referral ? (
              <Link
                to={inviteHref}
                preventScrollReset
                className="flex min-h-[4.5rem] flex-col justify-center gap-0.5 rounded-card border border-primary/60 bg-[linear-gradient(135deg,var(--surface-3),var(--surface))] px-3 py-2 text-text shadow-md shadow-black/40 hover:border-primary"
              >
                <span className="flex items-center gap-1.5 text-sm font-bold text-primary">
                  <InviteIcon width={18} height={18} /> {t("sideMenu.referral")}
                </span>
                <span className="text-[11px] leading-tight text-muted">{t("sideMenu.referralBody")}</span>
              </Link>
            ) : null}
          </div>
        ) : null}
      </nav>
    </Sheet>
  );
}

const PROMOTIONS_HREF = "/m/activity";
const NOTICES_HREF = "/m/notice";
const INBOX_HREF = "/m/inbox";
/** The VIP entry opens the promotions on the rank rules. */
const VIP_HREF = "/m/activity?category=player_rank_rules";

const LIST = "overflow-hidden rounded-card border border-line/60 bg-surface divide-y divide-line/60";
const ROW = "flex min-h-12 items-center gap-3 px-3 py-2 text-sm font-medium text-text transition-colors hover:bg-surface-2";

function MenuSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3
        id={id}
        className="mb-2 flex items-center gap-2 px-1 text-xs font-bold tracking-wider text-muted uppercase before:h-3.5 before:w-1 before:rounded-full before:bg-primary"
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

const TrophyIcon = () => (
  <Icon width={24} height={24}>
    <path d="M8 4h8v5a4 4 0 0 1-8 0V4Z" />
    <path d="M8 6H4.5v1.5A3.5 3.5 0 0 0 8 11M16 6h3.5v1.5A3.5 3.5 0 0 1 16 11M12 13v4M8.5 20h7M9.5 17h5" />
  </Icon>
);
const DownloadIcon = () => (
  <Icon width={24} height={24}>
    <path d="M12 4v11M7 10.5l5 5 5-5M5 20h14" />
  </Icon>
);
const CrownIcon = () => (
  <Icon width={18} height={18}>
    <path d="M4 18h16l1-10-5 4-4-6-4 6-5-4 1 10Z" />
  </Icon>
);
const ExternalIcon = () => (
  <Icon width={16} height={16} className="shrink-0 text-muted">
    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </Icon>
);
