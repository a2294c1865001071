import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { accessLog } from "../../../db/schema/access-log";
import { transactions, userSubscriptions } from "../../../db/schema/billing";
import { clickDaily } from "../../../db/schema/clicks";
import { domains } from "../../../db/schema/domains";
import { linkPages, links } from "../../../db/schema/link-pages";
import { shortenedUrls } from "../../../db/schema/shortened-urls";
import { users } from "../../../db/schema/users";

/**
 * Everything we hold about one user, for the LGPD's right of access and portability (art. 18):
 * the account, Link Bio pages with their links, short links, clicks per day and target (the only
 * form clicks are kept in beyond the purge window; no visitor is identified), subscriptions and
 * payments, and the access log's lines of the account (Marco Civil: IP, port and time of logins,
 * logouts, password and e-mail changes; kept 6 months). Never the password hash, session tokens or
 * other users' data.
 */
export async function exportUserData(db: Db, userId: number) {
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

  const pages = await db
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
      is_active: linkPages.isActive,
      click_count: linkPages.clickCount,
      created_at: linkPages.createdAt,
      updated_at: linkPages.updatedAt,
    })
    .from(linkPages)
    .innerJoin(domains, eq(domains.id, linkPages.domainId))
    .where(eq(linkPages.userId, userId))
    .orderBy(asc(linkPages.id));
  const pageLinks = pages.length
    ? await db
        .select({
          id: links.id,
          link_page_id: links.linkPageId,
          title: links.title,
          url: links.url,
          custom_style: links.customStyle,
          position: links.position,
        })
        .from(links)
        .where(
          inArray(
            links.linkPageId,
            pages.map((page) => page.id),
          ),
        )
        .orderBy(asc(links.linkPageId), asc(links.position), asc(links.id))
    : [];

  const shortLinks = await db
    .select({
      id: shortenedUrls.id,
      domain: domains.domain,
      short_code: shortenedUrls.shortCode,
      original_url: shortenedUrls.originalUrl,
      title: shortenedUrls.title,
      click_count: shortenedUrls.clickCount,
      expires_at: shortenedUrls.expiresAt,
      created_at: shortenedUrls.createdAt,
    })
    .from(shortenedUrls)
    .innerJoin(domains, eq(domains.id, shortenedUrls.domainId))
    .where(eq(shortenedUrls.userId, userId))
    .orderBy(asc(shortenedUrls.id));

  const clicks = await db
    .select({
      day: clickDaily.day,
      target_type: clickDaily.targetType,
      target_id: clickDaily.targetId,
      clicks: clickDaily.clicks,
    })
    .from(clickDaily)
    .where(and(eq(clickDaily.userId, userId), eq(clickDaily.dimension, "total")))
    .orderBy(asc(clickDaily.day), asc(clickDaily.targetType), asc(clickDaily.targetId));

  const subscriptions = await db
    .select({
      id: userSubscriptions.id,
      plan_id: userSubscriptions.planId,
      status: userSubscriptions.status,
      interval_type: userSubscriptions.intervalType,
      starts_at: userSubscriptions.startsAt,
      expires_at: userSubscriptions.expiresAt,
      canceled_at: userSubscriptions.canceledAt,
      created_at: userSubscriptions.createdAt,
    })
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.id));

  const payments = await db
    .select({
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
    })
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(asc(transactions.id));

  const accessLines = await db
    .select({
      event: accessLog.event,
      email: accessLog.email,
      ip: accessLog.ip,
      port: accessLog.port,
      created_at: accessLog.createdAt,
    })
    .from(accessLog)
    .where(eq(accessLog.userId, userId))
    .orderBy(asc(accessLog.createdAt), asc(accessLog.id));

  const linksByPage = new Map<number, typeof pageLinks>();
  for (const link of pageLinks) {
    const list = linksByPage.get(link.link_page_id) ?? [];
    list.push(link);
    linksByPage.set(link.link_page_id, list);
  }
  return {
    exported_at: new Date().toISOString(),
    account,
    link_pages: pages.map((page) => ({ ...page, links: linksByPage.get(page.id) ?? [] })),
    shortened_urls: shortLinks,
    clicks_per_day: clicks,
    subscriptions,
    payments,
    access_log: accessLines,
  };
}
