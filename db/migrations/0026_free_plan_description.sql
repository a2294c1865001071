-- The free plan allows several Link Bio pages (3 as seeded), not one: its seeded description said
-- "sua Link Bio". Only a description still as seeded is changed, so an administrator's text is kept.
UPDATE "subscription_plans"
  SET "description" = 'Para começar: suas primeiras Link Bios e links curtos.'
  WHERE "name" = 'Gratuito'
    AND "description" = 'Para começar: sua Link Bio e seus primeiros links curtos.';
