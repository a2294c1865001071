CREATE TABLE "app_totals" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"users_count" bigint DEFAULT 0 NOT NULL,
	"clicks_total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "app_totals" ("id", "users_count", "clicks_total") VALUES (1,
  (SELECT count(*) FROM "users"),
  (SELECT coalesce(sum("click_count"), 0) FROM "shortened_urls") + (SELECT coalesce(sum("click_count"), 0) FROM "links"))
ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION app_totals_users_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_totals SET users_count = users_count + (SELECT count(*) FROM new_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_totals_users_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_totals SET users_count = users_count - (SELECT count(*) FROM old_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_totals_clicks_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_totals SET clicks_total = clicks_total + (SELECT coalesce(sum(click_count), 0) FROM new_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_totals_clicks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_totals SET clicks_total = clicks_total
    + (SELECT coalesce(sum(click_count), 0) FROM new_rows)
    - (SELECT coalesce(sum(click_count), 0) FROM old_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_totals_clicks_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE app_totals SET clicks_total = clicks_total - (SELECT coalesce(sum(click_count), 0) FROM old_rows) WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER app_totals_users_insert AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_users_added();
--> statement-breakpoint
CREATE TRIGGER app_totals_users_delete AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_users_removed();
--> statement-breakpoint
CREATE TRIGGER app_totals_short_insert AFTER INSERT ON "shortened_urls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_clicks_added();
--> statement-breakpoint
CREATE TRIGGER app_totals_short_update AFTER UPDATE ON "shortened_urls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_clicks_changed();
--> statement-breakpoint
CREATE TRIGGER app_totals_short_delete AFTER DELETE ON "shortened_urls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_clicks_removed();
--> statement-breakpoint
CREATE TRIGGER app_totals_links_insert AFTER INSERT ON "links" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_clicks_added();
--> statement-breakpoint
CREATE TRIGGER app_totals_links_update AFTER UPDATE ON "links" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_clicks_changed();
--> statement-breakpoint
CREATE TRIGGER app_totals_links_delete AFTER DELETE ON "links" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_totals_clicks_removed();
