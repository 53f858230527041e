import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
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
