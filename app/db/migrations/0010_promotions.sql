CREATE TABLE "promotion_application_images" (
	"merchant_code" text NOT NULL,
	"application_id" integer NOT NULL,
	"sequence" smallint NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "promotion_application_images_application_id_sequence_pk" PRIMARY KEY("application_id","sequence"),
	CONSTRAINT "promotion_application_images_sequence" CHECK ("promotion_application_images"."sequence" between 1 and 3),
	CONSTRAINT "promotion_application_images_type" CHECK ("promotion_application_images"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "promotion_application_images_size" CHECK (octet_length("promotion_application_images"."bytes") <= 5242880)
);
--> statement-breakpoint
CREATE TABLE "promotion_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"promotion_key" text NOT NULL,
	"promotion_title" text NOT NULL,
	"comment" text NOT NULL,
	"status" text DEFAULT 'applying' NOT NULL,
	"bonus_centavos" bigint,
	"transfer_id" integer,
	"reviewed_by" text,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_applications_status" CHECK ("promotion_applications"."status" in ('applying', 'issued', 'rejected')),
	CONSTRAINT "promotion_applications_comment" CHECK (char_length("promotion_applications"."comment") <= 140),
	CONSTRAINT "promotion_applications_issued" CHECK (("promotion_applications"."status" = 'issued') = ("promotion_applications"."bonus_centavos" is not null and "promotion_applications"."bonus_centavos" > 0 and "promotion_applications"."transfer_id" is not null)),
	CONSTRAINT "promotion_applications_reviewed" CHECK (("promotion_applications"."status" = 'applying') = ("promotion_applications"."reviewed_at" is null and "promotion_applications"."reviewed_by" is null))
);
--> statement-breakpoint
CREATE TABLE "promotion_intake" (
	"merchant_code" text NOT NULL,
	"promotion_key" text NOT NULL,
	"open" boolean NOT NULL,
	"turnover_multiplier" integer,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_intake_merchant_code_promotion_key_pk" PRIMARY KEY("merchant_code","promotion_key"),
	CONSTRAINT "promotion_intake_multiplier" CHECK ("promotion_intake"."turnover_multiplier" is null or "promotion_intake"."turnover_multiplier" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "promotion_application_images" ADD CONSTRAINT "promotion_application_images_application_id_promotion_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."promotion_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_applications" ADD CONSTRAINT "promotion_applications_transfer_id_wallet_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."wallet_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_applications_one_pending_idx" ON "promotion_applications" USING btree ("merchant_code","member_id","promotion_key") WHERE "promotion_applications"."status" = 'applying';--> statement-breakpoint
CREATE INDEX "promotion_applications_brand_status_idx" ON "promotion_applications" USING btree ("merchant_code","status","created_at");--> statement-breakpoint
CREATE INDEX "promotion_applications_member_idx" ON "promotion_applications" USING btree ("merchant_code","member_id","created_at");
