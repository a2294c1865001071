import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ShortenedUrl } from "../../../common/contract/shortened-urls";
import { linkPages, links, shortenedUrls, users, userUsage } from "../../../db/schema";
import { createUser } from "../../../tests/factories";
import { BROWSER_USER_AGENT, setupTestApp } from "../../../tests/test-app";
import { testDatabaseKind } from "../../../tests/test-database";
import { createWithinLimit } from "../billing/entitlements";
import { type UserUsage, userUsageOf } from "./user-usage";

const t = setupTestApp();

/** What the counters must say: counted from the rows themselves. */
async function counted(userId: number): Promise<UserUsage> {
  const [row] = await t.database.db
    .execute<{ short_links: number; link_pages: number; clicks: number }>(sql`
    select
      (select count(*)::int from shortened_urls where user_id = ${userId}) as short_links,
      (select count(*)::int from link_pages where user_id = ${userId}) as link_pages,
      ((select coalesce(sum(click_count), 0) from shortened_urls where user_id = ${userId})
        + (select coalesce(sum(l.click_count), 0) from links l join link_pages p on p.id = l.link_page_id
           where p.user_id = ${userId}))::int as clicks`)
    .then(
      (result) =>
        (result as unknown as { rows: { short_links: number; link_pages: number; clicks: number }[] }).rows,
    );
  return { shortLinks: row!.short_links, linkPages: row!.link_pages, clicks: row!.clicks };
}

async function insertLinks(userId: number, count: number, clickCount = 0) {
  const domainId = t.app.domains.resolve(undefined).id;
  return t.database.db
    .insert(shortenedUrls)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        domainId,
        shortCode: `uso${userId}x${Date.now().toString(36)}${i}`,
        originalUrl: `https://exemplo.com.br/uso/${i}`,
        clickCount,
      })),
    )
    .returning();
}

describe("user_usage", () => {
  it("starts at zero for a new user", async () => {
    const user = await createUser(t.database.db);
    expect(await userUsageOf(t.database.db, user.id)).toEqual({ shortLinks: 0, linkPages: 0, clicks: 0 });
  });

  it("follows short links inserted, updated and deleted, several users in one statement", async () => {
    const a = await createUser(t.database.db);
    const b = await createUser(t.database.db);
    const mine = await insertLinks(a.id, 5, 3);
    await insertLinks(b.id, 2, 1);
    // One statement over both users' links: clicks added, one link moved from a to b.
    await t.database.db.execute(sql`
      update shortened_urls set click_count = click_count + 10 where user_id in (${a.id}, ${b.id})`);
    await t.database.db.update(shortenedUrls).set({ userId: b.id }).where(eq(shortenedUrls.id, mine[0]!.id));
    await t.database.db.delete(shortenedUrls).where(eq(shortenedUrls.id, mine[1]!.id));
    for (const user of [a, b])
      expect(await userUsageOf(t.database.db, user.id)).toEqual(await counted(user.id));
    expect(await userUsageOf(t.database.db, a.id)).toEqual({ shortLinks: 3, linkPages: 0, clicks: 39 });
  });

  it("follows Link Bio pages and their buttons' clicks, through a page's deletion", async () => {
    const user = await createUser(t.database.db);
    const domainId = t.app.domains.resolve(undefined).id;
    const pages = await t.database.db
      .insert(linkPages)
      .values([0, 1].map((i) => ({ userId: user.id, domainId, slug: `uso-${user.id}-${i}`, title: "Uso" })))
      .returning();
    const buttons = await t.database.db
      .insert(links)
      .values(
        pages.flatMap((page) =>
          [0, 1, 2].map((i) => ({
            linkPageId: page.id,
            title: `B${i}`,
            url: "https://exemplo.com.br/b",
            position: i,
            clickCount: 2,
          })),
        ),
      )
      .returning();
    expect(await userUsageOf(t.database.db, user.id)).toEqual({ shortLinks: 0, linkPages: 2, clicks: 12 });
    await t.database.db.update(links).set({ clickCount: 7 }).where(eq(links.id, buttons[0]!.id));
    await t.database.db.delete(links).where(eq(links.id, buttons[1]!.id));
    expect(await userUsageOf(t.database.db, user.id)).toEqual(await counted(user.id));
    // The page goes with its buttons (cascade): its clicks go with it, once.
    await t.database.db.delete(linkPages).where(eq(linkPages.id, pages[0]!.id));
    expect(await userUsageOf(t.database.db, user.id)).toEqual(await counted(user.id));
    expect(await userUsageOf(t.database.db, user.id)).toEqual({ shortLinks: 0, linkPages: 1, clicks: 6 });
  });

  it("counts the clicks the click queue writes, and leaves with the user", async () => {
    const { user, cookie } = await t.signIn();
    const created = await t.request({
      method: "POST",
      url: "/api/shortened-urls",
      payload: { original_url: "https://exemplo.com.br/contado" },
      cookie,
    });
    const link = created.json<ShortenedUrl>();
    for (let i = 0; i < 3; i++)
      await t.request({
        method: "GET",
        url: `/s/${link.short_code}`,
        headers: { "user-agent": BROWSER_USER_AGENT },
      });
    await t.app.clicks.flush();
    expect(await userUsageOf(t.database.db, user.id)).toEqual({ shortLinks: 1, linkPages: 0, clicks: 3 });
    // The list's total is the counter.
    const list = await t.request({ method: "GET", url: "/api/shortened-urls", cookie });
    expect(list.headers["x-total-count"]).toBe("1");

    await t.database.db.delete(users).where(eq(users.id, user.id));
    expect(await t.database.db.select().from(userUsage).where(eq(userUsage.userId, user.id))).toEqual([]);
  });

  // Postgres only: PGlite has one connection, so the two cannot interleave there.
  it.skipIf(testDatabaseKind !== "postgres")(
    "lets a click batch through while a create holds the user's row (no deadlock on user_usage)",
    async () => {
      const { user, cookie } = await t.signIn();
      const created = await t.request({
        method: "POST",
        url: "/api/shortened-urls",
        payload: { original_url: "https://exemplo.com.br/travado" },
        cookie,
      });
      const link = created.json<ShortenedUrl>();
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const domainId = t.app.domains.resolve(undefined).id;
      // A page created within the plan's limit: the user's row is locked, then the insert waits.
      const creating = createWithinLimit(t.app.db, user.id, "link_pages", async (tx) => {
        await gate;
        await tx
          .insert(linkPages)
          .values({ userId: user.id, domainId, slug: `travado-${user.id}`, title: "T" });
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      await t.request({
        method: "GET",
        url: `/s/${link.short_code}`,
        headers: { "user-agent": BROWSER_USER_AGENT },
      });
      const flushing = t.app.clicks.flush();
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      await Promise.all([creating, flushing]);
      expect(await userUsageOf(t.database.db, user.id)).toEqual({ shortLinks: 1, linkPages: 1, clicks: 1 });
    },
  );
});
