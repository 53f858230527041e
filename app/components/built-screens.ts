/**
 * The player screens this build has: every route module in app/routes/ that
 * renders a page, and the aliases remix.config.js adds (built-screens.test.ts
 * holds the list to both). A control leads only to one of these: the spec
 * names more screens (deposit, promotions, help, …) than are built yet, and
 * their controls stay hidden until the route that builds them is added here;
 * an old link to one of them gets the coming-soon page of app/routes/$.tsx.
 */
const SCREENS = [
  // Home and its aliases (spec §2).
  "/",
  "/m",
  "/m/index",
  "/m/index.html",
  "/m/home",
  // Accounts.
  "/m/login",
  "/m/register",
  "/m/register.html",
  "/m/register/social",
  "/m/forget",
  "/m/changePsw",
  "/m/logout",
  "/m/member/home",
  "/m/set",
  // Money.
  "/m/voucherCenter",
  "/m/deposit/:orderId",
  "/m/transactions",
  "/m/withdraw",
  // Play.
  "/m/gameRecord",
  // Content.
  "/m/notice",
  "/m/noticeDetail",
  "/m/help",
  "/m/helpDetail",
  "/m/activity",
  "/m/activityDetail",
  // The member centre's extras.
  "/m/inbox",
  "/m/inboxDetail",
  "/m/rewardCenter",
  // Responsible gaming: the tools, the help lines, a member's cooling-off and self-exclusion.
  "/m/responsibleGaming",
  // Identity verification (ID and selfie), asked before deposits (and play or withdrawals where the brand says).
  "/m/verify",
  // The installable app: the download page (its popup opens from the service widget).
  "/m/download",
  // Agents (issue 17): the agent centre and the three contract pages (the spec's spelling of "Devidend").
  "/m/agent/home",
  "/m/member/agent/getSalaryContract",
  "/m/member/agent/getDevidendContract",
  "/m/member/agent/getHourContract",
  // The lobby: the game centre, its category routes and a game's page.
  "/m/gameCenter",
  "/m/provider",
  "/m/slot-games",
  "/m/fishing-games",
  "/m/poker-games",
  "/m/sport-games",
  "/m/hot-games",
  "/m/inHouse",
  "/m/live-games",
  "/m/lott",
  "/m/elott",
  "/m/in-play",
  "/m/search-games",
  "/m/fav-games",
  "/m/game/:nodeId",
  // The in-house game server (vendor BGS): the door a launch opens, its instant games and its lotteries.
  "/bgs/play/:gameCode",
  "/bgs/game/:gameCode",
  "/bgs/lottery/:gameCode",
] as const;

export const BUILT_SCREENS: readonly string[] = SCREENS;

const exact = new Set<string>(SCREENS.filter((s) => !s.includes(":")));
const patterns = SCREENS.filter((s) => s.includes(":")).map(
  (s) => new RegExp(`^${s.replace(/[.]/g, "\\.").replace(/:[A-Za-z]+/g, "[^/]+")}$`),
);

/**
 * Whether a link leads to a screen that exists. Links to other sites (live
 * chat, social groups) are not screens of ours and always lead somewhere; a
 * missing link leads nowhere.
 */
export function isBuilt(href: string | null | undefined): boolean {
  if (!href) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return true;
  if (!href.startsWith("/") || href.startsWith("//")) return false;
  const path = href.replace(/[?#].*$/, "");
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return exact.has(trimmed) || patterns.some((p) => p.test(trimmed));
}
