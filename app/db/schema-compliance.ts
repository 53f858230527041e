import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // pg answers a Buffer, PGlite a Uint8Array: one type for the code above.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Identity verification (KYC, issue 16, item 3): a government ID (type, number, photo) and a selfie
 * taken with the phone's camera, reviewed by support staff. The pictures are stored as re-encoded by
 * app/domain/uploads (never as sent). A member has at most one submission waiting for review; they
 * are verified while their latest reviewed submission is approved.
 */
export const kycSubmissions = pgTable(
  "kyc_submissions",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    idType: text("id_type").notNull(),
    idNumber: text("id_number").notNull(),
    idPhoto: bytea("id_photo").notNull(),
    idPhotoType: text("id_photo_type").notNull(),
    selfie: bytea("selfie").notNull(),
    selfieType: text("selfie_type").notNull(),
    state: text("state").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    /** Why support staff rejected it, shown to the player. */
    reason: text("reason"),
    submittedAt: at("submitted_at").notNull().defaultNow(),
    reviewedAt: at("reviewed_at"),
    reviewedBy: text("reviewed_by"),
  },
  (t) => [
    index("kyc_submissions_member_idx").on(t.memberId, t.submittedAt),
    index("kyc_submissions_brand_state_idx").on(t.merchantCode, t.state, t.submittedAt),
    uniqueIndex("kyc_submissions_one_pending_idx")
      .on(t.memberId)
      .where(sql`${t.state} = 'pending'`),
    check("kyc_submissions_state", sql`${t.state} in ('pending', 'approved', 'rejected')`),
    check(
      "kyc_submissions_reviewed",
      sql`(${t.state} = 'pending') = (${t.reviewedAt} is null) and (${t.state} <> 'rejected' or ${t.reason} is not null)`,
    ),
    check("kyc_submissions_id_number_length", sql`char_length(${t.idNumber}) between 4 and 40`),
    check(
      "kyc_submissions_photo_types",
      sql`${t.idPhotoType} in ('image/png', 'image/jpeg') and ${t.selfieType} in ('image/png', 'image/jpeg')`,
    ),
  ],
);

/**
 * Responsible-gaming limits a player set (issue 16, item 4): deposits, losses and bets per day, week
 * or month, and the minutes of play per session. Rows are only ever added: the limit of a kind and
 * period is its latest row whose `effectiveAt` has come (a null amount is "no limit"). Lowering takes
 * effect at once; raising or removing 24 hours later, and is shown as pending meanwhile.
 */
export const memberLimits = pgTable(
  "member_limits",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    kind: text("kind").$type<"deposit" | "loss" | "bet" | "session">().notNull(),
    /** day, week or month (Manila calendar); "session" for the session time limit. */
    period: text("period").$type<"day" | "week" | "month" | "session">().notNull(),
    /** Centavos for money limits, minutes for the session limit; null removes the limit. */
    amount: bigint("amount", { mode: "bigint" }),
    effectiveAt: at("effective_at").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("member_limits_member_idx").on(t.memberId, t.kind, t.period, t.effectiveAt),
    check(
      "member_limits_kind_period",
      sql`(${t.kind} in ('deposit', 'loss', 'bet') and ${t.period} in ('day', 'week', 'month')) or (${t.kind} = 'session' and ${t.period} = 'session')`,
    ),
    check("member_limits_amount", sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);
