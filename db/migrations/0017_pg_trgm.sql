-- Issue 18: trigram indexes for the searches (ILIKE '%...%' among a million links, 100k users).
-- Debian's postgresql ships it (contrib) and it is a trusted extension; PGlite loads it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
