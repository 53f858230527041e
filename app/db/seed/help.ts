import type { BrandLike, HelpChildSeed, HelpSeed } from "./types";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

type Entry = [tag: string, title: string, content: string];

function topic(sort: number, date: string, [tag, title, content]: Entry, children: Entry[] = []): HelpSeed {
  const startDate = day(date);
  const kids: HelpChildSeed[] = children.map(([t, ti, c], i) => ({ tag: t, title: ti, content: c, startDate, sort: i + 1 }));
  return kids.length ? { tag, title, content, startDate, sort, children: kids } : { tag, title, content, startDate, sort };
}

/** Help centre topics (plain text, spec §2 /m/help); tags are the detail-page slugs and must stay unique. */
export function buildHelpItems(brand: BrandLike): HelpSeed[] {
  const b = brand.displayName;
  const age = brand.minimumAge;
  return [
    topic(
      1,
      "2026-01-01",
      [
        "how-to-register",
        "How to register",
        `Tap Register at the top of the home page, fill in the form and confirm that you are at least ${age} years old. Your account is ready as soon as the form is accepted.`,
      ],
      [
        [
          "register-username",
          "Register with a username",
          "Choose a username of letters and digits, set a password and enter your birthday. Keep your password private.",
        ],
        [
          "register-mobile",
          "Register with a mobile number",
          "Enter your Philippine mobile number (09XX XXX XXXX), request the SMS code and type it in within 60 seconds.",
        ],
      ],
    ),
    topic(
      2,
      "2026-01-01",
      [
        "deposits",
        "Deposits with GCash, Maya and bank transfer",
        "Open Deposit from the bottom bar, choose a channel, enter the amount and follow the steps. The minimum deposit is ₱100.",
      ],
      [
        [
          "deposit-gcash",
          "Deposit with GCash",
          "Choose GCash, enter the amount and confirm in the GCash app. Credits usually arrive within 1 to 3 minutes.",
        ],
        [
          "deposit-maya",
          "Deposit with Maya",
          "Choose Maya, scan the QR code or follow the payment link, then confirm in the Maya app.",
        ],
        [
          "deposit-bank",
          "Deposit by bank transfer",
          "Choose Bank Transfer and send the exact amount through InstaPay to the account shown. Keep your reference number until the credit arrives.",
        ],
      ],
    ),
    topic(
      3,
      "2026-01-02",
      [
        "withdrawals",
        "Withdrawals",
        "Open Withdraw, choose your verified e-wallet or bank account and enter the amount. The minimum withdrawal is ₱200 and the first withdrawal needs a verified account.",
      ],
      [
        [
          "withdrawal-verification",
          "Account verification",
          "Upload a valid government ID and a selfie once. The name on your e-wallet or bank account must match your registered name.",
        ],
        [
          "withdrawal-times",
          "Withdrawal processing times",
          "E-wallet withdrawals are usually paid within 15 minutes; bank transfers can take up to one banking day.",
        ],
      ],
    ),
    topic(
      4,
      "2026-01-02",
      [
        "responsible-gaming",
        "Responsible gaming",
        `${b} is for adults aged ${age} and over only. Gambling is addictive. Know when to stop. Treat play as entertainment, never as a way to make money.`,
      ],
      [
        [
          "self-exclusion",
          "Self-exclusion",
          `Ask customer service to close your ${b} account for a period you choose. You can also apply for self-exclusion with PAGCOR, which bars you from licensed gaming for the period you select.`,
        ],
        [
          "deposit-limits",
          "Deposit limits and breaks",
          "Set a daily, weekly or monthly deposit limit, or take a cool-off break of 24 hours to 30 days. A lower limit applies at once; a higher one after 24 hours.",
        ],
      ],
    ),
    topic(
      5,
      "2026-01-03",
      [
        "account-security",
        "Account security",
        "Use a strong password that you do not use anywhere else, and never share your password or SMS codes, not even with staff.",
      ],
      [
        [
          "change-password",
          "Change your password",
          "Open Settings, choose Change Password, enter your old and new password and save.",
        ],
        [
          "suspicious-activity",
          "Suspicious activity",
          "If you see a log-in or transaction you do not recognise, change your password and contact customer service at once.",
        ],
      ],
    ),
    topic(
      6,
      "2026-01-03",
      [
        "game-rules",
        "Game rules",
        "Every game has its own rules and paytable, shown inside the game. Results are decided by the game provider and recorded in your bet history.",
      ],
      [
        [
          "rules-slots",
          "Slots and fishing",
          "Winnings are paid according to the paytable of each game. A disconnection never cancels a finished round.",
        ],
        [
          "rules-bingo",
          "Bingo",
          "Buy cards before the draw starts. The first card to complete the winning pattern wins; ties share the prize.",
        ],
        [
          "rules-baccarat",
          "Live baccarat",
          "Bet on Player, Banker or Tie before the timer ends. Banker wins pay 0.95 to 1; Tie pays 8 to 1.",
        ],
      ],
    ),
    topic(7, "2026-01-04", [
      "promotion-terms",
      "Promotion terms",
      "Each promotion lists its own turnover and dates. One bonus per person, household, device and mobile number. Abuse of promotions voids the bonus and its winnings.",
    ]),
    topic(8, "2026-01-04", [
      "contact-us",
      "Contact customer service",
      `Tap Live Chat in the side menu to reach the ${b} support team 24 hours a day, in English or Filipino.`,
    ]),
  ];
}
