import { defineBrand } from "../app/brand/define";

export default defineBrand({
  id: "lucky-peso",
  merchantCode: "LUCKYPESO",
  displayName: "Lucky Peso",
  hosts: ["luckypeso.localhost", "luckypeso.ph"],
  theme: "lucky-peso",
  themeColor: "#14110b",
  accentColor: "#f5c542",
  languages: { default: "ty", enabled: ["ty", "en", "tl", "zh", "ja", "th", "vi"] },
  currency: "PHP",
  minimumAge: 21,
  categories: ["RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "LOTT", "ELOTT", "BINGO"],
  flags: { FREEPLAY3: true, REWCEN3: true },
  templateFlags: { mem_cen: 1, dep_func: 1 },
  registration: {
    username: { enabled: true, required: true, minLength: 6, maxLength: 16, patternId: "username" },
    password: { enabled: true, required: true, minLength: 6, maxLength: 20, patternId: "password" },
    mobileNum: { enabled: true, required: false, minLength: 10, maxLength: 11, patternId: "mobile_ph" },
    email: { enabled: true, required: false, maxLength: 254 },
    birthday: { enabled: true, required: true },
  },
  downloadLinks: [
    { resourceType: "TELEGRAM", url: "https://t.me/luckypeso_ph", labelNameEn: "Telegram" },
    { resourceType: "FACEBOOK", url: "https://www.facebook.com/luckypeso.ph", labelNameEn: "Facebook" },
    { resourceType: "Android", url: "https://luckypeso.ph/download/luckypeso.apk", labelNameEn: "Android app" },
    { resourceType: "IOS", url: "https://luckypeso.ph/download/ios", labelNameEn: "iOS app" },
    // The home-screen web clip for iPhones, served by this app (app/routes/m.download.webclip[.]mobileconfig.ts).
    { resourceType: "MOBILECONFIG", url: "/m/download/webclip.mobileconfig", labelNameEn: "iOS profile" },
  ],
  customerService: { liveChatUrl: "https://luckypeso.ph/support/chat", email: "support@luckypeso.ph" },
  seo: {
    title: "Lucky Peso – Online casino and sports betting in the Philippines",
    description:
      "Play 650+ slots, fishing, live casino, bingo and sports betting in pesos. Fast GCash deposits, PAGCOR-licensed, 21+ only.",
  },
  responsibleGamingTagline: true,
  payments: {
    depositGateway: "sandbox",
    channels: [
      {
        id: "gcash",
        minCentavos: 100_00,
        maxCentavos: 50_000_00,
        quickAmountsCentavos: [100_00, 300_00, 500_00, 1_000_00, 3_000_00, 5_000_00],
      },
      { id: "maya", minCentavos: 100_00, maxCentavos: 50_000_00, quickAmountsCentavos: [100_00, 500_00, 1_000_00, 5_000_00] },
      { id: "qrph", minCentavos: 200_00, maxCentavos: 30_000_00, quickAmountsCentavos: [200_00, 500_00, 1_000_00, 2_000_00] },
      {
        id: "online_banking",
        minCentavos: 500_00,
        maxCentavos: 100_000_00,
        quickAmountsCentavos: [500_00, 1_000_00, 5_000_00, 10_000_00],
        fee: { payer: "player", percentBps: 0, fixedCentavos: 15_00 },
      },
      {
        id: "otc",
        minCentavos: 300_00,
        maxCentavos: 20_000_00,
        quickAmountsCentavos: [300_00, 1_000_00, 5_000_00],
        fee: { payer: "player", percentBps: 150, fixedCentavos: 0 },
      },
    ],
    withdrawal: { minCentavos: 200_00, maxCentavos: 50_000_00, dailyCount: 3, methods: ["gcash", "maya", "bank"] },
  },
  play: { rtpBps: 9600, turnoverMultiplier: 1, maxBetCentavos: 5_000_000 },
  rewards: { dailyCentavos: [1_00, 2_00, 3_00, 4_00, 5_00, 6_00, 10_00], turnoverMultiplier: 1 },
});
