import { useLocation } from "@remix-run/react";
import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { GiftIcon, InviteIcon } from "~/components/ui/icons";
import { isBuilt } from "./built-screens";
import { CategoryIcon } from "./category-icons";
import { HOME_ALIASES } from "./route-titles";

/** Spec §2: the desktop top navigation leaves sports out; its books stay on the phone rail and in the game centre. */
const LEFT_OUT = new Set(["SPORTS"]);

/** The categories of the desktop top navigation, in menu order, after Home. */
export function desktopNavCategories(categories: readonly string[]): string[] {
  return categories.filter((c) => !LEFT_OUT.has(c));
}

const categoryHref = (code: string) => `/m/home?category=${encodeURIComponent(code)}`;
const PROMOTIONS_HREF = "/m/activity";

/**
 * The top navigation of screens 1024 px and wider, where it replaces the bottom bar: Home and the
 * brand's game categories (from vendor sorting, as on the home rail), then promotions (once built)
 * and invite, which otherwise only the bottom bar reaches.
 */
export function DesktopNav({ categories }: { categories: string[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const onHome = (HOME_ALIASES as readonly string[]).includes(pathname);
  const category = onHome ? (params.get("category")?.toUpperCase() ?? "HOME") : null;
  const inviteOpen = params.get("panel") === "invite";
  const item = (on: boolean) =>
    `flex h-11 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold whitespace-nowrap transition-colors ${
      on ? "btn-primary" : "text-muted hover:bg-surface-2 hover:text-text"
    }`;
  return (
    <nav
      aria-label={t("bottomBar.label")}
      data-testid="desktop-nav"
      className="sticky top-14 z-20 hidden border-b border-line/60 bg-surface/95 backdrop-blur lg:block"
    >
      {/* Every entry stays in view: where the labels do not fit on one line (a wide font, a long
          translation), the line wraps rather than hiding the last entries past the edge. */}
      <ul className="mx-auto flex max-w-screen-xl flex-wrap items-center gap-x-0.5 gap-y-1 px-4 py-1.5">
        <li>
          <Link
            to="/m/home"
            aria-current={category === "HOME" && !inviteOpen ? "page" : undefined}
            className={item(category === "HOME" && !inviteOpen)}
          >
            <CategoryIcon code="HOME" width={18} height={18} />
            {t("bottomBar.home")}
          </Link>
        </li>
        {desktopNavCategories(categories).map((code) => (
          <li key={code}>
            <Link
              to={categoryHref(code)}
              aria-current={category === code ? "page" : undefined}
              data-category={code}
              className={item(category === code)}
            >
              <CategoryIcon code={code} width={18} height={18} />
              {t(`category.${code}`)}
            </Link>
          </li>
        ))}
        {isBuilt(PROMOTIONS_HREF) ? (
          <li className="ml-auto">
            <Link
              to={PROMOTIONS_HREF}
              aria-current={pathname.startsWith(PROMOTIONS_HREF) ? "page" : undefined}
              className={item(pathname.startsWith(PROMOTIONS_HREF))}
            >
              <GiftIcon width={18} height={18} />
              {t("bottomBar.promotion")}
            </Link>
          </li>
        ) : null}
        <li className={isBuilt(PROMOTIONS_HREF) ? undefined : "ml-auto"}>
          <Link
            to={`${pathname}?panel=invite`}
            preventScrollReset
            aria-current={inviteOpen ? "page" : undefined}
            className={item(inviteOpen)}
          >
            <InviteIcon width={18} height={18} />
            {t("bottomBar.invite")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
