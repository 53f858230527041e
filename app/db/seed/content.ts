import { buildAnnouncements } from "./announcements";
import { buildBanners } from "./banners";
import { buildHelpItems } from "./help";
import { buildPromotions } from "./promotions";
import type { BrandContent, BrandLike } from "./types";

/** A brand's banners, notices, promotions and help, all in English (the operator's content language). */
export function buildBrandContent(brand: BrandLike): BrandContent {
  const { banners, bannerArt } = buildBanners(brand);
  const { promotionCategories, promotions, promoArt } = buildPromotions(brand);
  return {
    banners,
    bannerArt,
    announcements: buildAnnouncements(brand),
    promotionCategories,
    promotions,
    promoArt,
    helpItems: buildHelpItems(brand),
  };
}
