import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Embedded PGlite runs no autovacuum: without this, the planner never learns that a table holds a
 * million rows (it guessed 5,000 links for an owner of a million, and a search that takes 20 ms with
 * statistics took 130 ms). ANALYZE reads a sample of each table (~0.3 s for a million links), one
 * table per statement with the event loop served in between: on PGlite each one holds this thread.
 * Postgres' autovacuum does this itself; the job runs on PGlite only (billing-jobs.ts).
 */
export async function analyzeTables(db: Pick<Db, "execute">): Promise<number> {
  const result = await db.execute(sql`
    select quote_ident(relname) as name from pg_stat_user_tables where schemaname = 'public' order by relname`);
  const tables = ((result as unknown as { rows: { name: string }[] }).rows ?? []).map((row) => row.name);
  for (const table of tables) {
    await db.execute(sql.raw(`analyze ${table}`));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return tables.length;
}
