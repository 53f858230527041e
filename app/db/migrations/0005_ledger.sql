CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"merchant_code" text NOT NULL,
	"type" text NOT NULL,
	"subject" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"public_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"channel" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"fee_centavos" bigint DEFAULT 0 NOT NULL,
	"credit_centavos" bigint NOT NULL,
	"currency" text DEFAULT 'PHP' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"gateway_ref" text,
	"gateway_payment_id" text,
	"checkout_url" text,
	"failure_reason" text,
	"transfer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_orders_amount" CHECK ("payment_orders"."amount_centavos" > 0 and "payment_orders"."fee_centavos" >= 0 and "payment_orders"."credit_centavos" > 0 and "payment_orders"."credit_centavos" <= "payment_orders"."amount_centavos"),
	CONSTRAINT "payment_orders_state" CHECK ("payment_orders"."state" in ('pending', 'paid', 'failed', 'expired')),
	CONSTRAINT "payment_orders_paid_has_transfer" CHECK (("payment_orders"."state" = 'paid') = ("payment_orders"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_passwords" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"method" text NOT NULL,
	"account_number" text NOT NULL,
	"holder_name" text NOT NULL,
	"bank" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text,
	"amount_centavos" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"payment_id" text,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"event_id" text NOT NULL,
	"body" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"public_id" text NOT NULL,
	"member_id" integer NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"payout_method" text NOT NULL,
	"payout_account_number" text NOT NULL,
	"payout_holder_name" text NOT NULL,
	"payout_bank" text,
	"gateway" text NOT NULL,
	"payout_ref" text,
	"reason" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"hold_transfer_id" integer NOT NULL,
	"settle_transfer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount" CHECK ("withdrawals"."amount_centavos" > 0),
	CONSTRAINT "withdrawals_state" CHECK ("withdrawals"."state" in ('pending', 'approved', 'paid', 'rejected', 'failed')),
	CONSTRAINT "withdrawals_settled_has_transfer" CHECK (("withdrawals"."state" in ('paid', 'rejected', 'failed')) = ("withdrawals"."settle_transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "balance_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD COLUMN "may_go_negative" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD COLUMN "reference" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD COLUMN "fingerprint" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD COLUMN "reverses_id" integer;--> statement-breakpoint
-- Existing accounts: the cached balance starts as the sum of their entries; house accounts other than the holds may go negative.
UPDATE "wallet_accounts" a SET "balance_centavos" = coalesce((SELECT sum(e."amount_centavos") FROM "wallet_entries" e WHERE e."account_id" = a."id"), 0), "may_go_negative" = (a."member_id" IS NULL AND a."kind" <> 'house:holds');--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_reverses_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_passwords" ADD CONSTRAINT "payment_passwords_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("hold_transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_settle_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("settle_transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_public_idx" ON "payment_orders" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_ref_idx" ON "payment_orders" USING btree ("gateway","gateway_ref") WHERE "payment_orders"."gateway_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_gateway_payment_idx" ON "payment_orders" USING btree ("gateway","gateway_payment_id") WHERE "payment_orders"."gateway_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_orders_member_idx" ON "payment_orders" USING btree ("merchant_code","member_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_idem_idx" ON "sandbox_payments" USING btree ("merchant_code","idempotency_key") WHERE "sandbox_payments"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "sandbox_webhooks_due_idx" ON "sandbox_webhooks" USING btree ("next_attempt_at") WHERE "sandbox_webhooks"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_public_idx" ON "withdrawals" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "withdrawals_member_idx" ON "withdrawals" USING btree ("merchant_code","member_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_state_idx" ON "withdrawals" USING btree ("merchant_code","state","created_at");--> statement-breakpoint
CREATE INDEX "wallet_entries_transfer_idx" ON "wallet_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transfers_reverses_idx" ON "wallet_transfers" USING btree ("reverses_id") WHERE "wallet_transfers"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "wallet_transfers_reference_idx" ON "wallet_transfers" USING btree ("merchant_code","reference");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_not_negative" CHECK ("wallet_accounts"."may_go_negative" or "wallet_accounts"."balance_centavos" >= 0);--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_players_never_negative" CHECK ("wallet_accounts"."member_id" is null or not "wallet_accounts"."may_go_negative");--> statement-breakpoint
ALTER TABLE "wallet_accounts" ADD CONSTRAINT "wallet_accounts_kind" CHECK (("wallet_accounts"."member_id" is not null and "wallet_accounts"."kind" in ('cash', 'demo')) or ("wallet_accounts"."member_id" is null and "wallet_accounts"."kind" like 'house:%'));--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_not_zero" CHECK ("wallet_entries"."amount_centavos" <> 0);--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_kind" CHECK (kind in ('demo_grant', 'deposit', 'withdrawal_hold', 'withdrawal_payout', 'withdrawal_release', 'bet', 'win', 'rollback', 'bonus', 'adjustment', 'reversal'));--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_reversal" CHECK (("wallet_transfers"."kind" = 'reversal') = ("wallet_transfers"."reverses_id" is not null));--> statement-breakpoint
-- The ledger's rules, in the database: an entry moves its account's cached balance in the same
-- statement (so the balance CHECK above refuses any overdraft, whatever the interleaving), a
-- transfer whose legs do not sum to zero cannot commit, and nothing written is ever changed.
CREATE FUNCTION "wallet_entry_applies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "wallet_accounts" SET "balance_centavos" = "balance_centavos" + NEW."amount_centavos" WHERE "id" = NEW."account_id";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_apply" AFTER INSERT ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION "wallet_entry_applies"();--> statement-breakpoint
CREATE FUNCTION "wallet_transfer_balanced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  legs integer;
BEGIN
  SELECT coalesce(sum("amount_centavos"), 0), count(*) INTO total, legs FROM "wallet_entries" WHERE "transfer_id" = NEW."transfer_id";
  IF total <> 0 OR legs < 2 THEN
    RAISE EXCEPTION 'wallet transfer % does not balance (% over % legs)', NEW."transfer_id", total, legs USING ERRCODE = '23514', CONSTRAINT = 'wallet_transfers_balanced';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "wallet_entries_balanced" AFTER INSERT ON "wallet_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "wallet_transfer_balanced"();--> statement-breakpoint
CREATE FUNCTION "ledger_is_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: post a reversing transfer instead', TG_TABLE_NAME USING ERRCODE = '55000';
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_entries_append_only" BEFORE UPDATE OR DELETE ON "wallet_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "wallet_transfers_append_only" BEFORE UPDATE OR DELETE ON "wallet_transfers" FOR EACH ROW EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "wallet_entries_no_truncate" BEFORE TRUNCATE ON "wallet_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE TRIGGER "wallet_transfers_no_truncate" BEFORE TRUNCATE ON "wallet_transfers" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_is_append_only"();--> statement-breakpoint
CREATE FUNCTION "wallet_balance_follows_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 AND (NEW."balance_centavos" IS DISTINCT FROM OLD."balance_centavos" OR NEW."may_go_negative" IS DISTINCT FROM OLD."may_go_negative"
      OR NEW."member_id" IS DISTINCT FROM OLD."member_id" OR NEW."kind" IS DISTINCT FROM OLD."kind" OR NEW."merchant_code" IS DISTINCT FROM OLD."merchant_code") THEN
    RAISE EXCEPTION 'a wallet balance changes only through ledger entries' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "wallet_accounts_guard" BEFORE UPDATE ON "wallet_accounts" FOR EACH ROW EXECUTE FUNCTION "wallet_balance_follows_entries"();
