import { Link } from "~/components/ui/link";
import { useTranslation } from "~/components/ui/i18n";
import { VendorLogo } from "../category-icons";
import type { VendorItem } from "./types";
import { EmptyState } from "./empty-state";

/** Vendor cards of a category (sports, e-sports, lottery, live): each opens that provider's list. */
export function VendorGrid({ vendors, category }: { vendors: VendorItem[]; category: string }) {
  const { t } = useTranslation();
  if (vendors.length === 0) return <EmptyState />;
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="vendor-grid">
      {vendors.map((v) => (
        <li key={v.vassalage}>
          <Link
            to={`/m/provider?vassalage=${encodeURIComponent(v.vassalage)}&category=${encodeURIComponent(category)}`}
            className="flex items-center gap-3 rounded-card border border-line/60 bg-[linear-gradient(135deg,var(--surface-2),var(--surface))] p-3 shadow-md shadow-black/30 transition active:scale-[.98]"
          >
            <span className="flex h-11 w-[4.5rem] shrink-0 items-center justify-center rounded-xl bg-white/90">
              <VendorLogo vassalage={v.vassalage} variant="black" width={60} height={24} when="later" className="h-6 w-[60px]" />
            </span>
            <span className="min-w-0">
              <span className="block truncate text-sm font-bold text-text">{v.label}</span>
              <span className="block text-[11px] text-muted">{t("lobby.gameCount", { count: v.gameCount })}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
