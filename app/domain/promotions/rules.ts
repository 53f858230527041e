import { PROMOTION_CATEGORY_KEYS } from "~/brand/categories";

/** Spec §9: promotion dates are YYYY/MM/DD. */
export const PROMOTION_DATE_FORMAT = "YYYY/MM/DD";

/** Spec §5 and §9: what an application may carry. */
export const APPLY_LIMITS = {
  commentChars: 140,
  images: 3,
  imageBytes: 5 * 1024 * 1024,
} as const;

export type PromotionCategory = (typeof PROMOTION_CATEGORY_KEYS)[number];

export function isCategoryKey(value: string): value is PromotionCategory {
  return (PROMOTION_CATEGORY_KEYS as readonly string[]).includes(value);
}

/**
 * The category menu: "all" first (selected by default, spec §2), then every category a shown
 * promotion is in, in the brand's order (`order`, its promotion_categories) and after those in the
 * spec's order; a category nothing is in is left out.
 */
export function categoryMenu(
  promotions: readonly { categoryKeys: readonly string[] }[],
  order: readonly string[] = [],
): PromotionCategory[] {
  const used = new Set(promotions.flatMap((p) => p.categoryKeys));
  const ranked = [...order, ...PROMOTION_CATEGORY_KEYS].filter(isCategoryKey);
  return [...new Set<PromotionCategory>(["all", ...ranked.filter((k) => used.has(k))])];
}

/** "all" holds every promotion; any other category the promotions whose keys contain it. */
export function inCategory(promotion: { categoryKeys: readonly string[] }, category: PromotionCategory): boolean {
  return category === "all" || promotion.categoryKeys.includes(category);
}

/** The card's picture: the image of the lowest sequence (spec: sequence 1). */
export function firstImage(images: readonly { url: string; sequence: number }[]): string | null {
  if (images.length === 0) return null;
  return [...images].sort((a, b) => a.sequence - b.sequence)[0]!.url;
}

export type DateRange =
  { kind: "longTerm"; start: string } | { kind: "single"; date: string } | { kind: "range"; start: string; end: string };

/**
 * Spec §2: the start and "long term" when noExpiry is set; a single date when start and end fall
 * on the same day; otherwise start to end. Dates come formatted (YYYY/MM/DD, the market's clock),
 * so "the same day" is the day a player reads. A promotion without an end date runs until it is
 * retired, which is what long term means to a player.
 */
export function dateRange(start: string, end: string | null, noExpiry: boolean): DateRange {
  if (noExpiry || end === null) return { kind: "longTerm", start };
  if (start === end) return { kind: "single", date: start };
  return { kind: "range", start, end };
}

/** Characters as the database counts them (char_length): code points, so an emoji is one. */
export function commentLength(comment: string): number {
  return [...comment].length;
}

export function commentTooLong(comment: string): boolean {
  return commentLength(comment) > APPLY_LIMITS.commentChars;
}

/**
 * What a member sees for a promotion (spec §3 activity statuses): "applying" while theirs waits and
 * "issued" once its bonus was credited (a bonus is paid once per member and promotion); otherwise
 * "coming soon" before it starts, "closed" after it ends or when it takes no applications, and
 * "apply" when they may (again, after a rejection).
 */
export type ActivityStatus = "apply" | "applying" | "issued" | "closed" | "coming_soon";

export function activityStatus(input: {
  now: Date;
  start: Date;
  end: Date | null;
  noExpiry: boolean;
  intakeOpen: boolean;
  held: "applying" | "issued" | null;
}): ActivityStatus {
  if (input.held) return input.held;
  if (input.now < input.start) return "coming_soon";
  const ended = !input.noExpiry && input.end !== null && input.now > input.end;
  return ended || !input.intakeOpen ? "closed" : "apply";
}
