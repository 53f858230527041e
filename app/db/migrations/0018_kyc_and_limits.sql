CREATE TABLE "kyc_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"id_photo" "bytea" NOT NULL,
	"id_photo_type" text NOT NULL,
	"selfie" "bytea" NOT NULL,
	"selfie_type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "kyc_submissions_state" CHECK ("kyc_submissions"."state" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "kyc_submissions_reviewed" CHECK (("kyc_submissions"."state" = 'pending') = ("kyc_submissions"."reviewed_at" is null) and ("kyc_submissions"."state" <> 'rejected' or "kyc_submissions"."reason" is not null)),
	CONSTRAINT "kyc_submissions_id_number_length" CHECK (char_length("kyc_submissions"."id_number") between 4 and 40),
	CONSTRAINT "kyc_submissions_photo_types" CHECK ("kyc_submissions"."id_photo_type" in ('image/png', 'image/jpeg') and "kyc_submissions"."selfie_type" in ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "member_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint,
	"effective_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_limits_kind_period" CHECK (("member_limits"."kind" in ('deposit', 'loss', 'bet') and "member_limits"."period" in ('day', 'week', 'month')) or ("member_limits"."kind" = 'session' and "member_limits"."period" = 'session')),
	CONSTRAINT "member_limits_amount" CHECK ("member_limits"."amount" is null or "member_limits"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "kyc_submissions" ADD CONSTRAINT "kyc_submissions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_limits" ADD CONSTRAINT "member_limits_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_submissions_member_idx" ON "kyc_submissions" USING btree ("member_id","submitted_at");--> statement-breakpoint
CREATE INDEX "kyc_submissions_brand_state_idx" ON "kyc_submissions" USING btree ("merchant_code","state","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_submissions_one_pending_idx" ON "kyc_submissions" USING btree ("member_id") WHERE "kyc_submissions"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "member_limits_member_idx" ON "member_limits" USING btree ("member_id","kind","period","effective_at");