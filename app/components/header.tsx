import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { AuthButtons } from "./auth-buttons";
import { useTranslation } from "~/components/ui/i18n";
import type { RootData } from "./root-data";
import { ArrowUpIcon, ChatIcon, DotsIcon, HelpIcon, LogoutIcon, MenuIcon, SpeakerIcon, WalletIcon } from "~/components/ui/icons";
import { badgeText } from "~/utils/badge";
import { MailIcon } from "./inbox/mail-icon";
import { UnreadBadge } from "./unread-badge";
import { isBuilt } from "./built-screens";
import { LanguageSwitcher } from "./language-switcher";
import { MENU_BUTTON_ID, MENU_PANEL, panelHref } from "./panels";
import { deferred } from "./ui/deferred";

// A signed-in player's name and balance: visitors' pages never load it.
const MemberChip = deferred("member-chip", () => import("./header-member").then((m) => m.MemberChip));

export function Header({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const { brand, flags } = data;
  const canRegister = flags.REG3 && flags.REGISTER_REE3;
  const chatUrl = data.chat?.url;
  const { pathname, search } = useLocation();
  const menuOpen = new URLSearchParams(search).get("panel") === MENU_PANEL;
  // Screens still to be built stay out of the menu; with nothing left to offer, so does the menu.
  const screens = [
    { to: "/m/voucherCenter", label: t("header.deposit"), Icon: WalletIcon },
    { to: "/m/withdraw", label: t("header.withdraw"), Icon: ArrowUpIcon },
    { to: "/m/help", label: t("header.helpCenter"), Icon: HelpIcon },
    { to: "/m/notice", label: t("notice.title"), Icon: SpeakerIcon },
    ...(flags.INBOX3 && data.member && !data.member.guest ? [{ to: "/m/inbox", label: t("inbox.title"), Icon: MailIcon }] : []),
  ].filter((s) => isBuilt(s.to));
  const unread = badgeText(data.noticeUnread);
  const inboxUnread = badgeText(data.inboxUnread);
  const menu = screens.length > 0 || Boolean(chatUrl) || data.member !== null;
  return (
    <header className="sticky top-0 z-30 border-b border-line/60 bg-[linear-gradient(180deg,var(--header-from),var(--header-to))] pt-[env(safe-area-inset-top)] shadow-lg shadow-black/30">
      {/* Shown once whole (shown-whole, app/styles/tailwind.css), so a first paint of part of it cannot shift it. */}
      <div className="shown-whole mx-auto flex h-14 max-w-screen-sm items-center gap-1.5 px-3 whitespace-nowrap max-[380px]:gap-1 lg:max-w-screen-xl">
        <Link
          id={MENU_BUTTON_ID}
          to={panelHref(pathname, search, MENU_PANEL)}
          preventScrollReset
          aria-label={t("sideMenu.open")}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          className="-ml-2 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-text hover:bg-surface-2/80"
        >
          <MenuIcon width={22} height={22} />
        </Link>
        <Link
          to="/m/home"
          // The logo takes what the row leaves, up to 8 rem: down to 6 rem for a visitor, where its name still
          // reads, before the sign-in buttons give up any width (a button narrowed by even a fraction of a pixel
          // breaks its label), and only then do long labels take a second line. A member's pill gives way to
          // nothing: the logo goes down to 5 rem, so a ₱10,000.00 balance and its two controls still fit inside
          // the pill on a 412 px phone. Below 380 px the row cannot hold the name beside them: the brand's
          // icon stands in for the logo.
          className={`mr-auto flex max-w-32 shrink-0 grow items-center ${data.member === null ? "basis-24" : "basis-20"} max-[380px]:grow-0 max-[380px]:basis-8`}
          aria-label={t("header.logo", { name: brand.displayName })}
        >
          <picture className="contents">
            <source media="(width < 380px)" srcSet={`/brands/${brand.id}/icon.svg`} width={32} height={32} />
            <img
              src={`/brands/${brand.id}/logo.svg`}
              alt={brand.displayName}
              width={128}
              height={32}
              className="h-8 w-full object-contain object-left max-[380px]:rounded-lg"
            />
          </picture>
        </Link>
        {data.member === null ? (
          // Labels that do not fit (Tagalog, Thai, Vietnamese) take a second line rather than the logo's room.
          <div className="flex items-center gap-1.5 [&>a]:h-9 [&>a]:shrink [&>a]:px-2.5 [&>a]:text-center [&>a]:leading-[1.1] [&>a]:whitespace-normal">
            <AuthButtons canRegister={canRegister} size="sm" />
          </div>
        ) : (
          <MemberChip member={data.member} balanceHidden={data.balanceHidden} csrf={data.csrf} />
        )}
        <LanguageSwitcher current={data.lng} languages={data.languages} />
        {/* Keyed by the page, so following one of its links closes it (a <details> stays open otherwise). */}
        <details key={pathname} className="relative" hidden={!menu}>
          <summary
            className="relative flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded-full border border-line/70 bg-surface-2/80 [&::-webkit-details-marker]:hidden"
            aria-label={t("header.menu")}
          >
            <DotsIcon width={18} height={18} />
            {unread || inboxUnread ? (
              <span
                className="absolute -top-0.5 -right-0.5 h-2.5 w-2.5 rounded-full border border-surface bg-accent"
                aria-hidden="true"
              />
            ) : null}
          </summary>
          <nav
            aria-label={t("header.menu")}
            className="absolute right-0 z-40 mt-2 w-52 overflow-hidden rounded-card border border-line bg-surface shadow-2xl"
          >
            <ul className="py-1 text-sm">
              {screens.map(({ to, label, Icon }) => (
                <li key={to}>
                  <Link to={to} className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2">
                    <Icon width={18} height={18} className="text-primary" /> {label}
                    {to === "/m/notice" && unread ? (
                      <UnreadBadge text={unread} label={t("notice.badge", { count: data.noticeUnread })} />
                    ) : null}
                    {to === "/m/inbox" && inboxUnread ? (
                      <UnreadBadge text={inboxUnread} label={t("inbox.badge", { count: data.inboxUnread })} />
                    ) : null}
                  </Link>
                </li>
              ))}
              {chatUrl ? (
                <li>
                  <a
                    href={chatUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2"
                  >
                    <ChatIcon width={18} height={18} className="text-primary" /> {t("header.liveChat")}
                  </a>
                </li>
              ) : null}
              {data.member ? (
                <li>
                  <Link to="/m/logout" className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2">
                    <LogoutIcon width={18} height={18} className="text-primary" /> {t("header.logout")}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        </details>
        {/* Parsed last: the row is shown from here on (shown-whole). Not laid out, so no gap either. */}
        <span className="shown-whole-end" hidden />
      </div>
    </header>
  );
}
