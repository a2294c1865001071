-- The spec's default button (white on #3b82f6, gradient #3b82f6 -> #8b5cf6) fails WCAG AA; the
-- defaults are now #2563eb and #2563eb -> #7c3aed (common/button-style.ts). Pages store their whole
-- button style, so those still on the untouched old pair move with the defaults. Only the exact
-- old pair with white text moves; any other choice, and every link's own style, is the user's.
UPDATE "link_pages"
SET "button_style" = "button_style" || '{"backgroundColor": "#2563eb"}'::jsonb
WHERE "button_style"->>'backgroundColor' = '#3b82f6'
  AND "button_style"->>'textColor' = '#ffffff';
--> statement-breakpoint
UPDATE "link_pages"
SET "button_style" = "button_style" || '{"gradientFrom": "#2563eb", "gradientTo": "#7c3aed"}'::jsonb
WHERE "button_style"->>'gradientFrom' = '#3b82f6'
  AND "button_style"->>'gradientTo' = '#8b5cf6'
  AND "button_style"->>'textColor' = '#ffffff';
