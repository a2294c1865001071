ALTER TABLE "click_events" ADD COLUMN "in_app" text;--> statement-breakpoint
ALTER TABLE "click_events" ADD COLUMN "opened" text;--> statement-breakpoint
ALTER TABLE "shortened_urls" ADD COLUMN "open_in_app" boolean DEFAULT true NOT NULL;