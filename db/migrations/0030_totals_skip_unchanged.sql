-- An update that changes no click count (a block moved or edited, a rollup of views alone) leaves
-- app_totals alone: locking its one row for nothing made every such statement wait on every click
-- rollup, and a block's edit could deadlock with a rollup holding its page (decision 026).
CREATE OR REPLACE FUNCTION app_totals_clicks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := (SELECT coalesce(sum(click_count), 0) FROM new_rows)
    - (SELECT coalesce(sum(click_count), 0) FROM old_rows);
BEGIN
  IF delta <> 0 THEN
    UPDATE app_totals SET clicks_total = clicks_total + delta WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_totals_clicks_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone bigint := (SELECT coalesce(sum(click_count), 0) FROM old_rows);
BEGIN
  IF gone <> 0 THEN
    UPDATE app_totals SET clicks_total = clicks_total - gone WHERE id = 1;
  END IF;
  RETURN NULL;
END $$;
