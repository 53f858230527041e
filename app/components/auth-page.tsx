import { Link } from "~/components/ui/link";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/ui/i18n";
import { BackIcon } from "~/components/ui/icons";

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
