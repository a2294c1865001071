CREATE TABLE "page_daily" (
	"user_id" integer NOT NULL,
	"link_page_id" integer NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_daily_user_id_link_page_id_dimension_day_value_pk" PRIMARY KEY("user_id","link_page_id","dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "visitor_days" (
	"scope_type" text NOT NULL,
	"scope_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor" bigint NOT NULL,
	CONSTRAINT "visitor_days_scope_type_scope_id_day_visitor_pk" PRIMARY KEY("scope_type","scope_id","day","visitor")
);
--> statement-breakpoint
CREATE TABLE "visitor_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "click_daily" ADD COLUMN "visitors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "click_events" ADD COLUMN "visitor" bigint;--> statement-breakpoint
-- A deleted user's page figures go with their other click rows.
CREATE OR REPLACE FUNCTION users_forget_clicks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM click_events WHERE user_id IN (SELECT id FROM gone);
  DELETE FROM click_daily WHERE user_id IN (SELECT id FROM gone);
  DELETE FROM page_daily WHERE user_id IN (SELECT id FROM gone);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The pages' clicks so far, so that a page's figures read one table from today (views start now).
INSERT INTO page_daily (user_id, link_page_id, day, dimension, value, clicks)
SELECT user_id, link_page_id, day, dimension, value, sum(clicks)::int
FROM click_daily
WHERE target_type <> 'short_url' AND link_page_id <> 0
  AND dimension IN ('total', 'country', 'referrer', 'device', 'browser', 'os')
GROUP BY user_id, link_page_id, day, dimension, value;
