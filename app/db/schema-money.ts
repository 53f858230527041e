import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
import { members } from "./schema-accounts";

/**
 * Money: the double-entry ledger, deposit orders, withdrawals and what they need.
 * Amounts are integer centavos in bigint columns. The rules that keep money from
 * appearing or disappearing are written here as constraints and in the migration
 * 0006_ledger_guards as triggers, so that no code path and no interleaving can break them.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });
const centavos = (name: string) => bigint(name, { mode: "bigint" });

/**
 * A ledger account: a member's cash or demo (trial play money) account, or one of the
 * brand's house accounts (`house:…`). `balance` is the sum of the account's entries,
 * kept by a trigger in the transaction that inserts each entry; the CHECK refuses any
 * statement that would take an account that may not go negative below zero.
 */
export const walletAccounts = pgTable(
  "wallet_accounts",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    memberId: integer("member_id").references(() => members.id, { onDelete: "restrict" }),
    /** cash, demo, or a house account such as house:demo, house:holds, house:clearing:sandbox */
    kind: text("kind").notNull(),
    balance: centavos("balance_centavos")
      .notNull()
      .default(sql`0`),
    /** Only house accounts that stand for money owed by or to the outside (clearing, settlement, expenses). */
    mayGoNegative: boolean("may_go_negative").notNull().default(false),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_accounts_member_kind_idx")
      .on(t.merchantCode, t.memberId, t.kind)
      .where(sql`${t.memberId} is not null`),
    uniqueIndex("wallet_accounts_house_kind_idx")
      .on(t.merchantCode, t.kind)
      .where(sql`${t.memberId} is null`),
    check("wallet_accounts_not_negative", sql`${t.mayGoNegative} or ${t.balance} >= 0`),
    check("wallet_accounts_players_never_negative", sql`${t.memberId} is null or not ${t.mayGoNegative}`),
    // Accounts that may go negative have no limit to guard, so they keep no cached balance (their balance is
    // the sum of their entries): a provider's or a gateway's account is shared by every bet or deposit of the
    // brand, and a cached balance there would make every such transaction wait for the one before it.
    check("wallet_accounts_open_not_cached", sql`not ${t.mayGoNegative} or ${t.balance} = 0`),
    check(
      "wallet_accounts_kind",
      sql`(${t.memberId} is not null and ${t.kind} in ('cash', 'demo')) or (${t.memberId} is null and ${t.kind} like 'house:%')`,
    ),
  ],
);

export const TRANSFER_KINDS = [
  "demo_grant",
  "deposit",
  "withdrawal_hold",
  "withdrawal_payout",
  "withdrawal_release",
  "bet",
  "win",
  "rollback",
  "bonus",
  "adjustment",
  "reversal",
  "commission",
] as const;

/** Immutable once written (a trigger refuses UPDATE and DELETE); corrections are reversing transfers. */
export const walletTransfers = pgTable(
  "wallet_transfers",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    kind: text("kind").notNull(),
    /** What caused it: "order:D…", "withdrawal:W…", "round:…", "support:…". */
    reference: text("reference").notNull().default(""),
    /** SHA-256 of kind, reference and legs: a replayed key must carry the same content. */
    fingerprint: text("fingerprint").notNull().default(""),
    /** Who and why, for adjustments and reversals. */
    memo: text("memo"),
    reversesId: integer("reverses_id"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("wallet_transfers_key_idx").on(t.merchantCode, t.idempotencyKey),
    uniqueIndex("wallet_transfers_reverses_idx")
      .on(t.reversesId)
      .where(sql`${t.reversesId} is not null`),
    index("wallet_transfers_reference_idx").on(t.merchantCode, t.reference),
    check("wallet_transfers_kind", sql.raw(`kind in (${TRANSFER_KINDS.map((k) => `'${k}'`).join(", ")})`)),
    check("wallet_transfers_reversal", sql`(${t.kind} = 'reversal') = (${t.reversesId} is not null)`),
  ],
);

/** One leg of a transfer. A deferred trigger refuses a commit in which a transfer's legs do not sum to zero. */
export const walletEntries = pgTable(
  "wallet_entries",
  {
    id: serial("id").primaryKey(),
    transferId: integer("transfer_id")
      .notNull()
      .references(() => walletTransfers.id, { onDelete: "restrict" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => walletAccounts.id, { onDelete: "restrict" }),
    amount: centavos("amount_centavos").notNull(),
  },
  (t) => [
    index("wallet_entries_account_idx").on(t.accountId),
    index("wallet_entries_transfer_idx").on(t.transferId),
    check("wallet_entries_not_zero", sql`${t.amount} <> 0`),
  ],
);

/**
 * A deposit: created pending when the player leaves for the gateway's checkout; paid
 * (exactly one deposit transfer), failed or expired only from pending.
 */
export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** What the player, support staff and the gateway see: "D" and 16 characters. */
    publicId: text("public_id").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    gateway: text("gateway").notNull(),
    channel: text("channel").notNull(),
    amount: centavos("amount_centavos").notNull(),
    fee: centavos("fee_centavos")
      .notNull()
      .default(sql`0`),
    /** What reaches the player's cash account. */
    credit: centavos("credit_centavos").notNull(),
    currency: text("currency").notNull().default("PHP"),
    state: text("state").notNull().default("pending"),
    /** The gateway's checkout (session) id. */
    gatewayRef: text("gateway_ref"),
    /** The gateway's payment id, once paid. */
    gatewayPaymentId: text("gateway_payment_id"),
    checkoutUrl: text("checkout_url"),
    failureReason: text("failure_reason"),
    transferId: integer("transfer_id").references(() => walletTransfers.id, { onDelete: "restrict" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
    settledAt: at("settled_at"),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("payment_orders_public_idx").on(t.publicId),
    uniqueIndex("payment_orders_gateway_ref_idx")
      .on(t.gateway, t.gatewayRef)
      .where(sql`${t.gatewayRef} is not null`),
    uniqueIndex("payment_orders_gateway_payment_idx")
      .on(t.gateway, t.gatewayPaymentId)
      .where(sql`${t.gatewayPaymentId} is not null`),
    index("payment_orders_member_idx").on(t.merchantCode, t.memberId, t.createdAt),
    index("payment_orders_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
    check("payment_orders_amount", sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.credit} > 0 and ${t.credit} <= ${t.amount}`),
    check("payment_orders_state", sql`${t.state} in ('pending', 'paid', 'failed', 'expired')`),
    check("payment_orders_paid_has_transfer", sql`(${t.state} = 'paid') = (${t.transferId} is not null)`),
  ],
);

/** Every gateway event we acted on, once: a webhook delivered again finds its row here. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    gateway: text("gateway").notNull(),
    eventId: text("event_id").notNull(),
    merchantCode: text("merchant_code").notNull(),
    /** payment.paid, payment.failed, payout.paid, payout.failed … */
    type: text("type").notNull(),
    /** Our order or withdrawal public id. */
    subject: text("subject").notNull(),
    outcome: text("outcome").notNull(),
    receivedAt: at("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

/**
 * A withdrawal: the amount is held (cash → house:holds) when it is created, then
 * approved (payout sent to the gateway) and paid, or rejected or failed (hold released).
 */
export const withdrawals = pgTable(
  "withdrawals",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** "W" and 16 characters. */
    publicId: text("public_id").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id, { onDelete: "restrict" }),
    amount: centavos("amount_centavos").notNull(),
    state: text("state").notNull().default("pending"),
    /** The payout account as it was when the player asked. */
    payoutMethod: text("payout_method").notNull(),
    payoutAccountNumber: text("payout_account_number").notNull(),
    payoutHolderName: text("payout_holder_name").notNull(),
    payoutBank: text("payout_bank"),
    gateway: text("gateway").notNull(),
    /** The gateway's payout id. */
    payoutRef: text("payout_ref"),
    /** Shown to the player when rejected or failed. */
    reason: text("reason"),
    reviewedBy: text("reviewed_by"),
    reviewedAt: at("reviewed_at"),
    holdTransferId: integer("hold_transfer_id")
      .notNull()
      .references(() => walletTransfers.id, { onDelete: "restrict" }),
    settleTransferId: integer("settle_transfer_id").references(() => walletTransfers.id, { onDelete: "restrict" }),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("withdrawals_public_idx").on(t.publicId),
    index("withdrawals_member_idx").on(t.merchantCode, t.memberId, t.createdAt),
    index("withdrawals_state_idx").on(t.merchantCode, t.state, t.createdAt),
    check("withdrawals_amount", sql`${t.amount} > 0`),
    check("withdrawals_state", sql`${t.state} in ('pending', 'approved', 'paid', 'rejected', 'failed')`),
    check(
      "withdrawals_settled_has_transfer",
      sql`(${t.state} in ('paid', 'rejected', 'failed')) = (${t.settleTransferId} is not null)`,
    ),
  ],
);

/** The one account a member's withdrawals go to; changes are audited. */
export const payoutAccounts = pgTable("payout_accounts", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  merchantCode: text("merchant_code").notNull(),
  /** gcash, maya, bank */
  method: text("method").notNull(),
  accountNumber: text("account_number").notNull(),
  holderName: text("holder_name").notNull(),
  bank: text("bank"),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** The payment password (Argon2id), asked for every withdrawal. */
export const paymentPasswords = pgTable("payment_passwords", {
  memberId: integer("member_id")
    .primaryKey()
    .references(() => members.id, { onDelete: "cascade" }),
  merchantCode: text("merchant_code").notNull(),
  hash: text("hash").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
  updatedAt: at("updated_at").notNull().defaultNow(),
});

/** Background jobs that must run in one process at a time (reconciliation): a lease with an expiry. */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  until: at("until").notNull(),
});

/**
 * The sandbox gateway's own books (it stands for an outside payment provider, so it
 * keeps its own state): checkout sessions and payouts, and the webhooks it still owes.
 */
export const sandboxPayments = pgTable(
  "sandbox_payments",
  {
    id: text("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    /** checkout or payout */
    kind: text("kind").notNull(),
    /** The merchant's reference (order or withdrawal public id). */
    reference: text("reference").notNull(),
    /** Payouts: the merchant's idempotency key. */
    idempotencyKey: text("idempotency_key"),
    amount: centavos("amount_centavos").notNull(),
    currency: text("currency").notNull(),
    /** checkout: open, paid, failed, expired; payout: pending, paid, failed */
    state: text("state").notNull(),
    /** The payment id given when a checkout is paid. */
    paymentId: text("payment_id"),
    details: jsonb("details").$type<Record<string, string>>().notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_payments_idem_idx")
      .on(t.merchantCode, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

export const sandboxWebhooks = pgTable(
  "sandbox_webhooks",
  {
    id: serial("id").primaryKey(),
    merchantCode: text("merchant_code").notNull(),
    eventId: text("event_id").notNull(),
    body: text("body").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    deliveredAt: at("delivered_at"),
    lastError: text("last_error"),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("sandbox_webhooks_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
