import type { announcements, banners, games, promotions, vendors } from "../schema";

export type GameSeed = Omit<typeof games.$inferInsert, "id" | "merchantCode">;
export type VendorSeed = Omit<typeof vendors.$inferInsert, "merchantCode">;
/** The loader names seeded content items (their operator key) by kind and position. */
type ContentSeed<T> = Omit<T, "id" | "merchantCode" | "key">;
export type BannerSeed = ContentSeed<typeof banners.$inferInsert>;
export type AnnouncementSeed = ContentSeed<typeof announcements.$inferInsert>;
export type PromotionSeed = ContentSeed<typeof promotions.$inferInsert>;

/** What the content builders need from a brand; the full Brand object satisfies it. */
export interface BrandLike {
  id: string;
  displayName: string;
  minimumAge: number;
}

/** Copy drawn onto a generated banner or promotion image; `variant` picks the composition. */
export interface ArtText {
  title: string;
  subtitle: string;
  cta: string;
  variant: number;
}

export interface HelpChildSeed {
  tag: string;
  title: string;
  /** Plain text: the help list shows it verbatim. */
  content: string;
  startDate: Date;
  sort: number;
}

export interface HelpSeed extends HelpChildSeed {
  children?: HelpChildSeed[];
}

export interface BrandContent {
  banners: BannerSeed[];
  bannerArt: Record<string, ArtText>;
  announcements: AnnouncementSeed[];
  promotionCategories: Array<{ key: string; sort: number }>;
  promotions: PromotionSeed[];
  promoArt: Record<string, ArtText>;
  helpItems: HelpSeed[];
}
