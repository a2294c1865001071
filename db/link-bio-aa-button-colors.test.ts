import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../tests/factories";
import { openTestDatabase } from "../tests/test-database";
import type { Database } from "./client";
import { projectRoot } from "./project-root";
import { domains, linkPages, links } from "./schema";

// Migration 0009 runs once on a real database; this replays its statements over pages created
// after it, so each rule is seen on rows it must move and rows it must leave alone.
const statements = fs
  .readFileSync(path.join(projectRoot, "db/migrations/0009_link_bio_aa_button_colors.sql"), "utf8")
  .split("--> statement-breakpoint");

const OLD_SOLID = { backgroundType: "solid", backgroundColor: "#3b82f6", textColor: "#ffffff" };
const OLD_GRADIENT = {
  backgroundType: "gradient",
  backgroundColor: "#3b82f6",
  gradientFrom: "#3b82f6",
  gradientTo: "#8b5cf6",
  textColor: "#ffffff",
  fontSize: "20px",
};

let database: Database;
let userId: number;
let domainId: number;
let slug = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  userId = (await createUser(database.db)).id;
  const [domain] = await database.db
    .insert(domains)
    .values({ domain: "cores.test", displayName: "cores.test" })
    .returning();
  domainId = domain!.id;
});
afterAll(() => database.close());

async function pageWith(buttonStyle: Record<string, string>) {
  const [page] = await database.db
    .insert(linkPages)
    .values({ userId, domainId, slug: `p${++slug}`, title: "Página", buttonStyle })
    .returning();
  return page!.id;
}

async function styleOf(id: number) {
  const [page] = await database.db.select().from(linkPages).where(eq(linkPages.id, id));
  return page!.buttonStyle;
}

describe("migration 0009: AA button colours", () => {
  it("moves pages still on the old default pair and leaves every other choice alone", async () => {
    const solid = await pageWith(OLD_SOLID);
    const gradient = await pageWith(OLD_GRADIENT);
    const darkText = await pageWith({ ...OLD_SOLID, textColor: "#000000" });
    const ownBlue = await pageWith({ backgroundColor: "#3b83f6", textColor: "#ffffff" });
    const ownGradient = await pageWith({ ...OLD_GRADIENT, gradientTo: "#ff0000" });
    const empty = await pageWith({});
    const [link] = await database.db
      .insert(links)
      .values({ linkPageId: empty, title: "Link", url: "https://exemplo.com", customStyle: OLD_SOLID })
      .returning();

    for (const statement of statements) await database.db.execute(sql.raw(statement));

    expect(await styleOf(solid)).toEqual({ ...OLD_SOLID, backgroundColor: "#2563eb" });
    expect(await styleOf(gradient)).toEqual({
      ...OLD_GRADIENT,
      backgroundColor: "#2563eb",
      gradientFrom: "#2563eb",
      gradientTo: "#7c3aed",
    });
    expect(await styleOf(darkText)).toEqual({ ...OLD_SOLID, textColor: "#000000" });
    expect(await styleOf(ownBlue)).toEqual({ backgroundColor: "#3b83f6", textColor: "#ffffff" });
    expect(await styleOf(ownGradient)).toEqual({
      ...OLD_GRADIENT,
      backgroundColor: "#2563eb",
      gradientTo: "#ff0000",
    });
    expect(await styleOf(empty)).toEqual({});
    const [stored] = await database.db.select().from(links).where(eq(links.id, link!.id));
    expect(stored!.customStyle).toEqual(OLD_SOLID);
  });
});
