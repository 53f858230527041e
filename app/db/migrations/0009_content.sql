-- Operator content per brand and language, with a stable operator key, retirement, read marks
-- and published images. Rows that exist already (the demo seed, all in English) get the key
-- "seed-<id>", and help children name their parent by tag instead of by row id, since a topic now
-- has one row per language.
CREATE TABLE "announcement_reads" (
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"announcement_key" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "announcement_reads_merchant_code_member_id_announcement_key_pk" PRIMARY KEY("merchant_code","member_id","announcement_key")
);
--> statement-breakpoint
CREATE TABLE "content_images" (
	"merchant_code" text NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_images_merchant_code_sha256_pk" PRIMARY KEY("merchant_code","sha256")
);
--> statement-breakpoint
DROP INDEX "help_items_brand_tag_idx";--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "announcements" SET "key" = 'seed-' || "id";--> statement-breakpoint
ALTER TABLE "announcements" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "banners" SET "key" = 'seed-' || "id";--> statement-breakpoint
ALTER TABLE "banners" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "help_items" ADD COLUMN "parent_tag" text;--> statement-breakpoint
UPDATE "help_items" AS "c" SET "parent_tag" = "p"."tag" FROM "help_items" AS "p" WHERE "p"."id" = "c"."parent_id";--> statement-breakpoint
ALTER TABLE "help_items" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "help_items" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "help_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "key" text;--> statement-breakpoint
UPDATE "promotions" SET "key" = 'seed-' || "id";--> statement-breakpoint
ALTER TABLE "promotions" ALTER COLUMN "key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "announcements_brand_key_idx" ON "announcements" USING btree ("merchant_code","key","language");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_brand_key_idx" ON "banners" USING btree ("merchant_code","key","language");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_brand_key_idx" ON "promotions" USING btree ("merchant_code","key","language");--> statement-breakpoint
CREATE UNIQUE INDEX "help_items_brand_tag_idx" ON "help_items" USING btree ("merchant_code","tag","language");--> statement-breakpoint
ALTER TABLE "help_items" DROP COLUMN "parent_id";
