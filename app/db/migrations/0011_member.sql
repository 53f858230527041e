CREATE TABLE "member_avatars" (
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_avatars_merchant_code_member_id_pk" PRIMARY KEY("merchant_code","member_id"),
	CONSTRAINT "member_avatars_type" CHECK ("member_avatars"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "member_avatars_size" CHECK (octet_length("member_avatars"."bytes") between 1 and 1048576)
);
--> statement-breakpoint
CREATE TABLE "member_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_feedback_message" CHECK (char_length("member_feedback"."message") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "member_profiles" (
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"nationality" text,
	"address" text,
	"occupation" text,
	"source_of_income" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_profiles_merchant_code_member_id_pk" PRIMARY KEY("merchant_code","member_id"),
	CONSTRAINT "member_profiles_nationality" CHECK ("member_profiles"."nationality" ~ '^[A-Z]{2}$'),
	CONSTRAINT "member_profiles_address" CHECK (char_length("member_profiles"."address") between 5 and 200),
	CONSTRAINT "member_profiles_occupation" CHECK ("member_profiles"."occupation" in ('employed', 'self_employed', 'business_owner', 'government', 'ofw', 'student', 'retired', 'homemaker', 'unemployed', 'other')),
	CONSTRAINT "member_profiles_income" CHECK ("member_profiles"."source_of_income" in ('salary', 'business', 'remittance', 'pension', 'investments', 'allowance', 'savings', 'other'))
);
--> statement-breakpoint
ALTER TABLE "member_avatars" ADD CONSTRAINT "member_avatars_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_feedback" ADD CONSTRAINT "member_feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_profiles" ADD CONSTRAINT "member_profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_feedback_brand_idx" ON "member_feedback" USING btree ("merchant_code","created_at");