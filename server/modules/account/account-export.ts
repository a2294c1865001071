import { and, asc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, SelectedFields } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { accessLog } from "../../../db/schema/access-log";
import { transactions, userSubscriptions } from "../../../db/schema/billing";
import { clickDaily, pageDaily } from "../../../db/schema/clicks";
import { domains } from "../../../db/schema/domains";
import { consentTexts, leads } from "../../../db/schema/leads";
import { linkPages, links } from "../../../db/schema/link-pages";
import { apiKeys, shortenedUrls, webhooks } from "../../../db/schema/shortened-urls";
import { users } from "../../../db/schema/users";
import { chunksByKeyset } from "../../lib/csv";

/** Rows read per query for the sections that grow with the account (links, clicks, pages, leads). */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * Everything we hold about one user, for the LGPD's right of access and portability (art. 18):
 * the account, Link Bio pages with their links, short links, clicks per day and target (the only
 * form clicks are kept in beyond the purge window; no visitor is identified), subscriptions and
 * payments, the access log's lines of the account (Marco Civil: IP, port and time of logins,
 * logouts, password and e-mail changes; kept 6 months), the contacts their forms received with
 * the proof of each one's consent, API keys and webhooks. Never a credential (the password hash,
 * session tokens, an API key's hash, a webhook's signing secret) nor other users' data.
 *
 * The JSON document comes in pieces (null: no such user): an account of a million short links and
 * a year of their clicks is hundreds of megabytes, more than the heap. The sections that grow with
 * the account are read `pageRows` rows at a time, after the last one read (keyset, by an index),
 * with the event loop served between reads; the others are bounded (plans, 6 months of log).
 */
export async function exportUserData(
  db: Db,
  userId: number,
  { pageRows = EXPORT_PAGE_ROWS, now = new Date() } = {},
): Promise<AsyncGenerator<string> | null> {
  const [account] = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      profile_picture_url: users.profilePictureUrl,
      email_verified_at: users.emailVerifiedAt,
      created_at: users.createdAt,
      updated_at: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;
  return document([
    ["exported_at", now.toISOString()],
    ["account", account],
    ["link_pages", pagesOf(db, userId, pageRows)],
    ["shortened_urls", shortLinksOf(db, userId, pageRows)],
    ["clicks_per_day", clicksOf(db, userId, pageRows)],
    ["page_views_per_day", pageViewsOf(db, userId, pageRows)],
    ["leads", leadsOf(db, userId, pageRows)],
    ["subscriptions", await subscriptionsOf(db, userId)],
    ["payments", await paymentsOf(db, userId)],
    ["access_log", await accessLinesOf(db, userId)],
    ["api_keys", await apiKeysOf(db, userId)],
    ["webhooks", await webhooksOf(db, userId)],
  ]);
}

/** A JSON object written as JSON.stringify(…, null, 2) would, its streamed arrays item by item. */
async function* document(fields: [string, unknown][]): AsyncGenerator<string> {
  yield "{";
  for (const [i, [key, value]] of fields.entries()) {
    yield `${i === 0 ? "" : ","}\n  ${JSON.stringify(key)}: `;
    if (!isStream(value)) {
      yield indent(JSON.stringify(value, null, 2));
      continue;
    }
    let items = 0;
    for await (const page of value) {
      let text = "";
      for (const item of page)
        text += `${items++ === 0 ? "[" : ","}\n    ${indent(JSON.stringify(item, null, 2), 2)}`;
      if (text) yield text;
    }
    yield items === 0 ? "[]" : "\n  ]";
  }
  yield "\n}\n";
}

const isStream = (value: unknown): value is AsyncIterable<unknown[]> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** A nested value's lines moved `levels` levels (2 spaces each) right, as inside the document. */
const indent = (json: string, levels = 1) => json.replaceAll("\n", `\n${"  ".repeat(levels)}`);

/** The pages, each with its links, by id. */
function pagesOf(db: Db, userId: number, pageRows: number) {
  return mapPages(
    chunksByKeyset(
      (after: number | null, limit) =>
        db
          .select({
            id: linkPages.id,
            domain: domains.domain,
            slug: linkPages.slug,
            title: linkPages.title,
            description: linkPages.description,
            profile_image_url: linkPages.profileImageUrl,
            background_color: linkPages.backgroundColor,
            text_color: linkPages.textColor,
            button_style: linkPages.buttonStyle,
            background_type: linkPages.backgroundType,
            background_gradient_to: linkPages.backgroundGradientTo,
            background_gradient_direction: linkPages.backgroundGradientDirection,
            background_image_url: linkPages.backgroundImageUrl,
            is_sensitive: linkPages.isSensitive,
            seo_title: linkPages.seoTitle,
            seo_description: linkPages.seoDescription,
            is_active: linkPages.isActive,
            click_count: linkPages.clickCount,
            created_at: linkPages.createdAt,
            updated_at: linkPages.updatedAt,
          })
          .from(linkPages)
          .innerJoin(domains, eq(domains.id, linkPages.domainId))
          .where(and(eq(linkPages.userId, userId), after === null ? undefined : gt(linkPages.id, after)))
          .orderBy(asc(linkPages.id))
          .limit(limit),
      (page) => page.id,
      { chunkRows: pageRows },
    ),
    async (pages) => {
      const pageLinks = await db
        .select({
          id: links.id,
          link_page_id: links.linkPageId,
          type: links.type,
          title: links.title,
          url: links.url,
          custom_style: links.customStyle,
          data: links.data,
          is_active: links.isActive,
          starts_at: links.startsAt,
          ends_at: links.endsAt,
          position: links.position,
        })
        .from(links)
        .where(
          inArray(
            links.linkPageId,
            pages.map((page) => page.id),
          ),
        )
        .orderBy(asc(links.linkPageId), asc(links.position), asc(links.id));
      const linksByPage = new Map<number, typeof pageLinks>();
      for (const link of pageLinks) {
        const list = linksByPage.get(link.link_page_id) ?? [];
        list.push(link);
        linksByPage.set(link.link_page_id, list);
      }
      return pages.map((page) => ({ ...page, links: linksByPage.get(page.id) ?? [] }));
    },
  );
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (page: T[]) => Promise<U[]>) {
  for await (const page of pages) yield await map(page);
}

/**
 * The short links in creation order, through the owner's list index (user_id, created_at, id). The
 * cursor's time is the database's own text of it: a JavaScript Date would drop its microseconds.
 */
function shortLinksOf(db: Db, userId: number, pageRows: number) {
  return mapPages(
    chunksByKeyset(
      (after: { at: string; id: number } | null, limit) =>
        db
          .select({
            id: shortenedUrls.id,
            domain: domains.domain,
            short_code: shortenedUrls.shortCode,
            original_url: shortenedUrls.originalUrl,
            title: shortenedUrls.title,
            click_count: shortenedUrls.clickCount,
            expires_at: shortenedUrls.expiresAt,
            created_at: shortenedUrls.createdAt,
            cursor: sql<string>`${shortenedUrls.createdAt}::text`,
          })
          .from(shortenedUrls)
          .innerJoin(domains, eq(domains.id, shortenedUrls.domainId))
          .where(
            and(
              eq(shortenedUrls.userId, userId),
              after === null
                ? undefined
                : sql`(${shortenedUrls.createdAt}, ${shortenedUrls.id}) > (${after.at}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(shortenedUrls.createdAt), asc(shortenedUrls.id))
          .limit(limit),
      (row) => ({ at: row.cursor, id: row.id }),
      { chunkRows: pageRows },
    ),
    async (rows) => rows.map(({ cursor: _, ...row }) => row),
  );
}

/** The daily totals per target, in the rollup's key order (target, then day): its primary key. */
function clicksOf(db: Db, userId: number, pageRows: number) {
  const after = (cursor: { type: string; id: number; day: string } | null): SQL | undefined =>
    cursor === null
      ? undefined
      : sql`(${clickDaily.targetType}, ${clickDaily.targetId}, ${clickDaily.dimension}, ${clickDaily.value}, ${clickDaily.day})
          > (${cursor.type}, ${cursor.id}, 'total', '', ${cursor.day}::date)`;
  return chunksByKeyset(
    (cursor: { type: string; id: number; day: string } | null, limit) =>
      db
        .select({
          day: clickDaily.day,
          target_type: clickDaily.targetType,
          target_id: clickDaily.targetId,
          clicks: clickDaily.clicks,
        })
        .from(clickDaily)
        .where(and(eq(clickDaily.userId, userId), eq(clickDaily.dimension, "total"), after(cursor)))
        .orderBy(asc(clickDaily.targetType), asc(clickDaily.targetId), asc(clickDaily.day))
        .limit(limit),
    (row) => ({ type: row.target_type, id: row.target_id, day: row.day }),
    { chunkRows: pageRows },
  );
}

/**
 * The daily figures of each Link Bio page (views, unique visitors, clicks), in page_daily's key
 * order (page, then day). Counts only: no visitor is in them.
 */
function pageViewsOf(db: Db, userId: number, pageRows: number) {
  const after = (cursor: { page: number; day: string } | null): SQL | undefined =>
    cursor === null
      ? undefined
      : sql`(${pageDaily.linkPageId}, ${pageDaily.day}) > (${cursor.page}, ${cursor.day}::date)`;
  return chunksByKeyset(
    (cursor: { page: number; day: string } | null, limit) =>
      db
        .select({
          day: pageDaily.day,
          link_page_id: pageDaily.linkPageId,
          views: pageDaily.views,
          unique_visitors: pageDaily.visitors,
          clicks: pageDaily.clicks,
        })
        .from(pageDaily)
        .where(and(eq(pageDaily.userId, userId), eq(pageDaily.dimension, "total"), after(cursor)))
        .orderBy(asc(pageDaily.linkPageId), asc(pageDaily.day))
        .limit(limit),
    (row) => ({ page: row.link_page_id, day: row.day }),
    { chunkRows: pageRows },
  );
}

/**
 * The contacts the user's forms received (hidden ones past the plan's limit too), each with the
 * proof of consent: when, the exact text agreed to and its version. In creation order, through the
 * owner's index (user_id, created_at, id).
 */
function leadsOf(db: Db, userId: number, pageRows: number) {
  return mapPages(
    chunksByKeyset(
      (after: { at: string; id: number } | null, limit) =>
        db
          .select({
            id: leads.id,
            link_page_id: leads.linkPageId,
            name: leads.name,
            email: leads.email,
            phone: leads.phone,
            created_at: leads.createdAt,
            updated_at: leads.updatedAt,
            consent_at: leads.consentAt,
            consent_text: consentTexts.text,
            consent_version: leads.consentTextId,
            cursor: sql<string>`${leads.createdAt}::text`,
          })
          .from(leads)
          .innerJoin(consentTexts, eq(consentTexts.id, leads.consentTextId))
          .where(
            and(
              eq(leads.userId, userId),
              after === null
                ? undefined
                : sql`(${leads.createdAt}, ${leads.id}) > (${after.at}::timestamptz, ${after.id})`,
            ),
          )
          .orderBy(asc(leads.createdAt), asc(leads.id))
          .limit(limit),
      (row) => ({ at: row.cursor, id: row.id }),
      { chunkRows: pageRows },
    ),
    async (rows) => rows.map(({ cursor: _, ...row }) => row),
  );
}

/** A bounded section: `fields` of the user's rows of `table`, in `order`. */
const ownRows = <Fields extends SelectedFields>(
  db: Db,
  userId: number,
  table: PgTable & { userId: PgColumn },
  fields: Fields,
  order: PgColumn[],
) =>
  db
    .select(fields)
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(...order.map((column) => asc(column)));

const subscriptionsOf = (db: Db, userId: number) =>
  ownRows(
    db,
    userId,
    userSubscriptions,
    {
      id: userSubscriptions.id,
      plan_id: userSubscriptions.planId,
      status: userSubscriptions.status,
      interval_type: userSubscriptions.intervalType,
      starts_at: userSubscriptions.startsAt,
      expires_at: userSubscriptions.expiresAt,
      canceled_at: userSubscriptions.canceledAt,
      created_at: userSubscriptions.createdAt,
    },
    [userSubscriptions.id],
  );

const paymentsOf = (db: Db, userId: number) =>
  ownRows(
    db,
    userId,
    transactions,
    {
      id: transactions.id,
      plan_name: transactions.planName,
      transaction_type: transactions.transactionType,
      interval_type: transactions.intervalType,
      status: transactions.status,
      amount_cents: transactions.amountCents,
      payment_method: transactions.paymentMethod,
      provider: transactions.provider,
      provider_payment_id: transactions.providerPaymentId,
      refunded_cents: transactions.refundedCents,
      subscription_start: transactions.subscriptionStart,
      subscription_end: transactions.subscriptionEnd,
      approved_at: transactions.approvedAt,
      created_at: transactions.createdAt,
    },
    [transactions.id],
  );

const accessLinesOf = (db: Db, userId: number) =>
  ownRows(
    db,
    userId,
    accessLog,
    {
      event: accessLog.event,
      email: accessLog.email,
      ip: accessLog.ip,
      port: accessLog.port,
      created_at: accessLog.createdAt,
    },
    [accessLog.createdAt, accessLog.id],
  );

const apiKeysOf = (db: Db, userId: number) =>
  ownRows(
    db,
    userId,
    apiKeys,
    {
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      last_used_at: apiKeys.lastUsedAt,
      revoked_at: apiKeys.revokedAt,
      created_at: apiKeys.createdAt,
    },
    [apiKeys.id],
  );

const webhooksOf = (db: Db, userId: number) =>
  ownRows(
    db,
    userId,
    webhooks,
    {
      id: webhooks.id,
      url: webhooks.url,
      events: webhooks.events,
      is_active: webhooks.isActive,
      created_at: webhooks.createdAt,
    },
    [webhooks.id],
  );
