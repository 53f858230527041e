import { sql } from "drizzle-orm";
import { check, customType, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { members } from "./schema-accounts";

/**
 * The member centre's own data (issue 14): the profile fields registration does not ask for,
 * the profile picture and feedback to the operator. Nickname and birthday stay on `members`,
 * where registration already writes them.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // pg answers a Buffer, PGlite a Uint8Array: one type for the code above.
  fromDriver: (value) => Buffer.from(value),
});

/** Spec §3 profile fields; codes, not words, so each language shows its own label. */
export const memberProfiles = pgTable(
  "member_profiles",
  {
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    /** ISO 3166-1 alpha-2. */
    nationality: text("nationality"),
    address: text("address"),
    occupation: text("occupation"),
    sourceOfIncome: text("source_of_income"),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.memberId] }),
    check("member_profiles_nationality", sql`${t.nationality} ~ '^[A-Z]{2}$'`),
    check("member_profiles_address", sql`char_length(${t.address}) between 5 and 200`),
    // The lists of app/domain/accounts/profile-fields.ts.
    check(
      "member_profiles_occupation",
      sql`${t.occupation} in ('employed', 'self_employed', 'business_owner', 'government', 'ofw', 'student', 'retired', 'homemaker', 'unemployed', 'other')`,
    ),
    check(
      "member_profiles_income",
      sql`${t.sourceOfIncome} in ('salary', 'business', 'remittance', 'pension', 'investments', 'allowance', 'savings', 'other')`,
    ),
  ],
);

/**
 * One picture per member, already checked and re-encoded (256×256). Stored in the database so both
 * engines and every app process serve it; `sha256` names the version, so its URL may be cached for good.
 */
export const memberAvatars = pgTable(
  "member_avatars",
  {
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    sha256: text("sha256").notNull(),
    contentType: text("content_type").notNull(),
    bytes: bytea("bytes").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.memberId] }),
    check("member_avatars_type", sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check("member_avatars_size", sql`octet_length(${t.bytes}) between 1 and 1048576`),
  ],
);

/** FEEDBACK3: what members tell the operator; support staff list it with `npm run members -- feedback list`. */
export const memberFeedback = pgTable(
  "member_feedback",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    message: text("message").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("member_feedback_brand_idx").on(t.merchantCode, t.createdAt),
    check("member_feedback_message", sql`char_length(${t.message}) between 1 and 500`),
  ],
);
