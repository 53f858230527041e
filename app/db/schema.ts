import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Every table that belongs to a brand carries its merchant code, and every
 * query filters by it: brands never see each other's rows.
 * Money is integer centavos in bigint columns, read as JS bigint.
 */

export const flagOverrides = pgTable(
  "flag_overrides",
  {
    merchantCode: text("merchant_code").notNull(),
    flag: text("flag").notNull(),
    enabled: boolean("enabled").notNull(),
    updatedBy: text("updated_by").notNull(),
    reason: text("reason").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.flag] })],
);

/** Who changed what, when and why: module flags and system status. Never updated or deleted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    subject: text("subject").notNull(), // "flag:CBS3", "status"
    oldValue: text("old_value"),
    newValue: text("new_value"),
    actor: text("actor").notNull(),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_brand_subject_idx").on(t.merchantCode, t.subject, t.createdAt)],
);

/**
 * Fixed-window counters for every rate limit and throttle (sign-in attempts, SMS
 * sends, lookups, trial accounts, captchas). One row per brand and key, updated
 * by a single upsert, so parallel requests can never both see room that is not there.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    merchantCode: text("merchant_code").notNull(),
    /** "<what>:<who>", e.g. "login-account:juan2024", "freeplay-ip:203.0.113.7" */
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.key] }), index("rate_limits_window_idx").on(t.windowStart)],
);

/**
 * One counter that every change to what support staff publish (flags, status, catalogue, content)
 * moves, by statement triggers (migration 0014): every request reads it with the site state, and
 * the caches of pages and lobby content are keyed by it, so a change shows on the next request on
 * every process (ADR 0019).
 */
export const siteVersion = pgTable(
  "site_version",
  {
    id: integer("id").primaryKey(),
    version: bigint("version", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
  },
  (t) => [check("site_version_single_row", sql`${t.id} = 1`)],
);

export const systemStatus = pgTable("system_status", {
  merchantCode: text("merchant_code").primaryKey(),
  status: integer("status").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const vendors = pgTable(
  "vendors",
  {
    merchantCode: text("merchant_code").notNull(),
    vassalage: text("vassalage").notNull(),
    displayName: text("display_name").notNull(),
    /** Game categories the vendor appears under (RNG, LIVE, FISH, PVP, SPORTS, LOTT, ELOTT, ESPORTS, COCKFIGHT). */
    categories: jsonb("categories").$type<string[]>().notNull(),
    sort: integer("sort").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.vassalage] })],
);

export const games = pgTable(
  "games",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    nodeId: integer("node_id").notNull(),
    gameId: text("game_id").notNull(),
    gameCode: text("game_code").notNull(),
    gameName: text("game_name").notNull(),
    /** Localised display names keyed by language id (en, ty, zh, ja, th, vi, tl); `en` always present. */
    displayName: jsonb("display_name").$type<Record<string, string>>().notNull(),
    gameType: text("game_type").notNull(),
    vassalage: text("vassalage").notNull(),
    gameClassify: text("game_classify"),
    isNew: boolean("is_new").notNull().default(false),
    showIcon: boolean("show_icon").notNull().default(true),
    iconUrl: text("icon_url").notNull(),
    mobileLargeIcon: text("mobile_large_icon"),
    isGameH5: text("is_game_h5"),
    freeplay: boolean("freeplay").notNull().default(false),
    supportPlay: boolean("support_play").notNull().default(true),
    lottoMode: text("lotto_mode"),
    minBet: bigint("min_bet_centavos", { mode: "bigint" })
      .notNull()
      .default(sql`0`),
    sort: integer("sort").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    /** Lower-cased game name, code and every display name: what name search matches (trigram index). */
    searchText: text("search_text").notNull().default(""),
  },
  (t) => [
    uniqueIndex("games_brand_node_idx").on(t.merchantCode, t.nodeId),
    index("games_brand_type_vendor_idx").on(t.merchantCode, t.gameType, t.vassalage, t.sort, t.nodeId),
    index("games_brand_type_sort_idx").on(t.merchantCode, t.gameType, t.sort, t.nodeId),
    index("games_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const hotGames = pgTable(
  "hot_games",
  {
    merchantCode: text("merchant_code").notNull(),
    gameId: integer("game_id")
      .notNull()
      .references(() => games.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.gameId] }), index("hot_games_sort_idx").on(t.merchantCode, t.sort)],
);

/**
 * Operator content (banners, announcements, promotions, help) is per brand and language. `key` is
 * the operator's stable name for an item, the same in every language it is written in, so that
 * republishing a file updates the item instead of adding it again, and the screens can fall back to
 * the brand's default language for a key that has no translation (domain/content/languages.ts).
 * Retiring sets `retired_at`: the item leaves every screen but its read marks stay.
 */
const contentColumns = {
  key: text("key").notNull(),
  /** A language id of app/utils/languages.ts. */
  language: text("language").notNull().default("en"),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const banners = pgTable(
  "banners",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** m_game (home), m_rng, m_sports, m_pvp, m_live, m_fish, m_lott, m_elott, m_reg */
    groupName: text("group_name").notNull(),
    title: text("title").notNull(),
    imageUrl: text("image_url").notNull(),
    linkUrl: text("link_url"),
    sort: integer("sort").notNull().default(0),
    ...contentColumns,
  },
  (t) => [
    index("banners_brand_group_idx").on(t.merchantCode, t.groupName, t.sort),
    uniqueIndex("banners_brand_key_idx").on(t.merchantCode, t.key, t.language),
  ],
);

export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** A, PL, B, PU, PR */
    contentType: text("content_type").notNull(),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    content: text("content").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    sort: integer("sort").notNull().default(0),
    ...contentColumns,
  },
  (t) => [
    index("announcements_brand_type_idx").on(t.merchantCode, t.contentType, t.startDate),
    uniqueIndex("announcements_brand_key_idx").on(t.merchantCode, t.key, t.language),
  ],
);

/**
 * Which announcements a member has opened (spec §4). A read marks the item's key, whichever
 * language was open, so switching language does not bring read notices back as unread.
 */
export const announcementReads = pgTable(
  "announcement_reads",
  {
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id").notNull(),
    announcementKey: text("announcement_key").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.memberId, t.announcementKey] })],
);

export const promotionCategories = pgTable(
  "promotion_categories",
  {
    merchantCode: text("merchant_code").notNull(),
    key: text("key").notNull(),
    sort: integer("sort").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.key] })],
);

export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    title: text("title").notNull(),
    /** Sanitised HTML. */
    content: text("content").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }),
    noExpiry: boolean("no_expiry").notNull().default(false),
    categoryKeys: jsonb("category_keys").$type<string[]>().notNull(),
    images: jsonb("images").$type<{ url: string; sequence: number }[]>().notNull(),
    sort: integer("sort").notNull().default(0),
    ...contentColumns,
  },
  (t) => [
    index("promotions_brand_idx").on(t.merchantCode, t.sort),
    uniqueIndex("promotions_brand_key_idx").on(t.merchantCode, t.key, t.language),
  ],
);

/** A help topic; `key` is its tag (the detail page's slug), children name their parent's tag. */
export const helpItems = pgTable(
  "help_items",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    parentTag: text("parent_tag"),
    tag: text("tag").notNull(),
    title: text("title").notNull(),
    /** Plain text. */
    content: text("content").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    sort: integer("sort").notNull().default(0),
    language: contentColumns.language,
    retiredAt: contentColumns.retiredAt,
    updatedAt: contentColumns.updatedAt,
  },
  (t) => [uniqueIndex("help_items_brand_tag_idx").on(t.merchantCode, t.tag, t.language)],
);

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // pg answers a Buffer, PGlite a Uint8Array: one type for the code above.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Images operators publish with their content, named by the SHA-256 of their bytes (so the URL
 * never changes meaning and may be cached for good). In the database rather than a folder so both
 * engines and several app processes serve the same files.
 */
export const contentImages = pgTable(
  "content_images",
  {
    merchantCode: text("merchant_code").notNull(),
    sha256: text("sha256").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.sha256] })],
);

export const downloadLinks = pgTable(
  "download_links",
  {
    merchantCode: text("merchant_code").notNull(),
    /** IOS, Android, MOBILECONFIG, AppDownloadIcon, TELEGRAM, TELEGRAM2, FACEBOOK, FACEBOOK2, WHATSAPP */
    resourceType: text("resource_type").notNull(),
    url: text("url").notNull(),
    labelNameEn: text("label_name_en").notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.resourceType] })],
);

/** One row per brand once its demo content is loaded; start-up seeds brands that have none. */
export const seedRuns = pgTable("seed_runs", {
  merchantCode: text("merchant_code").primaryKey(),
  version: integer("version").notNull(),
  gameCount: integer("game_count").notNull(),
  seededAt: timestamp("seeded_at", { withTimezone: true }).notNull().defaultNow(),
});
export * from "./schema-accounts";
export * from "./schema-lobby";
export * from "./schema-money";
export * from "./schema-play";
export * from "./schema-promotions";
export * from "./schema-member";
export * from "./schema-member-extras";
export * from "./schema-compliance";
export * from "./schema-agents";
