-- Issue 16 and 17: the seeded plans' creation and API rates (the columns' default, 60, stays for
-- plans an administrator creates). Only plans still at the default are changed, so a value an
-- administrator already set is kept.
UPDATE "subscription_plans" SET "creations_per_hour" = CASE "name"
    WHEN 'Gratuito' THEN 30 WHEN 'Pro' THEN 300 WHEN 'Business' THEN 1000 WHEN 'Enterprise' THEN NULL END
  WHERE "name" IN ('Gratuito', 'Pro', 'Business', 'Enterprise') AND "creations_per_hour" = 60;--> statement-breakpoint
UPDATE "subscription_plans" SET "api_requests_per_minute" = CASE "name"
    WHEN 'Gratuito' THEN 30 WHEN 'Pro' THEN 120 WHEN 'Business' THEN 600 WHEN 'Enterprise' THEN 3000 END
  WHERE "name" IN ('Gratuito', 'Pro', 'Business', 'Enterprise') AND "api_requests_per_minute" = 60;
