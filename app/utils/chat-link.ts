/**
 * The live-chat launch link (spec §7 chat launch: language, backUrl, headerColor, title, template
 * v2, moduleId CBS3). The brand's chat page is another site: these parameters tell it the player's
 * language, what to title the window and where its back button returns to.
 */
export function chatLaunchUrl(
  base: string,
  opts: { language: string; backUrl: string; title: string; headerColor: string },
): string {
  const url = new URL(base);
  url.searchParams.set("language", opts.language);
  url.searchParams.set("backUrl", opts.backUrl);
  url.searchParams.set("headerColor", opts.headerColor);
  url.searchParams.set("title", opts.title);
  url.searchParams.set("template", "v2");
  url.searchParams.set("moduleId", "CBS3");
  return url.toString();
}
