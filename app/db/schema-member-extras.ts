import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { members } from "./schema-accounts";

/**
 * The member centre's extras: the inbox (messages from support staff) and the reward centre's
 * claims. Every row carries the brand's merchant code; the rules that must hold under concurrent
 * requests (one daily reward a day per member, known kinds, positive amounts) are constraints here.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A message from support staff to one member, or (member_id null) to every member of the brand. */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id").references(() => members.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Plain text, shown as text: never rendered as HTML. */
    body: text("body").notNull(),
    sentBy: text("sent_by").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("inbox_messages_brand_member_idx").on(t.merchantCode, t.memberId, t.id),
    check("inbox_messages_title_length", sql`char_length(${t.title}) between 1 and 100`),
    check("inbox_messages_body_length", sql`char_length(${t.body}) between 1 and 4000`),
  ],
);

/** One row per member and message they opened: a message "to all" is read or unread per member. */
export const inboxReads = pgTable(
  "inbox_reads",
  {
    merchantCode: text("merchant_code").notNull(),
    messageId: integer("message_id")
      .notNull()
      .references(() => inboxMessages.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    readAt: at("read_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.messageId] })],
);

export const REWARD_KINDS = ["daily"] as const;
export type RewardKind = (typeof REWARD_KINDS)[number];

/**
 * A reward a member claimed. `day` is the calendar day in Asia/Manila it counts for; the unique
 * index makes a second claim of the same kind on the same day impossible, whatever races.
 */
export const rewardClaims = pgTable(
  "reward_claims",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    kind: text("kind").$type<RewardKind>().notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** Day of the sign-in streak this claim was (1 = the first day). */
    streak: integer("streak").notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The ledger transfer that credited it (kind bonus). */
    transferId: integer("transfer_id").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reward_claims_once_a_day_idx").on(t.merchantCode, t.memberId, t.kind, t.day),
    check("reward_claims_kind", sql.raw(`kind in (${REWARD_KINDS.map((k) => `'${k}'`).join(", ")})`)),
    check("reward_claims_amount_positive", sql`${t.amount} > 0`),
    check("reward_claims_streak_positive", sql`${t.streak} >= 1`),
  ],
);
