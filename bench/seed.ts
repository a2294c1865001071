// Seeds a database before the server under test starts (an embedded PGlite data dir is held by one
// process only): the default domain, a Link Bio page, 100k short links, and an analytics user whose
// 1M clicks are written straight into the daily rollups with generate_series.
import { eq, sql } from "drizzle-orm";
import { type Database, type Db, migrateDatabase, openDatabase } from "../db/client";
import { domains, linkPages, links, users } from "../db/schema";
import { createSession } from "../server/modules/auth/session";
import {
  ANALYTICS_CLICKS,
  ANALYTICS_DAYS,
  CODE_SQL,
  PAGE_LINK_COUNT,
  PAGE_SLUG,
  SHORT_LINK_COUNT,
  TARGET_SQL,
} from "./fixtures";

/** Both drivers answer execute() with { rows }; the shared Db type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type SeedOptions = {
  /** postgres://... (a throwaway database: its schemas are dropped) or unset for PGlite in dataDir. */
  url?: string;
  dataDir: string;
  publicUrl: string;
};

export type Seeded = {
  domainId: number;
  loadUserId: number;
  analyticsUserId: number;
  /** Value of the atalho_session cookie of the analytics user. */
  sessionToken: string;
  analyticsTargets: number;
  seconds: number;
};

export async function openBenchDatabase(options: Pick<SeedOptions, "url" | "dataDir">): Promise<Database> {
  return openDatabase({ url: options.url, dataDir: options.dataDir, migrate: false });
}

export async function seed(options: SeedOptions): Promise<Seeded> {
  const started = performance.now();
  const database = await openBenchDatabase(options);
  try {
    const { db } = database;
    if (database.kind === "postgres") {
      await db.execute(sql`drop schema if exists drizzle cascade`);
      await db.execute(sql`drop schema if exists public cascade`);
      await db.execute(sql`create schema public`);
    }
    await migrateDatabase(database);

    // Exactly what DomainRegistry.init does on a new database.
    const host = new URL(options.publicUrl).host.toLowerCase();
    const [domain] = await db
      .insert(domains)
      .values({ domain: host, displayName: host, isDefault: true, isActive: true })
      .returning({ id: domains.id });
    const domainId = domain!.id;

    const [loadUser] = await db
      .insert(users)
      .values({ email: "carga@exemplo.com.br", firstName: "Carga", lastName: "Bench" })
      .returning({ id: users.id });
    const [analyticsUser] = await db
      .insert(users)
      .values({ email: "analise@exemplo.com.br", firstName: "Análise", lastName: "Bench" })
      .returning({ id: users.id });
    const loadUserId = loadUser!.id;
    const analyticsUserId = analyticsUser!.id;

    await createPage(db, loadUserId, domainId, PAGE_SLUG, PAGE_LINK_COUNT);
    await db.execute(
      sql.raw(`
      insert into shortened_urls (user_id, domain_id, short_code, original_url, title)
      select ${loadUserId}, ${domainId}, ${CODE_SQL}, ${TARGET_SQL}, 'Produto ' || i
      from generate_series(1, ${SHORT_LINK_COUNT}) as i`),
    );

    const analyticsTargets = await seedAnalytics(db, analyticsUserId, domainId);
    const { token } = await createSession(db, analyticsUserId);
    return {
      domainId,
      loadUserId,
      analyticsUserId,
      sessionToken: token,
      analyticsTargets,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await database.close();
  }
}

async function createPage(db: Db, userId: number, domainId: number, slug: string, linkCount: number) {
  const [page] = await db
    .insert(linkPages)
    .values({
      userId,
      domainId,
      slug,
      title: "Loja da Ana — Doces artesanais",
      description: "Bolos, brigadeiros e encomendas para festas em São Paulo. Peça pelo WhatsApp!",
      backgroundColor: "#fdf2f8",
      textColor: "#1f2937",
    })
    .returning({ id: linkPages.id });
  const pageId = page!.id;
  await db.insert(links).values(
    Array.from({ length: linkCount }, (_, i) => ({
      linkPageId: pageId,
      title: `Link ${i + 1}: cardápio, encomendas & promoções`,
      url: `https://exemplo.com.br/${slug}/link-${i + 1}?utm_source=atalho`,
      position: i,
    })),
  );
  return pageId;
}

/**
 * 60 short links and 4 pages of 10 links, with ANALYTICS_CLICKS human clicks spread over
 * ANALYTICS_DAYS days up to today: the 'total' rows sum to exactly ANALYTICS_CLICKS, and each
 * other dimension splits a day's total into a few values.
 */
async function seedAnalytics(db: Db, userId: number, domainId: number): Promise<number> {
  await db.execute(
    sql.raw(`
    insert into shortened_urls (user_id, domain_id, short_code, original_url, title)
    select ${userId}, ${domainId}, 'an' || lpad(i::text, 4, '0'), 'https://exemplo.com.br/campanha/' || i,
      'Campanha ' || i
    from generate_series(1, 60) as i`),
  );
  for (let p = 1; p <= 4; p++) await createPage(db, userId, domainId, `analise-${p}`, 10);

  const cells = await db.execute(
    sql.raw(`
    select (count(*) * ${ANALYTICS_DAYS})::int as n from (
      select id from shortened_urls where user_id = ${userId}
      union all
      select l.id from links l join link_pages p on p.id = l.link_page_id where p.user_id = ${userId}
    ) x`),
  );
  const cellCount = Number(rowsOf<{ n: number }>(cells)[0]!.n);

  await db.execute(
    sql.raw(`
    with targets as (
      select row_number() over (order by kind, id) - 1 as t, kind, id, page_id from (
        select 'short_url' as kind, id, 0 as page_id from shortened_urls where user_id = ${userId}
        union all
        select 'link', l.id, l.link_page_id from links l
          join link_pages p on p.id = l.link_page_id where p.user_id = ${userId}
      ) x
    ), cells as (
      select kind, id, page_id, d, t * ${ANALYTICS_DAYS} + d as k
      from targets cross join generate_series(0, ${ANALYTICS_DAYS - 1}) as d
    ), totals as (
      select kind, id, page_id, d,
        (floor((k + 1) * ${ANALYTICS_CLICKS}::numeric / ${cellCount})
          - floor(k * ${ANALYTICS_CLICKS}::numeric / ${cellCount}))::bigint as c
      from cells
    )
    insert into click_daily (user_id, day, target_type, target_id, link_page_id, dimension, value, clicks)
    select ${userId}, (now() at time zone 'America/Sao_Paulo')::date - d, kind, id, page_id, v.dimension,
      v.value, v.clicks
    from totals cross join lateral (values
      ('total', '', c),
      ('country', 'BR', c - c * 15 / 100 - c / 10 - c / 20),
      ('country', 'US', c * 15 / 100),
      ('country', 'PT', c / 10),
      ('country', 'AR', c / 20),
      ('referrer', 'instagram.com', c * 6 / 10),
      ('referrer', '', c - c * 6 / 10),
      ('device', 'mobile', c * 7 / 10),
      ('device', 'desktop', c - c * 7 / 10),
      ('browser', 'Chrome', c * 6 / 10),
      ('browser', 'Mobile Safari', c - c * 6 / 10),
      ('os', 'Android', c / 2),
      ('os', 'iOS', c - c / 2)
    ) as v(dimension, value, clicks)
    where v.clicks > 0`),
  );

  // The per-owner sums (click_daily_user, when the schema has them) start from the per-target ones,
  // as the migration that introduced them backfills.
  if (await hasTable(db, "click_daily_user")) {
    await db.execute(
      sql.raw(`
      insert into click_daily_user (user_id, dimension, day, value, clicks)
      select user_id, dimension, day, value, sum(clicks) from click_daily where user_id = ${userId}
      group by 1, 2, 3, 4`),
    );
  }

  // The click_count columns agree with the rollups, as the click queue keeps them.
  await db.execute(
    sql.raw(`
    update shortened_urls s set click_count = x.n from (
      select target_id, sum(clicks) as n from click_daily
      where user_id = ${userId} and dimension = 'total' and target_type = 'short_url' group by target_id
    ) x where s.id = x.target_id`),
  );
  await db.execute(
    sql.raw(`
    update links l set click_count = x.n from (
      select target_id, sum(clicks) as n from click_daily
      where user_id = ${userId} and dimension = 'total' and target_type = 'link' group by target_id
    ) x where l.id = x.target_id`),
  );
  await db.execute(
    sql.raw(`
    update link_pages p set click_count = x.n from (
      select link_page_id, sum(clicks) as n from click_daily
      where user_id = ${userId} and dimension = 'total' and target_type = 'link' group by link_page_id
    ) x where p.id = x.link_page_id`),
  );
  const [check] = rowsOf<{ n: string }>(
    await db.execute(
      sql.raw(
        `select coalesce(sum(clicks), 0)::text as n from click_daily where user_id = ${userId} and dimension = 'total'`,
      ),
    ),
  );
  if (Number(check!.n) !== ANALYTICS_CLICKS)
    throw new Error(`seeded ${check!.n} clicks, not ${ANALYTICS_CLICKS}`);
  return cellCount / ANALYTICS_DAYS;
}

async function hasTable(db: Db, table: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await db.execute(sql`select to_regclass(${table}) is not null as found`),
  );
  return Boolean(row?.found);
}

export type ClickCounts = {
  /** sum(shortened_urls.click_count) of the load user. */
  clickCount: number;
  /** sum(click_daily.clicks) of the load user's short links, dimension 'total'. */
  rollupTotal: number;
  /** Clicks held in click_events for the load user's short links (rows carry a count). */
  events: number;
  /** sum(click_daily_user.clicks) of the load user, dimension 'total' (null: no such table). */
  userRollupTotal: number | null;
};

/** What the database recorded for the load user's short links (the server must be stopped). */
export async function countClicks(
  options: Pick<SeedOptions, "url" | "dataDir">,
  loadUserId: number,
): Promise<ClickCounts> {
  const database = await openBenchDatabase(options);
  try {
    const { db } = database;
    const one = async (query: string) =>
      Number(rowsOf<{ n: string }>(await db.execute(sql.raw(query)))[0]?.n ?? 0);
    return {
      clickCount: await one(
        `select coalesce(sum(click_count), 0)::text as n from shortened_urls where user_id = ${loadUserId}`,
      ),
      rollupTotal: await one(
        `select coalesce(sum(clicks), 0)::text as n from click_daily
         where user_id = ${loadUserId} and target_type = 'short_url' and dimension = 'total'`,
      ),
      events: await one(
        `select coalesce(sum(clicks), 0)::text as n from click_events where user_id = ${loadUserId} and target_type = 'short_url'`,
      ),
      userRollupTotal: (await hasTable(db, "click_daily_user"))
        ? await one(
            `select coalesce(sum(clicks), 0)::text as n from click_daily_user
             where user_id = ${loadUserId} and dimension = 'total'`,
          )
        : null,
    };
  } finally {
    await database.close();
  }
}

/** The id of a user by email (unused by the run; handy when poking at a kept data dir). */
export async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}
