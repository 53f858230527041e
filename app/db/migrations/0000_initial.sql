CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"content_type" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"subject" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"group_name" text NOT NULL,
	"title" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_links" (
	"merchant_code" text NOT NULL,
	"resource_type" text NOT NULL,
	"url" text NOT NULL,
	"label_name_en" text NOT NULL,
	CONSTRAINT "download_links_merchant_code_resource_type_pk" PRIMARY KEY("merchant_code","resource_type")
);
--> statement-breakpoint
CREATE TABLE "flag_overrides" (
	"merchant_code" text NOT NULL,
	"flag" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" text NOT NULL,
	"reason" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flag_overrides_merchant_code_flag_pk" PRIMARY KEY("merchant_code","flag")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"node_id" integer NOT NULL,
	"game_id" text NOT NULL,
	"game_code" text NOT NULL,
	"game_name" text NOT NULL,
	"display_name" jsonb NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_classify" text,
	"is_new" boolean DEFAULT false NOT NULL,
	"show_icon" boolean DEFAULT true NOT NULL,
	"icon_url" text NOT NULL,
	"mobile_large_icon" text,
	"is_game_h5" text,
	"freeplay" boolean DEFAULT false NOT NULL,
	"support_play" boolean DEFAULT true NOT NULL,
	"lotto_mode" text,
	"min_bet_centavos" bigint DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"parent_id" integer,
	"tag" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hot_games" (
	"merchant_code" text NOT NULL,
	"game_id" integer NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "hot_games_merchant_code_game_id_pk" PRIMARY KEY("merchant_code","game_id")
);
--> statement-breakpoint
CREATE TABLE "promotion_categories" (
	"merchant_code" text NOT NULL,
	"key" text NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "promotion_categories_merchant_code_key_pk" PRIMARY KEY("merchant_code","key")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"no_expiry" boolean DEFAULT false NOT NULL,
	"category_keys" jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"game_count" integer NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_status" (
	"merchant_code" text PRIMARY KEY NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"merchant_code" text NOT NULL,
	"vassalage" text NOT NULL,
	"display_name" text NOT NULL,
	"categories" jsonb NOT NULL,
	"sort" integer NOT NULL,
	CONSTRAINT "vendors_merchant_code_vassalage_pk" PRIMARY KEY("merchant_code","vassalage")
);
--> statement-breakpoint
ALTER TABLE "hot_games" ADD CONSTRAINT "hot_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_brand_type_idx" ON "announcements" USING btree ("merchant_code","content_type","start_date");--> statement-breakpoint
CREATE INDEX "audit_log_brand_subject_idx" ON "audit_log" USING btree ("merchant_code","subject","created_at");--> statement-breakpoint
CREATE INDEX "banners_brand_group_idx" ON "banners" USING btree ("merchant_code","group_name","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "games_brand_node_idx" ON "games" USING btree ("merchant_code","node_id");--> statement-breakpoint
CREATE INDEX "games_brand_type_vendor_idx" ON "games" USING btree ("merchant_code","game_type","vassalage","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "help_items_brand_tag_idx" ON "help_items" USING btree ("merchant_code","tag");--> statement-breakpoint
CREATE INDEX "hot_games_sort_idx" ON "hot_games" USING btree ("merchant_code","sort");--> statement-breakpoint
CREATE INDEX "promotions_brand_idx" ON "promotions" USING btree ("merchant_code","sort");