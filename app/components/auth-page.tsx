import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "./i18n";
import { BackIcon } from "./icons";

/**
 * The frame of the account screens: a back button (to /m/home on login,
 * register and forget, per spec), the brand's logo and a card.
 */
export function AuthPage({
  title,
  backTo = "/m/home",
  brandId,
  brandName,
  children,
}: {
  title: string;
  backTo?: string;
  brandId: string;
  brandName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="px-4 pt-3">
      <div className="relative flex h-10 items-center justify-center">
        <Link
          to={backTo}
          className="absolute left-0 flex h-10 w-10 items-center justify-center rounded-full border border-line/70 bg-surface-2/80"
          aria-label={t("common.back")}
        >
          <BackIcon width={20} height={20} />
        </Link>
        <h1 className="text-lg font-bold">{title}</h1>
      </div>
      <div className="mt-4 rounded-card border border-line bg-surface/95 p-5 shadow-xl shadow-black/30">
        <img
          src={`/brands/${brandId}/logo.svg`}
          alt={brandName}
          width={160}
          height={40}
          className="mx-auto mb-4 h-10 w-40 object-contain"
        />
        {children}
      </div>
    </div>
  );
}

/** Two or more links that switch a form's mode by URL, so they work without JavaScript. */
export function TabLinks({ tabs, label }: { tabs: { to: string; label: string; current: boolean }[]; label: string }) {
  return (
    <nav aria-label={label} className="mb-4 flex rounded-full border border-line bg-surface-2 p-1 text-sm font-semibold">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.to}
          replace
          aria-current={tab.current ? "page" : undefined}
          className="flex-1 rounded-full py-2 text-center text-muted aria-[current=page]:bg-primary aria-[current=page]:text-on-primary"
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
