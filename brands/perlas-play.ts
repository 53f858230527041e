import { defineBrand } from "../app/brand/define";

export default defineBrand({
  id: "perlas-play",
  merchantCode: "PERLAS",
  displayName: "Perlas Play",
  hosts: ["perlas.localhost", "perlasplay.ph"],
  theme: "perlas-play",
  themeColor: "#061a2e",
  accentColor: "#2ec5ff",
  languages: { default: "en", enabled: ["en", "tl", "zh", "vi", "th", "ja", "ty"] },
  currency: "PHP",
  minimumAge: 21,
  categories: ["RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT", "BINGO"],
  flags: {
    MOBILEVERCODELOGIN3: true,
    MOBILENUMREG3: true,
    REGMOBVERF3: true,
    CHNGPASSVERIF3: true,
  },
  // The classic member centre and deposit screens: the demo shows both templates, one per brand.
  templateFlags: { mem_cen: 0, dep_func: 0 },
  vip: {
    ranks: [
      { id: "seed", name: "Seed Pearl", minTurnoverCentavos: 0 },
      { id: "baroque", name: "Baroque", minTurnoverCentavos: 20_000_00 },
      { id: "south_sea", name: "South Sea", minTurnoverCentavos: 100_000_00 },
      { id: "black_pearl", name: "Black Pearl", minTurnoverCentavos: 500_000_00 },
    ],
  },
  registration: {
    username: { enabled: true, required: true, minLength: 5, maxLength: 16, patternId: "username" },
    password: { enabled: true, required: true, minLength: 8, maxLength: 20, patternId: "password" },
    mobileNum: { enabled: true, required: true, minLength: 10, maxLength: 11, patternId: "mobile_ph" },
    email: { enabled: true, required: false, maxLength: 254 },
    birthday: { enabled: true, required: true },
  },
  downloadLinks: [
    { resourceType: "TELEGRAM", url: "https://t.me/perlasplay", labelNameEn: "Telegram" },
    { resourceType: "TELEGRAM2", url: "https://t.me/perlasplay_vip", labelNameEn: "Telegram VIP" },
    { resourceType: "FACEBOOK", url: "https://www.facebook.com/perlasplay", labelNameEn: "Facebook" },
    { resourceType: "WHATSAPP", url: "https://wa.me/639171234567", labelNameEn: "WhatsApp" },
    // The home-screen web clip for iPhones, served by this app (app/routes/m.download.webclip[.]mobileconfig.ts).
    { resourceType: "MOBILECONFIG", url: "/m/download/webclip.mobileconfig", labelNameEn: "iOS profile" },
  ],
  customerService: { liveChatUrl: "https://perlasplay.ph/help/chat", email: "care@perlasplay.ph" },
  seo: {
    title: "Perlas Play – Mobile casino and live dealers in the Philippines",
    description:
      "Perlas Play: slots, live baccarat, fishing games and sports betting in pesos on your phone. Sign up with your mobile number. 21+ only.",
  },
  responsibleGamingTagline: true,
  payments: {
    depositGateway: "sandbox",
    channels: [
      { id: "gcash", minCentavos: 200_00, maxCentavos: 30_000_00, quickAmountsCentavos: [200_00, 500_00, 1_000_00, 2_000_00] },
      { id: "maya", minCentavos: 200_00, maxCentavos: 30_000_00, quickAmountsCentavos: [200_00, 500_00, 1_000_00] },
      {
        id: "online_banking",
        minCentavos: 1_000_00,
        maxCentavos: 100_000_00,
        quickAmountsCentavos: [1_000_00, 5_000_00, 10_000_00],
        fee: { payer: "house", percentBps: 100, fixedCentavos: 0 },
      },
    ],
    withdrawal: { minCentavos: 500_00, maxCentavos: 30_000_00, dailyCount: 2, methods: ["gcash", "bank"] },
  },
  play: { rtpBps: 9600, turnoverMultiplier: 0, maxBetCentavos: 5_000_000 },
  rewards: { dailyCentavos: [2_00, 3_00, 5_00, 5_00, 10_00], turnoverMultiplier: 3 },
});
