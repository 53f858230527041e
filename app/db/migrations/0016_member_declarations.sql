CREATE TABLE "member_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text_version" text NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"minimum_age" integer NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_declarations_kind" CHECK ("member_declarations"."kind" in ('registration')),
	CONSTRAINT "member_declarations_version" CHECK ("member_declarations"."text_version" ~ '^[0-9a-f]{16}$'),
	CONSTRAINT "member_declarations_text_length" CHECK (char_length("member_declarations"."text") between 1 and 2000),
	CONSTRAINT "member_declarations_minimum_age" CHECK ("member_declarations"."minimum_age" in (18, 21))
);
--> statement-breakpoint
ALTER TABLE "member_declarations" ADD CONSTRAINT "member_declarations_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_declarations_member_kind_version_idx" ON "member_declarations" USING btree ("member_id","kind","text_version");--> statement-breakpoint
CREATE INDEX "member_declarations_brand_idx" ON "member_declarations" USING btree ("merchant_code","declared_at");