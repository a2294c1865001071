CREATE TABLE "click_daily_user" (
	"user_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"clicks" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "click_daily_user_user_id_dimension_day_value_pk" PRIMARY KEY("user_id","dimension","day","value")
);
--> statement-breakpoint
DROP INDEX "click_daily_user_dim_day_cover_idx";--> statement-breakpoint
ALTER TABLE "click_daily_user" ADD CONSTRAINT "click_daily_user_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_daily_user_dim_day_idx" ON "click_daily" USING btree ("user_id","dimension","day");--> statement-breakpoint
-- Existing clicks: the per-owner sums start from the per-target ones.
INSERT INTO "click_daily_user" ("user_id", "dimension", "day", "value", "clicks")
SELECT "user_id", "dimension", "day", "value", sum("clicks") FROM "click_daily" GROUP BY 1, 2, 3, 4;
