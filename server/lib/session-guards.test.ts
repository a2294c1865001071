import { type SQLWrapper, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { createUser } from "../../tests/factories";
import { openTestDatabase } from "../../tests/test-database";
import { createSession } from "../modules/auth/session";
import { type PlanNode, queryPlan } from "./query-plan";
import { sessionUserQuery } from "./session-guards";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

/** The rows every node of the statement's plan produced, in all (EXPLAIN ANALYZE). */
async function rowsRead(statement: SQLWrapper): Promise<number> {
  const sum = (node: PlanNode): number =>
    (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1) +
    (node.Plans ?? []).reduce((n, child) => n + sum(child), 0);
  return sum(await queryPlan(database.db, statement, { analyze: true }));
}

describe("sessionUserQuery", () => {
  it("reads the newest user's row by key, not the users before it, whatever the sessions' statistics", async () => {
    // A table of sessions analyzed while it held two, of the first users: the statistics under
    // which planners merge-joined sessions with users' whole index.
    for (let i = 0; i < 2; i++) await createSession(database.db, (await createUser(database.db)).id);
    await database.db.execute(sql`
      insert into users (email, password_hash, first_name)
      select 'muitos' || n || '@exemplo.com.br', 'x', 'Muitos' from generate_series(1, 3000) as n`);
    await database.db.execute(sql`analyze users`);
    await database.db.execute(sql`analyze sessions`);
    const newest = await createUser(database.db, { firstName: "Recente" });
    const { token } = await createSession(database.db, newest.id);

    const [user] = await sessionUserQuery(database.db, token);
    expect(user).toMatchObject({ id: newest.id, firstName: "Recente" });
    expect(await rowsRead(sessionUserQuery(database.db, token))).toBeLessThan(10);
  });

  it("finds no user for an unknown or expired token", async () => {
    const user = await createUser(database.db);
    const { token } = await createSession(database.db, user.id);
    expect(await sessionUserQuery(database.db, `${token}x`)).toEqual([]);
    await database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect(await sessionUserQuery(database.db, token)).toEqual([]);
  });
});
