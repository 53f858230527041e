import { isGuest } from "~/domain/accounts/member-types";
import type { LanguageId } from "~/utils/languages";

/**
 * Which languages a screen takes content from, best first: the player's language, then the brand's
 * default. TY (the house English) is written in English unless an operator publishes TY items, so
 * English follows either of them. An item (one operator key) shows once, in the first of these
 * languages it exists in; a key with none of them does not show.
 */
export function contentLanguages(lng: LanguageId, brandDefault: LanguageId): LanguageId[] {
  const chain: LanguageId[] = [lng];
  if (lng === "ty") chain.push("en");
  chain.push(brandDefault);
  if (brandDefault === "ty") chain.push("en");
  return [...new Set(chain)];
}

/** Each key's row in the best language of `chain`; order is kept from `rows`. */
export function pickLanguage<T extends { key: string; language: string }>(rows: T[], chain: readonly string[]): T[] {
  const best = new Map<string, T>();
  for (const row of rows) {
    const rank = chain.indexOf(row.language);
    if (rank < 0) continue;
    const held = best.get(row.key);
    if (!held || rank < chain.indexOf(held.language)) best.set(row.key, row);
  }
  const chosen = new Set(best.values());
  return rows.filter((r) => chosen.has(r));
}

/** Who reads announcements: a visitor (no session), a trial guest (type 4) or anyone else signed in. */
export type Reader = { memberId: number; type: number } | null;

/**
 * Spec §4: only a signed-in member other than a trial guest keeps read marks; for visitors and
 * guests every announcement counts as read, so they never see an unread badge.
 */
export function keepsReadState(reader: Reader): reader is { memberId: number; type: number } {
  return reader !== null && !isGuest(reader.type);
}

/** Spec §9: announcement dates are MM/DD/YYYY on lists and YYYY-MM-DD on the detail. */
export const LIST_DATE_FORMAT = "MM/DD/YYYY";
export const DETAIL_DATE_FORMAT = "YYYY-MM-DD";

/** The help list's excerpt: the plain text cut at a word near `max` characters. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
