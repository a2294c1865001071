import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, type Db, rowsOf } from "../../db/client";
import { openTestDatabase } from "../../tests/test-database";
import { withoutIndexOrder } from "./without-index-order";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const settings = async (db: Pick<Db, "execute">) =>
  rowsOf<{ seq: string; idx: string; only: string }>(
    await db.execute(
      sql`select current_setting('enable_seqscan') as seq, current_setting('enable_indexscan') as idx,
        current_setting('enable_indexonlyscan') as only`,
    ),
  )[0];

describe("withoutIndexOrder", () => {
  it("turns the scans off for its transaction only, the sequential ones when asked", async () => {
    const inside = (seqScans: boolean) =>
      database.db.transaction(async (tx) => {
        await withoutIndexOrder(tx, { seqScans });
        return settings(tx);
      });
    expect(await inside(false)).toEqual({ seq: "off", idx: "off", only: "off" });
    expect(await inside(true)).toEqual({ seq: "on", idx: "off", only: "off" });
    // The next statements on the connection (PGlite has one; a pool reuses them) plan as before.
    for (let i = 0; i < 3; i++)
      expect(await settings(database.db)).toEqual({ seq: "on", idx: "on", only: "on" });
  });

  it("plans a search through the trigram index, where the planner would read the list's index", async () => {
    const plan = async (db: Pick<Db, "execute">) =>
      JSON.stringify(
        rowsOf(
          await db.execute(
            sql`explain select id from shortened_urls
              where (coalesce(title, '') || chr(10) || original_url || chr(10) || short_code) ilike '%a%'
              order by created_at desc limit 5`,
          ),
        ),
      );
    expect(await plan(database.db)).not.toContain("Bitmap Index Scan on shortened_urls_search_idx");
    const forced = await database.db.transaction(async (tx) => {
      await withoutIndexOrder(tx, { seqScans: false });
      return plan(tx);
    });
    expect(forced).toContain("Bitmap Index Scan on shortened_urls_search_idx");
  });
});
