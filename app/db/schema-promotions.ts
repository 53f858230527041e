import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { members } from "./schema-accounts";
import { walletTransfers } from "./schema-money";

/**
 * Promotion applications (spec §2 /m/activityDetail, §5 activity apply): a member asks for a
 * promotion's bonus with a comment and up to three images; support staff approve (the bonus is
 * credited through the ledger) or reject it. A promotion is named by its operator key, the same
 * in every language it is published in, so an application does not depend on the language it
 * was sent from.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  // pg answers a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Which promotions take applications. The content files do not carry it (they describe what
 * players read); support staff open and close intake with `npm run promotions -- intake`.
 * `turnoverMultiplier` overrides brand.play.turnoverMultiplier for this promotion's bonuses.
 */
export const promotionIntake = pgTable(
  "promotion_intake",
  {
    merchantCode: text("merchant_code").notNull(),
    promotionKey: text("promotion_key").notNull(),
    open: boolean("open").notNull(),
    turnoverMultiplier: integer("turnover_multiplier"),
    updatedBy: text("updated_by").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantCode, t.promotionKey] }),
    check("promotion_intake_multiplier", sql`${t.turnoverMultiplier} is null or ${t.turnoverMultiplier} between 0 and 100`),
  ],
);

/** Statuses of spec §3 an application passes through: applying (waiting for support), then issued or rejected. */
export const APPLICATION_STATUSES = ["applying", "issued", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const promotionApplications = pgTable(
  "promotion_applications",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    promotionKey: text("promotion_key").notNull(),
    /** The title as the member saw it, for support staff and the member's list after a retirement. */
    promotionTitle: text("promotion_title").notNull(),
    comment: text("comment").notNull(),
    status: text("status").$type<ApplicationStatus>().notNull().default("applying"),
    /** Centavos credited on approval. */
    bonus: bigint("bonus_centavos", { mode: "bigint" }),
    transferId: integer("transfer_id").references(() => walletTransfers.id, { onDelete: "restrict" }),
    reviewedBy: text("reviewed_by"),
    reviewReason: text("review_reason"),
    reviewedAt: at("reviewed_at"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    // One application waiting or paid per member and promotion: a second (or a parallel double post)
    // is refused here, and a promotion's bonus is paid to a member once; after a rejection they may apply again.
    uniqueIndex("promotion_applications_one_held_idx")
      .on(t.merchantCode, t.memberId, t.promotionKey)
      .where(sql`${t.status} in ('applying', 'issued')`),
    index("promotion_applications_brand_status_idx").on(t.merchantCode, t.status, t.createdAt),
    index("promotion_applications_member_idx").on(t.merchantCode, t.memberId, t.createdAt),
    check("promotion_applications_status", sql`${t.status} in ('applying', 'issued', 'rejected')`),
    check("promotion_applications_comment", sql`char_length(${t.comment}) <= 140`),
    check(
      "promotion_applications_issued",
      sql`(${t.status} = 'issued') = (${t.bonus} is not null and ${t.bonus} > 0 and ${t.transferId} is not null)`,
    ),
    check(
      "promotion_applications_reviewed",
      sql`(${t.status} = 'applying') = (${t.reviewedAt} is null and ${t.reviewedBy} is null)`,
    ),
  ],
);

/**
 * The images of an application, re-encoded (domain/uploads). Private: no route serves them;
 * support staff export them with `npm run promotions -- applications show … --export-images`.
 */
export const promotionApplicationImages = pgTable(
  "promotion_application_images",
  {
    merchantCode: text("merchant_code").notNull(),
    applicationId: integer("application_id")
      .notNull()
      .references(() => promotionApplications.id, { onDelete: "cascade" }),
    sequence: smallint("sequence").notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.sequence] }),
    check("promotion_application_images_sequence", sql`${t.sequence} between 1 and 3`),
    check("promotion_application_images_type", sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check("promotion_application_images_size", sql`octet_length(${t.bytes}) <= 5242880`),
  ],
);
