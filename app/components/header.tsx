import { Link, useLocation } from "@remix-run/react";
import { AuthButtons } from "./auth-buttons";
import { useTranslation } from "~/components/ui/i18n";
import type { RootData } from "./root-data";
import { formatPeso } from "~/utils/money";
import { ArrowUpIcon, ChatIcon, DotsIcon, HelpIcon, LogoutIcon, MenuIcon, UserIcon, WalletIcon } from "~/components/ui/icons";
import { LanguageSwitcher } from "./language-switcher";
import { MENU_BUTTON_ID, MENU_PANEL, panelHref } from "./side-menu";

export function Header({ data }: { data: RootData }) {
  const { t } = useTranslation();
  const { brand, flags } = data;
  const canRegister = flags.REG3 && flags.REGISTER_REE3;
  const chatUrl = flags.CBS3 ? brand.customerService.liveChatUrl : undefined;
  const { pathname, search } = useLocation();
  const menuOpen = new URLSearchParams(search).get("panel") === MENU_PANEL;
  return (
    <header className="sticky top-0 z-30 border-b border-line/60 bg-[linear-gradient(180deg,var(--header-from),var(--header-to))] pt-[env(safe-area-inset-top)] shadow-lg shadow-black/30">
      <div className="mx-auto flex h-14 max-w-screen-sm items-center gap-1.5 px-3 whitespace-nowrap">
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
          className="mr-auto flex min-w-0 items-center"
          aria-label={t("header.logo", { name: brand.displayName })}
        >
          <img
            src={`/brands/${brand.id}/logo.svg`}
            alt={brand.displayName}
            width={128}
            height={32}
            className="h-8 w-32 min-w-0 object-contain object-left"
          />
        </Link>
        {data.member === null ? (
          <AuthButtons canRegister={canRegister} size="sm" />
        ) : (
          <Link
            to="/m/member/home"
            className="flex min-w-0 items-center gap-2 rounded-full border border-line/70 bg-surface-2/80 py-0.5 pr-3 pl-0.5"
            aria-label={t("header.memberCentre", { name: data.member.displayName })}
          >
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-on-primary">
              <UserIcon width={16} height={16} />
            </span>
            <span className="flex min-w-0 flex-col leading-tight">
              <span className="max-w-[6.5rem] truncate text-[11px] text-muted">{data.member.displayName}</span>
              <span className="text-xs font-bold text-primary" aria-label={t("header.balance")}>
                {formatPeso(data.member.balance)}
              </span>
            </span>
          </Link>
        )}
        <LanguageSwitcher current={data.lng} languages={data.languages} />
        <details className="relative">
          <summary
            className="flex h-8 w-8 cursor-pointer list-none items-center justify-center rounded-full border border-line/70 bg-surface-2/80 [&::-webkit-details-marker]:hidden"
            aria-label={t("header.menu")}
          >
            <DotsIcon width={18} height={18} />
          </summary>
          <nav
            aria-label={t("header.menu")}
            className="absolute right-0 z-40 mt-2 w-52 overflow-hidden rounded-card border border-line bg-surface shadow-2xl"
          >
            <ul className="py-1 text-sm">
              <li>
                <Link to="/m/voucherCenter" className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2">
                  <WalletIcon width={18} height={18} className="text-primary" /> {t("header.deposit")}
                </Link>
              </li>
              <li>
                <Link to="/m/withdraw" className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2">
                  <ArrowUpIcon width={18} height={18} className="text-primary" /> {t("header.withdraw")}
                </Link>
              </li>
              <li>
                <Link to="/m/help" className="flex items-center gap-3 px-4 py-3 hover:bg-surface-2">
                  <HelpIcon width={18} height={18} className="text-primary" /> {t("header.helpCenter")}
                </Link>
              </li>
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
      </div>
    </header>
  );
}
