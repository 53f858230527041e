import { Link } from "~/components/ui/link";
import { imageLoading } from "~/components/ui/image-loading";
import { shownBanner, type Banner } from "../banner-carousel";

/** The game centre's banner strip: the category's banners side by side, swiped by hand. */
export function BannerStrip({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <div className="no-scrollbar -mx-3 flex snap-x snap-mandatory gap-2.5 overflow-x-auto px-3" data-testid="banner-strip">
      {banners.map(shownBanner).map((b, i) => {
        const img = (
          <img
            src={b.imageUrl}
            alt={b.title}
            width={750}
            height={300}
            {...imageLoading(i === 0 ? "main" : "later")}
            decoding="async"
            className="block aspect-[5/2] w-full rounded-card object-cover"
          />
        );
        return (
          <div key={b.id} className="w-[88%] shrink-0 snap-center">
            {b.linkUrl ? <Link to={b.linkUrl}>{img}</Link> : img}
          </div>
        );
      })}
    </div>
  );
}
