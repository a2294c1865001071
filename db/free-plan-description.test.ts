import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../tests/test-database";
import type { Database } from "./client";
import { projectRoot } from "./project-root";
import { subscriptionPlans } from "./schema";

// Migration 0026 runs once on a real database; this replays it over the seeded text and over a
// text an administrator wrote.
const migration = fs.readFileSync(
  path.join(projectRoot, "db/migrations/0026_free_plan_description.sql"),
  "utf8",
);
const SEEDED = "Para começar: sua Link Bio e seus primeiros links curtos.";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const freePlan = async () =>
  (await database.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.name, "Gratuito")))[0]!;

describe("the free plan's description", () => {
  it("speaks of pages in the plural, as the plan allows 3", async () => {
    const plan = await freePlan();
    expect(plan.maxLinkPages).toBe(3);
    expect(plan.description).not.toMatch(/sua Link Bio/);
    expect(plan.description).toBe("Para começar: suas primeiras Link Bios e links curtos.");
  });

  it("is changed only while it is still the seeded text", async () => {
    const plan = await freePlan();
    try {
      await database.db
        .update(subscriptionPlans)
        .set({ description: "Texto do administrador" })
        .where(eq(subscriptionPlans.id, plan.id));
      await database.db.execute(sql.raw(migration));
      expect((await freePlan()).description).toBe("Texto do administrador");
      await database.db
        .update(subscriptionPlans)
        .set({ description: SEEDED })
        .where(eq(subscriptionPlans.id, plan.id));
      await database.db.execute(sql.raw(migration));
      expect((await freePlan()).description).toBe("Para começar: suas primeiras Link Bios e links curtos.");
    } finally {
      await database.db
        .update(subscriptionPlans)
        .set({ description: plan.description })
        .where(eq(subscriptionPlans.id, plan.id));
    }
  });
});
