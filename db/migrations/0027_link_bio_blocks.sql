DROP INDEX "click_daily_page_idx";--> statement-breakpoint
ALTER TABLE "links" ALTER COLUMN "title" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "background_type" text DEFAULT 'solid' NOT NULL;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "background_gradient_to" text;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "background_gradient_direction" text;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "background_image_url" text;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "is_sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "link_pages" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "type" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "click_daily_page_idx" ON "click_daily" USING btree ("link_page_id","dimension","day") WHERE "click_daily"."target_type" <> 'short_url';--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_type_check" CHECK (type in ('link', 'header', 'text', 'image', 'social', 'embed', 'whatsapp', 'pix', 'contact', 'faq', 'divider'));--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_link_fields_check" CHECK ("links"."type" <> 'link' or ("links"."title" is not null and "links"."url" is not null));--> statement-breakpoint
ALTER TABLE "links" ADD CONSTRAINT "links_window_check" CHECK ("links"."starts_at" is null or "links"."ends_at" is null or "links"."ends_at" > "links"."starts_at");