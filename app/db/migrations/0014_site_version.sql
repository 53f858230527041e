CREATE TABLE "site_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "site_version_single_row" CHECK ("site_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "site_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Every statement that changes what support staff publish moves the site version (ADR 0019).
CREATE FUNCTION "bump_site_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "site_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['flag_overrides', 'system_status', 'registration_rule_overrides', 'vendors', 'games', 'hot_games',
		'banners', 'announcements', 'promotion_categories', 'promotions', 'promotion_intake', 'help_items', 'content_images',
		'download_links']
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "bump_site_version"()',
			t || '_site_version', t);
	END LOOP;
END
$$;
