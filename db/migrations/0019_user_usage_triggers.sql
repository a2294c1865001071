-- Issue 18: user_usage kept by triggers, whatever writes the rows (the API, the CSV import, the
-- click batch, a cascade). Statement-level with transition tables: a batch of 500 clicks or a
-- 1,000-row import costs one update per owner, not one per row. Rows of user_usage are locked in
-- user_id order first, so two processes' click batches cannot deadlock on them.

CREATE FUNCTION user_usage_add(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM user_usage
  WHERE user_id IN (SELECT (d->>'user_id')::int FROM jsonb_array_elements(deltas) AS d)
  ORDER BY user_id FOR NO KEY UPDATE;
  UPDATE user_usage AS u SET
    short_links = u.short_links + (d->>'short_links')::int,
    link_pages = u.link_pages + (d->>'link_pages')::int,
    clicks = u.clicks + (d->>'clicks')::bigint
  FROM jsonb_array_elements(deltas) AS d
  WHERE u.user_id = (d->>'user_id')::int;
END $$;
--> statement-breakpoint

-- Every user has a row (the admin's usage sorts read user_usage's indexes).
CREATE FUNCTION user_usage_users_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_usage (user_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_usage_users_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_usage_users_inserted();
--> statement-breakpoint

-- Short links: how many, and their click_count.
CREATE FUNCTION user_usage_short_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', n, 'link_pages', 0, 'clicks', c))
    INTO deltas FROM (SELECT user_id, count(*) AS n, sum(click_count) AS c FROM new_rows GROUP BY user_id) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', -n, 'link_pages', 0, 'clicks', -c))
    INTO deltas FROM (SELECT user_id, count(*) AS n, sum(click_count) AS c FROM old_rows GROUP BY user_id) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', n, 'link_pages', 0, 'clicks', c))
    INTO deltas FROM (
      SELECT user_id, sum(n) AS n, sum(c) AS c FROM (
        SELECT user_id, 1 AS n, click_count AS c FROM new_rows
        UNION ALL SELECT user_id, -1, -click_count FROM old_rows) AS changed
      GROUP BY user_id HAVING sum(n) <> 0 OR sum(c) <> 0) x;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM user_usage_add(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_usage_short_links_insert AFTER INSERT ON shortened_urls
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_usage_short_links_changed();
--> statement-breakpoint
CREATE TRIGGER user_usage_short_links_delete AFTER DELETE ON shortened_urls
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_usage_short_links_changed();
--> statement-breakpoint
CREATE TRIGGER user_usage_short_links_update AFTER UPDATE ON shortened_urls
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_usage_short_links_changed();
--> statement-breakpoint

-- Link Bio pages: how many. A page's deletion also takes its buttons' clicks, before the cascade
-- deletes the buttons (which then find no page to charge, see user_usage_links_changed).
CREATE FUNCTION user_usage_link_pages_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', 0, 'link_pages', n, 'clicks', 0))
  INTO deltas FROM (SELECT user_id, count(*) AS n FROM new_rows GROUP BY user_id) x;
  IF deltas IS NOT NULL THEN PERFORM user_usage_add(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_usage_link_pages_insert AFTER INSERT ON link_pages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_usage_link_pages_inserted();
--> statement-breakpoint
CREATE FUNCTION user_usage_link_page_deleting() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_usage_add(jsonb_build_array(jsonb_build_object('user_id', OLD.user_id, 'short_links', 0,
    'link_pages', -1,
    'clicks', -(SELECT coalesce(sum(click_count), 0) FROM links WHERE link_page_id = OLD.id))));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_usage_link_pages_delete BEFORE DELETE ON link_pages
  FOR EACH ROW EXECUTE FUNCTION user_usage_link_page_deleting();
--> statement-breakpoint

-- Link Bio buttons: their click_count, charged to the owner of their page.
CREATE FUNCTION user_usage_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', 0, 'link_pages', 0, 'clicks', c))
    INTO deltas FROM (
      SELECT p.user_id, sum(r.click_count) AS c FROM new_rows r JOIN link_pages p ON p.id = r.link_page_id
      GROUP BY p.user_id HAVING sum(r.click_count) <> 0) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', 0, 'link_pages', 0, 'clicks', -c))
    INTO deltas FROM (
      SELECT p.user_id, sum(r.click_count) AS c FROM old_rows r JOIN link_pages p ON p.id = r.link_page_id
      GROUP BY p.user_id HAVING sum(r.click_count) <> 0) x;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('user_id', user_id, 'short_links', 0, 'link_pages', 0, 'clicks', c))
    INTO deltas FROM (
      SELECT p.user_id, sum(r.c) AS c FROM (
        SELECT link_page_id, click_count AS c FROM new_rows
        UNION ALL SELECT link_page_id, -click_count FROM old_rows) AS r
      JOIN link_pages p ON p.id = r.link_page_id
      GROUP BY p.user_id HAVING sum(r.c) <> 0) x;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM user_usage_add(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER user_usage_links_insert AFTER INSERT ON links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_usage_links_changed();
--> statement-breakpoint
CREATE TRIGGER user_usage_links_delete AFTER DELETE ON links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_usage_links_changed();
--> statement-breakpoint
CREATE TRIGGER user_usage_links_update AFTER UPDATE ON links
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_usage_links_changed();
--> statement-breakpoint

-- What exists now.
INSERT INTO user_usage (user_id, short_links, link_pages, clicks)
SELECT u.id, coalesce(s.n, 0), coalesce(p.n, 0), coalesce(s.c, 0) + coalesce(b.c, 0)
FROM users u
LEFT JOIN (SELECT user_id, count(*) AS n, sum(click_count) AS c FROM shortened_urls GROUP BY user_id) s
  ON s.user_id = u.id
LEFT JOIN (SELECT user_id, count(*) AS n FROM link_pages GROUP BY user_id) p ON p.user_id = u.id
LEFT JOIN (SELECT lp.user_id, sum(l.click_count) AS c FROM links l JOIN link_pages lp ON lp.id = l.link_page_id
  GROUP BY lp.user_id) b ON b.user_id = u.id;
