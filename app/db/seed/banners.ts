import { hashString } from "./random";
import type { ArtText, BannerSeed, BrandLike } from "./types";

interface BannerDef {
  title: string;
  subtitle: string;
  cta: string;
  link: string | null;
}

/** Spec §3 banner groups; m_game is the home carousel and gets five slides. */
function bannerDefs(brand: BrandLike): Record<string, BannerDef[]> {
  const b = brand.displayName;
  return {
    m_game: [
      {
        title: "₱888 Welcome Bonus",
        subtitle: `New to ${b}? Get 100% on your first deposit, up to ₱888.`,
        cta: "Claim now",
        link: "/m/activity",
      },
      {
        title: "Daily 10% Cashback",
        subtitle: "Play slots and fishing every day and get 10% of net losses back.",
        cta: "See details",
        link: "/m/activity",
      },
      {
        title: "Fishing Frenzy Week",
        subtitle: "Catch boss fish for bonus prizes of up to ₱50,000 all week long.",
        cta: "Go fishing",
        link: "/m/fishing-games",
      },
      {
        title: "Live Baccarat Tournament",
        subtitle: "Climb the leaderboard at live tables and share a ₱1,000,000 prize pool.",
        cta: "Join now",
        link: "/m/live-games",
      },
      {
        title: "Refer a friend, earn ₱100",
        subtitle: `Invite friends to ${b} and get ₱100 for every friend who deposits.`,
        cta: "Invite friends",
        link: "/m/activity",
      },
    ],
    m_rng: [
      {
        title: "Slot Spin Rally",
        subtitle: "Spin 500 times this week to unlock 50 free spins.",
        cta: "Spin now",
        link: "/m/slot-games",
      },
      {
        title: "New Slots Every Friday",
        subtitle: `Fresh titles land on ${b} every week. Be the first to play.`,
        cta: "Play new",
        link: "/m/slot-games",
      },
    ],
    m_sports: [
      {
        title: "Basketball Odds Boost",
        subtitle: "Boosted odds on every big game night, from tip-off to buzzer.",
        cta: "Bet now",
        link: "/m/sport-games",
      },
      {
        title: "Parlay Insurance",
        subtitle: "Lose a 5-leg parlay by one leg and get your ₱200 stake back.",
        cta: "Learn more",
        link: "/m/activity",
      },
    ],
    m_pvp: [
      {
        title: "Tongits Weekend Cup",
        subtitle: "Win tables all weekend and take home a share of ₱100,000.",
        cta: "Sit down",
        link: "/m/poker-games",
      },
      {
        title: "Pusoy Masters League",
        subtitle: "Monthly ranking with prizes for the top 100 players.",
        cta: "View ranking",
        link: "/m/poker-games",
      },
    ],
    m_live: [
      {
        title: "1% Live Casino Rebate",
        subtitle: "Every live bet earns rebate, credited daily with no cap.",
        cta: "Play live",
        link: "/m/live-games",
      },
      {
        title: "Speed Baccarat Streak",
        subtitle: "Win 8 hands in a row and collect a ₱8,888 streak bonus.",
        cta: "Take a seat",
        link: "/m/live-games",
      },
    ],
    m_fish: [
      {
        title: "Boss Fish Bounty",
        subtitle: "Land the golden boss and double your catch for the day.",
        cta: "Go fishing",
        link: "/m/fishing-games",
      },
      {
        title: "Fishing Frenzy Week",
        subtitle: "Bonus multipliers on every fishing room, Monday to Sunday.",
        cta: "Play fishing",
        link: "/m/fishing-games",
      },
    ],
    m_lott: [
      {
        title: "Daily Lotto Draws",
        subtitle: "Pick your lucky numbers for draws at 2 PM, 5 PM and 9 PM.",
        cta: "Pick numbers",
        link: "/m/lott",
      },
      {
        title: "3D Lucky Pick",
        subtitle: "Hit all three digits in order and win up to 450× your bet.",
        cta: "Play 3D",
        link: "/m/lott",
      },
    ],
    m_elott: [
      {
        title: "E-Lottery Every 5 Minutes",
        subtitle: "Fast draws all day long, results straight to your wallet.",
        cta: "Play now",
        link: "/m/elott",
      },
      {
        title: "Fast 3 Dice Rush",
        subtitle: "Three dice, a new round every minute, payouts up to 180×.",
        cta: "Roll now",
        link: "/m/elott",
      },
    ],
    m_reg: [
      {
        title: "Sign up in 60 seconds",
        subtitle: `Join ${b} with just your mobile number. ${brand.minimumAge}+ only.`,
        cta: "Register",
        link: "/m/register",
      },
      {
        title: "₱888 is waiting for you",
        subtitle: "Create your account and claim the welcome bonus today.",
        cta: "Join now",
        link: null,
      },
    ],
  };
}

/** Banners for the table plus the copy the art route draws on each image, both keyed by a stable slug. */
export function buildBanners(brand: BrandLike): { banners: BannerSeed[]; bannerArt: Record<string, ArtText> } {
  const banners: BannerSeed[] = [];
  const bannerArt: Record<string, ArtText> = {};
  // Brands start at different compositions so two brands' carousels do not look alike.
  const offset = hashString(brand.id) % 8;
  let n = 0;
  for (const [group, defs] of Object.entries(bannerDefs(brand))) {
    defs.forEach((d, i) => {
      const key = `${group}-${i + 1}`;
      banners.push({
        groupName: group,
        title: d.title,
        imageUrl: `/art/banner/${brand.id}/${key}.svg`,
        linkUrl: d.link,
        sort: i + 1,
      });
      bannerArt[key] = { title: d.title, subtitle: d.subtitle, cta: d.cta, variant: (offset + n++) % 8 };
    });
  }
  return { banners, bannerArt };
}
