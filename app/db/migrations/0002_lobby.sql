-- Name search uses a trigram index (pg_trgm is a trusted extension: a database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "favourites" (
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "recent_games" (
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recent_games_member_id_game_id_pk" PRIMARY KEY("member_id","game_id")
);
--> statement-breakpoint
DROP INDEX "games_brand_type_vendor_idx";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "games" SET "search_text" = lower("game_name" || ' ' || "game_code" || ' ' || coalesce((SELECT string_agg(value, ' ') FROM jsonb_each_text("display_name")), ''));--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recent_games" ADD CONSTRAINT "recent_games_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favourites_member_idx" ON "favourites" USING btree ("merchant_code","member_id","created_at");--> statement-breakpoint
CREATE INDEX "recent_games_member_idx" ON "recent_games" USING btree ("merchant_code","member_id","visited_at");--> statement-breakpoint
CREATE INDEX "recent_games_brand_visited_idx" ON "recent_games" USING btree ("merchant_code","visited_at");--> statement-breakpoint
CREATE INDEX "games_brand_type_sort_idx" ON "games" USING btree ("merchant_code","game_type","sort","node_id");--> statement-breakpoint
CREATE INDEX "games_search_trgm_idx" ON "games" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "games_brand_type_vendor_idx" ON "games" USING btree ("merchant_code","game_type","vassalage","sort","node_id");