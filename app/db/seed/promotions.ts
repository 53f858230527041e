import type { PROMOTION_CATEGORY_KEYS } from "../../brand/categories";
import { html, p, ul } from "./html";
import { hashString } from "./random";
import type { ArtText, BrandLike, PromotionSeed } from "./types";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Menu order on /m/activity; "all" must come first because the first tab is selected by default. */
export const PROMOTION_MENU = [
  "all",
  "new_player",
  "deposit_promo",
  "rebate_promo",
  "rng_promo",
  "fish_promo",
  "live_promo",
  "pvp_promo",
  "sport_promo",
  "lotto_promo",
  "app_download",
  "player_rank_rules",
  "other_promo",
] as const satisfies ReadonlyArray<(typeof PROMOTION_CATEGORY_KEYS)[number]>;
type MenuKey = (typeof PROMOTION_MENU)[number];

interface PromoDef {
  key: string;
  title: string;
  categories: Exclude<MenuKey, "all">[];
  /** ISO dates; `end: null` means long-term (noExpiry). */
  start: string;
  end: string | null;
  art: Omit<ArtText, "variant">;
  body: string;
}

function promoDefs(brand: BrandLike): PromoDef[] {
  const b = brand.displayName;
  const terms = p(`_Standard ${b} promotion terms apply. ${brand.minimumAge}+ only._`);
  return [
    {
      key: "welcome-888",
      title: "₱888 Welcome Bonus",
      categories: ["new_player", "deposit_promo"],
      start: "2026-01-01",
      end: null,
      art: { title: "₱888 Welcome Bonus", subtitle: `100% on your first ${b} deposit`, cta: "Claim now" },
      body: html(
        p("Deposit at least ₱100 and get **100%** extra, up to ₱888."),
        ul(["15× turnover on slots and fishing", "One bonus per member, device and mobile number"]),
        terms,
      ),
    },
    {
      key: "daily-cashback",
      title: "Daily 10% Cashback",
      categories: ["rebate_promo", "rng_promo"],
      start: "2026-01-01",
      end: null,
      art: { title: "Daily 10% Cashback", subtitle: "Up to ₱5,000 back every day", cta: "See details" },
      body: html(p("Net losses on slots and fishing earn **10%** cashback, credited by noon the next day."), terms),
    },
    {
      key: "ewallet-reload",
      title: "3% Extra on GCash and Maya Reloads",
      categories: ["deposit_promo"],
      start: "2026-01-01",
      end: "2026-06-30",
      art: { title: "3% Extra on E-wallet Reloads", subtitle: "Every GCash and Maya deposit, every day", cta: "Deposit now" },
      body: html(
        p("Top up with GCash or Maya and receive **3%** extra, up to ₱300 per day."),
        p("[Deposit now](/m/voucherCenter)."),
        terms,
      ),
    },
    {
      key: "fishing-frenzy-week",
      title: "Fishing Frenzy Week",
      categories: ["fish_promo"],
      start: "2026-03-02",
      end: "2026-03-08",
      art: { title: "Fishing Frenzy Week", subtitle: "Boss fish pay double for seven days", cta: "Go fishing" },
      body: html(
        p("All week long, boss fish pay **double** in every fishing room."),
        p("[Play fishing](/m/fishing-games)."),
        terms,
      ),
    },
    {
      key: "live-baccarat-tournament",
      title: "Live Baccarat Tournament",
      categories: ["live_promo"],
      start: "2026-04-01",
      end: "2026-04-30",
      art: { title: "Live Baccarat Tournament", subtitle: "₱1,000,000 shared by the top 200", cta: "Join now" },
      body: html(
        p("Turnover on any live baccarat table counts towards the leaderboard."),
        ul(["1st place: ₱200,000", "2nd place: ₱100,000", "Places 3–200 share the rest"]),
        terms,
      ),
    },
    {
      key: "refer-a-friend",
      title: "Refer a friend, earn ₱100",
      categories: ["other_promo"],
      start: "2026-01-10",
      end: null,
      art: { title: "Refer a friend, earn ₱100", subtitle: `Invite friends to ${b}, no limit`, cta: "Invite friends" },
      body: html(p("Your friend registers with your link and deposits ₱500 or more: you both get **₱100**."), terms),
    },
    {
      key: "tongits-weekend-cup",
      title: "Tongits Weekend Cup",
      categories: ["pvp_promo"],
      start: "2026-02-07",
      end: "2026-02-08",
      art: { title: "Tongits Weekend Cup", subtitle: "₱100,000 for the weekend's best players", cta: "Sit down" },
      body: html(
        p("Win the most Tongits tables over the weekend to climb the ranking."),
        p("[Find a table](/m/poker-games)."),
        terms,
      ),
    },
    {
      key: "basketball-odds-boost",
      title: "Basketball Odds Boost",
      categories: ["sport_promo"],
      start: "2026-01-15",
      end: "2026-05-31",
      art: { title: "Basketball Odds Boost", subtitle: "Boosted odds on every big game night", cta: "Bet now" },
      body: html(p("Selected basketball markets carry **boosted odds** every game night."), terms),
    },
    {
      key: "payday-lucky-draw",
      title: "Payday Lucky Draw",
      categories: ["lotto_promo"],
      // A one-day event: start equals end, so the detail page shows a single date.
      start: "2026-05-15",
      end: "2026-05-15",
      art: { title: "Payday Lucky Draw", subtitle: "One day only: ₱8,888 for 50 lucky members", cta: "Get tickets" },
      body: html(p("Every ₱500 of lottery tickets bought on 15 May earns one entry into the draw."), terms),
    },
    {
      key: "app-download-bonus",
      title: "₱50 App Bonus",
      categories: ["app_download"],
      start: "2026-01-15",
      end: null,
      art: { title: "₱50 App Bonus", subtitle: `Install the ${b} app and deposit`, cta: "Download" },
      body: html(
        p("Install the app, log in and make your first deposit there to get **₱50**."),
        p("[Download the app](/m/download)."),
        terms,
      ),
    },
    {
      key: "vip-rank-rewards",
      title: "VIP Rank Rewards",
      categories: ["player_rank_rules", "rebate_promo"],
      start: "2026-01-01",
      end: null,
      art: { title: "VIP Rank Rewards", subtitle: "Level up for birthday gifts and higher rebates", cta: "View ranks" },
      body: html(
        p("Your rank rises with monthly turnover."),
        ul(["Bronze to Diamond, eight ranks in all", "Birthday bonus from Silver rank", "Higher daily rebate at every rank"]),
        terms,
      ),
    },
    {
      key: "weekly-slot-rebate",
      title: "Weekly 1.2% Slot Rebate",
      categories: ["rebate_promo", "rng_promo"],
      start: "2026-01-05",
      end: "2026-12-27",
      art: { title: "Weekly 1.2% Slot Rebate", subtitle: "Paid every Monday, win or lose", cta: "Spin now" },
      body: html(p("Every Monday, receive **1.2%** of last week's slot turnover as rebate, no cap."), terms),
    },
  ];
}

export function buildPromotions(brand: BrandLike): {
  promotionCategories: Array<{ key: string; sort: number }>;
  promotions: PromotionSeed[];
  promoArt: Record<string, ArtText>;
} {
  const offset = hashString(`${brand.id}:promo`) % 8;
  const promoArt: Record<string, ArtText> = {};
  const promotions = promoDefs(brand).map((d, i): PromotionSeed => {
    promoArt[d.key] = { ...d.art, variant: (offset + i) % 8 };
    return {
      title: d.title,
      content: d.body,
      startDate: day(d.start),
      endDate: d.end === null ? null : day(d.end),
      noExpiry: d.end === null,
      categoryKeys: ["all", ...d.categories],
      images: [{ url: `/art/promo/${brand.id}/${d.key}.svg`, sequence: 1 }],
      sort: i + 1,
    };
  });
  return { promotionCategories: PROMOTION_MENU.map((key, i) => ({ key, sort: i + 1 })), promotions, promoArt };
}
