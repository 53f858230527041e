/**
 * The title key of every route of the spec (§2). A route module's meta uses
 * its entry; a route still to be built shows its coming-soon page meanwhile (routes/$.tsx).
 */
export const ROUTE_TITLES: Record<string, string> = {
  "/m/home": "titles.home",
  "/m/login": "titles.login",
  "/m/register": "titles.register",
  "/m/register.html": "titles.register",
  "/m/register/social": "titles.register",
  "/m/forget": "titles.forget",
  "/m/changePsw": "titles.changePsw",
  "/m/member/home": "titles.memberHome",
  "/m/voucherCenter": "titles.deposit",
  "/m/withdraw": "titles.withdraw",
  "/m/transactions": "titles.transactions",
  "/m/help": "titles.help",
  "/m/helpDetail": "titles.helpDetail",
  "/m/notice": "titles.notice",
  "/m/noticeDetail": "titles.noticeDetail",
  "/m/activity": "titles.activity",
  "/m/activityDetail": "titles.activityDetail",
  "/m/gameRecord": "titles.gameRecord",
  "/m/agent/home": "titles.agentHome",
  "/m/member/agent/getSalaryContract": "titles.salaryContract",
  "/m/member/agent/getDevidendContract": "titles.dividendContract",
  "/m/member/agent/getHourContract": "titles.hourContract",
  "/m/set": "titles.settings",
  "/m/download": "titles.download",
  "/m/provider": "titles.provider",
  "/m/gameCenter": "titles.gameCenter",
  "/m/live-games": "titles.liveGames",
  "/m/slot-games": "titles.slotGames",
  "/m/sport-games": "titles.sportGames",
  "/m/fishing-games": "titles.fishingGames",
  "/m/poker-games": "titles.pokerGames",
  "/m/lott": "titles.lott",
  "/m/elott": "titles.elott",
  "/m/hot-games": "titles.hotGames",
  "/m/search-games": "titles.searchGames",
  "/m/inHouse": "titles.inHouse",
  "/m/fav-games": "titles.favGames",
  "/m/in-play": "titles.inPlay",
  "/m/rewardCenter": "titles.rewardCenter",
  "/m/responsibleGaming": "titles.responsibleGaming",
  "/m/verify": "titles.verify",
  "/m/inbox": "inbox.title",
  "/m/inboxDetail": "inbox.detailTitle",
};

export const HOME_ALIASES = ["/", "/m", "/m/", "/m/index", "/m/index.html", "/m/home"] as const;

export function titleKeyFor(pathname: string): string | undefined {
  if ((HOME_ALIASES as readonly string[]).includes(pathname)) return ROUTE_TITLES["/m/home"];
  return ROUTE_TITLES[pathname];
}
