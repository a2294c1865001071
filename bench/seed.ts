// Seeds a database before the server under test starts (an embedded PGlite data dir is held by one
// process only): the default domain, a Link Bio page, 1M short links, an analytics user whose
// 10M clicks are written straight into the daily rollups with generate_series, and 100k customers
// with subscriptions, payments and 10k Link Bio pages for the admin overview.
import { eq, sql } from "drizzle-orm";
import { PRODUCT_TIME_ZONE } from "../common/time";
import { type Database, type Db, migrateDatabase, openDatabase, rowsOf } from "../db/client";
import { domains, linkPages, links, OWNER_DIMENSIONS_SQL, shortenedUrls, users } from "../db/schema";
import { createSession } from "../server/modules/auth/session";
import { rollUpPending } from "../server/modules/clicks/event-rollup";
import {
  ANALYTICS_CLICKS,
  ANALYTICS_DAYS,
  BENCH_PAGE_COUNT,
  BENCH_PAGE_LINKS,
  BENCH_USER_COUNT,
  CODE_SQL,
  PAGE_LINK_COUNT,
  PAGE_SLUG,
  RULES,
  RULES_CODE,
  RULES_DEFAULT_TARGET,
  SHORT_LINK_COUNT,
  TARGET_SQL,
} from "./fixtures";

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
  /** Value of the atalho_session cookie of the load user (the million short links). */
  loadSessionToken: string;
  analyticsTargets: number;
  benchUsers: BenchUsers;
  seconds: number;
};

export async function openBenchDatabase(options: Pick<SeedOptions, "url" | "dataDir">): Promise<Database> {
  return openDatabase({ url: options.url, dataDir: options.dataDir, migrate: false });
}

/**
 * A new, migrated database (on Postgres its schemas dropped first: a throwaway database) with the
 * default domain exactly as DomainRegistry.init creates it: the host of PUBLIC_URL, port included.
 */
export async function freshBenchDatabase(
  options: SeedOptions,
): Promise<{ database: Database; domainId: number }> {
  const database = await openBenchDatabase(options);
  const { db } = database;
  if (database.kind === "postgres") {
    await db.execute(sql`drop schema if exists drizzle cascade`);
    await db.execute(sql`drop schema if exists public cascade`);
    await db.execute(sql`create schema public`);
  }
  await migrateDatabase(database);
  const host = new URL(options.publicUrl).host.toLowerCase();
  const [domain] = await db
    .insert(domains)
    .values({ domain: host, displayName: host, isDefault: true, isActive: true })
    .returning({ id: domains.id });
  return { database, domainId: domain!.id };
}

export async function seed(options: SeedOptions): Promise<Seeded> {
  const started = performance.now();
  const { database, domainId } = await freshBenchDatabase(options);
  try {
    const { db } = database;

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

    // The link with three rules, under a user of its own (see fixtures.ts).
    const [rulesUser] = await db
      .insert(users)
      .values({ email: "regras@exemplo.com.br", firstName: "Regras", lastName: "Bench" })
      .returning({ id: users.id });
    await db.insert(shortenedUrls).values({
      userId: rulesUser!.id,
      domainId,
      shortCode: RULES_CODE,
      originalUrl: RULES_DEFAULT_TARGET,
      rules: RULES,
    });

    const analyticsTargets = await seedAnalytics(db, analyticsUserId, domainId);
    // The analytics user reads all its days: the free plan shows 30 (analytics_retention_days), so
    // it holds the administrator's grant (no end) of Business, 730.
    await db.execute(
      sql.raw(`
      insert into user_subscriptions (user_id, plan_id, status, expires_at)
      select ${analyticsUserId}, id, 'active', null from subscription_plans
      where name = 'Business' and analytics_retention_days >= ${ANALYTICS_DAYS}`),
    );
    const { token } = await createSession(db, analyticsUserId);
    const { token: loadSessionToken } = await createSession(db, loadUserId);
    const benchUsers = await seedBenchUsers(db);
    await seedBenchPages(db, domainId);
    // What Postgres' autovacuum does after a bulk load, and the app's job on PGlite
    // (table-maintenance.ts): the planner knows the tables' sizes from the first request.
    await db.execute(sql`analyze`);
    return {
      domainId,
      loadUserId,
      analyticsUserId,
      sessionToken: token,
      loadSessionToken,
      analyticsTargets,
      benchUsers,
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
      ('country', 'BR', c - c * 15 / 100 - c / 10 - c / 20 - c / 25 - c / 50),
      ('country', 'US', c * 15 / 100),
      ('country', 'PT', c / 10),
      ('country', 'AR', c / 20),
      ('country', 'MX', c / 25),
      ('country', 'ES', c / 50),
      ('referrer', 'instagram.com', c * 5 / 10),
      ('referrer', 'tiktok.com', c * 2 / 10),
      ('referrer', 'youtube.com', c / 10),
      ('referrer', 'wa.me', c / 20),
      -- The rest came with no referrer: unknown, the total less the known (decision 031).
      ('device', 'mobile', c * 7 / 10),
      ('device', 'tablet', c / 20),
      ('device', 'desktop', c - c * 7 / 10 - c / 20),
      ('browser', 'Chrome', c * 5 / 10),
      ('browser', 'Samsung Internet', c / 10),
      ('browser', 'Firefox', c / 20),
      ('browser', 'Mobile Safari', c - c * 5 / 10 - c / 10 - c / 20),
      ('os', 'Android', c / 2),
      ('os', 'Windows', c / 10),
      ('os', 'iOS', c - c / 2 - c / 10)
    ) as v(dimension, value, clicks)
    where v.clicks > 0`),
  );

  // The per-owner sums (click_daily_user, when the schema has them) start from the per-target ones,
  // as the migration that introduced them backfills, of the dimensions the worker keeps there.
  if (await hasTable(db, "click_daily_user")) {
    await db.execute(
      sql.raw(`
      insert into click_daily_user (user_id, dimension, day, value, clicks)
      select user_id, dimension, day, value, sum(clicks) from click_daily
      where user_id = ${userId} and dimension in ${OWNER_DIMENSIONS_SQL}
      group by 1, 2, 3, 4`),
    );
  }

  // The pages' own figures (page_daily, when the schema has it): their blocks' clicks, with four
  // views a click and three unique visitors (issue 35's 10M events over a year, read by a page's
  // 90-day analytics).
  if (await hasTable(db, "page_daily")) {
    await db.execute(
      sql.raw(`
      insert into page_daily (user_id, link_page_id, day, dimension, value, views, visitors, clicks)
      select user_id, link_page_id, day, dimension, value, (sum(clicks) * 4)::int,
        case when dimension = 'total' then (sum(clicks) * 3)::int else 0 end, sum(clicks)::int
      from click_daily
      where user_id = ${userId} and target_type <> 'short_url' and dimension <> 'bot'
      group by user_id, link_page_id, day, dimension, value`),
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

export type BenchUsers = {
  users: number;
  /** Current subscriptions on a paid plan (status active or canceled, not expired). */
  paidSubscriptions: number;
  canceledThisMonth: number;
  /** Users with an approved payment in the last 12 months. */
  payingUsers: number;
  transactions: number;
  seconds: number;
};

// Every bench user gets this hash (of "bench-user-nunca-entra"): they never sign in, and hashing
// 100k passwords would take minutes.
const BENCH_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$MjX4tdeNRqGNhckA0j+t9Q$nT3AJ2SbarzYpym6kHAv6ZoUsDKDlEWexL54+8h5bD0";
const FIRST_NAMES = (
  "Ana Bruno Camila Diego Eduarda Felipe Gabriela Henrique Isabela João Larissa Lucas Mariana Mateus " +
  "Natália Pedro Rafaela Rodrigo Sofia Thiago Beatriz Gustavo Júlia Vinícius"
).split(" ");
const LAST_NAMES = (
  "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins " +
  "Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Araújo Conceição Melo"
).split(" ");
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(", ")}]`;

/**
 * BENCH_USER_COUNT customers (bench-user-{n}@exemplo.com.br), set-based: signups over two years,
 * more of them recently (user n signed up at 730 days * (1 - sqrt(n / N)) ago, so ids follow
 * signup order); ~0.5% deactivated. ~3% hold a paid plan (Pro 70%, Business 25%, Enterprise 5%;
 * 15% of the paying ones yearly): a third of those are the administrator's grants (no end, no
 * payment), the others pay every period since they subscribed, so ~2% of the users have approved
 * payments over the last year (Pix, card or boleto; ~4% of card payments rejected once first), ~6%
 * of the paying ones canceled this month (running to the end of the period) and ~5% have a Pix
 * pending this month. "Random" choices are hashtext() of the user number: the same on every seed.
 */
async function seedBenchUsers(db: Db): Promise<BenchUsers> {
  const started = performance.now();
  const n = BENCH_USER_COUNT;
  const pick = (salt: string, column: string, modulo: number) =>
    `abs(hashtext('${salt}' || ${column})) % ${modulo}`;
  await db.execute(
    sql.raw(`
    insert into users (email, password_hash, first_name, last_name, is_active, created_at, updated_at)
    select 'bench-user-' || n || '@exemplo.com.br', '${BENCH_PASSWORD_HASH}',
      (${sqlArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}],
      (${sqlArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
      ${pick("inactive", "n", 200)} <> 0, signup, signup
    from (
      select n, now() - interval '730 days' * (1 - sqrt(n::float8 / ${n}))
        - interval '1 second' * (${pick("signup", "n", 3600)}) as signup
      from generate_series(1, ${n}) as n
    ) s`),
  );

  const monthStart = `(date_trunc('month', now() at time zone '${PRODUCT_TIME_ZONE}') at time zone '${PRODUCT_TIME_ZONE}')`;
  // Whole periods between the start and now: the subscription runs to the end of the next one.
  const age = "age(now(), s.starts_at)";
  const periodsSince = `case when s.yearly then extract(year from ${age})::int
    else (extract(year from ${age}) * 12 + extract(month from ${age}))::int end`;
  await db.execute(
    sql.raw(`
    with bench as (
      select id, created_at, substring(email from '^bench-user-([0-9]+)@')::int as n
      from users where email like 'bench-user-%'
    ), s as (
      select b.id, b.n,
        case when ${pick("plan", "b.n", 100)} < 70 then 'Pro'
          when ${pick("plan", "b.n", 100)} < 95 then 'Business' else 'Enterprise' end as plan_name,
        ${pick("pays", "b.n", 3)} <> 0 as paying,
        ${pick("pays", "b.n", 3)} <> 0 and ${pick("yearly", "b.n", 100)} < 15 as yearly,
        ${pick("pays", "b.n", 3)} <> 0 and ${pick("cancel", "b.n", 100)} < 6 as canceled,
        b.created_at + (now() - b.created_at) * (${pick("start", "b.n", 50)} / 100.0)::float8 as starts_at
      from bench b
      where ${pick("subscriber", "b.n", 1000)} < 30
    )
    insert into user_subscriptions
      (user_id, plan_id, status, interval_type, starts_at, expires_at, canceled_at, created_at, updated_at)
    select s.id, p.id, case when s.canceled then 'canceled' else 'active' end,
      case when s.yearly then 'yearly' else 'monthly' end, s.starts_at,
      case when s.paying then s.starts_at
        + case when s.yearly then interval '1 year' else interval '1 month' end * (${periodsSince} + 1)
      end,
      case when s.canceled then
        greatest(${monthStart}, s.starts_at, now() - interval '1 minute' * (${pick("canceled-at", "s.n", 43200)}))
      end,
      s.starts_at, now()
    from s join subscription_plans p on p.name = s.plan_name`),
  );

  // One approved payment per period started in the last 12 months; a rejected card attempt before
  // some of them.
  await db.execute(
    sql.raw(`
    with periods as (
      select s.id, s.user_id, s.interval_type, s.starts_at + q.period * i as paid_at, q.period, i,
        p.id as plan_id, p.name as plan_name,
        case when s.interval_type = 'yearly' then p.yearly_price_cents else p.price_cents end as amount,
        ${pick("method", "(s.id || '-' || i)", 100)} as h
      from user_subscriptions s
      join subscription_plans p on p.id = s.plan_id
      cross join lateral (select case when s.interval_type = 'yearly' then interval '1 year'
        else interval '1 month' end as period) q
      -- The periods paid for (rounded: a month after Jan 31 is Feb 28, which age() calls 28 days).
      cross join lateral generate_series(0, round(extract(epoch from s.expires_at - s.starts_at)
        / extract(epoch from case when s.interval_type = 'yearly' then interval '365.25 days'
          else interval '30.436875 days' end))::int - 1) as i
      where s.expires_at is not null
    ), payments as (
      select periods.*,
        case when h < 45 then 'pix' when h < 90 then 'credit_card' else 'boleto' end as method,
        case when h < 45 then interval '1 minute' * (1 + h % 20)
          when h < 90 then interval '5 seconds'
          else interval '1 day' * (1 + h % 3) end as delay
      from periods where paid_at >= now() - interval '1 year'
    )
    insert into transactions (user_id, plan_id, plan_name, transaction_type, interval_type, status,
      amount_cents, provider, provider_payment_id, provider_status, payment_method, subscription_start,
      subscription_end, approved_at, created_at, updated_at)
    select user_id, plan_id, plan_name, 'subscription', interval_type, a.status, amount, 'mercadopago',
      'bench-' || id || '-' || i || '-' || a.status, a.status, method,
      case when a.status = 'approved' then paid_at end,
      case when a.status = 'approved' then paid_at + period end,
      case when a.status = 'approved' then least(now(), paid_at + delay) end,
      paid_at + a.shift, least(now(), paid_at + a.shift + delay)
    from payments cross join lateral (values
      ('rejected', interval '-5 minutes'), ('approved', interval '0 seconds')) as a(status, shift)
    where a.status = 'approved' or (method = 'credit_card' and h % 25 = 0)
    order by paid_at + a.shift`),
  );
  await db.execute(
    sql.raw(`
    insert into transactions (user_id, plan_id, plan_name, transaction_type, interval_type, status,
      amount_cents, provider, provider_payment_id, provider_status, payment_method, created_at, updated_at)
    select s.user_id, p.id, p.name, 'subscription', s.interval_type, 'pending',
      case when s.interval_type = 'yearly' then p.yearly_price_cents else p.price_cents end, 'mercadopago',
      'bench-pendente-' || s.id, 'pending', 'pix', t.at, t.at
    from user_subscriptions s join subscription_plans p on p.id = s.plan_id
    cross join lateral (select greatest(${monthStart}, now() - interval '1 minute' * (${pick("pending", "s.id", 20000)})) as at) t
    where s.status = 'active' and s.expires_at is not null and ${pick("pending", "s.id", 20)} = 0`),
  );

  const [counts] = rowsOf<Record<string, number>>(
    await db.execute(
      sql.raw(`
      select
        (select count(*)::int from users where email like 'bench-user-%') as users,
        (select count(*)::int from user_subscriptions s join subscription_plans p on p.id = s.plan_id
          where s.status in ('active', 'canceled') and p.price_cents > 0
            and (s.expires_at is null or s.expires_at > now())) as "paidSubscriptions",
        (select count(*)::int from user_subscriptions where canceled_at >= ${monthStart}) as "canceledThisMonth",
        (select count(distinct user_id)::int from transactions
          where status = 'approved' and created_at >= now() - interval '1 year') as "payingUsers",
        (select count(*)::int from transactions) as transactions`),
    ),
  );
  if (counts!.users !== n) throw new Error(`seeded ${counts!.users} bench users, not ${n}`);
  return { ...(counts as Omit<BenchUsers, "seconds">), seconds: (performance.now() - started) / 1000 };
}

/**
 * A Link Bio page for each of the first BENCH_PAGE_COUNT bench users (pagina-{n}), with
 * BENCH_PAGE_LINKS links each; set-based, like the users.
 */
async function seedBenchPages(db: Db, domainId: number): Promise<void> {
  await db.execute(
    sql.raw(`
    insert into link_pages (user_id, domain_id, slug, title, description)
    select u.id, ${domainId}, 'pagina-' || b.n, 'Página ' || b.n, 'Links de ' || u.first_name
    from generate_series(1, ${BENCH_PAGE_COUNT}) as b(n)
    join users u on u.email = 'bench-user-' || b.n || '@exemplo.com.br'`),
  );
  await db.execute(
    sql.raw(`
    insert into links (link_page_id, title, url, position)
    select p.id, 'Link ' || k, 'https://exemplo.com.br/' || p.slug || '/link-' || k, k - 1
    from link_pages p cross join generate_series(1, ${BENCH_PAGE_LINKS}) as k
    where p.slug like 'pagina-%'`),
  );
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
    // Batches appended but not summed yet are summed first, as the next start would.
    await rollUpPending(database);
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
