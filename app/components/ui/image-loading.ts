/**
 * When and how urgently a page's picture is fetched (ADR 0032). On a slow connection the pictures
 * share the bandwidth with the style sheet, so the page's main picture (the first banner or
 * promotion, what a player looks at first) is fetched first; the rest of the first screen (game
 * tiles, provider logos) right after it; anything else when it comes near the screen.
 *
 * Spread on an `<img>`. React 18 knows no fetchPriority prop; the lower-case attribute reaches the
 * HTML as it is.
 */
export function imageLoading(kind: "main" | "screen" | "later"): { loading: "eager" | "lazy"; fetchpriority: "high" | "low" } {
  return {
    loading: kind === "later" ? "lazy" : "eager",
    fetchpriority: kind === "main" ? "high" : "low",
  };
}
