import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { BannerGroup } from "~/brand/categories";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { announcements, banners } from "~/db/schema";

export async function listBanners(db: Db, brand: Brand, group: BannerGroup) {
  if (!brand.bannerGroups.includes(group)) return [];
  return db
    .select({ id: banners.id, title: banners.title, imageUrl: banners.imageUrl, linkUrl: banners.linkUrl })
    .from(banners)
    .where(and(eq(banners.merchantCode, brand.merchantCode), eq(banners.groupName, group)))
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** Titles for the header marquee: announcements in force now, newest first. */
export async function listMarquee(db: Db, brand: Brand, now = new Date(), limit = 10) {
  return db
    .select({ id: announcements.id, title: announcements.title, startDate: announcements.startDate })
    .from(announcements)
    .where(
      and(
        eq(announcements.merchantCode, brand.merchantCode),
        inArray(announcements.contentType, ["A", "PL", "B"]),
        lte(announcements.startDate, now),
        or(isNull(announcements.endDate), gt(announcements.endDate, now)),
      ),
    )
    .orderBy(desc(announcements.startDate), asc(announcements.sort))
    .limit(limit);
}
