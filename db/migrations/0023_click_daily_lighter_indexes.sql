DROP INDEX "click_daily_user_dim_day_idx";--> statement-breakpoint
DROP INDEX "click_daily_page_idx";--> statement-breakpoint
CREATE INDEX "click_daily_page_idx" ON "click_daily" USING btree ("link_page_id","dimension","day") WHERE "click_daily"."target_type" = 'link';