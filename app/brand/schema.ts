import { z } from "zod";
import { BANNER_GROUPS, DOWNLOAD_RESOURCE_TYPES, GAME_CATEGORIES } from "./categories";
import { FLAG_NAMES, type FlagName } from "./flags";
import { LANGUAGE_IDS } from "~/utils/languages";

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
const id = z.string().regex(/^[a-z][a-z0-9-]{1,39}$/, "must be lower-case letters, digits and dashes");
const host = z
  .string()
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    "must be a lower-case host name without port",
  );
const httpsUrl = z.url({ protocol: /^https?$/ });
/** A path on the brand's own site, e.g. the web clip profile /m/download/webclip.mobileconfig. */
const SITE_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*$/;
/** A download link: a full http(s) URL, or a site path, which the download page prefixes with the site's origin. */
const linkUrl = z
  .string()
  .refine(
    (v) => SITE_PATH.test(v) || httpsUrl.safeParse(v).success,
    "must be an http(s) URL, or a path on the site starting with /",
  );

/**
 * Firebase web config. Public by Firebase's design (it identifies the project; access is
 * decided by Firebase's rules and our own server). authDomain goes into the CSP frame-src,
 * so it must be a bare host name: nothing else can reach the header through it.
 */
const firebaseWebConfig = z.strictObject({
  apiKey: z.string().regex(/^AIza[0-9A-Za-z_-]{35}$/, "must be a Firebase web API key (AIza…, 39 characters)"),
  authDomain: host,
  projectId: z
    .string()
    .regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, "must be a Firebase project id (6-30 lower-case letters, digits, dashes)"),
  appId: z.string().regex(/^1:[0-9]{1,20}:web:[0-9a-f]{1,40}$/, "must be a Firebase web app id like 1:1234567890:web:0a1b2c3d"),
});
export type FirebaseWebConfig = z.output<typeof firebaseWebConfig>;

/** Centavos, as an integer in the brand file (₱100.00 is 10000): never a float. */
const centavos = z.number().int().min(1).max(100_000_000_00);

/** Deposit channels a brand may offer (spec §2 /m/voucherCenter). */
export const DEPOSIT_CHANNELS = ["gcash", "maya", "qrph", "online_banking", "otc"] as const;
export type DepositChannelId = (typeof DEPOSIT_CHANNELS)[number];
/** Where withdrawals are paid out. */
export const PAYOUT_METHODS = ["gcash", "maya", "bank"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const GATEWAYS = ["sandbox", "paymongo"] as const;
export type GatewayId = (typeof GATEWAYS)[number];

const depositChannel = z
  .strictObject({
    id: z.enum(DEPOSIT_CHANNELS),
    minCentavos: centavos,
    maxCentavos: centavos,
    /** The amount buttons above the field, in centavos. */
    quickAmountsCentavos: z.array(centavos).max(8).default([]),
    /** What the channel costs: a percentage in basis points plus a fixed part; the player's share is taken from the credit. */
    fee: z
      .strictObject({
        payer: z.enum(["player", "house"]),
        percentBps: z.number().int().min(0).max(1000).default(0),
        fixedCentavos: z.number().int().min(0).max(100_000).default(0),
      })
      .default({ payer: "house", percentBps: 0, fixedCentavos: 0 }),
  })
  .superRefine((c, ctx) => {
    if (c.minCentavos > c.maxCentavos)
      ctx.addIssue({ code: "custom", path: ["minCentavos"], message: "must not exceed maxCentavos" });
    c.quickAmountsCentavos.forEach((q, i) => {
      if (q < c.minCentavos || q > c.maxCentavos) {
        ctx.addIssue({
          code: "custom",
          path: ["quickAmountsCentavos", i],
          message: "must lie between minCentavos and maxCentavos",
        });
      }
    });
  });

const envName = z.string().regex(/^[A-Z][A-Z0-9_]*$/, "must be an environment variable name");

const payments = z
  .strictObject({
    /** Who takes deposits: the sandbox (served by this server, the embedded default) or PayMongo. */
    depositGateway: z.enum(GATEWAYS).default("sandbox"),
    /** Who pays withdrawals out. */
    payoutGateway: z.literal("sandbox").default("sandbox"),
    /** PayMongo keys are read from these environment variables, never written in the brand file. */
    paymongo: z.strictObject({ secretKeyEnv: envName, webhookSecretEnv: envName }).optional(),
    channels: z.array(depositChannel).min(1),
    withdrawal: z
      .strictObject({
        minCentavos: centavos,
        maxCentavos: centavos,
        /** Withdrawals a member may ask for per calendar day (Asia/Manila). */
        dailyCount: z.number().int().min(1).max(50),
        methods: z.array(z.enum(PAYOUT_METHODS)).min(1),
      })
      .refine((w) => w.minCentavos <= w.maxCentavos, { path: ["minCentavos"], message: "must not exceed maxCentavos" }),
  })
  .superRefine((p, ctx) => {
    const ids = p.channels.map((c) => c.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i)
        ctx.addIssue({ code: "custom", path: ["channels", i, "id"], message: `channel ${id} is listed twice` });
    });
    if (p.depositGateway === "paymongo" && !p.paymongo) {
      ctx.addIssue({ code: "custom", path: ["paymongo"], message: "is required when depositGateway is paymongo" });
    }
    if (p.depositGateway === "paymongo" && ids.includes("otc")) {
      ctx.addIssue({ code: "custom", path: ["channels"], message: "PayMongo has no over-the-counter channel" });
    }
  });

const drawMinutes = z
  .number()
  .int()
  .min(1)
  .max(60)
  .refine((m) => 1440 % m === 0, { message: "must divide the day (1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30 or 60)" });

/** How the brand's games pay and what play asks of money. */
const play = z
  .strictObject({
    /** The in-house games' return to player, in basis points (9600 is 96 %). */
    rtpBps: z.number().int().min(8500).max(9800).default(9600),
    /** "Turnover x N": each deposit must be wagered N times over before a withdrawal; 0 turns it off. */
    turnoverMultiplier: z.number().int().min(0).max(50).default(0),
    /** The largest single bet a provider may place for a member, in centavos. */
    maxBetCentavos: centavos.default(5_000_000),
    /** Minutes between the in-house lottery's draws, per lottery type; each must divide the day. */
    lotteryDrawMinutes: z
      .strictObject({ LOTT: drawMinutes.default(5), ELOTT: drawMinutes.default(3) })
      .default({ LOTT: 5, ELOTT: 3 }),
  })
  .default({ rtpBps: 9600, turnoverMultiplier: 0, maxBetCentavos: 5_000_000, lotteryDrawMinutes: { LOTT: 5, ELOTT: 3 } });

/** The ranks shown as VIP progress in the member centre, reached by settled cash turnover (real bets, not demo). */
const vipRank = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9_]{0,23}$/, "must be lower-case letters, digits and underscores"),
  /** The rank's name as the brand calls it (a proper name, the same in every language). */
  name: z.string().min(1).max(30),
  /** Lifetime settled cash bets, in centavos, that reach this rank; the first rank starts at 0. */
  minTurnoverCentavos: z.number().int().min(0).max(100_000_000_000_00),
});
const DEFAULT_VIP_RANKS = [
  { id: "bronze", name: "Bronze", minTurnoverCentavos: 0 },
  { id: "silver", name: "Silver", minTurnoverCentavos: 10_000_00 },
  { id: "gold", name: "Gold", minTurnoverCentavos: 50_000_00 },
  { id: "platinum", name: "Platinum", minTurnoverCentavos: 200_000_00 },
  { id: "diamond", name: "Diamond", minTurnoverCentavos: 1_000_000_00 },
];
const vip = z
  .strictObject({
    ranks: z
      .array(vipRank)
      .min(1)
      .max(20)
      .superRefine((ranks, ctx) => {
        // Runs even when .min(1) failed: an empty list must get that message, not a TypeError.
        if (ranks[0] && ranks[0].minTurnoverCentavos !== 0)
          ctx.addIssue({ code: "custom", path: [0, "minTurnoverCentavos"], message: "the first rank must start at 0" });
        ranks.forEach((r, i) => {
          if (i > 0 && r.minTurnoverCentavos <= ranks[i - 1]!.minTurnoverCentavos)
            ctx.addIssue({ code: "custom", path: [i, "minTurnoverCentavos"], message: "must be above the rank before it" });
          if (ranks.findIndex((o) => o.id === r.id) !== i)
            ctx.addIssue({ code: "custom", path: [i, "id"], message: `rank ${r.id} is listed twice` });
        });
      }),
  })
  .default({ ranks: DEFAULT_VIP_RANKS });

/**
 * The reward centre (REWCEN3). The daily sign-in reward pays `dailyCentavos[n - 1]` on day n of an
 * unbroken streak of daily claims (days in Asia/Manila); after the last day, or after a missed day,
 * the streak starts again at day 1. A reward adds `turnoverMultiplier` times its amount to the
 * member's turnover requirement, as a deposit does with play.turnoverMultiplier.
 */
const DEFAULT_DAILY_CENTAVOS = [1_00, 2_00, 3_00, 4_00, 5_00];
/**
 * Compliance settings (app/domain/compliance). AML: a covered transaction is a single deposit or
 * withdrawal at or above the threshold (₱5,000,000 under the Philippine AMLA for casinos); a
 * withdrawal is flagged as "little play" when the cash bets since the deposits before it are below
 * that share of those deposits; a payout account named by this many members or more is flagged.
 * barredCheck: registration asks the full name as on a government ID and the birthday, and
 * registration and sign-in are checked against the national restricted-persons list (NDRP).
 * kyc: which actions need an approved identity verification (ID and selfie); the regulator asks it
 * before any deposit, so that is the default; withdrawal and play are the brand's choice.
 */
const compliance = z
  .strictObject({
    aml: z
      .strictObject({
        coveredTransactionCentavos: centavos.default(500_000_000),
        littlePlayPercent: z.number().int().min(1).max(1000).default(50),
        sharedPayoutAccountMembers: z.number().int().min(2).max(100).default(3),
      })
      .default({ coveredTransactionCentavos: 500_000_000, littlePlayPercent: 50, sharedPayoutAccountMembers: 3 }),
    barredCheck: z.boolean().default(true),
    /** A reminder of the time played and the net result every this many minutes of a session; 0: none. */
    realityCheckMinutes: z.number().int().min(0).max(240).default(60),
    kyc: z
      .strictObject({
        deposit: z.boolean().default(true),
        withdrawal: z.boolean().default(false),
        play: z.boolean().default(false),
      })
      .default({ deposit: true, withdrawal: false, play: false }),
  })
  .default({
    aml: { coveredTransactionCentavos: 500_000_000, littlePlayPercent: 50, sharedPayoutAccountMembers: 3 },
    barredCheck: true,
    realityCheckMinutes: 60,
    kyc: { deposit: true, withdrawal: false, play: false },
  });

const rewards = z
  .strictObject({
    dailyCentavos: z.array(z.number().int().min(1).max(1_000_000_00)).min(1).max(31).default(DEFAULT_DAILY_CENTAVOS),
    turnoverMultiplier: z.number().int().min(0).max(50).default(1),
  })
  .default({ dailyCentavos: DEFAULT_DAILY_CENTAVOS, turnoverMultiplier: 1 });

const fieldRule = z.strictObject({
  enabled: z.boolean(),
  required: z.boolean(),
  minLength: z.number().int().min(0).max(255).optional(),
  maxLength: z.number().int().min(1).max(255).optional(),
  /** Message key reg_pattern_{patternId}; the pattern itself lives in the registration domain. */
  patternId: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .optional(),
});

const flagDefaults = z
  .record(z.string(), z.boolean())
  .superRefine((rec, ctx) => {
    for (const key of Object.keys(rec)) {
      if (!(FLAG_NAMES as string[]).includes(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: `unknown module flag (known: ${FLAG_NAMES.join(", ")})` });
      }
    }
  })
  .transform((rec) => rec as Partial<Record<FlagName, boolean>>);

export const brandSchema = z
  .strictObject({
    id,
    /** Carried by every row of this brand in the database. */
    merchantCode: z.string().regex(/^[A-Z][A-Z0-9_]{1,31}$/, "must be upper-case letters, digits and underscores"),
    displayName: z.string().min(1).max(60),
    hosts: z.array(host).min(1),
    theme: id,
    themeColor: hex,
    accentColor: hex,
    languages: z.strictObject({
      default: z.enum(LANGUAGE_IDS),
      enabled: z.array(z.enum(LANGUAGE_IDS)).min(1),
    }),
    currency: z.literal("PHP"),
    minimumAge: z.union([z.literal(18), z.literal(21)]),
    /** Game categories the brand offers; cockfight is suspended in the Philippines since 2022. */
    categories: z.array(z.enum(GAME_CATEGORIES)).min(1),
    flags: flagDefaults.default({}),
    templateFlags: z
      .strictObject({ mem_cen: z.union([z.literal(0), z.literal(1)]), dep_func: z.union([z.literal(0), z.literal(1)]) })
      .default({ mem_cen: 1, dep_func: 1 }),
    registration: z.record(z.string().regex(/^[a-zA-Z]+$/), fieldRule).default({}),
    downloadLinks: z
      .array(z.strictObject({ resourceType: z.enum(DOWNLOAD_RESOURCE_TYPES), url: linkUrl, labelNameEn: z.string().min(1) }))
      .default([]),
    customerService: z.strictObject({ liveChatUrl: httpsUrl.optional(), email: z.email().optional() }).default({}),
    bannerGroups: z.array(z.enum(BANNER_GROUPS)).default([...BANNER_GROUPS]),
    seo: z.strictObject({ title: z.string().min(1).max(70), description: z.string().min(1).max(200) }),
    /** PAGCOR brands show "Gambling is addictive. Know when to stop." */
    responsibleGamingTagline: z.boolean().default(true),
    /** Secrets a brand needs (payment keys, Firebase service account …) are named here and read from the environment, never sent to the browser. */
    secretsEnv: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/)).default([]),
    /** Without it the Google and Facebook buttons stay hidden whatever the flags say. */
    firebase: firebaseWebConfig.optional(),
    payments,
    play,
    vip,
    rewards,
    compliance,
  })
  .superRefine((b, ctx) => {
    if (!b.languages.enabled.includes(b.languages.default)) {
      ctx.addIssue({ code: "custom", path: ["languages", "default"], message: "must be one of languages.enabled" });
    }
    for (const [name, rule] of Object.entries(b.registration)) {
      if (rule.minLength !== undefined && rule.maxLength !== undefined && rule.minLength > rule.maxLength) {
        ctx.addIssue({ code: "custom", path: ["registration", name, "minLength"], message: "must not exceed maxLength" });
      }
    }
  });

export type BrandInput = z.input<typeof brandSchema>;
export type Brand = z.output<typeof brandSchema>;

export { defineBrand } from "./define";

/** What may reach the browser: never secrets, never env names. */
export function publicBrand(b: Brand) {
  return {
    id: b.id,
    merchantCode: b.merchantCode,
    displayName: b.displayName,
    theme: b.theme,
    themeColor: b.themeColor,
    accentColor: b.accentColor,
    languages: b.languages,
    currency: b.currency,
    minimumAge: b.minimumAge,
    categories: b.categories,
    templateFlags: b.templateFlags,
    downloadLinks: b.downloadLinks,
    customerService: b.customerService,
    seo: b.seo,
    responsibleGamingTagline: b.responsibleGamingTagline,
    firebase: b.firebase ?? null,
  };
}
export type PublicBrand = ReturnType<typeof publicBrand>;
