import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createUser } from "../../tests/factories";
import { openTestDatabase } from "../../tests/test-database";
import { analyzeTables } from "./table-statistics";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("analyzeTables", () => {
  it("gives the planner every table's statistics", async () => {
    for (let i = 0; i < 3; i++) await createUser(database.db);
    const count = await analyzeTables(database.db);
    expect(count).toBeGreaterThan(20);
    const [users] = rowsOf<{ reltuples: number }>(
      await database.db.execute(sql`select reltuples from pg_class where relname = 'users'`),
    );
    expect(Number(users!.reltuples)).toBeGreaterThanOrEqual(3);
    const [stats] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from pg_stats where tablename = 'users'`),
    );
    expect(stats!.n).toBeGreaterThan(0);
  });
});
