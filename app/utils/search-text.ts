/**
 * Name search matches a lower-cased text of the game's name, code and every
 * display name. Both sides are lower-cased here in JavaScript rather than by
 * the database, whose lower() only folds ASCII under the C locale.
 */
export function gameSearchText(g: { gameName: string; gameCode: string; displayName: Record<string, string> }): string {
  return normaliseSearch([g.gameName, g.gameCode.replace(/_/g, " "), ...Object.values(g.displayName)].join(" "));
}

/** Control characters count as spaces: a NUL would make the database reject the query. */
export function normaliseSearch(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

/** A LIKE pattern that matches the term anywhere, with the term's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${normaliseSearch(term).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Longest search term accepted; longer input is cut, never an error. */
export const SEARCH_MAX = 50;
