CREATE TABLE "user_usage" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"short_links" integer DEFAULT 0 NOT NULL,
	"link_pages" integer DEFAULT 0 NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_usage" ADD CONSTRAINT "user_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_usage_short_links_idx" ON "user_usage" USING btree ("short_links","user_id");--> statement-breakpoint
CREATE INDEX "user_usage_link_pages_idx" ON "user_usage" USING btree ("link_pages","user_id");--> statement-breakpoint
CREATE INDEX "user_usage_clicks_idx" ON "user_usage" USING btree ("clicks","user_id");--> statement-breakpoint
CREATE INDEX "shortened_urls_search_idx" ON "shortened_urls" USING gin ((coalesce(title, '') || chr(10) || original_url || chr(10) || short_code) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ((email || chr(10) || first_name || ' ' || last_name) gin_trgm_ops);