import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Brand } from "~/brand/schema";
import type { Db } from "~/db/client.server";
import { promotionCategories, promotionIntake, promotions } from "~/db/schema";
import { contentLanguages, pickLanguage } from "~/domain/content/rules";
import type { LanguageId } from "~/utils/languages";

/**
 * The promotions players see: the content engineers' rows (published by `npm run content`), per
 * brand, never retired, each operator key once in the player's best language (domain/content/rules).
 * A promotion whose end has passed leaves the list; its detail page still opens, as closed.
 */

export interface Promotion {
  id: number;
  key: string;
  title: string;
  /** Sanitised when it was published (domain/content/publish.server.ts). */
  html: string;
  startDate: Date;
  endDate: Date | null;
  noExpiry: boolean;
  categoryKeys: string[];
  images: { url: string; sequence: number }[];
}

const columns = {
  id: promotions.id,
  key: promotions.key,
  language: promotions.language,
  title: promotions.title,
  html: promotions.content,
  startDate: promotions.startDate,
  endDate: promotions.endDate,
  noExpiry: promotions.noExpiry,
  categoryKeys: promotions.categoryKeys,
  images: promotions.images,
};

const strip = ({ language: _l, ...p }: Promotion & { language: string }): Promotion => p;

const over = (p: { endDate: Date | null; noExpiry: boolean }, now: Date) => !p.noExpiry && p.endDate !== null && p.endDate < now;

export async function listPromotions(db: Db, brand: Brand, lng: LanguageId, now = new Date()): Promise<Promotion[]> {
  const chain = contentLanguages(lng, brand.languages.default);
  const rows = await db
    .select(columns)
    .from(promotions)
    .where(
      and(eq(promotions.merchantCode, brand.merchantCode), inArray(promotions.language, chain), isNull(promotions.retiredAt)),
    )
    .orderBy(asc(promotions.sort), asc(promotions.id));
  return pickLanguage(rows, chain)
    .filter((p) => !over(p, now))
    .map(strip);
}

/** The brand's order of its category menu (content publishing and the seed keep it). */
export async function categoryOrder(db: Db, brand: Brand): Promise<string[]> {
  const rows = await db
    .select({ key: promotionCategories.key })
    .from(promotionCategories)
    .where(eq(promotionCategories.merchantCode, brand.merchantCode))
    .orderBy(asc(promotionCategories.sort), asc(promotionCategories.key));
  return rows.map((r) => r.key);
}

/**
 * One promotion of this brand by the id a card links to, shown in the player's best language of
 * its key (the link may come from another language's list); null when unknown, of another brand
 * or retired.
 */
export async function getPromotion(db: Db, brand: Brand, lng: LanguageId, id: number): Promise<Promotion | null> {
  const [row] = await db
    .select({ key: promotions.key })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, brand.merchantCode), eq(promotions.id, id), isNull(promotions.retiredAt)));
  if (!row) return null;
  const versions = await db
    .select(columns)
    .from(promotions)
    .where(and(eq(promotions.merchantCode, brand.merchantCode), eq(promotions.key, row.key), isNull(promotions.retiredAt)));
  const shown = pickLanguage(versions, contentLanguages(lng, brand.languages.default))[0] ?? versions.find((v) => v.id === id);
  return shown ? strip(shown) : null;
}

export interface Intake {
  open: boolean;
  /** Null: the brand's turnover multiplier (brand.play.turnoverMultiplier). */
  turnoverMultiplier: number | null;
}

/** Whether a promotion takes applications; none does until support staff open it. */
export async function getIntake(db: Db, brand: Brand, promotionKey: string): Promise<Intake> {
  const [row] = await db
    .select({ open: promotionIntake.open, turnoverMultiplier: promotionIntake.turnoverMultiplier })
    .from(promotionIntake)
    .where(and(eq(promotionIntake.merchantCode, brand.merchantCode), eq(promotionIntake.promotionKey, promotionKey)));
  return row ?? { open: false, turnoverMultiplier: null };
}

/** Whether this brand has published a promotion under `key` (in any language, retired or not). */
export async function promotionKeyExists(db: Db, brand: Brand, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.merchantCode, brand.merchantCode), eq(promotions.key, key)))
    .limit(1);
  return Boolean(row);
}
