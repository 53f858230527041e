import { Link } from "~/components/ui/link";
import { imageLoading } from "~/components/ui/image-loading";
import { useTranslation } from "~/components/ui/i18n";
import { ChevronRightIcon } from "~/components/ui/icons";

export interface PromotionCardView {
  id: number;
  title: string;
  /** The image of sequence 1; null when the promotion has none. */
  image: string | null;
}

/**
 * A promotion on the list: its first image, its title and the see-all prompt, all one link. The
 * list's first image is the largest thing on the first screen: it loads at once and first.
 */
export function PromotionCard({ promotion, first = false }: { promotion: PromotionCardView; first?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/m/activityDetail?id=${promotion.id}`}
      className="block overflow-hidden rounded-card border border-line/60 bg-surface shadow-sm transition-transform active:scale-[0.99]"
    >
      {promotion.image ? (
        <img
          src={promotion.image}
          alt=""
          {...imageLoading(first ? "main" : "later")}
          className="aspect-[5/2] w-full bg-surface-2 object-cover"
        />
      ) : (
        <div aria-hidden className="aspect-[5/2] w-full bg-gradient-to-br from-primary/30 to-surface-2" />
      )}
      <div className="flex items-center gap-2 px-4 py-3">
        <h2 className="min-w-0 flex-1 truncate font-semibold">{promotion.title}</h2>
        <span className="flex shrink-0 items-center gap-0.5 text-xs font-semibold text-primary">
          {t("promotions.seeAll")}
          <ChevronRightIcon width={14} height={14} />
        </span>
      </div>
    </Link>
  );
}
