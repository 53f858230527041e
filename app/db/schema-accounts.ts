import { sql } from "drizzle-orm";
import {
  check,
  date,
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
 * Accounts, sessions and the secrets around them. Every token (session,
 * remember-me, password reset, captcha) is stored as a SHA-256 hash: a copy of
 * this database does not let anyone sign in.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** As the player typed it; `usernameKey` (lower case) is what must be unique. */
    username: text("username").notNull(),
    usernameKey: text("username_key").notNull(),
    /** Argon2id; null for accounts that only sign in by SMS code or a social provider. */
    passwordHash: text("password_hash"),
    /** Spec §3/§6: 0, 1, 2 real members; 4 guest (trial); 40, 41, 42 agent-line accounts. */
    type: integer("type").notNull().default(0),
    status: text("status").$type<"active" | "disabled">().notNull().default("active"),
    nickname: text("nickname"),
    email: text("email"),
    mobileNum: text("mobile_num"),
    countryDialingCode: text("country_dialing_code"),
    birthday: date("birthday", { mode: "string" }),
    /** The full name as on a government ID: what the restricted-persons list is matched against (issue 16). */
    realName: text("real_name"),
    /** The code this member hands out to invite others. */
    inviteCode: text("invite_code").notNull(),
    referrerId: integer("referrer_id"),
    /**
     * The agent whose downline this account is in (issue 17): for a player, the agent whose code or link
     * it registered through (or its referrer's agent); for an agent, its parent. Set once, at creation.
     */
    agentId: integer("agent_id"),
    /** The agents above this account, the top first and `agentId` last: a team is every row whose upline holds its agent. */
    upline: integer("upline")
      .array()
      .notNull()
      .default(sql`'{}'`),
    registerMethod: text("register_method").notNull().default("H5"),
    registerUrl: text("register_url"),
    firebaseUid: text("firebase_uid"),
    createdAt: at("created_at").notNull().defaultNow(),
    lastLoginAt: at("last_login_at"),
    passwordChangedAt: at("password_changed_at"),
  },
  (t) => [
    uniqueIndex("members_brand_username_idx").on(t.merchantCode, t.usernameKey),
    uniqueIndex("members_brand_mobile_idx")
      .on(t.merchantCode, t.mobileNum)
      .where(sql`${t.mobileNum} is not null`),
    uniqueIndex("members_brand_invite_idx").on(t.merchantCode, t.inviteCode),
    uniqueIndex("members_brand_firebase_idx")
      .on(t.merchantCode, t.firebaseUid)
      .where(sql`${t.firebaseUid} is not null`),
    index("members_upline_idx").using("gin", t.upline),
    index("members_agent_idx")
      .on(t.merchantCode, t.agentId)
      .where(sql`${t.agentId} is not null`),
    // The direct agent is the upline's last entry, so the two can never disagree.
    check("members_agent_is_upline_end", sql`${t.agentId} is not distinct from ${t.upline}[cardinality(${t.upline})]`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the 128-bit id held in the player's cookie. */
    id: text("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    /** When the player last proved who they are (password, SMS code, social token). */
    authenticatedAt: at("authenticated_at").notNull().defaultNow(),
    lastSeenAt: at("last_seen_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [index("sessions_member_idx").on(t.memberId)],
);

/** "Remember password": a long-lived, revocable token instead of a password kept on the device. */
export const rememberTokens = pgTable(
  "remember_tokens",
  {
    id: text("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
  },
  (t) => [index("remember_tokens_member_idx").on(t.memberId)],
);

export const captchas = pgTable("captchas", {
  id: text("id").primaryKey(),
  merchantCode: text("merchant_code").notNull(),
  answerHash: text("answer_hash").notNull(),
  expiresAt: at("expires_at").notNull(),
});

/** SMS codes: stored hashed, expiring, with a bounded number of attempts. */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** login, register, reset */
    purpose: text("purpose").notNull(),
    destination: text("destination").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: at("consumed_at"),
  },
  (t) => [index("verification_codes_dest_idx").on(t.merchantCode, t.purpose, t.destination, t.createdAt)],
);

/** Single-use, expiring links sent by e-mail. */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: text("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "cascade" }),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [index("password_resets_member_idx").on(t.memberId)],
);

/** Messages sent while no SMTP server or SMS provider is configured: the CLI and the development page read them. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    channel: text("channel").$type<"email" | "sms">().notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    body: text("body").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [index("outbox_brand_idx").on(t.merchantCode, t.createdAt)],
);

/** Support staff's changes to a brand file's registration field rules. */
export const registrationRuleOverrides = pgTable(
  "registration_rule_overrides",
  {
    merchantCode: text("merchant_code").notNull(),
    field: text("field").notNull(),
    rule: jsonb("rule")
      .$type<{ enabled?: boolean; required?: boolean; minLength?: number; maxLength?: number; patternId?: string }>()
      .notNull(),
    updatedBy: text("updated_by").notNull(),
    reason: text("reason").notNull(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantCode, t.field] })],
);
