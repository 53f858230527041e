CREATE TABLE "inbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"sent_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_messages_title_length" CHECK (char_length("inbox_messages"."title") between 1 and 100),
	CONSTRAINT "inbox_messages_body_length" CHECK (char_length("inbox_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "inbox_reads" (
	"merchant_code" text NOT NULL,
	"message_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_reads_member_id_message_id_pk" PRIMARY KEY("member_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transfer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_claims_kind" CHECK (kind in ('daily')),
	CONSTRAINT "reward_claims_amount_positive" CHECK ("reward_claims"."amount" > 0),
	CONSTRAINT "reward_claims_streak_positive" CHECK ("reward_claims"."streak" >= 1)
);
--> statement-breakpoint
ALTER TABLE "inbox_messages" ADD CONSTRAINT "inbox_messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_reads" ADD CONSTRAINT "inbox_reads_message_id_inbox_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inbox_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_reads" ADD CONSTRAINT "inbox_reads_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_claims" ADD CONSTRAINT "reward_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_messages_brand_member_idx" ON "inbox_messages" USING btree ("merchant_code","member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_claims_once_a_day_idx" ON "reward_claims" USING btree ("merchant_code","member_id","kind","day");