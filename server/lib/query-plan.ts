import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";

/** A node of a plan as EXPLAIN (FORMAT JSON) gives it; the Actual fields with ANALYZE only. */
export type PlanNode = {
  "Plan Rows": number;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
};

/**
 * The root of a statement's plan, its parameters bound as when it runs; with `analyze`, the
 * statement runs and the nodes carry what they produced. (Postgres answers JSON; PGlite, its text.)
 */
export async function queryPlan(
  db: Pick<Db, "execute">,
  statement: SQL | SQLWrapper,
  { analyze = false } = {},
): Promise<PlanNode> {
  const result = await db.execute(
    analyze ? sql`explain (analyze, format json) ${statement}` : sql`explain (format json) ${statement}`,
  );
  const [row] = rowsOf<{ "QUERY PLAN": unknown }>(result);
  const plan = typeof row?.["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row?.["QUERY PLAN"];
  return (plan as [{ Plan: PlanNode }])[0].Plan;
}
