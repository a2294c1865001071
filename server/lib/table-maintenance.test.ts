import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, rowsOf } from "../../db/client";
import { createUser } from "../../tests/factories";
import { openTestDatabase } from "../../tests/test-database";
import { maintainTables } from "./table-maintenance";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const usersTable = async () =>
  rowsOf<{ reltuples: number; relallvisible: number }>(
    await database.db.execute(sql`select reltuples, relallvisible from pg_class where relname = 'users'`),
  )[0]!;

describe("maintainTables", () => {
  it("gives the planner every table's statistics", async () => {
    for (let i = 0; i < 3; i++) await createUser(database.db);
    const count = await maintainTables(database.db);
    expect(count).toBeGreaterThan(20);
    expect(Number((await usersTable()).reltuples)).toBeGreaterThanOrEqual(3);
    const [stats] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'users'`),
    );
    expect(stats!.n).toBeGreaterThan(0);
  });

  it("vacuums: pages are marked all-visible (index-only scans, space of deleted rows reused)", async () => {
    await createUser(database.db);
    await database.db.execute(sql`analyze users`);
    // ANALYZE alone leaves the visibility map as it was: nothing marked.
    expect(Number((await usersTable()).relallvisible)).toBe(0);
    await maintainTables(database.db);
    expect(Number((await usersTable()).relallvisible)).toBeGreaterThan(0);
  });
});
