CREATE TABLE "bgs_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"player" text NOT NULL,
	"game_code" text NOT NULL,
	"engine" text NOT NULL,
	"mode" text NOT NULL,
	"bet_centavos" bigint NOT NULL,
	"win_centavos" bigint NOT NULL,
	"input" jsonb NOT NULL,
	"draws" jsonb NOT NULL,
	"outcome" jsonb NOT NULL,
	"state" text NOT NULL,
	"bet_transaction" text,
	"win_transaction" text,
	"session_token" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bgs_rounds_amounts" CHECK ("bgs_rounds"."bet_centavos" >= 0 and "bgs_rounds"."win_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"round" text NOT NULL,
	"game_code" text NOT NULL,
	"demo" boolean NOT NULL,
	"bet_centavos" bigint DEFAULT 0 NOT NULL,
	"win_centavos" bigint DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_amounts" CHECK ("game_rounds"."bet_centavos" >= 0 and "game_rounds"."win_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"demo" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"provider" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"demo" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"game_code" text NOT NULL,
	"draw_no" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"result" jsonb,
	"draws" jsonb,
	"drawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_tickets" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"draw_id" integer NOT NULL,
	"player" text NOT NULL,
	"play" jsonb NOT NULL,
	"stake_centavos" bigint NOT NULL,
	"win_centavos" bigint,
	"state" text NOT NULL,
	"bet_transaction" text NOT NULL,
	"win_transaction" text,
	"session_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_tickets_stake" CHECK ("lottery_tickets"."stake_centavos" > 0)
);
--> statement-breakpoint
CREATE TABLE "seamless_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"provider" text NOT NULL,
	"request_uuid" text NOT NULL,
	"action" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"provider" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer NOT NULL,
	"demo" boolean NOT NULL,
	"game_code" text NOT NULL,
	"round" text NOT NULL,
	"amount_centavos" bigint NOT NULL,
	"reference_transaction_uuid" text,
	"fingerprint" text NOT NULL,
	"transfer_id" integer,
	"turnover_taken_centavos" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_tx_amount" CHECK ("seamless_transactions"."amount_centavos" >= 0),
	CONSTRAINT "seamless_tx_kind" CHECK ("seamless_transactions"."kind" in ('bet', 'win', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "turnover_requirements" (
	"merchant_code" text NOT NULL,
	"member_id" integer PRIMARY KEY NOT NULL,
	"remaining_centavos" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turnover_remaining_not_negative" CHECK ("turnover_requirements"."remaining_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_rounds" ADD CONSTRAINT "game_rounds_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "launch_tokens" ADD CONSTRAINT "launch_tokens_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_tickets" ADD CONSTRAINT "lottery_tickets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_transactions" ADD CONSTRAINT "seamless_transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seamless_transactions" ADD CONSTRAINT "seamless_transactions_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turnover_requirements" ADD CONSTRAINT "turnover_requirements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bgs_rounds_player_idx" ON "bgs_rounds" USING btree ("merchant_code","player","created_at");--> statement-breakpoint
CREATE INDEX "bgs_rounds_pending_idx" ON "bgs_rounds" USING btree ("state","created_at") WHERE "bgs_rounds"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "game_rounds_round_idx" ON "game_rounds" USING btree ("merchant_code","provider","member_id","round");--> statement-breakpoint
CREATE INDEX "game_rounds_member_idx" ON "game_rounds" USING btree ("merchant_code","member_id","started_at");--> statement-breakpoint
CREATE INDEX "game_rounds_win_idx" ON "game_rounds" USING btree ("merchant_code","started_at","win_centavos");--> statement-breakpoint
CREATE INDEX "game_sessions_member_idx" ON "game_sessions" USING btree ("merchant_code","member_id");--> statement-breakpoint
CREATE INDEX "game_sessions_expires_idx" ON "game_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "launch_tokens_expires_idx" ON "launch_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_draws_no_idx" ON "lottery_draws" USING btree ("merchant_code","game_code","draw_no");--> statement-breakpoint
CREATE INDEX "lottery_draws_due_idx" ON "lottery_draws" USING btree ("state","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_tickets_draw_idx" ON "lottery_tickets" USING btree ("draw_id","state");--> statement-breakpoint
CREATE INDEX "lottery_tickets_player_idx" ON "lottery_tickets" USING btree ("merchant_code","player","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_calls_request_idx" ON "seamless_calls" USING btree ("merchant_code","provider","request_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_tx_uuid_idx" ON "seamless_transactions" USING btree ("merchant_code","provider","transaction_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "seamless_tx_one_rollback_idx" ON "seamless_transactions" USING btree ("merchant_code","provider","reference_transaction_uuid") WHERE "seamless_transactions"."kind" = 'rollback';--> statement-breakpoint
CREATE INDEX "seamless_tx_round_idx" ON "seamless_transactions" USING btree ("merchant_code","provider","member_id","round");