CREATE TABLE "agent_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"state" text DEFAULT 'offered' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_by" text NOT NULL,
	"offered_why" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "agent_contracts_kind" CHECK ("agent_contracts"."kind" in ('daily_salary', 'dividend', 'hourly_salary')),
	CONSTRAINT "agent_contracts_state" CHECK ("agent_contracts"."state" in ('offered', 'accepted', 'ended', 'withdrawn')),
	CONSTRAINT "agent_contracts_accepted" CHECK (("agent_contracts"."state" in ('accepted', 'ended')) = ("agent_contracts"."accepted_at" is not null)),
	CONSTRAINT "agent_contracts_ended" CHECK (("agent_contracts"."state" in ('ended', 'withdrawn')) = ("agent_contracts"."ended_at" is not null)),
	CONSTRAINT "agent_contracts_version" CHECK ("agent_contracts"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "agent_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"agent_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"contract_id" integer NOT NULL,
	"contract_version" integer NOT NULL,
	"turnover_centavos" bigint NOT NULL,
	"net_loss_centavos" bigint NOT NULL,
	"active_players" integer NOT NULL,
	"tier" integer,
	"rate_bp" integer NOT NULL,
	"gross_centavos" bigint NOT NULL,
	"sub_agents_centavos" bigint NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"transfer_id" integer,
	"settled_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settlements_amount" CHECK ("agent_settlements"."amount_centavos" >= 0 and "agent_settlements"."gross_centavos" >= 0 and "agent_settlements"."sub_agents_centavos" >= 0),
	CONSTRAINT "agent_settlements_paid" CHECK (("agent_settlements"."amount_centavos" > 0) = ("agent_settlements"."transfer_id" is not null)),
	CONSTRAINT "agent_settlements_kind" CHECK ("agent_settlements"."kind" in ('daily_salary', 'dividend', 'hourly_salary')),
	CONSTRAINT "agent_settlements_span" CHECK ("agent_settlements"."period_end" > "agent_settlements"."period_start")
);
--> statement-breakpoint
ALTER TABLE "wallet_transfers" DROP CONSTRAINT "wallet_transfers_kind";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "upline" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settlements" ADD CONSTRAINT "agent_settlements_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_version_idx" ON "agent_contracts" USING btree ("merchant_code","agent_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_offer_idx" ON "agent_contracts" USING btree ("merchant_code","agent_id","kind") WHERE "agent_contracts"."state" = 'offered';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_one_in_force_idx" ON "agent_contracts" USING btree ("merchant_code","agent_id","kind") WHERE "agent_contracts"."state" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "agent_settlements_period_idx" ON "agent_settlements" USING btree ("merchant_code","agent_id","kind","period");--> statement-breakpoint
CREATE INDEX "agent_settlements_agent_idx" ON "agent_settlements" USING btree ("merchant_code","agent_id","period_start");--> statement-breakpoint
CREATE INDEX "members_upline_idx" ON "members" USING gin ("upline");--> statement-breakpoint
CREATE INDEX "members_agent_idx" ON "members" USING btree ("merchant_code","agent_id") WHERE "members"."agent_id" is not null;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_agent_is_upline_end" CHECK ("members"."agent_id" is not distinct from "members"."upline"[cardinality("members"."upline")]);--> statement-breakpoint
ALTER TABLE "wallet_transfers" ADD CONSTRAINT "wallet_transfers_kind" CHECK (kind in ('demo_grant', 'deposit', 'withdrawal_hold', 'withdrawal_payout', 'withdrawal_release', 'bet', 'win', 'rollback', 'bonus', 'adjustment', 'reversal', 'commission'));--> statement-breakpoint
-- Agents and affiliates (issue 17, ADR 0037). The direct agent is a member of the same brand; a row's
-- place in the tree (agent_id, upline) is written once, when the account is made, and never moved,
-- so a team's history stays the team's. Settlement lines are written once, like ledger entries.
ALTER TABLE "members" ADD CONSTRAINT "members_agent_id_members_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."members"("id") ON DELETE restrict;--> statement-breakpoint
CREATE FUNCTION "members_tree_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."agent_id" IS DISTINCT FROM OLD."agent_id" OR NEW."upline" IS DISTINCT FROM OLD."upline" THEN
    RAISE EXCEPTION 'an account''s place in the agent tree is fixed when it is made' USING ERRCODE = '23514', CONSTRAINT = 'members_tree_fixed';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_tree_fixed" BEFORE UPDATE OF "agent_id", "upline" ON "members"
  FOR EACH ROW EXECUTE FUNCTION "members_tree_fixed"();--> statement-breakpoint
CREATE FUNCTION "agent_settlements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement lines are never changed or removed' USING ERRCODE = '23514', CONSTRAINT = 'agent_settlements_append_only';
END $$;--> statement-breakpoint
CREATE TRIGGER "agent_settlements_append_only" BEFORE UPDATE OR DELETE ON "agent_settlements"
  FOR EACH ROW EXECUTE FUNCTION "agent_settlements_append_only"();
