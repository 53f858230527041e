import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import type { ComponentType, SVGProps } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { isBuilt } from "./built-screens";
import { HOME_ALIASES } from "./route-titles";
import { GiftIcon, HomeIcon, InviteIcon, UserIcon, WalletIcon } from "~/components/ui/icons";

interface Item {
  key: string;
  to: string;
  label: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  active: boolean;
}

export function BottomBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const inviteOpen = new URLSearchParams(search).get("panel") === "invite";
  const all: Item[] = [
    {
      key: "home",
      to: "/m/home",
      label: t("bottomBar.home"),
      Icon: HomeIcon,
      active: (HOME_ALIASES as readonly string[]).includes(pathname) && !inviteOpen,
    },
    {
      key: "promotion",
      to: "/m/activity",
      label: t("bottomBar.promotion"),
      Icon: GiftIcon,
      active: pathname.startsWith("/m/activity"),
    },
    {
      key: "deposit",
      to: "/m/voucherCenter",
      label: t("bottomBar.deposit"),
      Icon: WalletIcon,
      active: pathname === "/m/voucherCenter",
    },
    { key: "invite", to: `${pathname}?panel=invite`, label: t("bottomBar.invite"), Icon: InviteIcon, active: inviteOpen },
    {
      key: "member",
      to: "/m/member/home",
      label: t("bottomBar.member"),
      Icon: UserIcon,
      active: pathname.startsWith("/m/member"),
    },
  ];
  // The invite panel opens over the current page; every other item is a screen, shown once it is built.
  const items = all.filter((item) => item.key === "invite" || isBuilt(item.to));
  return (
    <nav
      aria-label={t("bottomBar.label")}
      className="shown-whole fixed inset-x-0 bottom-0 z-30 border-t border-line/70 bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      {/* However many items are shown, they share the bar evenly, except that a long label (Vietnamese
          "Trung tâm thành viên") takes the room it needs from short ones and stays on one line. */}
      <ul className="mx-auto grid h-16 max-w-screen-sm grid-flow-col [grid-auto-columns:minmax(max-content,1fr)]">
        {items.map(({ key, to, label, Icon, active }) => (
          <li key={key}>
            <Link
              to={to}
              preventScrollReset={key === "invite"}
              aria-current={active ? "page" : undefined}
              className={`flex h-full flex-col items-center justify-center gap-1 px-1 text-[11px] font-medium whitespace-nowrap ${active ? "text-primary" : "text-muted hover:text-text"}`}
            >
              {key === "deposit" ? (
                <span className="btn-primary -mt-5 flex h-12 w-12 items-center justify-center rounded-full ring-4 ring-surface">
                  <Icon width={24} height={24} />
                </span>
              ) : (
                <Icon width={22} height={22} />
              )}
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
      {/* Parsed last: the bar is shown from here on, every item in its place (shown-whole). */}
      <span className="shown-whole-end" hidden />
    </nav>
  );
}
