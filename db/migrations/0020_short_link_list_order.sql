DROP INDEX "shortened_urls_user_idx";--> statement-breakpoint
CREATE INDEX "shortened_urls_user_idx" ON "shortened_urls" USING btree ("user_id","created_at","id");