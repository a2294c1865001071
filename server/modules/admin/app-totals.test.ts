import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appTotals, links, shortenedUrls, users } from "../../../db/schema";
import { setupTestApp } from "../../../tests/test-app";

// The overview's running totals are kept by triggers (migration 0008): they must equal a full count
// after inserts, click writes, deletes and a cascaded user delete.
const t = setupTestApp();

async function totalsAgree() {
  const db = t.database.db;
  const [totals] = await db.select().from(appTotals).where(eq(appTotals.id, 1));
  const userCount = await db.$count(users);
  const short = await db.select({ clickCount: shortenedUrls.clickCount }).from(shortenedUrls);
  const buttons = await db.select({ clickCount: links.clickCount }).from(links);
  const clicks = [...short, ...buttons].reduce((sum, row) => sum + Number(row.clickCount), 0);
  expect(totals).toMatchObject({ usersCount: userCount, clicksTotal: clicks });
}

describe("app_totals", () => {
  it("follows users and clicks through inserts, click batches, deletes and cascades", async () => {
    await totalsAgree();
    const { user, cookie } = await t.signIn();
    const created = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      cookie,
      payload: { original_url: "https://exemplo.com.br/totais" },
    });
    const code = created.json().short_code;
    const ua =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
    for (let i = 0; i < 3; i++)
      await t.request({ method: "GET", url: `/s/${code}`, headers: { "user-agent": ua } });
    await t.app.clicks.flush();
    await totalsAgree();
    const [row] = await t.database.db.select().from(shortenedUrls).where(eq(shortenedUrls.shortCode, code));
    expect(row!.clickCount).toBe(3);

    await t.database.db.delete(users).where(eq(users.id, user.id));
    await totalsAgree();
  });
});
