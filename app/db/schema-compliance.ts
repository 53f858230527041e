import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { members } from "./schema-accounts";

/**
 * Responsible gaming and the regulator's rules (app/domain/compliance). Every row carries the brand's
 * merchant code.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What a player declared, when, in which words: at registration, that they are of the brand's
 * minimum age and not a barred person. The text is kept as shown (in the page's language) with its
 * version, a hash of that text, so a compliance officer can show what exactly was confirmed.
 */
export const memberDeclarations = pgTable(
  "member_declarations",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    kind: text("kind").notNull(),
    textVersion: text("text_version").notNull(),
    language: text("language").notNull(),
    text: text("text").notNull(),
    minimumAge: integer("minimum_age").notNull(),
    declaredAt: at("declared_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_declarations_member_kind_version_idx").on(t.memberId, t.kind, t.textVersion),
    index("member_declarations_brand_idx").on(t.merchantCode, t.declaredAt),
    check("member_declarations_kind", sql`${t.kind} in ('registration')`),
    check("member_declarations_version", sql`${t.textVersion} ~ '^[0-9a-f]{16}$'`),
    check("member_declarations_text_length", sql`char_length(${t.text}) between 1 and 2000`),
    check("member_declarations_minimum_age", sql`${t.minimumAge} in (18, 21)`),
  ],
);

/**
 * Cooling-off (24 hours, 7 days, 30 days) and self-exclusion (6 months, 1 year, 5 years) a player
 * chose (issue 16, item 5). A row is never updated or deleted (trigger, migration 0017): an
 * exclusion ends at its end, never earlier; a longer one may be added while one runs.
 */
export const memberExclusions = pgTable(
  "member_exclusions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    kind: text("kind").$type<"cooling_off" | "self_exclusion">().notNull(),
    period: text("period").$type<"24h" | "7d" | "30d" | "6m" | "1y" | "5y">().notNull(),
    startsAt: at("starts_at").notNull(),
    endsAt: at("ends_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("member_exclusions_member_idx").on(t.memberId, t.endsAt),
    index("member_exclusions_brand_idx").on(t.merchantCode, t.startsAt),
    check(
      "member_exclusions_kind_period",
      sql`(${t.kind} = 'cooling_off' and ${t.period} in ('24h', '7d', '30d')) or (${t.kind} = 'self_exclusion' and ${t.period} in ('6m', '1y', '5y'))`,
    ),
    check("member_exclusions_span", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * The national list of restricted persons (NDRP) as support staff imported it (issue 16, item 2).
 * It belongs to no brand: an exclusion holds across every licensed site, so every brand checks its
 * registrations and sign-ins against the same list. `nameKey` is the name normalised for matching
 * (app/domain/compliance/barred.server.ts); a person is one name key and birthday.
 */
export const barredPersons = pgTable(
  "barred_persons",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    birthday: date("birthday", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    /** The period of the restriction, in Manila days; no end: until lifted by a new import. */
    periodFrom: date("period_from", { mode: "string" }).notNull(),
    periodTo: date("period_to", { mode: "string" }),
    importedAt: at("imported_at").notNull().defaultNow(),
    importedBy: text("imported_by").notNull(),
  },
  (t) => [
    uniqueIndex("barred_persons_key_idx").on(t.nameKey, t.birthday),
    check(
      "barred_persons_name_length",
      sql`char_length(${t.name}) between 1 and 200 and char_length(${t.nameKey}) between 1 and 200`,
    ),
    check("barred_persons_reason_length", sql`char_length(${t.reason}) between 1 and 200`),
    check("barred_persons_period", sql`${t.periodTo} is null or ${t.periodTo} >= ${t.periodFrom}`),
  ],
);

/**
 * Each time a registration or a sign-in matched the restricted list: what support staff review.
 * The attempt is refused with a neutral message; the row says who tried, on which brand, and when.
 */
export const barredMatches = pgTable(
  "barred_matches",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    barredPersonId: integer("barred_person_id")
      .notNull()
      .references(() => barredPersons.id, { onDelete: "restrict" }),
    /** The member who tried to sign in; null for a registration (no account was made). */
    memberId: integer("member_id").references(() => members.id, { onDelete: "restrict" }),
    username: text("username").notNull(),
    event: text("event").$type<"registration" | "sign_in">().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: text("reviewed_by"),
    reviewNote: text("review_note"),
  },
  (t) => [
    index("barred_matches_brand_idx").on(t.merchantCode, t.createdAt),
    check("barred_matches_event", sql`${t.event} in ('registration', 'sign_in')`),
  ],
);
