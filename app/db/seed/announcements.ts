import { html, p, ul } from "./html";
import type { AnnouncementSeed, BrandLike } from "./types";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * Content types (spec §3): A general, PL platform/maintenance, B banner
 * notice, PU popup, PR promotion. Dates are fixed so every run seeds the same rows.
 */
export function buildAnnouncements(brand: BrandLike): AnnouncementSeed[] {
  const b = brand.displayName;
  const age = brand.minimumAge;
  const rows: Array<Omit<AnnouncementSeed, "sort">> = [
    {
      contentType: "A",
      title: `Welcome to ${b}`,
      content: html(
        p(`Mabuhay! **${b}** brings you slots, fishing, live casino, bingo and sports in one place, all in pesos.`),
        p("Start with the [₱888 Welcome Bonus](/m/activity) and find your favourites in the [game centre](/m/gameCenter)."),
      ),
      startDate: day("2026-01-01"),
      endDate: null,
    },
    {
      contentType: "A",
      title: "New games added this month",
      content: html(
        p("Fresh slots and fishing rooms have joined the lobby. Look for the **NEW** badge."),
        ul(["Slots from JILI, FC and PGE", "Two new fishing rooms", "More bingo halls in the evening"]),
        p("Browse them all under [Slots](/m/slot-games)."),
      ),
      startDate: day("2026-02-01"),
      endDate: day("2026-02-28"),
    },
    {
      contentType: "A",
      title: "Customer service is available 24/7",
      content: html(
        p("Our support team answers in English and Filipino around the clock."),
        p("Read the [Help Centre](/m/help) for quick answers to common questions."),
      ),
      startDate: day("2026-01-05"),
      endDate: null,
    },
    {
      contentType: "PL",
      title: "Scheduled maintenance on 10 February 2026",
      content: html(
        p("The platform will be under maintenance on **10 February 2026, 02:00–04:00 (PHT)**."),
        p("Deposits, withdrawals and games are unavailable during this window. Balances are not affected."),
      ),
      startDate: day("2026-02-03"),
      endDate: day("2026-02-10"),
    },
    {
      contentType: "PL",
      title: "E-wallet deposit channel upgrade",
      content: html(
        p("We upgraded our GCash and Maya deposit channels for faster crediting."),
        p("If a deposit has not arrived within _15 minutes_, contact customer service with your reference number."),
      ),
      startDate: day("2026-03-12"),
      endDate: day("2026-04-12"),
    },
    {
      contentType: "B",
      title: "₱888 Welcome Bonus is live",
      content: html(p("New members get **100%** on the first deposit, up to ₱888. [See details](/m/activity).")),
      startDate: day("2026-01-01"),
      endDate: null,
    },
    {
      contentType: "B",
      title: "Fishing Frenzy Week starts Monday",
      content: html(p("Boss fish pay double from 2 to 8 March. [Play fishing](/m/fishing-games).")),
      startDate: day("2026-02-27"),
      endDate: day("2026-03-08"),
    },
    {
      contentType: "PU",
      title: `Play responsibly: ${age}+ only`,
      content: html(
        p(`You must be at least **${age} years old** to play on ${b}. Gambling is addictive. Know when to stop.`),
        p("Set limits or take a break at any time. Learn more in the [Help Centre](/m/help)."),
      ),
      startDate: day("2026-01-01"),
      endDate: null,
    },
    {
      contentType: "PU",
      title: `Get the ${b} app`,
      content: html(
        p("Add us to your home screen or install the app for faster log-in and game loading."),
        p("[Download now](/m/download) and claim ₱50 after your first deposit in the app."),
      ),
      startDate: day("2026-01-15"),
      endDate: day("2026-12-31"),
    },
    {
      contentType: "PR",
      title: "Daily 10% Cashback",
      content: html(
        p("Get **10%** of your net slot and fishing losses back every day, up to ₱5,000."),
        ul(["Credited by 12:00 noon the next day", "1× turnover before withdrawal", "Members of all ranks qualify"]),
      ),
      startDate: day("2026-01-01"),
      endDate: null,
    },
    {
      contentType: "PR",
      title: "Live Baccarat Tournament: ₱1,000,000 prize pool",
      content: html(
        p("Play any live baccarat table in April. The top 200 players by turnover share **₱1,000,000**."),
        p("Check the leaderboard under [Promotions](/m/activity)."),
      ),
      startDate: day("2026-03-25"),
      endDate: day("2026-04-30"),
    },
    {
      contentType: "PR",
      title: "Refer a friend, earn ₱100",
      content: html(
        p(`Share your invitation link. When a friend registers on ${b} and deposits ₱500 or more, you both get **₱100**.`),
      ),
      startDate: day("2026-01-10"),
      endDate: null,
    },
  ];
  return rows.map((r, i) => ({ ...r, sort: i + 1 }));
}
