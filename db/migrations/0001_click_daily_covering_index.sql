DROP INDEX "click_daily_user_dim_day_idx";--> statement-breakpoint
CREATE INDEX "click_daily_user_dim_day_cover_idx" ON "click_daily" USING btree ("user_id","dimension","day","value","clicks");